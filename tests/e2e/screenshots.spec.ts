// Screenshots of every screen in both themes for docs/screenshots/ (README and Help show them),
// and of the library, the deck builder and the playtest board on a 1280×800 laptop screen.
// Writes files only with SCREENSHOTS=1 (`npm run screenshots`); skipped in `npm test`.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';
import { clearDocks, openDeck, playtestWithOneCardPlayed, shoot } from './screenshot-steps';

const OUT_DIR = resolve(import.meta.dirname, '../../docs/screenshots');
const THEMES = ['light', 'dark'] as const;

test.skip(process.env.SCREENSHOTS !== '1', 'set SCREENSHOTS=1 (npm run screenshots) to write docs/screenshots');
test.use({ viewport: { width: 1440, height: 900 } });

/** A set file of `count` valid OSMCG creatures, in a fresh temporary folder. */
function bigSetFile(count: number): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cw-shots-')), 'big.set.json');
  const cards = Array.from({ length: count }, (_, i) => ({
    id: `big-${i}`,
    doc: { type: 'creature', name: `Bulk Creature ${i}`, colors: ['red'], cost: 2, atk: 2, hp: 2, spd: 4, ap: 2 },
  }));
  writeFileSync(
    file,
    JSON.stringify({ format: 'cardwright-set', formatVersion: 1, set: { id: 'big', systemId: 'osmcg', name: 'Big' }, cards }),
  );
  return file;
}

for (const theme of THEMES) {
  test(`screenshots, ${theme} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.locator(`[data-theme-option="${theme}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    // Library with a card selected.
    const row = page.getByTestId('card-row').filter({ hasText: 'Pyra, Ashen Marshal' });
    await page.getByTestId('library-search').fill('Pyra');
    await row.click();
    await expect(page.getByTestId('card-detail')).toBeVisible();
    await page.getByTestId('library-search').fill('');
    await expect(page.getByTestId('card-row').nth(5)).toBeVisible();
    await shoot(page, OUT_DIR, 'library', theme);

    // Library with three cards selected for printing (click, then Ctrl/Cmd-click), then Pyra again.
    const rows = page.getByTestId('card-row');
    await rows.nth(0).click();
    await rows.nth(2).click({ modifiers: ['ControlOrMeta'] });
    await rows.nth(3).click({ modifiers: ['ControlOrMeta'] });
    await expect(page.getByTestId('selection-count')).toHaveText('3 cards selected');
    await shoot(page, OUT_DIR, 'library-selection', theme);
    await page.getByTestId('library-search').fill('Pyra');
    await row.click();
    await expect(page.getByTestId('selection-count')).toHaveText('1 card selected');

    // Card editor, with one problem showing.
    await page.getByTestId('edit-card').click();
    await expect(page.getByTestId('card-editor')).toBeVisible();
    await page.locator('[data-field="/flavor"]').fill('Where she marches, the ash remembers.');
    await page.locator('[data-field="/name"]').focus();
    await shoot(page, OUT_DIR, 'editor', theme);
    await page.getByTestId('editor-back').click();
    await page.getByTestId('confirm-ok').click();

    // Decks list, deck builder, print dialog.
    await page.getByTestId('nav-decks').click();
    await expect(page.getByTestId('deck-row').first()).toBeVisible();
    await shoot(page, OUT_DIR, 'decks', theme);
    await openDeck(page, 'Broken example: 31 cards, two off-color');
    await page.getByTestId('deck-entry').first().hover();
    await shoot(page, OUT_DIR, 'deck-builder', theme);
    await page.getByTestId('print-deck').click();
    await expect(page.getByTestId('print-dialog')).toBeVisible();
    await shoot(page, OUT_DIR, 'print', theme);
    // The export runs as a job in the dock under the view.
    await page.getByTestId('print-export').click();
    await expect(page.getByTestId('job').first()).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('toast').filter({ hasText: 'Exported' })).toBeVisible();
    await shoot(page, OUT_DIR, 'jobs', theme);
    await clearDocks(page);

    // Playtest board with a card played.
    await page.getByRole('button', { name: '← Decks' }).click();
    await openDeck(page, 'Ember Vanguard');
    await playtestWithOneCardPlayed(page);
    const played = page.getByTestId('zone-board').getByTestId('board-card').last();
    await played.focus();
    await page.keyboard.press('t');
    await page.keyboard.press('+');
    await page.getByTestId('zone-hand').getByTestId('board-card').first().focus();
    await shoot(page, OUT_DIR, 'playtest', theme);

    // Drafting muhq's store.
    await page.getByTestId('nav-decks').click();
    await page.getByTestId('new-deck-name').locator('xpath=..').locator('select').first().selectOption({ label: "muhq's game" });
    await page.getByTestId('start-draft').click();
    const draft = page.getByTestId('draft-dialog');
    await draft.getByTestId('draft-start').click();
    await draft.getByTestId('draft-card').first().click();
    await draft.getByTestId('draft-card').first().click();
    await shoot(page, OUT_DIR, 'draft', theme);
    await page.keyboard.press('Escape');

    // Games, Help, the shortcut sheet.
    await page.getByTestId('nav-games').click();
    await expect(page.getByTestId('game-sample-card').last().getByTestId('card-preview')).toBeVisible();
    await page.waitForTimeout(300);
    await shoot(page, OUT_DIR, 'games', theme);
    await page.getByTestId('nav-help').click();
    await expect(page.getByTestId('help-doc-content')).toContainText('Cardwright');
    await shoot(page, OUT_DIR, 'help', theme);
    await page.getByTestId('help-shortcuts').click();
    await expect(page.getByTestId('shortcut-sheet')).toBeVisible();
    await shoot(page, OUT_DIR, 'shortcuts', theme);
    await page.keyboard.press('Escape');

    // A deleted deck with its Undo message, then the Trash holding it and a deleted set.
    await page.getByTestId('nav-library').click();
    await page.locator('.set-item').filter({ hasText: 'Mission &' }).hover();
    await page.locator('.set-item').filter({ hasText: 'Mission &' }).getByTestId('set-more').click();
    await page.locator('.set-item').filter({ hasText: 'Mission &' }).getByTestId('delete-set').click();
    await page.getByTestId('confirm-ok').click();
    await clearDocks(page);
    await page.getByTestId('nav-decks').click();
    await page.getByTestId('deck-row').last().getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('toast-action')).toBeVisible();
    await shoot(page, OUT_DIR, 'trash-undo', theme);
    await clearDocks(page);
    await page.getByTestId('open-trash').click();
    await expect(page.getByTestId('trash-row')).toHaveCount(2);
    await shoot(page, OUT_DIR, 'trash', theme);
    await page.keyboard.press('Escape');

    // A long job under way: a big import with its progress bar and Cancel.
    await page.getByTestId('nav-library').click();
    await page.getByTestId('import-set-file').setInputFiles(bigSetFile(150_000));
    const job = page.getByTestId('job').filter({ hasText: 'big.set.json' });
    await expect(job).toContainText(/Saving cards · [\d,]+ of 150,000/);
    await shoot(page, OUT_DIR, 'jobs-running', theme);
    await job.getByTestId('job-cancel').click();
    await expect(job).toHaveAttribute('data-state', 'cancelled');
  });
}

