// Cards that share a name in a deck are told apart as a player reads them: the set, "No. 005" and
// the game's distinguishing field by its labels (Miscrits' stage: "Evolution stage").

import { callApi, expect, test } from './fixtures';

test('a deck with two Blazelynx shows each printing by set, number and stage', async ({ page, host }) => {
  const promos = await callApi<{ id: string }>(page, host, 'createSet', { systemId: 'miscrits', name: 'Miscria Promos' });
  const [blazelynx] = await callApi<{ doc: Record<string, unknown> }[]>(page, host, 'getCards', { ids: ['miscrits-wilds-009'] });
  const { evolvesFrom: _from, ...basic } = blazelynx.doc;
  await callApi(page, host, 'saveCard', { id: 'miscrits-promo-005', setId: promos.id, doc: { ...basic, stage: 'basic' } });
  const deck = await callApi<{
    id: string;
    systemId: string;
    name: string;
    sections: Record<string, { cardId: string; count: number }[]>;
  }>(page, host, 'getDeck', { id: 'miscrits-sample-legal' });
  const book = [...deck.sections.book, { cardId: 'miscrits-promo-005', count: 1 }];
  await callApi(page, host, 'saveDeck', {
    deck: { id: deck.id, systemId: deck.systemId, name: deck.name, sections: { ...deck.sections, book } },
  });
  await page.reload();

  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: deck.name }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  const entries = page.locator('[data-testid="deck-entry"][data-card-name="Blazelynx"]');
  await expect(entries).toHaveCount(2);
  await expect(entries.getByTestId('printing-label')).toHaveText([
    'Miscrits: Wilds of Miscria · No. 009 · Evolution stage',
    'Miscria Promos · No. 005 · Basic stage',
  ]);
  await entries.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('printing-labels.png') });
});
