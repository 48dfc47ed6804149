// The layout format's newer features, from layout data to drawing ops: hidden elements,
// `whenEquals` and `unless` conditions, gradient fills, ellipses and game-symbol icons; the card
// size override and a new game's scaled layouts keep them in shape, thumbnails read them, and
// loading a game refuses an icon naming no symbol.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { CardLayout, DrawOp, LayoutElement } from '../../card-schema/layout/format';
import { layoutCard, layoutCardShapes } from '../../card-schema/layout/layout-card';
import { gradientLine, gradientMiddle, splitAlpha } from '../../card-schema/layout/gradient';
import { systemAtCardSize } from '../../card-schema/layout/card-size';
import { cardThumbnail } from '../../card-schema/layout/thumbnail';
import { scaleLayouts } from '../../card-schema/system/new-game-files';
import { GameSystemLoadError, loadGameSystem } from '../../src-main/services/game-systems';

const SYSTEMS = resolve(import.meta.dirname, '../../card-schema/systems');
const osmcg = loadGameSystem(join(SYSTEMS, 'osmcg'));
const RED = osmcg.identity!.values.find((value) => value.id === 'red')!.color;
const GEM = { label: 'Gem', viewBox: '0 0 10 20', path: 'M5 0L10 10L5 20L0 10Z' };

/** OSMCG drawing every card with one made-up layout, with a `gem` symbol. */
function systemWith(elements: LayoutElement[], background: CardLayout['background'] = '#ffffff'): GameSystem {
  return { ...osmcg, symbols: { gem: GEM }, layouts: { only: { background, elements } } };
}

const card = (fields: Record<string, unknown> = {}): CardDocument => ({
  type: 'creature',
  name: 'Test',
  colors: ['red'],
  ...fields,
});

/** The ops after the background. */
function drawn(elements: LayoutElement[], fields: Record<string, unknown> = {}): DrawOp[] {
  return layoutCard(systemWith(elements), card(fields)).ops.slice(1);
}

const marker = (extra: Partial<LayoutElement> = {}): LayoutElement =>
  ({ kind: 'rect', x: 1, y: 2, w: 3, h: 4, fill: '#123456', ...extra }) as LayoutElement;

describe('conditions', () => {
  it('never draws a hidden element, and draws it again when not hidden', () => {
    expect(drawn([marker({ hidden: true })])).toEqual([]);
    expect(drawn([marker({ hidden: false })])).toHaveLength(1);
  });

  it('draws a whenEquals element only when the field has that value', () => {
    const element = marker({ when: 'rarity', whenEquals: 'rare' });
    expect(drawn([element], { rarity: 'rare' })).toHaveLength(1);
    expect(drawn([element], { rarity: 'common' })).toEqual([]);
    expect(drawn([element], {})).toEqual([]);
  });

  it('matches one of several values, a list field by its first item', () => {
    const element = marker({ when: 'rarity', whenEquals: ['rare', 'mythic'] });
    expect(drawn([element], { rarity: 'mythic' })).toHaveLength(1);
    expect(drawn([element], { rarity: ['mythic', 'common'] })).toHaveLength(1);
    expect(drawn([element], { rarity: ['common', 'rare'] })).toEqual([]);
    expect(drawn([element], { rarity: [] })).toEqual([]);
  });

  it('compares numbers and flags by value', () => {
    const three = marker({ when: 'cost', whenEquals: 3 });
    expect(drawn([three], { cost: 3 })).toHaveLength(1);
    expect(drawn([three], { cost: '3' })).toHaveLength(1);
    expect(drawn([three], { cost: 4 })).toEqual([]);
    const unchecked = marker({ when: 'foil', whenEquals: false });
    expect(drawn([unchecked], { foil: false })).toHaveLength(1);
    expect(drawn([unchecked], { foil: true })).toEqual([]);
  });

  it('draws an unless element only while its field is empty (a placeholder until there is art)', () => {
    const placeholder = marker({ unless: 'art' });
    expect(drawn([placeholder], {})).toHaveLength(1);
    expect(drawn([placeholder], { art: '' })).toHaveLength(1);
    expect(drawn([placeholder], { art: { id: 'a'.repeat(64) } })).toEqual([]);
  });

  it('applies the same conditions to thumbnails (layoutCardShapes)', () => {
    const system = systemWith([
      marker({ unless: 'art' }),
      marker({ hidden: true }),
      marker({ when: 'rarity', whenEquals: 'rare' }),
    ]);
    expect(layoutCardShapes(system, card({ rarity: 'rare' })).ops).toHaveLength(3);
    expect(layoutCardShapes(system, card({ art: { id: 'a'.repeat(64) } })).ops).toHaveLength(1);
  });
});

