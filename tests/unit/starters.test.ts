// The starter game systems in card-schema/starters/ (the templates a designer picks from when
// making a new game): each loads with the app's loader, is the folder its id names and is listed
// in order.json; a new card of every type (the editor's fresh document, named) is valid and lays
// out inside the card without warnings, as does a card with every field filled in; every field
// is shown by its layout in readable sizes; and a deck built to each starter's rules is legal,
// one breaking them is not.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import type { Deck, DeckEntry } from '../../card-schema/deck/format';
import type { CardDrawing, CardLayout } from '../../card-schema/layout/format';
import { layoutCard, layoutCardBack } from '../../card-schema/layout/layout-card';
import { templateFields } from '../../card-schema/layout/template';
import { measureText, verticalMetrics } from '../../card-schema/layout/text-measure';
import type { CardDocument, CardTypeDef, GameSystem } from '../../card-schema/system/format';
import type { JsonSchema } from '../../card-schema/system/json-schema';
import { defaultValueFor, resolveSchema } from '../../card-schema/system/resolve-schema';
import { createCardValidator } from '../../src-main/services/card-validator';
import { loadGameSystem, loadGameSystems } from '../../src-main/services/game-systems';
import { freshDocument } from '../../src-renderer/src/editor/card-editor-state';
import { ROOT } from './systems/harness';

