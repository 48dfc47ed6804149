// Print problems (services/print-problems.ts) on a test set with one card of each kind: text cut
// after shrinking, characters no font has, art under 300 dpi (a real 120 × 90 PNG in the image
// library), a symbol the game lacks, and text that fits the game's card but is cut at the card
// size chosen for the print. The list is asked through the API, as the print dialog asks, and
// read from a real PDF export's notes; both must be complete and exact.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { CardDocument } from '../../card-schema/system/format';
import { DEFAULT_PRINT_OPTIONS, type PrintOptions } from '../../card-schema/print/print-options';
import type { PrintProblem, PrintSource } from '../../src-main/api/contract';
import type { Cardwright } from '../../src-main/api/service';
import { apiCaller, type Call } from './api-call';
import { FALLBACK_MARK } from '../../card-schema/layout/fonts';
import { layoutCard } from '../../card-schema/layout/layout-card';
import { artWarnings } from '../../card-schema/layout/art-warnings';
import { openSampleCardwright } from './sample-app';
import { findPrintProblems, printProblemNotes } from '../../src-main/services/print-problems';

const LONG_RULES =
  'When this unit enters, each player discards a card. At the start of your upkeep, if you control no other units, gain ' +
  '2 Mana and draw a card. Whenever an enemy unit moves within 3" of this unit, it must stop moving and take 1 damage. ' +
  'Then it sleeps, and sleeps, and dreams of the long war that came before all of this.';
// 66 words: set at the smallest size on the game's 63 × 88 mm card; at Japanese size (59 × 86 mm)
// the 0.5 pt shrink steps cannot reach the scaled smallest size, so the last words are cut.
const ALMOST_FULL =
  'When this unit enters each player discards a card and then draws two cards if they control a unit within range of the enemy leader at the start of the turn '
    .repeat(4)
    .split(' ')
    .slice(0, 66)
    .join(' ');

const creature = (name: string, extra: Partial<CardDocument>): CardDocument => ({
  type: 'creature',
  name,
  colors: ['red'],
  cost: 1,
  atk: 1,
  hp: 1,
  spd: 1,
  ap: 1,
  ...extra,
});

let dataDir: string;
let app: Cardwright;
let call: Call;
let setId: string;
let source: PrintSource;
const ids: Record<string, string> = {};
let artId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-print-problems-'));
  app = openSampleCardwright(dataDir);
  call = apiCaller(app);
  setId = (await call('createSet', { systemId: 'osmcg', name: 'Problem Set' })).id;
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
  artId = (await call('addImage', { fileName: 'tiny.png', bytes: new Uint8Array(png) })).id;
  const cards: [string, CardDocument][] = [
    ['fine', creature('Plain Whelp', { text: 'Draw a card.' })],
    ['cut', creature('Long Winded', { keywords: [{ kw: 'Haste' }], text: LONG_RULES })],
    ['glyphs', creature('Runic Seer', { text: 'Roll ᚠᚢ to win.' })],
    ['art', creature('Blurry Drake', { art: { id: artId } })],
    ['symbol', creature('Odd Token', { text: '{Q}: gain 1 {mana}.' })],
    ['almost', creature('Almost Full', { text: ALMOST_FULL })],
  ];
  for (const [key, doc] of cards) {
    const saved = await call('saveCard', { setId, doc });
    if (!saved.ok) throw new Error(`${doc.name}: ${JSON.stringify(saved.issues)}`);
    ids[key] = saved.card.id;
  }
  source = { kind: 'set', setId };
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const print = (change: Partial<PrintOptions> = {}): PrintOptions => ({ ...DEFAULT_PRINT_OPTIONS, ...change });

/** A problem without its message: who, what kind, where. */
const brief = (problem: PrintProblem) => [problem.cardName, problem.kind, problem.field ?? ''];

