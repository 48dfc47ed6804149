// The two worked examples of docs/game-systems.md, "Porting a published game", are real: each
// invented game's folder loads, its sample cards are valid and draw without a warning, its bundle
// is what make-bundle.mjs builds and imports with every card, and each sample deck is judged
// exactly as the chapter says (legal, or illegal with the sentence the chapter quotes), through
// the same API the app uses. Each illegal deck breaks one rule, written from one rulebook
// sentence; the sentences are the invented rulebooks' wording the chapter quotes.

import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { layoutCard, layoutCardBack } from '../../card-schema/layout/layout-card';
import { applyAction, createPlaytest } from '../../card-schema/playtest/engine';
import type { Deck } from '../../card-schema/deck/format';
import type { CardDocument } from '../../card-schema/system/format';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { createCardValidator } from '../../src-main/services/card-validator';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { apiCaller } from './api-call';
import { PORTING_EXAMPLES as EXAMPLES, type PortingExample as Example } from '../fixtures/porting-examples';

const ROOT = resolve(import.meta.dirname, '../..');
const PORTING = join(ROOT, 'docs/porting');
const DOCS = readFileSync(join(ROOT, 'docs/game-systems.md'), 'utf8');
/** The chapter alone, so a quoted message must be in it (not elsewhere on the page). */
const CHAPTER = DOCS.slice(DOCS.indexOf('## Part 4: Porting a published game'));
/** The chapter with its line breaks (and quote marks) as spaces, for the rulebook's wrapped sentences. */
const FLAT_CHAPTER = CHAPTER.replace(/\n(> ?)?/g, ' ');

interface SetFile {
  set: { id: string; systemId: string; name: string };
  cards: { id: string; doc: CardDocument }[];
}
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const folderOf = (game: Example) => join(PORTING, game.id);
const setFileOf = (game: Example) => join(PORTING, `${game.id}-sample-set.json`);
const bundleOf = (game: Example) => join(PORTING, `${game.id}.cardwright-system.json`);
const deckFileOf = (game: Example, deck: string) => join(PORTING, `${game.id}-decks`, `${deck}.deck.json`);

