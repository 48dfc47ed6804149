// Each game's legal sample deck built again through the deck builder with the keyboard only:
// the leader picked in the pool with the arrow keys and Enter, every other card typed into the
// quick-add box ("3 Fire Bolt"), a count set with a digit key in the pool and changed with +/-
// in the deck list, the section switched with Shift+Tab and Enter, saved with Ctrl/Cmd+S.
// The legality badge says Legal and the saved deck holds the sample's cards.

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const SAMPLES = resolve(import.meta.dirname, '../../resources/samples');

interface SampleDeck {
  sections: Record<string, { cardId: string; count: number }[]>;
}

interface SystemFile {
  name: string;
  deck: { sections: { id: string; label: string; leader?: boolean }[] };
}

/** The game's legal sample deck as section → [card name, copies], and its card names by id. */
function legalSample(game: string): { sections: [string, [string, number][]][]; names: Map<string, string> } {
  const names = new Map<string, string>();
  for (const file of readdirSync(join(SAMPLES, game))) {
    const content = JSON.parse(readFileSync(join(SAMPLES, game, file), 'utf8')) as {
      cards?: { id: string; doc: { name: string } }[];
    };
    for (const card of content.cards ?? []) names.set(card.id, card.doc.name);
  }
  const deck = (JSON.parse(readFileSync(join(SAMPLES, game, 'deck-legal.json'), 'utf8')) as { deck: SampleDeck }).deck;
  const sections = Object.entries(deck.sections).map(
    ([id, entries]) =>
      [id, entries.map((e) => [names.get(e.cardId)!, e.count] as [string, number])] as [string, [string, number][]],
  );
  return { sections, names };
}

const system = (game: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../card-schema/systems/${game}/system.json`), 'utf8')) as SystemFile;

/** Presses Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, key = 'Tab'): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

async function quickAdd(page: Page, name: string, copies: number): Promise<void> {
  const box = page.getByTestId('quick-add');
  await tabTo(page, box);
  await page.keyboard.type(`${copies} ${name}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('quick-add-message')).toContainText(`Added ${copies} × ${name} to`);
}

for (const game of ['osmcg', 'muhq', 'odd-frontier', 'miscrits', 'omms']) {
  test(`${game}: a legal deck is built with the keyboard only and saved`, async ({ page, queryDb }) => {
    test.setTimeout(180_000);
    const { sections } = legalSample(game);
    const def = system(game);
    const deckName = `Keyboard ${game}`;

    await page.keyboard.press('ControlOrMeta+2');
    await page.getByLabel('Game system').selectOption({ label: def.name });
    await tabTo(page, page.getByTestId('new-deck-name'));
    await page.keyboard.type(deckName);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('deck-builder')).toBeVisible();

    for (const [sectionId, entries] of sections) {
      const section = def.deck.sections.find((s) => s.id === sectionId)!;
      if (section.leader) {
        // The leader: search for it, Tab into the pool, arrow to its row, Enter.
        const [leaderName] = entries[0];
        await page.keyboard.press('ControlOrMeta+f');
        await page.keyboard.type(leaderName);
        await expect(page.getByTestId('pool-row').first()).toHaveAttribute('data-card-name', leaderName);
        await tabTo(page, page.getByTestId('pool-list'));
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('Enter');
        await expect(page.getByTestId(`section-count-${sectionId}`)).toHaveText(/^1/);
        continue;
      }
      // The section cards go to: its tab, reached with Shift+Tab from the search box, and Enter.
      await page.keyboard.press('ControlOrMeta+f');
      await tabTo(page, page.getByTestId(`section-tab-${sectionId}`), 'Shift+Tab');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId(`section-tab-${sectionId}`)).toHaveAttribute('aria-selected', 'true');
      const [[firstName, firstCopies], ...rest] = entries;
      // The first card: found in the pool, its count set with a digit key.
      await page.keyboard.press('ControlOrMeta+f');
      await page.keyboard.type(firstName);
      const row = page.locator(`[data-testid="pool-row"][data-card-name="${firstName}"]`);
      await expect(row).toBeVisible();
      await tabTo(page, page.getByTestId('pool-list'));
      const index = Number((await row.getAttribute('id'))!.replace('pool-row-', ''));
      for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press(String(firstCopies));
      await expect(row.getByTestId('pool-in-deck')).toHaveText(`×${firstCopies}`);
      await page.keyboard.press('ControlOrMeta+f');
      await page.keyboard.press('Backspace');
      for (const [name, copies] of rest) await quickAdd(page, name, copies);
    }

    // In the deck list (Tab from the pool reaches it), + and - change the focused entry's count.
    const [mainId] = sections.find(([id]) => !def.deck.sections.find((s) => s.id === id)?.leader)!;
    const entry = page.getByTestId(`deck-section-${mainId}`).getByTestId('deck-entry').first();
    await tabTo(page, page.getByTestId('pool-list'));
    await tabTo(page, entry);
    const [copies, name] = (await entry.getAttribute('aria-label'))!.split(' × ');
    await page.keyboard.press('+');
    await expect(entry).toHaveAttribute('aria-label', `${Number(copies) + 1} × ${name}`);
    await page.keyboard.press('-');
    await expect(entry).toHaveAttribute('aria-label', `${copies} × ${name}`);

    await expect(page.getByTestId('legality-badge')).toHaveText('Legal');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page.getByTestId('toast').filter({ hasText: `Saved “${deckName}”.` })).toBeVisible();

    const [saved] = queryDb<{ doc: string }>('SELECT doc FROM decks WHERE name = ?', deckName);
    const savedSections = (JSON.parse(saved.doc) as SampleDeck).sections;
    const { names } = legalSample(game);
    for (const [sectionId, entries] of sections) {
      const got = (savedSections[sectionId] ?? []).map((e) => [names.get(e.cardId), e.count]);
      expect(got.sort(), sectionId).toEqual([...entries].sort());
    }
  });
}