describe('printProblems (the print dialog’s list)', () => {
  it('lists every problem of the set at the game’s size, card by card in print order, in the library’s words', async () => {
    const list = await call('printProblems', { source, print: print() });
    expect(list.total).toBe(4);
    expect(list.problems.map(brief)).toEqual([
      ['Long Winded', 'text-cut', '/text'],
      ['Runic Seer', 'missing-glyphs', '/text'],
      ['Blurry Drake', 'art-resolution', '/art'],
      ['Odd Token', 'unknown-symbol', '/text'],
    ]);
    for (const problem of list.problems) {
      expect(problem.setName).toBe('Problem Set');
      expect(problem.cardId).toBe(
        ids[{ 'Long Winded': 'cut', 'Runic Seer': 'glyphs', 'Blurry Drake': 'art', 'Odd Token': 'symbol' }[problem.cardName]!],
      );
    }
    const [cut, glyphs, art, symbol] = list.problems.map((problem) => problem.message);
    expect(cut).toMatch(
      /^Too long for its box: even at [\d.]+ pt it needs \d+ lines where \d+ fit, so the card is printed with the text cut off/,
    );
    expect(glyphs).toBe(`No card font has “ᚠ” (U+16A0), “ᚢ” (U+16A2): printed as ${FALLBACK_MARK}.`);
    expect(art).toMatch(
      /^This art prints at \d+ dpi in its box \(300 dpi looks sharp\): use a picture at least \d+ × \d+ pixels/,
    );
    expect(symbol).toMatch(/^\{Q\} is no symbol of this game, so it prints as typed; its symbols are \{atk\}/);
    // Word for word what the library row and the editor say (lib/layout-warnings.ts: the layout's own, then the art's).
    const records = await call('getCards', { ids: list.problems.map((problem) => problem.cardId) });
    const system = app.systems.find((game) => game.id === 'osmcg')!;
    const library = records.flatMap((record) => {
      const drawing = layoutCard(system, record.doc);
      return [
        ...(drawing.warnings ?? []),
        ...artWarnings(drawing, (id) => (id === artId ? { width: 120, height: 90 } : undefined)),
      ];
    });
    expect(list.problems.map((problem) => [problem.kind, problem.message])).toEqual(
      library.map((warning) => [warning.code, warning.message]),
    );
  });

  it('names the text the chosen card size cuts, saying both sizes, and lays the art out at that size', async () => {
    const list = await call('printProblems', { source, print: print({ cardSize: 'japanese' }) });
    expect(list.problems.map(brief)).toEqual([
      ['Long Winded', 'text-cut', '/text'],
      ['Runic Seer', 'missing-glyphs', '/text'],
      ['Blurry Drake', 'art-resolution', '/art'],
      ['Odd Token', 'unknown-symbol', '/text'],
      ['Almost Full', 'text-cut-by-card-size', '/text'],
    ]);
    expect(list.problems[4].message).toMatch(
      /^Cut by the card size chosen for this print \(59 × 86 mm\): it fits on the game's 63 × 88 mm card\. Too long for its box/,
    );
  });

  it('leaves out cards whose count is 0, and finds nothing on a clean card', async () => {
    const list = await call('printProblems', {
      source,
      print: print(),
      cardCopies: { [ids.cut]: 0, [ids.glyphs]: 0, [ids.art]: 0, [ids.symbol]: 0 },
    });
    expect(list).toEqual({ problems: [], total: 0 });
  });

  it('has no problem on any card of the sample sets (so their exports exit 0)', async () => {
    for (const set of await call('listSets', {})) {
      if (set.id === setId) continue;
      const list = await call('printProblems', { source: { kind: 'set', setId: set.id }, print: print() });
      expect(list.problems.map((problem) => `${set.name}: ${problem.cardName}: ${problem.message}`)).toEqual([]);
    }
  });
});

describe('the export’s notes', () => {
  it('carry the same problems as the dialog, with the same words, and the PDF is written', async () => {
    const result = await call('exportPdf', { source, print: print({ cardSize: 'japanese' }) });
    expect(result.bytes.byteLength).toBeGreaterThan(1000);
    const list = await call('printProblems', { source, print: print({ cardSize: 'japanese' }) });
    expect(result.warnings?.problems).toEqual(list.problems);
    expect(result.warnings?.problemCount).toBe(5);
    expect(result.warnings?.cards).toBe(5);
    expect(result.warnings?.messages[0]).toBe(`“Long Winded” (Problem Set): ${list.problems[0].message}`);
  });

  it('group several problems of one card into one note', () => {
    const problems: PrintProblem[] = [
      { cardId: 'a', cardName: 'A', kind: 'text-cut', message: 'Cut.', field: '/text' },
      { cardId: 'a', cardName: 'A', kind: 'art-resolution', message: 'Soft.', field: '/art' },
      { cardId: 'b', cardName: 'B', setName: 'S', kind: 'unknown-symbol', message: 'Odd.' },
    ];
    expect(printProblemNotes(problems)).toEqual({
      cards: 2,
      messages: ['“A”: Cut. Soft.', '“B” (S): Odd.'],
      problems,
      problemCount: 3,
    });
    expect(printProblemNotes([])).toBeUndefined();
  });
});

describe('findPrintProblems', () => {
  it('lays out each distinct card once, however often it prints, and asks for picture sizes and set names once', async () => {
    const [record] = await call('getCards', { ids: [ids.art] });
    const system = app.systems.find((game) => game.id === 'osmcg')!;
    let layouts = 0;
    let sizeAsks = 0;
    const item = { cardId: record.id, system, doc: record.doc, copies: 3 };
    const problems = findPrintProblems([item, item, { ...item, copies: 0 }], 'game', {
      imageSizes: (asked) => {
        sizeAsks++;
        expect(asked).toEqual([artId]);
        return new Map([[artId, { width: 120, height: 90 }]]);
      },
      setNames: () => new Map([[record.id, 'Problem Set']]),
      layout: (at, doc) => {
        layouts++;
        return layoutCard(at, doc);
      },
    });
    expect([layouts, sizeAsks]).toEqual([1, 1]);
    expect(problems.map(brief)).toEqual([['Blurry Drake', 'art-resolution', '/art']]);
  });
});
