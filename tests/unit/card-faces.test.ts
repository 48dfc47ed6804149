// Backs per card type, paints chosen by a field's value, elements tied to a field, and inline
// symbols in card text: layoutCard / layoutCardBack on small made-up layouts, and the loader's
// checks of the new game-system fields.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { CardLayout, DrawOp } from '../../card-schema/layout/format';
import { layoutCard, layoutCardBack } from '../../card-schema/layout/layout-card';
import { encodeSymbols, parseViewBox } from '../../card-schema/layout/inline-symbols';
import { PT_TO_MM, measureText } from '../../card-schema/layout/text-measure';
import { GameSystemLoadError, loadGameSystem } from '../../src-main/services/game-systems';

const SYSTEMS = resolve(__dirname, '../../card-schema/systems');
const osmcg = loadGameSystem(join(SYSTEMS, 'osmcg'));

type TextOp = Extract<DrawOp, { op: 'text' }>;
type SymbolOp = Extract<DrawOp, { op: 'symbol' }>;
const texts = (ops: DrawOp[]) => ops.filter((op): op is TextOp => op.op === 'text').map((op) => op.text);
const symbolsOf = (ops: DrawOp[]) => ops.filter((op): op is SymbolOp => op.op === 'symbol');

const SQUARE = 'M2 2H22V22H2Z';

/** OSMCG with made-up layouts and card types, for small focused drawings. */
function system(layouts: Record<string, CardLayout>, change: (s: GameSystem) => void = () => {}): GameSystem {
  const made: GameSystem = {
    ...osmcg,
    layouts,
    cardTypes: osmcg.cardTypes.map((type) => ({ ...type, layout: 'front', back: undefined })),
  };
  change(made);
  return made;
}

const front: CardLayout = {
  background: '#ffffff',
  elements: [{ kind: 'text', x: 3, y: 3, w: 57, h: 20, text: '{text}', size: 8 }],
};
const rect = (fill: CardLayout['background']): CardLayout => ({
  background: '#ffffff',
  elements: [{ kind: 'rect', x: 2, y: 2, w: 10, h: 10, fill }],
});
const mission = (fields: Record<string, unknown> = {}): CardDocument => ({
  type: 'mission',
  name: 'Hold Fast',
  category: 'Territorial',
  requirement: 'Stand.',
  vp: 1,
  ...fields,
});

describe('backs per card type', () => {
  const layouts: Record<string, CardLayout> = {
    front,
    back: { background: '#111111', elements: [{ kind: 'text', x: 3, y: 3, w: 57, h: 10, text: '{systemName}', size: 10 }] },
    'mission-back': { background: '#1c2a38', elements: [{ kind: 'text', x: 3, y: 3, w: 57, h: 10, text: 'MISSION', size: 10 }] },
    'two-faced': {
      background: '#f0f0f0',
      elements: [{ kind: 'text', x: 3, y: 3, w: 57, h: 10, text: '{name} · {requirement}', size: 8 }],
    },
  };

  it('draws a card type’s own back, and the game’s back for types without one', () => {
    const game = system(layouts, (s) => (s.cardTypes.find((t) => t.id === 'mission')!.back = 'mission-back'));
    const missionBack = layoutCardBack(game, mission());
    expect(missionBack.ops[0]).toMatchObject({ op: 'rect', fill: '#1c2a38' });
    expect(texts(missionBack.ops)).toEqual(['MISSION']);
    const heroBack = layoutCardBack(game, { type: 'hero', name: 'Someone' });
    expect(heroBack.ops[0]).toMatchObject({ fill: '#111111' });
    expect(texts(heroBack.ops)).toEqual(['OSMCG']);
    // Without a card (the old call), the game's back.
    expect(layoutCardBack(game)).toEqual(heroBack);
  });

  it('draws a type’s back with the card’s own fields, so a double-faced card shows its other side', () => {
    const game = system(layouts, (s) => (s.cardTypes.find((t) => t.id === 'mission')!.back = 'two-faced'));
    expect(texts(layoutCardBack(game, mission({ name: 'Night Side', requirement: 'Hide.' })).ops)).toEqual([
      'Night Side · Hide.',
    ]);
  });

  it('falls back to the game’s back when the named back layout does not exist', () => {
    const game = system(layouts, (s) => (s.cardTypes.find((t) => t.id === 'mission')!.back = 'missing'));
    expect(texts(layoutCardBack(game, mission()).ops)).toEqual(['OSMCG']);
  });

  it('gives the OSMCG Mission and Objective decks backs of their own', () => {
    const backColor = (doc: CardDocument) => (layoutCardBack(osmcg, doc).ops[0] as { fill: string }).fill;
    expect(backColor(mission())).toBe(osmcg.layouts['mission-back'].background);
    expect(backColor({ type: 'objective', name: 'Cache', effect: 'Gain 1.' })).toBe(osmcg.layouts['objective-back'].background);
    expect(backColor({ type: 'creature', name: 'Wolf' })).toBe(osmcg.layouts.back.background);
  });
});