describe('gradient fills', () => {
  it('resolves both ends like colors: plain, identity and byField', () => {
    const byRarity = { byField: 'rarity', values: { rare: '#c9a227' }, default: '#777777' };
    const system = systemWith([{ kind: 'rect', x: 0, y: 0, w: 10, h: 10, fill: { gradient: [byRarity, '#000000'] } }], {
      gradient: ['#111111', { identity: 0 }],
      angle: 90,
    });
    const [background, rect] = layoutCard(system, card({ rarity: 'rare' })).ops;
    expect(background).toMatchObject({ op: 'rect', fill: { from: '#111111', to: RED, angle: 90 } });
    expect(rect).toMatchObject({ op: 'rect', fill: { from: '#c9a227', to: '#000000', angle: 0 } });
    const [, common] = layoutCard(system, card({ rarity: 'common' })).ops;
    expect(common).toMatchObject({ fill: { from: '#777777', to: '#000000', angle: 0 } });
  });

  it('runs across the shape: 0 from top to bottom, 90 from left to right, corner to corner between', () => {
    const box = { x: 10, y: 20, w: 40, h: 10 };
    expect(gradientLine(0, box)).toEqual({ x1: 30, y1: 20, x2: 30, y2: 30 });
    expect(gradientLine(90, box)).toEqual({ x1: 10, y1: 25, x2: 50, y2: 25 });
    expect(gradientLine(180, box)).toEqual({ x1: 30, y1: 30, x2: 30, y2: 20 });
    // 45°: the line's ends project onto the box's corners.
    const diagonal = gradientLine(45, box);
    const along = (x: number, y: number) =>
      (x - diagonal.x1) * (diagonal.x2 - diagonal.x1) + (y - diagonal.y1) * (diagonal.y2 - diagonal.y1);
    expect(along(10, 20)).toBeCloseTo(0);
    expect(along(50, 30)).toBeCloseTo(along(diagonal.x2, diagonal.y2));
  });

  it('splits a translucent color for SVG stops and mixes a thumbnail color', () => {
    expect(splitAlpha('#ff000080')).toEqual({ color: '#ff0000', opacity: 0.502 });
    expect(splitAlpha('#abc')).toEqual({ color: '#abc', opacity: 1 });
    expect(splitAlpha('none')).toEqual({ color: '#000000', opacity: 0 });
    expect(gradientMiddle({ from: '#000000', to: '#ffffff', angle: 0 })).toBe('#808080ff');
  });
});

describe('ellipses and icons', () => {
  it('draws an ellipse filling its box, with its stroke', () => {
    const ops = drawn([
      { kind: 'ellipse', x: 10, y: 20, w: 8, h: 4, fill: { gradient: ['#ffffff', '#000000'] }, stroke: { identity: 0 } },
    ]);
    expect(ops).toEqual([
      {
        op: 'ellipse',
        cx: 14,
        cy: 22,
        rx: 4,
        ry: 2,
        fill: { from: '#ffffff', to: '#000000', angle: 0 },
        stroke: RED,
        strokeWidth: 0.3,
      },
    ]);
  });

  it('draws an icon as the game symbol, fitted and centred in its box, in the text color by default', () => {
    const [icon] = drawn([{ kind: 'icon', x: 10, y: 20, w: 8, h: 4, symbol: 'gem' }]);
    expect(icon).toEqual({ op: 'symbol', x: 12, y: 20, size: 4, path: GEM.path, viewBox: [0, 0, 10, 20], color: '#1a1a1a' });
    const [colored] = drawn([{ kind: 'icon', x: 0, y: 0, w: 5, h: 5, symbol: 'gem', color: { identityOr: '#000000' } }]);
    expect(colored).toMatchObject({ op: 'symbol', color: RED });
  });

  it('draws nothing for an icon naming no symbol, or with an empty box', () => {
    expect(drawn([{ kind: 'icon', x: 0, y: 0, w: 5, h: 5, symbol: 'nope' }])).toEqual([]);
    expect(drawn([{ kind: 'icon', x: 0, y: 0, w: 0, h: 5, symbol: 'gem' }])).toEqual([]);
  });

  it('keeps ellipses and icons in thumbnails (shapes) and gives gradients their middle color', () => {
    const system = systemWith(
      [
        { kind: 'ellipse', x: 10, y: 10, w: 30, h: 20, fill: '#00ff00' },
        { kind: 'icon', x: 0, y: 0, w: 5, h: 5, symbol: 'gem' },
      ],
      { gradient: ['#000000', '#ffffff'] },
    );
    const shapes = layoutCardShapes(system, card());
    expect(shapes.ops.map((op) => op.op)).toEqual(['rect', 'ellipse', 'symbol']);
    const thumbnail = cardThumbnail(shapes);
    expect(thumbnail.background).toBe('#808080ff');
    expect(thumbnail.shapes).toEqual([
      { x: 10 / 63, y: 10 / 88, w: 30 / 63, h: 20 / 88, color: '#00ff00', shape: 'ellipse', overArt: false },
    ]);
  });
});

