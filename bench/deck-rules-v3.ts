// Format-v3 deck rules at scale (issue 13): a generated game of 5,000 cards, 3,000 of them
// alternate printings sharing a collector number, checked with identity by two fields (colors
// intersect, classes or hero-specific), copy limits per collector number and per name + variant,
// alternative resource-deck sizes and ban/restricted lists by number, none generated per card.
// The baseline, timed in the same run on the same deck: the v2 name-based rules.

import { evaluateDeck } from '../card-schema/deck/evaluate';
import type { DeckEntry, DeckRule } from '../card-schema/deck/format';
import type { CardDocument, GameSystem } from '../card-schema/system/format';
import { median, ms, timeRuns, type Measurement } from './measure';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../src-main/store/store';
import { SystemRegistry } from '../src-main/services/system-registry';
import { ImageLibrary } from '../src-main/images/image-library';
import { deckSummaries } from '../src-main/services/deck-library';
import type { Library } from '../src-main/services/library';

const UNIQUE = 2_000;
const PRINTINGS = 3_000;
const COLORS = ['red', 'green', 'blue', 'gold', 'grey'];
const CLASSES = ['warrior', 'mage', 'rogue', 'druid'];

function generatedLibrary(): Map<string, CardDocument> {
  const library = new Map<string, CardDocument>();
  for (let i = 0; i < UNIQUE + PRINTINGS; i++) {
    const number = (i % UNIQUE) + 1;
    const colors = [COLORS[number % 5], ...(number % 3 === 0 ? [COLORS[(number + 1) % 5]] : [])];
    library.set(`gen-${i}`, {
      type: number <= 20 ? 'leader' : number % 10 === 0 ? 'resource' : 'unit',
      // Some different cards share a name: the name repeats every 1,500 numbers.
      name: `Card ${number % 1_500}`,
      number,
      variant: i < UNIQUE ? 'regular' : i < UNIQUE + PRINTINGS / 2 ? 'alternate art' : 'foil',
      colors,
      classes: [CLASSES[number % 4], ...(number % 5 === 0 ? [CLASSES[(number + 1) % 4]] : [])],
      ...(number % 50 === 7 ? { heroes: [`Card ${(number % 20) + 1}`] } : {}),
    });
  }
  return library;
}

function game(rules: DeckRule[], format: NonNullable<GameSystem['deck']['formats']>[number]): GameSystem {
  return {
    formatVersion: 3,
    id: 'generated',
    name: 'Generated',
    version: '1.0.0',
    card: { widthMm: 63, heightMm: 88 },
    identity: { field: 'colors', label: 'Color', values: COLORS.map((id) => ({ id, label: id, color: '#888' })) },
    cardTypes: ['leader', 'unit', 'resource'].map((id) => ({ id, label: id, schema: {}, layout: 'plain' })),
    layouts: {},
    deck: {
      sections: [
        { id: 'leader', label: 'Leader', types: ['leader'], leader: true },
        { id: 'main', label: 'Main deck', types: ['unit'] },
        { id: 'resources', label: 'Resource deck', types: ['resource'] },
      ],
      rules,
      formats: [format],
    },
    board: {} as GameSystem['board'],
  };
}

const bannedNumbers = Array.from({ length: 40 }, (_, i) => 1_990 - i * 3);

const v3Game = game(
  [
    { kind: 'sectionSize', section: 'leader', min: 1, max: 1 },
    { kind: 'sectionSize', section: 'main', min: 60, max: 60 },
    { kind: 'sectionSize', section: 'resources', sizes: [0, 10] },
    {
      kind: 'identity',
      leaderSection: 'leader',
      sections: ['main', 'resources'],
      checks: [{ field: 'colors', mode: 'intersects' }],
    },
    {
      kind: 'identity',
      leaderSection: 'leader',
      sections: ['main'],
      combine: 'any',
      checks: [
        { field: 'classes', mode: 'intersects', label: 'class' },
        { field: 'heroes', leaderField: 'name', mode: 'intersects', label: 'hero' },
      ],
    },
    { kind: 'copyLimit', max: 4, by: ['number'], overrides: [{ match: { types: ['leader'] }, max: 1 }] },
    { kind: 'copyLimit', max: 3, by: ['name', 'variant'] },
  ],
  {
    id: 'open',
    label: 'Open',
    banned: [{ where: [{ field: 'number', in: bannedNumbers }] }],
    restricted: [{ match: { where: [{ field: 'number', equals: 1_999 }] }, max: 1 }],
  },
);

const v2Game = game(
  [
    { kind: 'sectionSize', section: 'leader', min: 1, max: 1 },
    { kind: 'sectionSize', section: 'main', min: 60, max: 60 },
    { kind: 'sectionSize', section: 'resources', max: 10 },
    { kind: 'identitySubset', leaderSection: 'leader', sections: ['main', 'resources'] },
    { kind: 'copyLimit', max: 4, countBy: 'name' },
  ],
  {
    id: 'open',
    label: 'Open',
    banned: bannedNumbers.map((n) => `Card ${n % 1_500}`),
    restricted: [{ name: 'Card 499', max: 1 }],
  },
);

