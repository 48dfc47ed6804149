// Pictures of every built-in game's card types, one sample card of each, and of each starter's
// card types (a new game made from it: its examples, without art), in both themes at 1× and 2×,
// for comparing card templates before and after a change (docs/screenshots/cards/<set>/).
// Writes files only with CARD_SCREENSHOTS=<set> (`CARD_SCREENSHOTS=after npm run screenshots:cards`);
// skipped in `npm test`.

import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { GameSystem } from '../../card-schema/system/format';
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