// The library, the deck builder and the playtest board on a laptop screen (1280×800, kept in
// docs/screenshots) and, to look at, on a small and a large one (written to test-results).
for (const size of [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
  { width: 1920, height: 1080 },
]) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test(`library, deck builder and playtest at ${size.width}×${size.height}`, async ({ page }) => {
      test.setTimeout(180_000);
      const dir = size.width === 1280 ? OUT_DIR : resolve(import.meta.dirname, '../../test-results/screenshots');
      mkdirSync(dir, { recursive: true });
      await page.locator('[data-theme-option="light"]').click();
      const shootAt = (name: string) => shoot(page, dir, name, String(size.width));

      await page.getByTestId('card-row').filter({ hasText: 'Ashfall Skirmisher' }).click();
      await expect(page.getByTestId('card-detail')).toBeVisible();
      await shootAt('library');

      await openDeck(page, 'Ember Vanguard');
      await page.getByTestId('deck-entry').first().hover();
      await shootAt('deck-builder');

      await playtestWithOneCardPlayed(page);
      await page.getByTestId('zone-hand').getByTestId('board-card').first().focus();
      await shootAt('playtest');

      // OMMS: three resources, so Replay and New game fold into the toolbar's More menu.
      await openDeck(page, 'Standard pack');
      await page.getByTestId('playtest-deck').click();
      await expect(page.getByTestId('playtest-view')).toBeVisible();
      await shootAt('playtest-omms');
    });
  });
}
