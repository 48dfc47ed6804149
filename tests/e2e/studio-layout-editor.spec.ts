// The layout editor (the studio's Card faces tab) on a copy of a built-in game with one card of
// its own: the card's name box is dragged down and right, resized by its corner handle, nudged
// with the arrow keys, and bound to another field; the inspector's numbers follow each step and
// the preview strip redraws it. After saving, the library's preview of the card and an exported
// PDF show that field's text where the box now is: moved by exactly the drag, measured in the
// preview's SVG (mm) and in the PDF's words (pdftotext -bbox, pt).

import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { callApi, expect, test } from './fixtures';

const PX_PER_MM = 96 / 25.4;
const MM_PER_PT = 25.4 / 72;
const NAME = 'Pyra Moonward';
const FLAVOR = 'Lanternlight';

/** A set of the game printed from the library's sidebar: the PDF's words with their boxes, in pt. */
async function exportWords(page: Page, setName: string, file: string): Promise<{ word: string; x: number; y: number }[]> {
  await page.getByTestId('nav-library').click();
  const row = page.getByTestId('set-row').filter({ hasText: setName });
  await row.hover();
  await page.locator('.set-item', { has: row }).getByTestId('print-set').click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('print-export').click();
  const pdf = test.info().outputPath(file);
  await (await downloading).saveAs(pdf);
  await page.keyboard.press('Escape');
  const html = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
    word: m[3],
    x: Number(m[1]),
    y: Number(m[2]),
  }));
}

/** Drags from the centre of `target` by (dx, dy) mm on the canvas, holding Alt (no snapping) when asked. */
async function drag(page: Page, target: Locator, dxMm: number, dyMm: number, zoom: number, free: boolean): Promise<void> {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const step = PX_PER_MM * zoom;
  if (free) await page.keyboard.down('Alt');
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (dxMm * step) / 2, y + (dyMm * step) / 2, { steps: 4 });
  await page.mouse.move(x + dxMm * step, y + dyMm * step, { steps: 4 });
  await page.mouse.up();
  if (free) await page.keyboard.up('Alt');
}

const geometry = async (page: Page) => {
  const read = async (key: string) => Number(await page.getByTestId(`layout-${key}`).inputValue());
  return { x: await read('x'), y: await read('y'), w: await read('w'), h: await read('h') };
};