const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-porting-'));
  tmpDirs.push(dir);
  return dir;
}
const opened: Cardwright[] = [];
/** The app over a fresh data folder with no built-in games and no samples. */
function openEmpty(): Cardwright {
  const app = openCardwright({
    dataDir: tmpDir(),
    systemsDir: tmpDir(),
    samplesDir: tmpDir(),
    fontsDir: join(ROOT, 'resources/fonts'),
  });
  opened.push(app);
  return app;
}
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.each(EXAMPLES)('the worked example $name', (game) => {
  it('loads as format 3; every sample card is valid and draws with no layout warning', () => {
    const system = loadGameSystem(folderOf(game));
    expect([system.id, system.name, system.formatVersion]).toEqual([game.id, game.name, 3]);
    const setFile = readJson(setFileOf(game)) as SetFile;
    expect(setFile.set).toMatchObject({ systemId: game.id, name: game.setName });
    expect(setFile.cards.length).toBeGreaterThanOrEqual(20);
    expect(setFile.cards.length).toBeLessThanOrEqual(40);
    const validate = createCardValidator(system);
    const problems = setFile.cards.flatMap((card) => {
      const drawn = layoutCard(system, card.doc);
      const texts = drawn.ops.flatMap((op) => (op.op === 'text' ? [op.text] : []));
      return [
        ...validate(card.doc).map((issue) => `${card.id}: ${issue.message}`),
        ...(drawn.warnings ?? []).map((warning) => `${card.id}: ${warning.message}`),
        ...(texts.includes(card.doc.name) ? [] : [`${card.id}: the name is not drawn`]),
      ];
    });
    expect(problems).toEqual([]);
    expect(layoutCardBack(system).warnings ?? []).toEqual([]);
    if (game.id === 'kitefall') {
      // "Six cards come in more than one art (seven alternate printings in all)": same name and number, another art.
      const printings = new Map<string, string[]>();
      for (const { doc } of setFile.cards) {
        const card = `${doc.name} #${String(doc.number)}`;
        printings.set(card, [...(printings.get(card) ?? []), String(doc.art)]);
      }
      const shared = [...printings].filter(([, arts]) => arts.length > 1);
      expect(shared.map(([card]) => card)).toEqual([
        'Wren Halyard #1',
        'Ember Skiff #10',
        'Twin-Sail Corsair #12',
        'Thunderhead Barge #13',
        'Mistral Courier #19',
        'Rope Coil #31',
      ]);
      expect(shared.reduce((n, [, arts]) => n + arts.length - 1, 0)).toBe(7);
      for (const [, arts] of shared) expect(new Set(arts).size).toBe(arts.length);
    }
  });

  it('ships a bundle that is exactly what make-bundle.mjs builds from the folder and the set file', () => {
    const out = join(tmpDir(), 'rebuilt.cardwright-system.json');
    execFileSync(process.execPath, [join(ROOT, 'docs/tutorial/make-bundle.mjs'), folderOf(game), setFileOf(game), out], {
      stdio: 'pipe',
    });
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(bundleOf(game), 'utf8'));
  });

  it('imports through the API with every card, and judges each sample deck as the chapter says', async () => {
    const call = apiCaller(openEmpty());
    const result = await call('importSystem', {
      fileName: `${game.id}.cardwright-system.json`,
      text: readFileSync(bundleOf(game), 'utf8'),
    });
    const setFile = readJson(setFileOf(game)) as SetFile;
    expect(result.system).toMatchObject({ id: game.id, name: game.name, builtIn: false });
    expect(result.sets.map((s) => [s.set.name, s.imported, s.rejected])).toEqual([[game.setName, setFile.cards.length, []]]);

    // The folder holds exactly the decks the chapter describes.
    const files = readdirSync(join(PORTING, `${game.id}-decks`)).sort();
    expect(files).toEqual(
      Object.keys(game.decks)
        .map((deck) => `${deck}.deck.json`)
        .sort(),
    );
    for (const [name, expected] of Object.entries(game.decks)) {
      const deck = await call('importDeck', {
        fileName: `${name}.deck.json`,
        text: readFileSync(deckFileOf(game, name), 'utf8'),
      });
      const report = await call('checkDeck', { deck });
      expect(
        report.violations.map((v) => [v.code, v.message]),
        name,
      ).toEqual(expected.violations);
      expect(report.legal, name).toBe(expected.violations.length === 0);
      for (const [, message] of expected.violations) expect(CHAPTER, name).toContain(message);
      if (expected.rulebook) expect(FLAT_CHAPTER, name).toContain(expected.rulebook);
      if (expected.alsoIn) {
        const other = await call('checkDeck', { deck: { ...deck, format: expected.alsoIn.format } });
        expect(other.legal, `${name} in ${expected.alsoIn.format}`).toBe(expected.alsoIn.legal);
      }
    }
  });
});

describe('the porting mistakes the chapter shows', () => {
  const kitefall = EXAMPLES[0];
  it.each([
    ['"by": ["number"]', '"by": ["numbr"]', 'kitefall/system.json at /deck/rules/5/by/0: no card type has a field "numbr"'],
    [
      '"sizes": [0, 10]',
      '"sizes": [0, 10], "min": 0',
      'kitefall/system.json at /deck/rules/2/sizes: lists the allowed sizes itself: give "sizes" or "min"/"max", not both',
    ],
    [
      '{ "field": "number", "in": [13, 21] }',
      '{ "field": "collector", "in": [13, 21] }',
      'kitefall/system.json at /deck/formats/0/banned/0/where/0/field: no card type has a field "collector"',
    ],
  ])('%s -> %s', (from, to, message) => {
    const dir = join(tmpDir(), 'kitefall');
    cpSync(folderOf(kitefall), dir, { recursive: true });
    const text = readFileSync(join(dir, 'system.json'), 'utf8');
    expect(text).toContain(from);
    writeFileSync(join(dir, 'system.json'), text.replace(from, to));
    expect(() => loadGameSystem(dir)).toThrow(message);
    expect(CHAPTER).toContain(message);
  });
});

