// Per game in the browser: each game's legal sample deck, exported as a text list, pasted back
// with a typo in one card's name. The import dialog names the line and offers the right card;
// one click fixes it, and the deck saved holds exactly the sample's cards.

import { callApi, expect, test } from './fixtures';

interface Entry {
  cardId: string;
  count: number;
}
interface Deck {
  id: string;
  name: string;
  systemId: string;
  sections: Record<string, Entry[]>;
}
/** A file over the HTTP transport: its bytes as `{ "$bytes": base64 }` (src-main/api/wire.ts). */
interface FileBlob {
  bytes: { $bytes: string };
}

const GAMES = ['osmcg', 'muhq', 'odd-frontier', 'miscrits', 'omms'];

/** Sections without empty ones, each sorted by card id: what two decks must share to be the same. */
const cardsOf = (sections: Record<string, Entry[]>) =>
  Object.fromEntries(
    Object.entries(sections)
      .filter(([, entries]) => entries.length > 0)
      .map(([id, entries]) => [
        id,
        entries.map(({ cardId, count }) => ({ cardId, count })).sort((a, b) => a.cardId.localeCompare(b.cardId)),
      ]),
  );

/** Two letters of the name's longest word swapped: a typo a player makes. */
function typo(name: string): string {
  const word = name.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a));
  const at = Math.floor(word.length / 2) - 1;
  const typed = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return name.replace(word, typed);
}

for (const game of GAMES) {
  test(`${game}: a pasted list with a typo is fixed from the suggestion and imported as the sample deck`, async ({
    page,
    host,
  }) => {
    const call = <T>(method: string, input: unknown) => callApi<T>(page, host, method, input);
    const summaries = await call<Deck[]>('listDecks', { systemId: game });
    const legal = summaries.find((deck) => /legal/i.test(deck.id) && !/illegal/i.test(deck.id)) ?? summaries[0];
    const sample = await call<Deck>('getDeck', { id: legal.id });
    const blob = await call<FileBlob>('exportDeckList', { id: sample.id, format: 'text' });
    const text = Buffer.from(blob.bytes.$bytes, 'base64').toString('utf8');
    // The first card line under a section header gets the typo ("2 Ember Hound" → "2 Embre Hound").
    const lines = text.split('\n');
    const firstHeader = lines.findIndex((line) => /:\s*$/.test(line));
    const index = lines.findIndex((line, at) => at > firstHeader && /^\d+x? \S/.test(line));
    const original = lines[index].replace(/^\d+x? /, '').replace(/ \([^()]*\)$/, '');
    lines[index] = lines[index].replace(original, typo(original));
    const pasted = lines.join('\n').replace(/^\/\/ name: .*$/m, `// name: Pasted ${game}`);

    await page.getByTestId('nav-decks').click();
    await page.getByTestId('import-deck').click();
    const dialog = page.getByTestId('deck-import-dialog');
    await dialog.getByTestId('import-game').selectOption(game);
    await dialog.getByTestId('import-text').fill(pasted);

    const problem = dialog.getByTestId('import-problem');
    await expect(problem).toHaveCount(1);
    await expect(problem).toHaveAttribute('data-line', String(index + 1));
    await expect(problem).toContainText('Did you mean');
    await expect(dialog.getByTestId('import-confirm')).toBeDisabled();
    await problem
      .getByTestId('import-suggestion')
      .filter({ hasText: new RegExp(`^${original.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .first()
      .click();
    await dialog.getByTestId('import-confirm').click();
    await expect(page.getByTestId('deck-builder')).toBeVisible();

    const imported = (await call<Deck[]>('listDecks', { systemId: game })).find((deck) => deck.name === `Pasted ${game}`);
    expect(imported, `the imported ${game} deck`).toBeDefined();
    const saved = await call<Deck>('getDeck', { id: imported!.id });
    expect(cardsOf(saved.sections)).toEqual(cardsOf(sample.sections));
  });
}