describe('paints chosen by a field’s value', () => {
  const paint = { byField: 'category', values: { Territorial: '#3d5a32', Economy: '#6a5520' }, default: '#34506a' };
  const fillOf = (game: GameSystem, doc: CardDocument) => (layoutCard(game, doc).ops[1] as { fill?: string }).fill;

  it('looks the color up by the value, and paints the default for other or empty values', () => {
    const game = system({ front: rect(paint) });
    expect(fillOf(game, mission())).toBe('#3d5a32');
    expect(fillOf(game, mission({ category: 'Economy' }))).toBe('#6a5520');
    expect(fillOf(game, mission({ category: 'Positional' }))).toBe('#34506a');
    expect(fillOf(game, mission({ category: undefined }))).toBe('#34506a');
    // Values that are Object.prototype names are data, never inherited members.
    expect(fillOf(game, mission({ category: 'constructor' }))).toBe('#34506a');
  });

  it('reads a list by its first item and numbers as text, for fills, strokes and text colors', () => {
    const game = system({
      front: {
        background: { byField: 'vp', values: { '3': '#000000' }, default: '#ffffff' },
        elements: [
          {
            kind: 'rect',
            x: 2,
            y: 2,
            w: 10,
            h: 10,
            stroke: { byField: 'colors', values: { red: '#ff0000' }, default: '#999999' },
          },
          {
            kind: 'text',
            x: 3,
            y: 20,
            w: 50,
            h: 10,
            text: '{name}',
            size: 8,
            color: { byField: 'colors', values: { red: '#aa0000' }, default: '#111111' },
          },
        ],
      },
    });
    const ops = layoutCard(game, mission({ vp: 3, colors: ['red', 'blue'] })).ops;
    expect(ops[0]).toMatchObject({ fill: '#000000' });
    expect(ops[1]).toMatchObject({ stroke: '#ff0000' });
    expect(ops[2]).toMatchObject({ op: 'text', color: '#aa0000' });
  });

  it('colors the OSMCG Mission panel by its category', () => {
    const panel = (category: string) =>
      // The category banner under the art.
      layoutCard(osmcg, mission({ category })).ops.find((op) => op.op === 'rect' && op.y === 38.2 && op.w === 56.6) as {
        fill: string;
      };
    expect(panel('Elimination').fill).toBe('#6b2f2f');
    expect(panel('Territorial').fill).toBe('#3d5a32');
    expect(new Set(['Economy', 'Positional', 'Objective', 'Assassination'].map((c) => panel(c).fill)).size).toBe(4);
  });
});

describe('elements tied to a field', () => {
  it('drops a separator and its label with an empty field, and keeps them for 0', () => {
    const game = system({
      front: {
        background: '#ffffff',
        elements: [
          { kind: 'rect', x: 3, y: 40, w: 57, h: 0.3, fill: '#cccccc', when: 'flavor' },
          { kind: 'text', x: 3, y: 41, w: 57, h: 6, text: 'Flavor: {flavor}', size: 7, when: 'flavor' },
          { kind: 'text', x: 3, y: 50, w: 57, h: 6, text: 'VP {vp}', size: 7, when: 'vp' },
        ],
      },
    });
    const opsOf = (fields: Record<string, unknown>) => layoutCard(game, mission(fields)).ops;
    expect(opsOf({ flavor: 'Old roads.' }).filter((op) => op.op === 'rect')).toHaveLength(2);
    expect(texts(opsOf({ flavor: 'Old roads.' }))).toContain('Flavor: Old roads.');
    expect(opsOf({ flavor: '' }).filter((op) => op.op === 'rect')).toHaveLength(1);
    expect(texts(opsOf({ flavor: '' }))).toEqual(['VP 1']);
    expect(texts(opsOf({ vp: 0 }))).toEqual(['VP 0']);
  });
});

