// How a sorted text search meets its FTS matches (store/search-matches.ts): which match
// expressions FTS5 reads lazily, the cost model's choices at the benchmark's sizes, and the
// bitmap behind cardwright_member.

import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src-main/store/database';
import {
  denseWalk,
  FTS_PREFIX_MAX,
  dropMembers,
  lazyMatch,
  listIsCheaper,
  listLimit,
  registerMemberFunction,
  setMembers,
} from '../../src-main/store/search-matches';

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

describe('the cost model at 100,000 cards', () => {
  const span = 100_000;
  it('lists a two-word search\'s few matches ("ember tide": 2,512) and walks with the bitmap for many ("ember": 19,788)', () => {
    expect(listIsCheaper(0, span)).toBe(true);
    expect(listIsCheaper(2_512, span)).toBe(true);
    expect(listIsCheaper(19_788, span)).toBe(false);
  });

  it('lists no more than listLimit matches (a lazy probe reads one more than that)', () => {
    const most = listLimit(span);
    expect(listIsCheaper(most, span)).toBe(true);
    expect(listIsCheaper(most + 1, span)).toBe(false);
  });

  it('tests cards when matches are dense ("e": 61%) and reads them all when they are not ("em": 20%)', () => {
    expect(denseWalk(0.61, span)).toBe('rows');
    expect(denseWalk(0.2, span)).toBe('member');
  });
});

describe('cardwright_member', () => {
  const opened: Database.Database[] = [];
  afterEach(() => {
    for (const db of opened.splice(0)) db.close();
  });

  it('answers for the rowids held under a key, 0 outside its span, and fails once they are dropped', () => {
    const db = new Database(':memory:');
    opened.push(db);
    registerMemberFunction(db);
    const member = db.prepare<[number, number], number>('SELECT cardwright_member(?, ?)').pluck();
    setMembers(-7, [10, 12, 99], 10, 20);
    expect([9, 10, 11, 12, 20, 21, 99].map((seq) => member.get(-7, seq))).toEqual([0, 1, 0, 1, 0, 0, 0]);
    dropMembers(-7);
    expect(() => member.get(-7, 10)).toThrow(/No search's matches are held under key -7/);
  });
});
