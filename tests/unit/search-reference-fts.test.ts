// The reference matcher's free text against SQLite FTS5 itself: the sample cards' names and
// search texts in an FTS5 table (two columns, the library's tokenizer), and random words, prefixes
// and phrases taken from them. Each term must find the same cards in both.

import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { TextTerm } from '../../card-schema/search/query';
import { cardMatchesSearch } from '../../card-schema/search/reference';
import { searchTokens } from '../../card-schema/search/tokens';
import { freeTextOf } from '../../card-schema/search/field-index';
import { samples } from './search-samples';

const db = new Database(':memory:');
db.exec(`CREATE VIRTUAL TABLE cards_fts USING fts5(name, search_text, tokenize = 'unicode61 remove_diacritics 2')`);
const insert = db.prepare('INSERT INTO cards_fts(rowid, name, search_text) VALUES (?, ?, ?)');
db.transaction(() => samples.cards.forEach((card, index) => insert.run(index + 1, card.doc.name, card.searchText)))();
const matching = db.prepare('SELECT rowid FROM cards_fts WHERE cards_fts MATCH ? ORDER BY rowid').pluck();
afterAll(() => db.close());

/** The term as an FTS5 query: one quoted phrase of its tokens, `*` for a prefix. */
function ftsQuery(term: TextTerm): string {
  return `"${term.tokens.join(' ').replace(/"/g, '""')}"${term.prefix ? ' *' : ''}`;
}

function bySql(term: TextTerm): number[] {
  return matching.all(ftsQuery(term)) as number[];
}

function byReference(term: TextTerm): number[] {
  const search = { systemId: '', text: { include: [term], exclude: [] }, fields: [] };
  return samples.cards.flatMap((card, index) => (cardMatchesSearch(card, search) ? [index + 1] : []));
}

/** Runs of one to three tokens next to each other in a sample card's name or free text (not its field index). */
const runs = samples.cards.flatMap((card) =>
  [card.doc.name, freeTextOf(card.searchText)].flatMap((text) => {
    const tokens = searchTokens(text);
    return tokens.flatMap((_, start) =>
      [1, 2, 3].map((length) => tokens.slice(start, start + length)).filter((run) => run.length > 0),
    );
  }),
);

const term = fc.record({
  run: fc.constantFrom(...runs),
  cut: fc.nat({ max: 6 }),
  prefix: fc.boolean(),
});

describe('the reference matcher against FTS5', () => {
  it('finds the cards FTS5 finds for words, prefixes and phrases from the cards', () => {
    fc.assert(
      fc.property(term, ({ run, cut, prefix }) => {
        const tokens = [...run];
        const last = tokens[tokens.length - 1];
        if (prefix && cut > 0 && last.length > cut) tokens[tokens.length - 1] = last.slice(0, last.length - cut);
        const one: TextTerm = { tokens, prefix };
        expect(byReference(one), ftsQuery(one)).toEqual(bySql(one));
      }),
      { numRuns: 300 },
    );
  });

  it('never lets a phrase run from the name into the text', () => {
    const card = samples.cards[0];
    const spanning: TextTerm = {
      tokens: [searchTokens(card.doc.name).at(-1) ?? '', searchTokens(card.searchText)[0]],
      prefix: false,
    };
    expect(byReference(spanning)).toEqual(bySql(spanning));
    expect(byReference(spanning)).not.toContain(1);
  });
});