/** A legal deck: a leader, 60 main-deck cards (pairs of printings sharing a number), 10 resources. */
function deckOf(library: Map<string, CardDocument>) {
  const [leaderId, leader] = [...library].find(([, doc]) => doc.type === 'leader')!;
  const fits = (doc: CardDocument) =>
    (doc.colors as string[]).some((c) => (leader.colors as string[]).includes(c)) &&
    (doc.classes as string[]).some((c) => (leader.classes as string[]).includes(c)) &&
    !bannedNumbers.includes(doc.number as number);
  const main: DeckEntry[] = [];
  const resources: DeckEntry[] = [];
  let mainCopies = 0;
  let resourceCopies = 0;
  // Each card's regular printing next to its alternate one, so the deck holds printings sharing numbers.
  const order = Array.from({ length: UNIQUE }, (_, i) => [`gen-${i}`, `gen-${i + UNIQUE}`]).flat();
  for (const id of order) {
    const doc = library.get(id);
    if (!doc || !fits(doc)) continue;
    if (doc.type === 'unit' && mainCopies < 60) {
      main.push({ cardId: id, count: 1 });
      mainCopies++;
    }
    if (doc.type === 'resource' && resourceCopies < 10) {
      resources.push({ cardId: id, count: 1 });
      resourceCopies++;
    }
  }
  return { systemId: 'generated', sections: { leader: [{ cardId: leaderId, count: 1 }], main, resources } };
}

export async function measureDeckRulesV3(): Promise<Measurement[]> {
  const library = generatedLibrary();
  const deck = deckOf(library);
  const lookup = (id: string) => library.get(id);
  const v3 = evaluateDeck(v3Game, deck, lookup);
  if (!v3.legal) throw new Error(`the benchmark deck should be legal: ${v3.violations.map((v) => v.message).join(' ')}`);
  const baseline = await timeRuns(2_000, () => evaluateDeck(v2Game, deck, lookup), 100);
  const times = await timeRuns(2_000, () => evaluateDeck(v3Game, deck, lookup), 100);
  const size = `${library.size.toLocaleString('en')} cards, ${PRINTINGS.toLocaleString('en')} printings sharing numbers`;
  return [
    {
      name: `evaluateDeck, format v3 rules (identity by 2 fields, copy limits by number and name + variant, sizes 0 or 10, bans by number), ${size}, 71-card deck, median`,
      value: ms(median(times)),
      target: '≤ 0.2 ms',
      note: `baseline in the same run, v2 name-based rules on the same deck: ${ms(median(baseline))}`,
    },
  ];
}

/**
 * Listing 100 decks of that game as the Decks view does (listDecks: each deck read from SQLite
 * and judged, its cards read by id), next to a raw SQL baseline that only reads and parses the
 * 100 deck rows. The game is registered as an object, so the listing is the listDecks handler's
 * own body (deckSummaries) without the IPC envelope.
 */
export async function measureDeckListing(): Promise<Measurement[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cardwright-bench-decks-'));
  const store = openStore(dir);
  try {
    const library = generatedLibrary();
    const now = new Date().toISOString();
    store.db.transaction(() => {
      store.db
        .prepare('INSERT INTO sets (id, system_id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run('generated-set', 'generated', 'Generated', '', now, now);
      const card = store.db.prepare(
        'INSERT INTO cards (id, set_id, doc, search_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      );
      for (const [id, doc] of library) card.run(id, 'generated-set', JSON.stringify(doc), '', now, now);
    })();
    const deck = deckOf(library);
    for (let i = 0; i < 100; i++)
      store.decks.save({ systemId: 'generated', name: `Deck ${i}`, format: 'open', sections: deck.sections });
    const lib: Library = {
      store,
      systems: new SystemRegistry([{ system: v3Game, dir, builtIn: false }]),
      images: new ImageLibrary(store, dir),
    };
    const listed = deckSummaries(lib);
    if (listed.length !== 100 || !listed.every((summary) => summary.legal))
      throw new Error('the 100 benchmark decks should be listed as legal');
    const rows = store.db.prepare<[], { doc: string }>(
      'SELECT id, system_id, name, doc, updated_at FROM decks ORDER BY name COLLATE NOCASE, id',
    );
    const raw = await timeRuns(50, () => rows.all().map((row) => JSON.parse(row.doc) as unknown), 5);
    const times = await timeRuns(50, () => deckSummaries(lib), 5);
    return [
      {
        name: `listDecks, 100 legal 71-card decks of the ${library.size.toLocaleString('en')}-card game, each judged, median`,
        value: ms(median(times)),
        target: '≤ 50 ms',
        note: `raw SQL baseline (read and parse the 100 deck rows): ${ms(median(raw))}, ratio ${(median(times) / median(raw)).toFixed(0)}×`,
      },
    ];
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