describe('other card sizes', () => {
  it('scales ellipses and icons with the card (print size override)', () => {
    const system = systemWith([
      { kind: 'ellipse', x: 10, y: 10, w: 20, h: 10, fill: '#000000', stroke: '#ffffff', strokeWidth: 1 },
      { kind: 'icon', x: 10, y: 40, w: 10, h: 10, symbol: 'gem' },
    ]);
    const big = systemAtCardSize(system, { widthMm: 126, heightMm: 176 });
    const [, ellipse, icon] = layoutCard(big, card()).ops;
    expect(ellipse).toMatchObject({ op: 'ellipse', cx: 40, cy: 30, rx: 20, ry: 10, strokeWidth: 2 });
    expect(icon).toMatchObject({ op: 'symbol', x: 20, y: 80, size: 20 });
  });

  it("scales a new game's ellipses and icons, keeping gradients and conditions", () => {
    const layouts = {
      front: {
        background: { gradient: ['#000000', '#ffffff'], angle: 90 },
        elements: [
          { kind: 'ellipse', x: 10, y: 10, w: 20, h: 10, strokeWidth: 1, fill: { gradient: ['#000000', '#ffffff'] } },
          { kind: 'icon', x: 10, y: 40, w: 10, h: 10, symbol: 'gem', unless: 'art', name: 'Gem' },
        ],
      },
    };
    expect(scaleLayouts(layouts, 2, 0.5)).toEqual({
      front: {
        background: { gradient: ['#000000', '#ffffff'], angle: 90 },
        elements: [
          { kind: 'ellipse', x: 20, y: 5, w: 40, h: 5, strokeWidth: 0.5, fill: { gradient: ['#000000', '#ffffff'] } },
          { kind: 'icon', x: 20, y: 20, w: 20, h: 5, symbol: 'gem', unless: 'art', name: 'Gem' },
        ],
      },
    });
  });
});

describe('loading a game checks the new layout keys', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  /** The load error of OSMCG with `change` made to its creature layout. */
  function refusal(change: (layout: { background: unknown; elements: unknown[] }) => void): string {
    const root = mkdtempSync(join(tmpdir(), 'cw-layout-v2-'));
    roots.push(root);
    cpSync(join(SYSTEMS, 'osmcg'), join(root, 'osmcg'), { recursive: true });
    const file = join(root, 'osmcg', 'layouts.json');
    const layouts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { background: unknown; elements: unknown[] }>;
    change(layouts.creature);
    writeFileSync(file, JSON.stringify(layouts));
    try {
      loadGameSystem(join(root, 'osmcg'));
    } catch (error) {
      if (error instanceof GameSystemLoadError) return error.message;
      throw error;
    }
    throw new Error('expected the game to be refused');
  }

  it('refuses an icon naming a symbol the game does not define, naming layout, element and symbol', () => {
    let index = 0;
    const message = refusal((layout) => {
      index = layout.elements.push({ kind: 'icon', x: 1, y: 1, w: 5, h: 5, symbol: 'no-such-symbol' }) - 1;
    });
    expect(message).toContain(`layouts.json at /creature/elements/${index}/symbol`);
    expect(message).toContain(
      `layout "creature", element ${index}: the icon's symbol "no-such-symbol" is not one of the game's symbols`,
    );
  });

  it('checks the fields both ends of a gradient and unless name', () => {
    expect(
      refusal((layout) => (layout.background = { gradient: ['#000000', { byField: 'rarty', values: {}, default: '#000' }] })),
    ).toMatch(/at \/creature\/background\/gradient\/1\/byField: no card type has a field "rarty"/);
    let index = 0;
    expect(
      refusal((layout) => {
        index = layout.elements.push({ kind: 'ellipse', x: 1, y: 1, w: 5, h: 5, unless: 'artt' }) - 1;
      }),
    ).toContain(`/creature/elements/${index}/unless: no card type has a field "artt"`);
  });

  it('refuses whenEquals without when', () => {
    let index = 0;
    expect(
      refusal((layout) => {
        index = layout.elements.push({ kind: 'rect', x: 1, y: 1, w: 5, h: 5, whenEquals: 'rare' }) - 1;
      }),
    ).toContain(`/creature/elements/${index}/whenEquals: has no effect without "when"`);
  });

  it('loads gradients, ellipses and conditions that name real fields', () => {
    const root = mkdtempSync(join(tmpdir(), 'cw-layout-v2-'));
    roots.push(root);
    cpSync(join(SYSTEMS, 'osmcg'), join(root, 'osmcg'), { recursive: true });
    const file = join(root, 'osmcg', 'layouts.json');
    const layouts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { background: unknown; elements: unknown[] }>;
    layouts.creature.background = { gradient: ['#000000', { identity: 0 }], angle: 45 };
    layouts.creature.elements.push(
      { kind: 'ellipse', x: 1, y: 1, w: 5, h: 5, fill: { gradient: ['#ffffff', '#000000'] }, name: 'Gem', locked: true },
      { kind: 'rect', x: 1, y: 1, w: 5, h: 5, when: 'colors', whenEquals: ['red', 'blue'], hidden: true },
    );
    writeFileSync(file, JSON.stringify(layouts));
    const loaded = loadGameSystem(join(root, 'osmcg'));
    expect(loaded.layouts.creature.background).toEqual({ gradient: ['#000000', { identity: 0 }], angle: 45 });
  });
});
