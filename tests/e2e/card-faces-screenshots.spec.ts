// Pictures of every built-in game's card types, one sample card of each, and of each starter's
// card types (a new game made from it: its examples, without art), in both themes at 1× and 2×,
// for comparing card templates before and after a change (docs/screenshots/cards/<set>/). Each
// built-in game's backs too: the shared back and every card type's own, side by side.
// Writes files only with CARD_SCREENSHOTS=<set> (`CARD_SCREENSHOTS=after npm run screenshots:cards`);
// skipped in `npm test`.

import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CardRecord, GameSystem } from '../../card-schema/system/format';
import type { SampleCard } from '../../src-main/api/contract';
import type { Page } from '@playwright/test';
import { callApi, expect, test } from './fixtures';

const SET = process.env.CARD_SCREENSHOTS ?? '';
const OUT_DIR = resolve(import.meta.dirname, '../../docs/screenshots/cards', SET);
const THEMES = ['light', 'dark'] as const;
const SCALES = [1, 2] as const;
/** Built-in games by id, with the name the Games list shows. */
const GAMES = [
  ['osmcg', 'OSMCG'],
  ['muhq', "muhq's game"],
  ['odd-frontier', 'Odd Frontier'],
  ['omms', 'OMMS'],
  ['miscrits', 'Miscrits'],
] as const;
/** Starters with designed card faces, pictured through a new game made from each. */
const STARTERS = ['starter-tcg', 'starter-tarot', 'starter-mini'] as const;
/** Each card drawn this wide (CSS pixels), so its rules text can be read at 1×. */
const CARD_WIDTH_PX = 240;

test.skip(!/^[a-z0-9-]+$/.test(SET), 'set CARD_SCREENSHOTS=before|after to write docs/screenshots/cards/<set>');
test.use({ viewport: { width: 1440, height: 900 } });

for (const scale of SCALES) {
  test.describe(`at ${scale}×`, () => {
    test.use({ deviceScaleFactor: scale });
    for (const [id, name] of GAMES) {
      test(`${id} card faces`, async ({ page }) => {
        await shootSampleCards(page, name, id, scale);
      });
      test(`${id} card backs`, async ({ page, host }) => {
        const system = await callApi<GameSystem>(page, host, 'getSystem', { systemId: id });
        const samples = await callApi<SampleCard[]>(page, host, 'sampleCards', { systemId: id });
        await shootBacks(page, system, samples, `${id}-backs`, scale);
      });
    }
    for (const starter of STARTERS) {
      test(`${starter} card faces`, async ({ page, host }) => {
        const starters = await callApi<GameSystem[]>(page, host, 'listStarters', {});
        const system = starters.find((candidate) => candidate.id === starter)!;
        const identity = system.identity && { label: system.identity.label, values: system.identity.values };
        const name = `${system.name} (pictured)`;
        await callApi(page, host, 'createGame', {
          from: { starter },
          id: `${starter}-pictured`,
          name,
          card: system.card,
          identity,
        });
        await page.reload();
        await shootSampleCards(page, name, starter, scale);
      });
    }
  });
}

/** Opens the game in the Games view and pictures its sample cards in each theme, as `<file>-<theme>@<scale>x.png`. */
async function shootSampleCards(page: Page, gameName: string, file: string, scale: number): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  await page.getByTestId('nav-games').click();
  await page.getByTestId('game-list').getByText(gameName, { exact: true }).click();
  const cards = page.getByTestId('game-sample-cards');
  await expect(cards).toHaveAttribute('aria-busy', 'false');
  await page.addStyleTag({
    content: `[data-testid="game-sample-card"] { width: ${CARD_WIDTH_PX}px !important; }
      [data-testid="game-sample-card"] [data-testid="card-preview"] { width: ${CARD_WIDTH_PX}px; height: auto; }`,
  });
  for (const theme of THEMES) {
    await page.locator(`[data-theme-option="${theme}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.waitForTimeout(400); // card art and fonts settle
    await page.mouse.move(0, 0);
    await cards.screenshot({ path: `${OUT_DIR}/${file}-${theme}@${scale}x.png`, animations: 'disabled' });
  }
}

/**
 * Pictures the game's backs side by side, as `<file>-<theme>@<scale>x.png`: the shared one (behind
 * a card of a type without its own) and each card type's own back, each flipped to in the
 * library's card detail (so exactly as the app draws it) and copied into one strip.
 */
async function shootBacks(page: Page, system: GameSystem, samples: SampleCard[], file: string, scale: number): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const cardOf = (typeId: string) => samples.find((sample) => sample.typeId === typeId)?.card ?? null;
  const shared = system.cardTypes.find((type) => type.back === undefined && cardOf(type.id) !== null);
  const backs: { caption: string; card: CardRecord }[] = [];
  if (shared) backs.push({ caption: 'Back', card: cardOf(shared.id)! });
  for (const type of system.cardTypes) {
    const card = cardOf(type.id);
    if (type.back !== undefined && card) backs.push({ caption: `${type.label} back`, card });
  }
  expect(backs.length, `${system.id} has a sample card to show its back`).toBeGreaterThan(0);

  const strip: string[] = [];
  for (const { caption, card } of backs) {
    await page.getByTestId('nav-library').click();
    await page.locator(`[data-testid="set-row"][data-set-id="${card.setId}"]`).click();
    await page.getByTestId('library-search').fill(card.doc.name);
    await page.getByTestId('card-list').getByTestId('card-row').filter({ hasText: card.doc.name }).first().click();
    const detail = page.getByTestId('card-detail');
    const flip = detail.getByTestId('flip-card');
    if ((await flip.textContent())?.includes('Show back')) await flip.click();
    const preview = detail.getByTestId('card-preview');
    await expect(preview).toHaveAttribute('aria-label', `Back of ${card.doc.name}`);
    strip.push(
      (await preview.evaluate((svg, index) => {
        // Its gradient and clip ids made unique, as the strip holds several copies of one preview.
        let html = svg.outerHTML;
        for (const [, id] of html.matchAll(/id="([^"]+)"/g))
          html = html.replaceAll(`"${id}"`, `"${id}-${index}"`).replaceAll(`#${id})`, `#${id}-${index})`);
        return html;
      }, strip.length)) + `<figcaption>${caption}</figcaption>`,
    );
  }
  await page.evaluate(
    ({ figures, width }) => {
      const box = document.createElement('div');
      box.dataset.testid = 'card-backs-strip';
      box.style.cssText = `position: fixed; inset: auto auto 0 0; z-index: 10000; display: flex; gap: 16px; padding: 16px;
        background: var(--color-bg); color: var(--color-text); font-size: var(--text-sm); font-weight: 600`;
      for (const figure of figures) {
        const item = document.createElement('figure');
        item.style.cssText = 'margin: 0; display: flex; flex-direction: column; gap: 8px';
        item.innerHTML = figure;
        const svg = item.querySelector('svg')!;
        const [, , w, h] = svg.getAttribute('viewBox')!.split(' ').map(Number);
        svg.setAttribute('width', String(width));
        svg.setAttribute('height', String((width * h) / w));
        box.append(item);
      }
      document.body.append(box);
    },
    { figures: strip, width: CARD_WIDTH_PX },
  );
  const stripBox = page.getByTestId('card-backs-strip');
  for (const theme of THEMES) {
    await page.locator(`[data-theme-option="${theme}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.waitForTimeout(300); // fonts settle
    await page.mouse.move(0, 0);
    await stripBox.screenshot({ path: `${OUT_DIR}/${file}-${theme}@${scale}x.png`, animations: 'disabled' });
  }
}