const STARTERS_DIR = join(ROOT, 'card-schema/starters');
const { order } = JSON.parse(readFileSync(join(STARTERS_DIR, 'order.json'), 'utf8')) as { order: string[] };
const folders = readdirSync(STARTERS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Cards of one type in a deck section: `cards` different names, `copies` of each. */
interface Group {
  type: string;
  cards: number;
  copies?: number;
  /** Fields set on every card of the group, over the fresh document's. */
  doc?: Record<string, unknown>;
}
type DeckSpec = Record<string, Group[]>;

interface Starter {
  name: string;
  card: { widthMm: number; heightMm: number; cornerRadiusMm: number };
  types: string[];
  identity?: string;
  legal: DeckSpec[];
  /** Decks breaking a rule, with the violation codes each must report (among others). */
  illegal: [DeckSpec, string[]][];
}

const POKER = { widthMm: 63, heightMm: 88, cornerRadiusMm: 3 };

const STARTERS: Record<string, Starter> = {
  'starter-tcg': {
    name: 'Trading card game with a leader',
    card: POKER,
    types: ['leader', 'unit', 'action'],
    identity: 'colors',
    legal: [
      {
        leader: [{ type: 'leader', cards: 1 }],
        main: [
          { type: 'unit', cards: 10, copies: 3 },
          { type: 'action', cards: 5, copies: 2, doc: { colors: ['scarlet'] } },
        ],
      },
    ],
    illegal: [
      // 13 × 3 = 39 cards.
      [{ leader: [{ type: 'leader', cards: 1 }], main: [{ type: 'unit', cards: 13, copies: 3 }] }, ['SECTION_TOO_SMALL']],
      [{ leader: [{ type: 'leader', cards: 1 }], main: [{ type: 'unit', cards: 10, copies: 4 }] }, ['TOO_MANY_COPIES']],
      [
        {
          leader: [{ type: 'leader', cards: 1 }],
          main: [
            { type: 'unit', cards: 10, copies: 3 },
            { type: 'action', cards: 5, copies: 2, doc: { colors: ['azure'] } },
          ],
        },
        ['IDENTITY_MISMATCH'],
      ],
      [
        {
          main: [
            { type: 'unit', cards: 10, copies: 3 },
            { type: 'action', cards: 5, copies: 2 },
          ],
        },
        ['MISSING_LEADER'],
      ],
      [{ leader: [{ type: 'leader', cards: 1 }], main: [{ type: 'leader', cards: 20, copies: 2 }] }, ['TYPE_NOT_ALLOWED']],
    ],
  },
  'starter-suits': {
    name: 'Card game with suits',
    card: POKER,
    types: ['card'],
    identity: 'suit',
    legal: [{ deck: [{ type: 'card', cards: 52 }] }],
    illegal: [
      [{ deck: [{ type: 'card', cards: 26, copies: 2 }] }, ['TOO_MANY_COPIES']],
      [{ deck: [{ type: 'card', cards: 30 }] }, ['SECTION_TOO_SMALL']],
      [{ deck: [{ type: 'card', cards: 53 }] }, ['SECTION_TOO_LARGE']],
    ],
  },
  'starter-tarot': {
    name: 'Tarot-size deck',
    card: { widthMm: 70, heightMm: 120, cornerRadiusMm: 4 },
    types: ['major', 'minor'],
    identity: 'suit',
    legal: [
      {
        deck: [
          { type: 'major', cards: 22 },
          { type: 'minor', cards: 56 },
        ],
      },
      { deck: [{ type: 'minor', cards: 1 }] },
    ],
    illegal: [
      [{ deck: [] }, ['SECTION_TOO_SMALL']],
      [
        {
          deck: [
            { type: 'major', cards: 22 },
            { type: 'minor', cards: 57 },
          ],
        },
        ['SECTION_TOO_LARGE'],
      ],
    ],
  },
  'starter-mini': {
    name: 'Mini cards for a board game',
    card: { widthMm: 41, heightMm: 63, cornerRadiusMm: 2.5 },
    types: ['item', 'event'],
    legal: [
      {
        deck: [
          { type: 'item', cards: 12, copies: 2 },
          { type: 'event', cards: 8 },
        ],
      },
    ],
    illegal: [[{ deck: [] }, ['SECTION_TOO_SMALL']]],
  },
  'starter-blank': {
    name: 'Empty game',
    card: POKER,
    types: ['card'],
    legal: [{ deck: [{ type: 'card', cards: 1 }] }, { deck: [{ type: 'card', cards: 100, copies: 5 }] }],
    illegal: [[{ deck: [] }, ['SECTION_TOO_SMALL']]],
  },
};

const loaded = new Map<string, GameSystem>();
function starter(id: string): GameSystem {
  let system = loaded.get(id);
  if (!system) loaded.set(id, (system = loadGameSystem(join(STARTERS_DIR, id))));
  return system;
}

function cardType(system: GameSystem, id: string): CardTypeDef {
  const type = system.cardTypes.find((candidate) => candidate.id === id);
  if (!type) throw new Error(`${system.id} has no card type ${id}`);
  return type;
}

/** A new card as the editor starts it (the schema's defaults), with a name typed in. */
function newCard(type: CardTypeDef, name = 'Sample card'): CardDocument {
  return { ...freshDocument(type), name };
}

/** A card with every field filled in with text of a realistic length. */
function fullCard(type: CardTypeDef): CardDocument {
  const doc: Record<string, unknown> = newCard(type, 'Warden of the Quiet Harbor');
  const properties = resolveSchema(type.schema, type.schema).properties ?? {};
  for (const [field, property] of Object.entries(properties)) {
    const schema = resolveSchema(type.schema, property);
    if (field === 'text')
      doc.text =
        'When this card is played, draw a card. Then each player may put a card from their hand on the bottom of their deck.';
    else if (field === 'flavor') doc.flavor = 'The harbor lights burn longest on the nights nobody sails.';
    else if (field === 'keywords') {
      const variants = resolveSchema(type.schema, schema.items as JsonSchema).oneOf ?? [];
      doc.keywords = variants.slice(-2).map((variant) => defaultValueFor(type.schema, variant));
    } else if (schema.type === 'array' && schema.items) {
      const values = resolveSchema(type.schema, schema.items).enum ?? [];
      doc[field] = values.slice(0, schema.maxItems ?? 1).filter((value) => value !== 'colorless');
    } else if (schema.type === 'integer' && schema.maximum !== undefined) doc[field] = schema.maximum;
  }
  return doc as CardDocument;
}

function deckOf(system: GameSystem, spec: DeckSpec): { deck: Deck; docs: Map<string, CardDocument> } {
  const docs = new Map<string, CardDocument>();
  const sections: Record<string, DeckEntry[]> = {};
  for (const [section, groups] of Object.entries(spec)) {
    sections[section] = [];
    for (const [g, group] of groups.entries()) {
      for (let i = 1; i <= group.cards; i++) {
        const cardId = `${system.id}-${section}-${g}-${i}`;
        docs.set(cardId, { ...newCard(cardType(system, group.type), `${group.type} ${g}.${i}`), ...group.doc });
        sections[section].push({ cardId, count: group.copies ?? 1 });
      }
    }
  }
  return { deck: { id: 'deck', systemId: system.id, name: 'Test deck', sections }, docs };
}

/** Every drawing operation that reaches outside the card, described. */
function outside(drawing: CardDrawing): string[] {
  const { widthMm: width, heightMm: height } = drawing;
  const within = (left: number, top: number, right: number, bottom: number) =>
    left >= -1e-6 && top >= -1e-6 && right <= width + 1e-6 && bottom <= height + 1e-6;
  const problems: string[] = [];
  for (const op of drawing.ops) {
    let inside: boolean;
    if (op.op === 'rect' || op.op === 'image') inside = within(op.x, op.y, op.x + op.w, op.y + op.h);
    else if (op.op === 'circle') inside = within(op.cx - op.r, op.cy - op.r, op.cx + op.r, op.cy + op.r);
    else if (op.op === 'ellipse') inside = within(op.cx - op.rx, op.cy - op.ry, op.cx + op.rx, op.cy + op.ry);
    else if (op.op === 'symbol') inside = within(op.x, op.y, op.x + op.size, op.y + op.size);
    else {
      const { ascentMm, descentMm } = verticalMetrics(op.size, op.font);
      inside = within(op.x, op.y - ascentMm, op.x + measureText(op.text, op.size, op.font), op.y + descentMm);
    }
    if (!inside) problems.push(JSON.stringify(op));
  }
  return problems;
}

/** The card fields a layout shows: text placeholders and pips (the identity field). */
function shownFields(layout: CardLayout, identityField: string | undefined): Set<string> {
  const shown = new Set<string>();
  for (const element of layout.elements) {
    if (element.kind === 'text') templateFields(element.text).forEach((field) => shown.add(field));
    if (element.kind === 'image') shown.add(element.field);
    if (element.kind === 'pips' && identityField) shown.add(identityField);
  }
  return shown;
}

describe('starter game systems', () => {
  it('are the five folders of card-schema/starters, listed in order.json', () => {
    expect(order).toEqual(['starter-tcg', 'starter-suits', 'starter-tarot', 'starter-mini', 'starter-blank']);
    expect([...folders].sort()).toEqual([...order].sort());
  });

  it('load together as the app lists them, in the order of order.json', () => {
    const { systems, errors } = loadGameSystems(STARTERS_DIR);
    expect(errors.map((error) => error.message)).toEqual([]);
    expect(systems.map((system) => system.id)).toEqual(order);
  });
});

describe.each(order)('%s', (id) => {
  const expected = STARTERS[id];

  it('loads with the app loader, its id its folder name', () => {
    const system = starter(id);
    expect(system.id).toBe(id);
    expect(system.name).toBe(expected.name);
    expect(system.card).toEqual(expected.card);
    expect(system.cardTypes.map((type) => type.id)).toEqual(expected.types);
    expect(system.identity?.field).toBe(expected.identity);
    expect(Object.keys(system.layouts)).toContain('back');
  });

  it('is version 0.1.0 of format 3, CC0, with a one-sentence description', () => {
    const raw = JSON.parse(readFileSync(join(STARTERS_DIR, id, 'system.json'), 'utf8')) as Record<string, unknown>;
    expect(raw.formatVersion).toBe(3);
    expect(raw.version).toBe('0.1.0');
    expect(raw.license).toEqual({
      name: 'CC0 1.0',
      attribution: 'Cardwright starter',
      url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    });
    expect(raw.description).toMatch(/^[A-Z][^.]*(\.[^ .][^.]*)*\.$/);
  });

  it('gives every field of every card type a title', () => {
    const system = starter(id);
    for (const type of system.cardTypes) {
      for (const [field, property] of Object.entries(resolveSchema(type.schema, type.schema).properties ?? {})) {
        expect(resolveSchema(type.schema, property).title, `${type.id}.${field}`).toBeTruthy();
      }
    }
  });

  it('shows the name and every field on each card type, in text of 6 to 12 pt', () => {
    const system = starter(id);
    for (const type of system.cardTypes) {
      const layout = system.layouts[type.layout];
      const fields = Object.keys(resolveSchema(type.schema, type.schema).properties ?? {}).filter((field) => field !== 'type');
      const shown = shownFields(layout, system.identity?.field);
      expect(
        fields.filter((field) => !shown.has(field)),
        `${type.id} fields its layout does not show`,
      ).toEqual([]);
    }
    for (const [name, layout] of Object.entries(system.layouts)) {
      for (const element of layout.elements) {
        if (element.kind !== 'text') continue;
        for (const size of [element.size, element.minSize ?? element.size]) {
          expect(size, `${name}: ${element.text}`).toBeGreaterThanOrEqual(6);
          expect(size, `${name}: ${element.text}`).toBeLessThanOrEqual(12);
        }
      }
    }
  });

  it('has layout boxes inside the card', () => {
    const system = starter(id);
    const { widthMm, heightMm } = system.card;
    for (const [name, layout] of Object.entries(system.layouts)) {
      for (const element of layout.elements) {
        const box = `${name}: ${element.kind} at ${element.x}, ${element.y}`;
        expect(element.x >= 0 && element.y >= 0, box).toBe(true);
        expect(element.x + element.w <= widthMm && element.y + element.h <= heightMm, box).toBe(true);
      }
    }
  });

  it.each(expected.types)('a new %s card validates once named and lays out inside the card', (typeId) => {
    const system = starter(id);
    const type = cardType(system, typeId);
    const validate = createCardValidator(system);
    // As the editor starts it: only the name is missing.
    expect(validate(freshDocument(type)).map((issue) => issue.path)).toEqual(['/name']);
    for (const doc of [newCard(type), fullCard(type)]) {
      expect(validate(doc), JSON.stringify(doc)).toEqual([]);
      const drawing = layoutCard(system, doc);
      expect([drawing.widthMm, drawing.heightMm]).toEqual([system.card.widthMm, system.card.heightMm]);
      expect(drawing.warnings ?? [], JSON.stringify(doc)).toEqual([]);
      expect(outside(drawing)).toEqual([]);
      // The name is printed.
      const printed = drawing.ops.flatMap((op) => (op.op === 'text' ? [op.text] : [])).join(' ');
      for (const word of doc.name.split(' ')) expect(printed).toContain(word);
    }
  });

  it('lays out its back inside the card', () => {
    const system = starter(id);
    const back = layoutCardBack(system);
    expect(back.warnings ?? []).toEqual([]);
    expect(outside(back)).toEqual([]);
    expect(back.ops.some((op) => op.op === 'text')).toBe(true);
  });

  it('judges decks by its rules', () => {
    const system = starter(id);
    for (const spec of expected.legal) {
      const { deck, docs } = deckOf(system, spec);
      expect(
        evaluateDeck(system, deck, (cardId) => docs.get(cardId)).violations.map((v) => v.message),
        JSON.stringify(spec),
      ).toEqual([]);
    }
    for (const [spec, codes] of expected.illegal) {
      const { deck, docs } = deckOf(system, spec);
      const report = evaluateDeck(system, deck, (cardId) => docs.get(cardId));
      expect(report.legal, JSON.stringify(spec)).toBe(false);
      expect(report.violations.map((v) => v.code)).toEqual(expect.arrayContaining(codes));
    }
  });
});