test('a box moved, resized and bound in the layout editor moves its text in the preview and the PDF', async ({ page, host }) => {
  test.setTimeout(180_000);
  // A user game: a copy of OSMCG, and a set with one hero of it.
  await callApi(page, host, 'createGame', {
    from: { game: 'osmcg' },
    id: 'layout-trial',
    name: 'Layout Trial',
    card: { widthMm: 63, heightMm: 88, cornerRadiusMm: 3 },
  });
  const set = await callApi<{ id: string }>(page, host, 'createSet', { systemId: 'layout-trial', name: 'Trial Set' });
  const doc = {
    type: 'hero',
    name: NAME,
    colors: ['red'],
    atk: 3,
    hp: 22,
    spd: 5,
    ap: 3,
    startingMana: 3,
    regen: 2,
    manaMax: 9,
    flavor: FLAVOR,
  };
  await callApi(page, host, 'saveCard', { setId: set.id, doc });
  await page.reload();

  const before = await exportWords(page, 'Trial Set', 'before.pdf');
  const nameBefore = before.find((w) => w.word === 'Pyra')!;
  expect(nameBefore).toBeDefined();

  await page.getByTestId('nav-games').click();
  await page.getByTestId('game-item').filter({ hasText: 'Layout Trial' }).click();
  await page.getByTestId('edit-game').click();
  await page.getByTestId('studio-tab-faces').click();
  await expect(page.getByTestId('layout-pick')).toHaveValue('hero');
  // The canvas opens fitted to the window; then at 200 %, for exact drags.
  await expect(page.getByTestId('layout-overlay')).toBeVisible();
  const zoom = page.getByTestId('layout-zoom');
  await zoom.fill('200');
  await zoom.press('Enter');
  await expect(zoom).toHaveValue('200');

  // The preview strip shows the game's card, the longest name, and how it fits.
  const strip = page.getByTestId('layout-preview-strip');
  await expect(strip.getByTestId('layout-preview-card').first()).toContainText(NAME);

  // Select the name box in the layer list ("Name", a left-aligned text) and drag it 10 mm right,
  // 20 mm down on the card.
  const nameLayer = page.getByTestId('layout-layer').filter({ has: page.locator('.label', { hasText: /^Name$/ }) });
  await nameLayer.locator('button.name').click();
  const index = await nameLayer.getAttribute('data-index');
  const g0 = await geometry(page);
  const nameBox = page.locator(`[data-testid="layout-box"][data-index="${index}"]`);
  await nameBox.scrollIntoViewIfNeeded();
  await drag(page, nameBox, 10, 20, 2, true);
  await expect(page.getByTestId('layout-inspector')).toContainText('Text');
  let g = await geometry(page);
  expect(Math.abs(g.x - (g0.x + 10))).toBeLessThanOrEqual(0.2);
  expect(Math.abs(g.y - (g0.y + 20))).toBeLessThanOrEqual(0.2);
  expect({ w: g.w, h: g.h }).toEqual({ w: g0.w, h: g0.h });
  // One drag, one undo step.
  await expect(page.getByTestId('studio-undo')).toHaveAttribute('title', 'Undo: Move (Ctrl+Z)');

  // Resize from the left-hand edge handle: 5 mm narrower, the right edge stays.
  await drag(page, page.getByTestId('layout-handle-w'), 5, 0, 2, true);
  const right = g.x + g.w;
  g = await geometry(page);
  expect(Math.abs(g.x - (g0.x + 15))).toBeLessThanOrEqual(0.3);
  expect(Math.abs(g.x + g.w - right)).toBeLessThanOrEqual(0.2);
  expect(g.h).toBe(g0.h);
  // Nudged by the arrow keys: 1 mm, then 0.1 mm with Shift.
  await page.getByTestId('layout-overlay').focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  const nudged = await geometry(page);
  expect(nudged.x).toBeCloseTo(g.x - 1.1, 5);
  // Then typed exactly, as the inspector lets you: 10 mm right of and 20 mm below where it was.
  const target = { x: Math.round((g0.x + 10) * 10) / 10, y: Math.round((g0.y + 20) * 10) / 10 };
  await page.getByTestId('layout-x').fill(String(target.x));
  await page.getByTestId('layout-x').press('Enter');
  await page.getByTestId('layout-w').fill(String(g0.w - 8));
  await page.getByTestId('layout-w').press('Enter');
  await page.getByTestId('layout-y').fill(String(target.y));
  await page.getByTestId('layout-y').press('Enter');
  await expect(page.getByTestId('layout-x')).toHaveValue(String(target.x));
  await expect(page.getByTestId('layout-y')).toHaveValue(String(target.y));

  // Bind it to the flavour text: the canvas draws the card's flavour in the box.
  await page.getByTestId('layout-bind').selectOption('flavor');
  await expect(page.getByTestId('layout-template')).toHaveValue('{flavor}');
  const canvasText = page.getByTestId('layout-canvas').getByTestId('card-preview').locator('text', { hasText: FLAVOR });
  await expect(canvasText.first()).toBeVisible();
  await expect(strip.getByTestId('layout-preview-card').first()).toContainText(FLAVOR);

  await page.getByTestId('studio-save').click();
  await page.getByTestId('studio-impact-apply').click();
  await expect(page.getByTestId('studio-status')).toHaveText('Saved', { timeout: 30_000 });
  await page.getByTestId('studio-close').click();

  // The library's preview of the card (its detail pane): the flavour text now sits in the moved box.
  await page.getByTestId('nav-library').click();
  await page.getByTestId('set-row').filter({ hasText: 'Trial Set' }).click();
  await page.getByTestId('card-row').filter({ hasText: NAME }).click();
  const text = page.getByTestId('card-detail').getByTestId('card-preview').locator('text', { hasText: FLAVOR }).first();
  await expect(text).toBeVisible();
  const x = Number(await text.getAttribute('x'));
  const y = Number(await text.getAttribute('y'));
  expect(x).toBeGreaterThanOrEqual(target.x);
  expect(x).toBeLessThan(target.x + 1);
  expect(y).toBeGreaterThan(target.y);
  expect(y).toBeLessThan(target.y + g0.h);

  // The PDF: the flavour's first word is where the name's was, moved by exactly (10, 20) mm.
  const after = await exportWords(page, 'Trial Set', 'after.pdf');
  const moved = after.filter((w) => w.word === FLAVOR);
  const shifted = moved.find((w) => Math.abs((w.y - nameBefore.y) * MM_PER_PT - 20) < 0.5);
  expect(
    shifted,
    `${FLAVOR} 20 mm below the name's old place (${JSON.stringify(moved)} vs ${JSON.stringify(nameBefore)})`,
  ).toBeDefined();
  expect((shifted!.x - nameBefore.x) * MM_PER_PT).toBeCloseTo(10, 0);
  expect(after.some((w) => w.word === 'Pyra')).toBe(false);
});
