// searchTokens must split and fold text exactly as SQLite FTS5's `unicode61 remove_diacritics 2`
// does: the same strings go through both, by hand-picked cases, a sweep of every BMP character
// (alone, at a token's start and inside one) and random strings over a mixed alphabet.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TOKEN_BYTES, searchTokens, tokenSpans } from '../../card-schema/search/tokens';
import { sqliteTokens } from './search-sqlite-tokens';

const CASES = [
  'Ember Tide',
  'fire-bolt, (AND) *star* x_y 3/4 +2 cost<=3 "quoted"',
  'Café Noël naïve façade Ångström ŁÓDŹ Øre Ærø',
  'Straße STRASSE ß ẞ',
  'Ελληνικά ΆΈΉ ς σ Σ',
  'Привет, мир! Ёлка йод',
  '日本語のテキスト 中文 한국어',
  'emoji 🔥fire🔥 👍🏽 ❤️ flag🇫🇷',
  'e\u0301 cafe\u0301 \u0301start a\u0308\u0304b',
  'tab\there\nnew\rline\u0000nul\u0007bell\u200bzero width\u00a0nbsp',
  'lone \ud800 surrogate x\udfffy',
  '½ ² ³ ① Ⅻ ٣ ໒',
  'ﬁ ﬂ Ǆ ǅ ǆ İ ı',
  '\ue000private\uf8ff',
  '',
  '   ',
  '---',
];

describe('searchTokens', () => {
  it('matches FTS5 on hand-picked text', () => {
    const expected = sqliteTokens(CASES);
    CASES.forEach((text, index) => expect(searchTokens(text), JSON.stringify(text)).toEqual(expected[index]));
  });

  it('matches FTS5 on every BMP character: alone, starting a token and inside one', () => {
    const texts: string[] = [];
    for (let block = 0; block < 0x10000; block += 512) {
      const parts: string[] = [];
      for (let code = block; code < block + 512; code++) {
        const char = String.fromCharCode(code);
        parts.push(`${char} ${char}z a${char}b`);
      }
      texts.push(parts.join(' '));
    }
    const expected = sqliteTokens(texts);
    texts.forEach((text, index) => expect(searchTokens(text), `block ${index * 512}`).toEqual(expected[index]));
  });

  it('matches FTS5 on characters beyond the BMP (every 61st, and edge cases)', () => {
    const codes = [0x10400, 0x10428, 0x1d400, 0x1f600, 0x20000, 0x2a6d6, 0xe0001, 0xf0000, 0x10fffd, 0x1f1eb];
    for (let code = 0x10000; code <= 0x10ffff; code += 61) codes.push(code);
    const texts: string[] = [];
    for (let i = 0; i < codes.length; i += 400) {
      texts.push(
        codes
          .slice(i, i + 400)
          .map((code) => String.fromCodePoint(code))
          .map((char) => `${char} ${char}z a${char}b`)
          .join(' '),
      );
    }
    const expected = sqliteTokens(texts);
    texts.forEach((text, index) => expect(searchTokens(text), `chunk ${index}`).toEqual(expected[index]));
  });

  it('cuts a token at 32,768 bytes as FTS5 does', () => {
    const texts = [`x ${'y'.repeat(40_000)} z`, 'ж'.repeat(20_000)];
    const expected = sqliteTokens(texts);
    expect(searchTokens(texts[0])).toEqual(expected[0]);
    expect(searchTokens(texts[1])).toEqual(expected[1]);
    expect(new TextEncoder().encode(searchTokens(texts[1])[0]).length).toBe(MAX_TOKEN_BYTES);
  });

  it('matches FTS5 on random strings of a mixed alphabet', () => {
    const alphabet = [
      ...'aZ09 _-."\'*()<=>:!',
      'é',
      'É',
      'ß',
      'ẞ',
      'Σ',
      'ς',
      'Ж',
      'ё',
      '中',
      'の',
      '한',
      '\u0301',
      '\u0308',
      '\u200b',
      '\u00a0',
      '\t',
      '\n',
      '\u0000',
      '🔥',
      '👍🏽',
      '\ud800',
      '\udc00',
      '\ue000',
      'ﬁ',
      'İ',
      '½',
      '٣',
    ];
    const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 50 }), (texts) => {
        const expected = sqliteTokens(texts);
        texts.forEach((value, index) => expect(searchTokens(value)).toEqual(expected[index]));
      }),
      { numRuns: 40 },
    );
  });
});

describe('tokenSpans', () => {
  it('gives each token the UTF-16 range it was typed at', () => {
    const text = 'Café e\u0301 🔥fire';
    expect(tokenSpans(text).map(({ start, end }) => text.slice(start, end))).toEqual(['Café', 'e\u0301', 'fire']);
    expect(tokenSpans(text).map((span) => span.token)).toEqual(['cafe', 'e', 'fire']);
  });

  it('reads 100,000 characters in linear time', () => {
    const text = 'ember tide é '.repeat(8_000);
    const started = performance.now();
    expect(searchTokens(text)).toHaveLength(24_000);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
