// Preview and print agree: the editor's live preview (SVG, in Chromium) and the same card
// printed alone to PDF (pdfkit, rasterized by pdftoppm) are compared pixel by pixel at the
// same size, for a Latin card and for a card with CJK and emoji text. A negative control (the
// CJK card printed with its fallback runs forced into the card font, i.e. "NO GLYPH" boxes)
// shows that the threshold catches the mismatch the issue was about. A card whose game ships its
// own font (the tutorial game's Blankenburg) is compared too, against the same card printed in
// Inter as its negative control.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { CardDrawing } from '../../card-schema/layout/format';
import { layoutCard } from '../../card-schema/layout/layout-card';
import { callApi, expect, test } from './fixtures';
import type { RunningHost } from './web-host';
import { oneCardPdf, pixelDifference, rasterizePdf } from './card-raster';
import type { GameFontBuffers } from '../../src-main/fonts/game-font-files';
import { installFontkitShaper } from '../../src-main/fonts/fontkit-shaper';

// Two device pixels per CSS pixel: the 300 px preview becomes 600 × 838 pixels (about 240 dpi
// on the 63 mm card), fine enough that small text is drawn, not smudged.
test.use({ deviceScaleFactor: 2 });

/**
 * The limits, on the inner card (3 mm in from each edge: the preview rounds its corners and
 * draws a faint outline, the print does neither), after a 1.5 px blur (card-raster.ts) that
 * evens out anti-aliasing and the sub-pixel snapping Skia and poppler do differently.
 * Measured on matching pairs: a mean channel difference of 1.3 (Latin) and 1.7 (CJK + emoji)
 * of 255, with 0.01 % and 0.03 % of pixels off by more than a quarter of the range. The
 * negative control (CJK and emoji printed in the card font, as "NO GLYPH" boxes) measures 5.6
 * and 3.5 %. The limits sit well above the matching pairs and well below the control.
 */
const MAX_MEAN_DIFFERENCE = 3;
const MAX_DIFFERING_SHARE = 0.005;
const INSET_MM = 3;

const latinCard: CardDocument = {
  type: 'creature',
  name: 'Harbor Warden',
  colors: ['blue'],
  cost: 3,
  atk: 2,
  hp: 4,
  spd: 4,
  ap: 2,
  keywords: [{ kw: 'Haste' }],
  text: 'When Harbor Warden enters, draw a card. Your other creatures get +1 HP while it guards the gate.',
  flavor: '“The tide answers to her, not the moon.”',
};

const cjkCard: CardDocument = {
  type: 'creature',
  name: '龍の騎士 🐉',
  colors: ['red'],
  cost: 4,
  atk: 3,
  hp: 3,
  spd: 5,
  ap: 2,
  text: '召唤时：抽一张牌。🔥 전투가 시작되면 공격력 +2. 戦場に出たとき、カードを1枚引く。⚔️',
  flavor: '火は眠らない。🌋',
};

/** Saves the card (into `setId`), opens it in the editor and screenshots the live preview. */
async function previewScreenshot(page: Page, host: RunningHost, doc: CardDocument, setId = 'osmcg-core'): Promise<Buffer> {
  await callApi(page, host, 'saveCard', { setId, doc });
  await page.reload();
  // The library opens on the first game's cards; another game's card is found in its set.
  if (setId !== 'osmcg-core') await page.getByTestId('set-row').filter({ hasText: 'Lantern Watch Sample Set' }).click();
  await page.getByTestId('library-search').fill(doc.name);
  const row = page.getByTestId('card-list').getByTestId('card-row').filter({ hasText: doc.name });
  await row.first().dblclick();
  const preview = page.getByRole('complementary', { name: 'Live preview' }).getByTestId('card-preview');
  await expect(preview).toBeVisible();
  // Every face the card uses (fallback fonts load on first use, game fonts once fetched) before
  // the picture is taken.
  await page.evaluate(() => document.fonts.ready);
  if (setId !== 'osmcg-core') {
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].some((font) => font.family.startsWith('Cardwright Game') && font.status === 'loaded'),
        ),
      )
      .toBe(true);
  }
  await expect.poll(() => page.evaluate(() => [...document.fonts].every((font) => font.status !== 'loading'))).toBe(true);
  // A copy of the preview pinned to the page's top-left corner: the pane centres the original
  // at a fractional position, which would shift every edge by part of a pixel.
  const size = await page.evaluate(() => {
    const svg = document.querySelector<SVGSVGElement>('[aria-label="Live preview"] [data-testid="card-preview"]');
    if (!svg) throw new Error('no preview');
    const copy = svg.cloneNode(true) as SVGSVGElement;
    Object.assign(copy.style, { position: 'fixed', left: '0', top: '0', margin: '0', zIndex: '2147483647' });
    document.body.append(copy);
    return { width: svg.width.baseVal.value, height: svg.height.baseVal.value };
  });
  return page.screenshot({ clip: { x: 0, y: 0, ...size }, animations: 'disabled' });
}

