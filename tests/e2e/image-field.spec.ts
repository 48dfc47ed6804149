// A card's art through the editor: a game whose Lantern has an image field (tests/fixtures/
// art-game.ts) is imported in the Games view; in the card form the designer chooses a picture,
// is told why a text file renamed .png is refused, saves, and replaces the picture by dropping
// another one. Checked where it lands: the card's JSON in SQLite and the file in the data folder.

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ART_GAME_ID, artGameBundle, testImage } from '../fixtures/art-game';

const field = (page: Page, pointer: string): Locator => page.locator(`[data-field="${pointer}"]`);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

test('a designer gives a card its art by choosing and by dropping a picture', async ({ page, dataDir, queryDb }) => {
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
  await page.getByTestId('new-card-type').selectOption('lantern');
  await field(page, '/name').fill('Painted Lamp');
  await field(page, '/faction').locator('button[data-value="ember"]').click();

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
  const transfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'dropped.webp', { type: 'image/webp' }));
    return data;
  }, webp.toString('base64'));
  await art.dispatchEvent('drop', { dataTransfer: transfer });
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