describe('inline symbols', () => {
  const game = system({ front }, (s) => {
    s.symbols = { T: { path: SQUARE, label: 'Tap' }, mana: { path: SQUARE, viewBox: '0 0 48 24', label: 'Mana' } };
  });
  const draw = (text: string) => layoutCard(game, { type: 'spell', name: 'X', text }).ops;

  it('turns {T} into an icon at the text’s size, placed after the text before it', () => {
    const ops = draw('Pay {T}: draw.');
    const [symbol] = symbolsOf(ops);
    const em = 8 * PT_TO_MM;
    expect(symbol.size).toBeCloseTo(0.9 * em, 3);
    // "Pay " then a one-em advance, the icon centred in it.
    expect(symbol.x).toBeCloseTo(3 + measureText('Pay ', 8) + 0.05 * em, 2);
    const runs = ops.filter((op): op is TextOp => op.op === 'text');
    expect(runs.map((op) => op.text)).toEqual(['Pay ', ': draw.']);
    expect(runs[1].x).toBeCloseTo(3 + measureText('Pay ', 8) + em, 2);
    expect(runs[0].y).toBe(runs[1].y);
    expect(symbol.color).toBe(runs[0].color);
  });

  it('leaves tokens naming no symbol as text, and strips private-use characters typed into a card', () => {
    expect(symbolsOf(draw('{Q} and \ue000 here'))).toHaveLength(0);
    expect(texts(draw('{Q} and \ue000 here'))).toEqual(['{Q} and here']);
  });

  it('measures a symbol as one em when breaking lines, so symbols wrap like words', () => {
    const line = Array.from({ length: 40 }, () => '{T}').join(' ');
    const ops = draw(line);
    const symbols = symbolsOf(ops);
    expect(symbols).toHaveLength(40);
    expect(new Set(symbols.map((op) => op.y)).size).toBeGreaterThan(1);
    for (const op of symbols) expect(op.x + op.size).toBeLessThanOrEqual(60 + 1e-6);
  });

  it('encodes each symbol once and reads view boxes, with the 24-unit square for bad ones', () => {
    const encoded = encodeSymbols('{mana}{T}{mana}', game.symbols);
    expect(encoded.text).toBe('\ue000\ue001\ue000');
    expect(encoded.symbols.map((s) => s.viewBox)).toEqual([
      [0, 0, 48, 24],
      [0, 0, 24, 24],
    ]);
    expect(parseViewBox('0 0 -1 5')).toEqual([0, 0, 24, 24]);
    expect(parseViewBox('-2,-2, 28 28')).toEqual([-2, -2, 28, 28]);
  });

  it('draws the muhq tap and resource symbols in its sample text', () => {
    const muhq = loadGameSystem(join(SYSTEMS, 'muhq'));
    const ops = layoutCard(muhq, { type: 'artifact', name: 'Cart', playCost: 1, text: 'Free action — {T}: gain 1 {R}.' }).ops;
    // The symbols in the rules text, below the art (the play cost's icon sits above it).
    const inText = symbolsOf(ops).filter((op) => op.y > 43);
    expect(inText.map((op) => op.path)).toEqual([muhq.symbols!.T.path, muhq.symbols!.R.path]);
    expect(texts(ops).join('')).not.toContain('{');
  });
});

describe('the loader checks backs, field paints and symbols', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  function refusal(edit: (dir: string) => void): string {
    const root = mkdtempSync(join(tmpdir(), 'cw-faces-'));
    roots.push(root);
    cpSync(join(SYSTEMS, 'osmcg'), join(root, 'osmcg'), { recursive: true });
    edit(join(root, 'osmcg'));
    try {
      loadGameSystem(join(root, 'osmcg'));
    } catch (error) {
      if (error instanceof GameSystemLoadError) return error.message;
      throw error;
    }
    throw new Error('expected the game to be refused');
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary JSON shapes
  const editJson = (file: string, change: (json: any) => void) => {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    change(json);
    writeFileSync(file, JSON.stringify(json));
  };

  it('refuses a card type whose back names no layout', () => {
    const message = refusal((dir) => editJson(join(dir, 'system.json'), (json) => (json.cardTypes[6].back = 'mision-back')));
    expect(message).toMatch(/system\.json at \/cardTypes\/6\/back: no layout named "mision-back"/);
  });

  it('refuses a byField paint naming no field', () => {
    const message = refusal((dir) =>
      editJson(
        join(dir, 'layouts.json'),
        (json) => (json.mission.background = { byField: 'categroy', values: {}, default: '#000' }),
      ),
    );
    expect(message).toMatch(/layouts\.json at \/mission\/background\/byField: no card type has a field "categroy"/);
  });

  it('refuses symbols whose path is not SVG path data', () => {
    const message = refusal((dir) =>
      editJson(join(dir, 'system.json'), (json) => (json.symbols = { T: { path: 'M0 0 <script>', label: 'Tap' } })),
    );
    expect(message).toMatch(/system\.json at \/symbols\/T\/path/);
  });
});
