// A card's art through the editor: a game whose Lantern has an image field (tests/fixtures/
// art-game.ts) is imported in the Games view; in the card form the designer chooses a picture,
// is told why a text file renamed .png is refused, saves, and replaces the picture by dropping
// another one. Checked where it lands: the card's JSON in SQLite and the file in the data folder.
// Then a picture dropped on the preview's empty art box, and the crop by hand: dragging the art in the preview (and + on the keyboard, one undo step
// each) lands on the card, shows in the library's row, and prints in the deck's PDF; a picture
// too small for its box is flagged at the field, in the editor bar and on the library row.

import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ART_BOX, ART_GAME_ID, artGameBundle, testImage } from '../fixtures/art-game';
import { focusAfterDrag } from '../../card-schema/layout/image-placement';
import { searchPool } from './pool-search';

const field = (page: Page, pointer: string): Locator => page.locator(`[data-field="${pointer}"]`);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Imports the art game with an empty "Art Gallery" set and opens a new Lantern named `name` in it. */
async function newLanternInArtGame(page: Page, name: string): Promise<void> {
  const gallery = { set: { id: 'art-gallery', systemId: ART_GAME_ID, name: 'Art Gallery', description: '' }, cards: [] };
  await page.getByTestId('nav-games').click();
  await page.getByTestId('import-game-file').setInputFiles({
    name: 'lantern-art.cardwright-system.json',
    mimeType: 'application/json',
    buffer: Buffer.from(artGameBundle([gallery])),
  });
  const report = page.getByTestId('game-import-report');
  await expect(report).toContainText('Lantern Art');
  await report.getByRole('button', { name: 'Done' }).click();

  await page.getByTestId('nav-library').click();
  await page.getByTestId('set-row').filter({ hasText: 'Art Gallery' }).click();
  await page.getByTestId('new-card').click();
  await page.getByTestId('card-type').selectOption('lantern');
  await field(page, '/name').fill(name);
  await field(page, '/faction').locator('button[data-value="ember"]').click();
}

/** Drops a file on `target` (at a page point, if given) as the browser would from the desktop. */
async function dropFile(
  page: Page,
  target: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
  at?: { x: number; y: number },
): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: mimeType }));
      return data;
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  );
  await target.dispatchEvent('drop', { dataTransfer: transfer, ...(at && { clientX: at.x, clientY: at.y }) });
}

test('a designer gives a card its art by choosing and by dropping a picture', async ({ page, dataDir, queryDb }) => {
  await newLanternInArtGame(page, 'Painted Lamp');

  // Choose a picture: its thumbnail shows.
  const png = await testImage('png', { width: 400, height: 300, seed: 4 });
  const art = page.getByTestId('image-field');
  await art.getByTestId('image-field-file').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: png });
  await expect(art.getByTestId('image-field-thumb')).toBeVisible();

  // A text file renamed .png is refused with the library's words; the chosen picture stays.
  await art.getByTestId('image-field-file').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are notes, not a picture\n'),
  });
  await expect(page.getByTestId('image-field-error')).toHaveText('notes.png: this is not a PNG, JPEG, WebP or SVG image');
  await expect(art.getByTestId('image-field-thumb')).toBeVisible();

  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  const docOf = () =>
    JSON.parse(
      queryDb<{ doc: string }>("SELECT doc FROM cards WHERE set_id = 'art-gallery' AND name = 'Painted Lamp'")[0].doc,
    ) as { art?: unknown };
  const pngId = sha256(png);
  expect(docOf().art).toEqual({ id: pngId });
  expect(existsSync(join(dataDir, 'images', pngId.slice(0, 2), `${pngId}.png`))).toBe(true);
  expect(queryDb('SELECT mime, width, height FROM images WHERE id = ?', pngId)).toEqual([
    { mime: 'image/png', width: 400, height: 300 },
  ]);

  // Drop another picture on the control: it replaces the first.
  const webp = await testImage('webp', { seed: 9 });
  await dropFile(page, art, { name: 'dropped.webp', mimeType: 'image/webp', buffer: webp });
  await expect(page.getByTestId('image-field-error')).toHaveCount(0);
  await page.getByTestId('save-card').click();
  const webpId = sha256(webp);
  await expect.poll(() => docOf().art).toEqual({ id: webpId });
  expect(existsSync(join(dataDir, 'images', webpId.slice(0, 2), `${webpId}.webp`))).toBe(true);

  // Crop it: zoom in and move the focus to the left; the card stores the crop with the picture.
  await page.getByTestId('image-field-zoom').fill('2');
  await page.getByTestId('image-field-x').fill('0.25');
  await page.getByTestId('save-card').click();
  await expect.poll(() => docOf().art).toEqual({ id: webpId, x: 0.25, zoom: 2 });
});