test('the pool by mouse: double-click and drag add, headers sort, filters narrow the whole library', async ({ page }) => {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('new-deck-name').fill('Mouse deck');
  await page.getByTestId('new-deck').click();
  await page.locator('[data-testid="pool-row"][data-card-name="Pyra, Ashen Marshal"]').dblclick();
  await expect(page.getByTestId('section-count-hero')).toHaveText('1 / 1');
  // Only red and neutral cards once Pyra leads; the toggle lets the others in.
  await page.getByTestId('deck-card-search').fill('tidal');
  await expect(page.getByTestId('pool-total')).toHaveText('0 cards');
  await expect(page.locator('[data-testid="pool-row"][data-card-name="Tidal Oracle"]')).toHaveCount(0);
  await page.getByTestId('pool-only-legal').uncheck();
  await expect(page.locator('[data-testid="pool-row"][data-card-name="Tidal Oracle"]')).toHaveCount(1);
  await page.getByTestId('pool-only-legal').check();
  await page.getByTestId('deck-card-search').fill('');

  await page.getByTestId('pool-sort-cost').click();
  const costs = await page
    .getByTestId('pool-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('.num')[0]?.textContent));
  const numbers = costs.filter((cost) => cost !== '—').map(Number);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  await page.getByTestId('pool-sort-cost').click();
  await expect(page.getByTestId('pool-sort-cost')).toHaveAttribute('data-sort', 'descending');

  await page.getByTestId('pool-type-spell').click();
  await expect(page.getByTestId('pool-row').first()).toBeVisible();
  for (const type of await page.getByTestId('pool-row').locator('.type').allTextContents()) expect(type).toBe('Spell');

  await page.locator('[data-testid="pool-row"][data-card-name="Fire Bolt"]').dragTo(page.getByTestId('deck-section-main'));
  await expect(page.locator('[data-testid="deck-entry"][data-card-name="Fire Bolt"]')).toHaveAttribute(
    'aria-label',
    '1 × Fire Bolt',
  );
  await page.locator('[data-testid="pool-row"][data-card-name="Fire Bolt"]').dblclick();
  await expect(page.locator('[data-testid="deck-entry"][data-card-name="Fire Bolt"]')).toHaveAttribute(
    'aria-label',
    '2 × Fire Bolt',
  );
  await expect(page.getByTestId('section-count-main')).toHaveText('2 / 30');
});
