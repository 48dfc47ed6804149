// How a sorted text search meets its FTS matches (store/search-matches.ts): which match
// expressions FTS5 reads lazily, the cost model's choices at the benchmark's sizes, and the
// bitmap a member walk tests in SQL.

import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src-main/store/database';
import {
  denseWalk,
  FTS_PREFIX_MAX,
  lazyMatch,
  listIsCheaper,
  listLimit,
  MEMBER_SQL,
  memberBits,
  probeLimit,
  RANKED_PROBE,
  readUnbounded,
  severalPhrases,
} from '../../src-main/store/search-matches';
import { LIST_MAX } from '../../src-main/store/card-search';
import { rankMarks, type Ranking } from '../../src-main/store/search-ranks';

describe('lazyMatch', () => {
  it('holds for whole tokens and prefixes of up to 6 characters (cards_fts: prefix = 1 2 3 4 5 6)', () => {
    expect(lazyMatch('("e"*)')).toBe(true);
    expect(lazyMatch('("emb"*)')).toBe(true);
    expect(lazyMatch('("ember"*)')).toBe(true);
    expect(lazyMatch('("ember"*) AND ("tide"*)')).toBe(true);
    expect(lazyMatch('(("e"*)) NOT (("tide"*))')).toBe(true);
    expect(lazyMatch('("embers"*)')).toBe(true);
    expect(lazyMatch('("emberstorm")')).toBe(true);
    expect(lazyMatch('("ember t"*)')).toBe(true);
    expect(lazyMatch('{name} : (("em"*))')).toBe(true);
    // A doubled quote is one character of the token; letters are counted, not UTF-8 bytes.
    expect(lazyMatch('("a""b"*)')).toBe(true);
    expect(lazyMatch('("ééééé"*)')).toBe(true);
  });

  it('fails when any prefix is longer: FTS5 merges its tokens before the first match', () => {
    expect(lazyMatch('("embersp"*)')).toBe(false);
    expect(lazyMatch('("ember"*) AND ("tidewat"*)')).toBe(false);
    expect(lazyMatch('(("e"*)) NOT (("thunder"*))')).toBe(false);
    expect(lazyMatch('("abc""def"*)')).toBe(false);
  });

  it('knows the prefix indexes the migrated cards_fts has', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cw-fts-prefix-'));
    const db = openDatabase(dir);
    try {
      const sql = db.prepare<[], string>("SELECT sql FROM sqlite_master WHERE name = 'cards_fts'").pluck().get() ?? '';
      const lengths = /prefix\s*=\s*'([\d ]+)'/.exec(sql)?.[1].split(' ').map(Number);
      expect(lengths).toEqual(Array.from({ length: FTS_PREFIX_MAX }, (_, i) => i + 1));
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('severalPhrases', () => {
  it('counts the quoted phrases, a doubled quote inside one included', () => {
    expect(severalPhrases('("ember"*)')).toBe(false);
    expect(severalPhrases('("ember tide"*)')).toBe(false);
    expect(severalPhrases('("a""b"*)')).toBe(false);
    expect(severalPhrases('("ember"*) AND ("tide"*)')).toBe(true);
    expect(severalPhrases('(("e"*)) NOT (("tide"*))')).toBe(true);
  });
});

describe('the cost model at 100,000 cards', () => {
  const span = 100_000;
  it('lists a two-word search\'s few matches by name ("ember tide": 2,512, its words in the names) and walks by cost', () => {
    expect(listIsCheaper(0, span, 'name')).toBe(true);
    expect(listIsCheaper(2_512, span, 'name')).toBe(true);
    expect(listIsCheaper(2_512, span, 'cost')).toBe(false);
    expect(listIsCheaper(2_512, span, 'set')).toBe(false);
  });

  it('walks with the bitmap for many ("ember": 19,788) in every sort', () => {
    for (const sort of ['name', 'cost', 'type', 'identity', 'set'] as const)
      expect(listIsCheaper(19_788, span, sort)).toBe(false);
  });

  it('lists no more than listLimit matches (a lazy probe reads one more than that)', () => {
    for (const sort of ['name', 'cost'] as const) {
      const most = listLimit(span, sort);
      expect(listIsCheaper(most, span, sort)).toBe(true);
      expect(listIsCheaper(most + 1, span, sort)).toBe(false);
    }
  });

  it('probes as far as a list could go, a ranked phrase only for its density, ranked phrases as far as a list may hold', () => {
    expect(probeLimit('("ember"*)', span, 'name', false, LIST_MAX)).toBe(listLimit(span, 'name'));
    expect(probeLimit('("ember"*)', span, 'name', true, LIST_MAX)).toBe(RANKED_PROBE);
    expect(probeLimit('("ember"*) AND ("tide"*)', span, 'name', true, LIST_MAX)).toBe(LIST_MAX);
    expect(probeLimit('("ember"*)', span, 'name', true, 0)).toBe(0);
  });

  it('tests cards when matches are dense ("e": 61%) and reads them all when they are not ("em": 20%)', () => {
    expect(denseWalk(0.61, span)).toBe('rows');
    expect(denseWalk(0.2, span)).toBe('member');
  });

  it('reads a game’s matches unbounded when the rowids outside its span are few (the sample sets beside 100,000 cards), bounded when another big game is there', () => {
    expect(readUnbounded(span, 141)).toBe(true);
    expect(readUnbounded(span, 0)).toBe(true);
    expect(readUnbounded(span, span)).toBe(false);
    expect(readUnbounded(141, span)).toBe(false);
  });
});

describe('member walk', () => {
  const opened: Database.Database[] = [];
  afterEach(() => {
    for (const db of opened.splice(0)) db.close();
  });

  it('tests each rowid against the bitmap in SQL: 1 for the listed ones, 0 outside them and outside the span', () => {
    const db = new Database(':memory:');
    opened.push(db);
    db.exec('CREATE TABLE card_pool (seq INTEGER PRIMARY KEY)');
    const insert = db.prepare('INSERT INTO card_pool (seq) VALUES (?)');
    for (const seq of [5, 9, 10, 11, 12, 20, 21, 99, 100]) insert.run(seq);
    const member = db
      .prepare<{ members: Buffer; seqLo: number }, number>(`SELECT p.seq FROM card_pool p WHERE ${MEMBER_SQL} ORDER BY p.seq`)
      .pluck();
    expect(member.all({ members: memberBits([10, 12, 20, 99], 10, 20), seqLo: 10 })).toEqual([10, 12, 20]);
    expect(member.all({ members: memberBits([], 10, 20), seqLo: 10 })).toEqual([]);
    expect(member.all({ members: memberBits([100], 100, 100), seqLo: 100 })).toEqual([100]);
  });
});

describe('ranking marks', () => {
  it('marks the place of each of the game’s rowids, nothing for rowids outside it', () => {
    // The game's cards 10, 12, 13, 15 in the order 13, 10, 15, 12; rowid 11 is another game's.
    const ranking: Ranking = { seqs: Int32Array.from([13, 10, 15, 12]), lo: 10, ranks: Int32Array.from([1, -1, 3, 0, -1, 2]) };
    expect([...rankMarks([10, 11, 12, 99, 3], ranking)]).toEqual([0, 1, 0, 1]);
    expect([...rankMarks([13, 15], ranking)]).toEqual([1, 0, 1, 0]);
    expect([...rankMarks([], ranking)]).toEqual([0, 0, 0, 0]);
  });
});