test('a designer crops the art by dragging it in the preview, and the PDF prints that crop', async ({ page, queryDb }) => {
  await newLanternInArtGame(page, 'Cropped Lamp');
  const editor = page.getByTestId('card-editor');
  const artWarning = editor.locator('[data-testid="field-warning"][data-path="/art"]');

  // A 2:1 picture in the 55 × 34 mm box: as tall as the box, 68 mm wide, so it moves sideways.
  const jpeg = await testImage('jpeg', { width: 1600, height: 800, seed: 5 });
  const artId = sha256(jpeg);
  // Dropped on the preview's (still empty) art box: it becomes the card's art.
  const card = (await editor.getByTestId('card-preview').boundingBox())!;
  const pxPerMm = card.width / 63;
  await dropFile(
    page,
    editor.getByTestId('preview-drop-target'),
    { name: 'wide.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    { x: card.x + (ART_BOX.x + ART_BOX.w / 2) * pxPerMm, y: card.y + (ART_BOX.y + ART_BOX.h / 2) * pxPerMm },
  );
  await expect(page.getByTestId('image-field-thumb')).toBeVisible();
  const handle = editor.getByTestId('art-crop-handle');
  await expect(handle).toBeVisible();
  await expect(editor.getByTestId('art-crop-hint')).toContainText('Drag the art to move it');
  await expect(handle).toHaveCSS('cursor', 'grab');
  await expect(artWarning).toHaveCount(0); // 597 dpi

  // Drag it 30 px right (and a little down, where there is nothing to move): the picture follows.
  const preview = editor.getByTestId('card-preview');
  const shown = preview.locator(`image[data-image-id="${artId}"]`);
  const xBefore = Number(await shown.getAttribute('x'));
  const mmPerPx = 63 / (await preview.boundingBox())!.width;
  const grip = (await handle.boundingBox())!;
  const start = { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 15, start.y + 5, { steps: 4 });
  await page.mouse.move(start.x + 30, start.y + 10, { steps: 4 });
  await page.mouse.up();
  const op = {
    op: 'image',
    ...ART_BOX,
    radius: 1,
    image: artId,
    field: 'art',
    fit: 'cover',
    focusX: 0.5,
    focusY: 0.5,
    zoom: 1,
  } as const;
  const focus = focusAfterDrag(op, 1600, 800, 30 * mmPerPx, 10 * mmPerPx);
  expect(focus.x).toBeLessThan(0.45);
  expect(focus.y).toBe(0.5);
  await expect.poll(async () => Number(await shown.getAttribute('x'))).toBeCloseTo(xBefore + 30 * mmPerPx, 1);
  // The slider follows (a range input shows its value rounded to its step).
  await expect(page.getByTestId('image-field-x')).toHaveValue(String(Math.round(focus.x * 100) / 100));

  // With the art focused (the drag focused it), + zooms in.
  await expect(handle).toBeFocused();
  await page.keyboard.press('+');
  await expect(page.getByTestId('image-field-zoom')).toHaveValue('1.1');

  // Undo takes back the zoom, then the whole drag; redo brings both back.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('image-field-zoom')).toHaveValue('1');
  await expect(page.getByTestId('image-field-x')).not.toHaveValue('0.5');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('image-field-x')).toHaveValue('0.5');
  await expect(page.getByTestId('image-field-thumb')).toBeVisible(); // the picture itself stays
  await page.keyboard.press('Control+Shift+z');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('image-field-zoom')).toHaveValue('1.1');

  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  const [row] = queryDb<{ id: string; doc: string }>("SELECT id, doc FROM cards WHERE name = 'Cropped Lamp'");
  expect((JSON.parse(row.doc) as { art: unknown }).art).toEqual({ id: artId, x: focus.x, zoom: 1.1 });

  // The library's card list shows the art in the row's thumbnail.
  await page.getByTestId('nav-library').click();
  await page.getByTestId('set-row').filter({ hasText: 'Art Gallery' }).click();
  const cardRow = page.getByTestId('card-list').getByTestId('card-row').filter({ hasText: 'Cropped Lamp' });
  await expect(cardRow.getByTestId('card-thumb').locator(`img[data-image-id="${artId}"]`)).toHaveAttribute('src', /^blob:/);
  await expect(cardRow.getByTestId('card-warning')).toHaveCount(0);

  // Print it: a deck holding the card, exported to PDF through the print dialog.
  await page.getByTestId('nav-decks').click();
  await page.getByLabel('Game system').selectOption({ label: 'Lantern Art' });
  await page.getByTestId('new-deck-name').fill('Lamp proofs');
  await page.getByTestId('new-deck').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  await page.getByTestId('section-tab-watch').click();
  await searchPool(page, 'Cropped Lamp');
  await page.locator('[data-testid="add-card"][data-card-name="Cropped Lamp"]').click();
  await page.getByTestId('save-deck').click();
  await page.getByTestId('deck-builder').getByTestId('print-deck').click();
  await page.getByTestId('print-dialog').getByLabel('Bleed (mm)').fill('0');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('print-export').click();
  const pdf = test.info().outputPath('lamp-proofs.pdf');
  await (await downloading).saveAs(pdf);

  // The PDF holds the picture once, at full size, as the JPEG it is…
  const images = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').slice(2);
  expect(images).toHaveLength(1);
  const [, , , width, height, , , , enc] = images[0].trim().split(/\s+/);
  expect({ width: Number(width), height: Number(height), enc }).toEqual({ width: 1600, height: 800, enc: 'jpeg' });
  // …cropped as dragged: the box's centre shows the picture's point at the focus. The test picture's
  // red channel runs from 0 at its left edge to 255 at its right; uncropped, the centre would be 127.
  const raster = test.info().outputPath('lamp-proofs');
  execFileSync('pdftoppm', ['-r', '50', '-png', '-singlefile', pdf, raster]);
  const { data, info } = await sharp(`${raster}.png`).raw().toBuffer({ resolveWithObject: true });
  // One card is placed where a centred 3 × 3 grid of 63 × 88 mm cards starts on A4.
  const centreMm = { x: (210 - 3 * 63) / 2 + ART_BOX.x + ART_BOX.w / 2, y: (297 - 3 * 88) / 2 + ART_BOX.y + ART_BOX.h / 2 };
  const at = (Math.round((centreMm.y / 25.4) * 50) * info.width + Math.round((centreMm.x / 25.4) * 50)) * info.channels;
  expect(Math.abs(data[at] - focus.x * 255), `red ${data[at]} at the focus ${focus.x}`).toBeLessThan(10);

  // A picture too small for the box: the editor says so at the field and in its bar, the row too.
  await page.getByTestId('nav-library').click();
  await page.getByTestId('set-row').filter({ hasText: 'Art Gallery' }).click();
  await cardRow.click();
  await page.getByTestId('edit-card').click();
  const small = await testImage('png', { width: 300, height: 150, seed: 6 });
  await dropFile(page, page.getByTestId('image-field'), { name: 'small.png', mimeType: 'image/png', buffer: small });
  await expect(artWarning).toHaveText(
    'This art prints at 112 dpi in its box (300 dpi looks sharp): use a picture at least 650 × 402 pixels.',
  );
  await expect(page.getByTestId('warning-count')).toHaveText('1 print warning');
  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await page.getByTestId('nav-library').click();
  await page.getByTestId('set-row').filter({ hasText: 'Art Gallery' }).click();
  await expect(cardRow.getByTestId('card-warning')).toHaveAttribute('title', /prints at 112 dpi/);
});