/** OSMCG as the app loaded it (the layouts the preview used). */
async function osmcgSystem(page: Page, host: RunningHost): Promise<GameSystem> {
  return callApi<GameSystem>(page, host, 'getSystem', { systemId: 'osmcg' });
}

async function comparePreviewAndPrint(
  page: Page,
  host: RunningHost,
  doc: CardDocument,
  drawing: CardDrawing,
  game: { setId: string; fonts: GameFontBuffers } = { setId: 'osmcg-core', fonts: new Map() },
) {
  const shot = await previewScreenshot(page, host, doc, game.setId);
  const sharp = (await import('sharp')).default;
  const { width = 0, height = 0 } = await sharp(shot).metadata();
  const printed = rasterizePdf(await oneCardPdf(drawing, game.fonts), width, height);
  const inset = Math.round((INSET_MM / drawing.widthMm) * width);
  return { shot, printed, width, height, inset, difference: await pixelDifference(shot, printed, inset) };
}

test('the preview and the printed card agree for a Latin card', async ({ page, host }, testInfo) => {
  const osmcg = await osmcgSystem(page, host);
  const result = await comparePreviewAndPrint(page, host, latinCard, layoutCard(osmcg, latinCard));
  await testInfo.attach('preview.png', { body: result.shot, contentType: 'image/png' });
  await testInfo.attach('print.png', { body: result.printed, contentType: 'image/png' });
  expect(result.width).toBe(600);
  expect(result.difference.mean, JSON.stringify(result.difference)).toBeLessThan(MAX_MEAN_DIFFERENCE);
  expect(result.difference.differing, JSON.stringify(result.difference)).toBeLessThan(MAX_DIFFERING_SHARE);
});

test('the preview and the printed card agree for CJK and emoji text', async ({ page, host }, testInfo) => {
  const drawing = layoutCard(await osmcgSystem(page, host), cjkCard);
  // The card really uses both fallback fonts and nothing is left uncovered.
  const fallbacks = new Set(drawing.ops.flatMap((op) => (op.op === 'text' && op.fallback ? [op.fallback] : [])));
  expect([...fallbacks].sort()).toEqual(['cjk', 'emoji']);
  expect(drawing.warnings).toEqual([]);

  const result = await comparePreviewAndPrint(page, host, cjkCard, drawing);
  await testInfo.attach('preview.png', { body: result.shot, contentType: 'image/png' });
  await testInfo.attach('print.png', { body: result.printed, contentType: 'image/png' });
  expect(result.difference.mean, JSON.stringify(result.difference)).toBeLessThan(MAX_MEAN_DIFFERENCE);
  expect(result.difference.differing, JSON.stringify(result.difference)).toBeLessThan(MAX_DIFFERING_SHARE);

  // Negative control: the same card printed without its fallback fonts (what the issue saw).
  const withoutFallbacks: CardDrawing = {
    ...drawing,
    ops: drawing.ops.map((op) => (op.op === 'text' ? { ...op, fallback: undefined } : op)),
  };
  const broken = rasterizePdf(await oneCardPdf(withoutFallbacks), result.width, result.height);
  const brokenDifference = await pixelDifference(result.shot, broken, result.inset);
  expect(brokenDifference.differing, JSON.stringify(brokenDifference)).toBeGreaterThan(4 * MAX_DIFFERING_SHARE);
  expect(brokenDifference.mean, JSON.stringify(brokenDifference)).toBeGreaterThan(MAX_MEAN_DIFFERENCE);
});

const TUTORIAL = resolve(import.meta.dirname, '../../docs/tutorial');

/** Installs the tutorial game (its bundle carries its font) through the import job. */
async function importTutorialGame(page: Page, host: RunningHost): Promise<GameSystem> {
  const text = readFileSync(resolve(TUTORIAL, 'lantern-watch.cardwright-system.json'), 'utf8');
  const job = await callApi<{ id: string }>(page, host, 'startJob', {
    job: { kind: 'importSystem', fileName: 'lw.json', text },
  });
  await expect
    .poll(async () => (await callApi<{ state: string }>(page, host, 'jobStatus', { jobId: job.id })).state)
    .toBe('done');
  return callApi<GameSystem>(page, host, 'getSystem', { systemId: 'lantern-watch' });
}