describe('the worked examples on the playtest board', () => {
  const sampleDeck = (game: (typeof EXAMPLES)[number], name: string) =>
    (readJson(deckFileOf(game, name)) as { deck: Pick<Deck, 'sections' | 'format'> }).deck;
  const lookupOf = (game: (typeof EXAMPLES)[number]) => {
    const docs = new Map((readJson(setFileOf(game)) as SetFile).cards.map((card) => [card.id, card.doc]));
    return (id: string) => docs.get(id);
  };

  it('Kitefall: "deals cards equal to their Captain\'s Life face down from the deck into their Life area"', () => {
    const kitefall = EXAMPLES[0];
    expect(FLAT_CHAPTER).toContain("deals cards equal to their Captain's Life face down from the deck into their Life area");
    const system = loadGameSystem(folderOf(kitefall));
    const start = createPlaytest(system, sampleDeck(kitefall, 'legal'), lookupOf(kitefall), 7);
    // Wren Halyard (Life 5) is on the Skies; 5 cards in hand; the Life area is dealt at the keep.
    expect(start.zones.skies.map((id) => start.cards[id].name)).toEqual(['Wren Halyard']);
    expect([start.zones.hand.length, start.zones.life.length, start.zones.deck.length]).toEqual([5, 0, 15]);
    const top = start.zones.deck.slice(0, 5);
    const kept = applyAction(start, { type: 'keep' });
    expect(kept.zones.life).toEqual(top);
    expect(top.every((id) => kept.table[id]?.faceDown === true)).toBe(true);
    // "The player going first skips their first draw": turn 1 starts with the same 5 cards.
    expect(FLAT_CHAPTER).toContain('The player going first skips their first draw.');
    expect([kept.zones.hand.length, kept.zones.life.length, kept.zones.deck.length]).toEqual([5, 5, 10]);
    // "A player may mulligan once."
    expect(FLAT_CHAPTER).toContain('A player may mulligan once.');
    const once = applyAction(start, { type: 'mulligan' });
    expect(() => applyAction(once, { type: 'mulligan' })).toThrow(
      'No more mulligans: this game allows at most 1; keep this hand.',
    );
  });

  it('Gildhollow: "Your opening hand has as many cards as your Hero\'s Vigor."', () => {
    const gildhollow = EXAMPLES[1];
    expect(FLAT_CHAPTER).toContain("Your opening hand has as many cards as your Hero's Vigor.");
    const system = loadGameSystem(folderOf(gildhollow));
    // Orsa Quillmarch has Vigor 5; Orsa, Tidebound 6.
    const orsa = createPlaytest(system, sampleDeck(gildhollow, 'legal'), lookupOf(gildhollow), 3);
    expect([orsa.zones.hand.length, orsa.zones.deck.length]).toEqual([5, 15]);
    const tidebound = createPlaytest(system, sampleDeck(gildhollow, 'legal-variant'), lookupOf(gildhollow), 3);
    expect([tidebound.zones.hand.length, tidebound.zones.deck.length]).toEqual([6, 14]);
  });
});

describe('the JSON the chapter quotes', () => {
  /** The chapter's JSON blocks of one example, parsed (a block of object members is read inside braces). */
  function quotedJson(from: string, to: string): Record<string, unknown>[] {
    const part = CHAPTER.slice(CHAPTER.indexOf(from), to ? CHAPTER.indexOf(to) : undefined);
    return [...part.matchAll(/```json\n([\s\S]*?)```/g)].map(([, text]) => {
      const body = text.trim();
      return JSON.parse(body.startsWith('{') ? body : `{${body}}`) as Record<string, unknown>;
    });
  }

  it.each([
    [EXAMPLES[0], '### Example 1: Kitefall', '### Example 2: Gildhollow'],
    [EXAMPLES[1], '### Example 2: Gildhollow', '### Mistakes the loader catches'],
  ])("$name: every rule, section list, format list, identity and board value quoted is the game's own", (game, from, to) => {
    const system = JSON.parse(readFileSync(join(folderOf(game), 'system.json'), 'utf8')) as {
      identity: unknown;
      deck: Record<string, unknown> & { rules: { id: string }[] };
      board: Record<string, unknown>;
    };
    let compared = 0;
    for (const block of quotedJson(from, to)) {
      // A quote may leave out members (descriptions); every member it shows must be the file's.
      if (typeof block.kind === 'string') {
        expect(
          system.deck.rules.find((r) => r.id === block.id),
          String(block.id),
        ).toMatchObject(block);
        compared++;
        continue;
      }
      for (const [key, value] of Object.entries(block)) {
        const own = key === 'identity' ? system.identity : key in system.board ? system.board[key] : system.deck[key];
        if (own === undefined) continue; // a schema or identity-value snippet, not a system.json member
        if (typeof value === 'object' && value !== null) expect(own, key).toMatchObject(value);
        else expect(own, key).toEqual(value);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(game.id === 'kitefall' ? 12 : 3);
  });
});