test("the preview and the printed card agree for a card in its game's own font", async ({ page, host }, testInfo) => {
  const lanternWatch = await importTutorialGame(page, host);
  const fontFile = readFileSync(resolve(TUTORIAL, 'lantern-watch/fonts/Blankenburg.ttf'));
  const sha256 = createHash('sha256').update(fontFile).digest('hex');
  const doc: CardDocument = {
    type: 'keeper',
    name: 'Warden Hollis',
    faction: ['tide'],
    oil: 4,
    wick: 2,
    text: 'At Dusk, hang one Lantern for free.',
    flavor: 'Every street remembers her light.',
  };
  const drawing = layoutCard(lanternWatch, doc);
  // The name is set in the game font, the rest in Inter.
  expect(drawing.ops).toContainEqual(expect.objectContaining({ op: 'text', text: 'Warden Hollis', gameFontFile: sha256 }));
  expect(drawing.warnings).toEqual([]);

  const game = { setId: 'lantern-watch-sample', fonts: new Map([[sha256, fontFile]]) };
  const result = await comparePreviewAndPrint(page, host, doc, drawing, game);
  await testInfo.attach('preview.png', { body: result.shot, contentType: 'image/png' });
  await testInfo.attach('print.png', { body: result.printed, contentType: 'image/png' });
  expect(result.difference.mean, JSON.stringify(result.difference)).toBeLessThan(MAX_MEAN_DIFFERENCE);
  expect(result.difference.differing, JSON.stringify(result.difference)).toBeLessThan(MAX_DIFFERING_SHARE);

  // Negative control: the name printed in Inter instead of the game font.
  const inInter: CardDrawing = {
    ...drawing,
    ops: drawing.ops.map((op) => (op.op === 'text' ? { ...op, gameFontFile: undefined } : op)),
  };
  const control = rasterizePdf(await oneCardPdf(inInter), result.width, result.height);
  const controlDifference = await pixelDifference(result.shot, control, result.inset);
  await testInfo.attach('control.png', { body: control, contentType: 'image/png' });
  expect(controlDifference.differing, JSON.stringify(controlDifference)).toBeGreaterThan(result.difference.differing * 10);
});

const scriptsCard: CardDocument = {
  type: 'creature',
  name: 'فارس التنين',
  colors: ['green'],
  cost: 2,
  atk: 2,
  hp: 2,
  spd: 3,
  ap: 1,
  text: 'जब यह युद्ध में आता है, एक कार्ड खींचें। ยินดีต้อนรับสู่เกมการ์ด',
  flavor: 'שלום 123 עולם (מגן)',
};

test('the preview and the printed card agree for Arabic, Devanagari, Thai and Hebrew text', async ({ page, host }, testInfo) => {
  // This process lays the card out as the app does: shaped with the same font files.
  installFontkitShaper(resolve(import.meta.dirname, '../../resources/fonts'));
  const drawing = layoutCard(await osmcgSystem(page, host), scriptsCard);
  const fallbacks = new Set(drawing.ops.flatMap((op) => (op.op === 'text' && op.fallback ? [op.fallback] : [])));
  expect([...fallbacks].sort()).toEqual(['arabic', 'devanagari', 'hebrew', 'thai']);
  expect(drawing.warnings).toEqual([]);

  const result = await comparePreviewAndPrint(page, host, scriptsCard, drawing);
  await testInfo.attach('preview.png', { body: result.shot, contentType: 'image/png' });
  await testInfo.attach('print.png', { body: result.printed, contentType: 'image/png' });
  // The preview drew the shaped runs as fontkit's outlines (text-shaper.ts), not as browser text.
  await expect(page.locator('[aria-label="Live preview"] [data-shaped="arabic"]').first()).toBeAttached();
  expect(result.difference.mean, JSON.stringify(result.difference)).toBeLessThan(MAX_MEAN_DIFFERENCE);
  expect(result.difference.differing, JSON.stringify(result.difference)).toBeLessThan(MAX_DIFFERING_SHARE);

  // Negative control: the right-to-left runs printed in typed order, as an unshaped, unordered print would.
  const typedOrder: CardDrawing = {
    ...drawing,
    ops: drawing.ops.map((op) =>
      op.op === 'text' && op.fallback === 'arabic' ? { ...op, text: [...op.text].reverse().join('') } : op,
    ),
  };
  const control = rasterizePdf(await oneCardPdf(typedOrder), result.width, result.height);
  const controlDifference = await pixelDifference(result.shot, control, result.inset);
  await testInfo.attach('control.png', { body: control, contentType: 'image/png' });
  expect(controlDifference.differing, JSON.stringify(controlDifference)).toBeGreaterThan(result.difference.differing * 3);
});
