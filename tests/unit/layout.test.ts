import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { JsonSchema } from '../../card-schema/system/json-schema';
import type { CardDrawing, CardLayout, DrawOp, TextElement } from '../../card-schema/layout/format';
import { layoutCard, layoutCardBack } from '../../card-schema/layout/layout-card';
import { PT_TO_MM, breakLines, measureText, verticalMetrics } from '../../card-schema/layout/text-measure';
import { renderTemplate } from '../../card-schema/layout/template';
import { FONT_FILES, FONT_FAMILY } from '../../card-schema/layout/fonts';
import { FONT_METRICS } from '../../card-schema/layout/font-metrics';
import { loadGameSystem } from '../../src-main/services/game-systems';

// The real OSMCG system, loaded the way the app loads it.
const osmcg = loadGameSystem(fileURLToPath(new URL('../../card-schema/systems/osmcg', import.meta.url)));
const osmcgLayouts = osmcg.layouts;
const color = (id: string) => osmcg.identity!.values.find((value) => value.id === id)!.color;

/** OSMCG with other layouts, for testing the layout engine on small made-up layouts. */
function makeSystem(layouts: Record<string, CardLayout>): GameSystem {
  return { ...osmcg, layouts };
}

const LONG_TEXT =
  'When this unit is deployed, each player discards a card. At the start of your upkeep, if you control no other units, ' +
  'gain 2 Mana and draw a card. Whenever an enemy unit moves within 3" of this unit, it must stop moving and this unit ' +
  'deals 1 damage to it. Whenever this unit takes damage, put a +1 ATK marker on it. ' +
  'Pneumonoultramicroscopicsilicovolcanoconiosisandthensomemoreletters. '.repeat(3);

const cards: CardDocument[] = [
  {
    type: 'hero',
    name: 'Kael, Stormcaller',
    colors: ['blue', 'white'],
    atk: 2,
    hp: 18,
    spd: 5,
    ap: 3,
    startingMana: 3,
    regen: 2,
    manaMax: 8,
    keywords: [{ kw: 'Caster' }],
    abilities: [
      { name: 'Gale', cost: '2 AP', text: 'Push an enemy unit within 4" back 3".' },
      { name: 'Static Ward', text: 'An ally within 6" gains Defense:1.' },
    ],
    flavor: 'The sky answers only those who ask loudly.',
  },
  {
    type: 'creature',
    name: 'Ember Wolf',
    colors: ['red'],
    cost: 3,
    atk: 3,
    hp: 4,
    spd: 6,
    ap: 2,
    keywords: [{ kw: 'Haste' }, { kw: 'Defense', x: 1 }],
    text: 'On Deploy: deal 1 damage to an enemy unit within 3".',
    flavor: 'Where it runs, the grass does not grow back.',
  },
  { type: 'spell', name: 'Arc Lightning', colors: ['blue'], cost: 2, speed: 'Quick', text: 'Deal 2 damage to a unit.' },
  {
    type: 'skill',
    name: 'Shield Wall',
    colors: ['white'],
    skillCost: { kind: 'AP', amount: 2 },
    speed: 'Quick',
    text: 'Allied units within 3" gain Defense:2 until the end of the turn.',
  },
  {
    type: 'equipment',
    name: 'Venom-Etched Blade',
    colors: ['black', 'green'],
    cost: 2,
    atkBonus: 2,
    spdBonus: -1,
    keywords: [{ kw: 'Defense', x: 1 }],
    text: 'Attach to an allied unit.',
  },
  {
    type: 'creature',
    name: 'Ancient Colossus of Unending and Unreasonable Verbosity',
    colors: ['neutral'],
    cost: 12,
    atk: 10,
    hp: 25,
    spd: 3,
    ap: 1,
    keywords: [
      { kw: 'Ranged', dmg: 2, range: 6 },
      { kw: 'Aura', range: 3, effect: 'allies +1 ATK' },
      { kw: 'Tracker', x: 4, effect: '+1 ATK' },
      { kw: 'Flying' },
      { kw: 'Haste' },
    ],
    text: LONG_TEXT,
    flavor: LONG_TEXT,
  },
  { type: 'mystery', name: 'Unknown Thing', colors: ['purple'], text: 'A card of a type this game does not have.' },
];

function textOps(drawing: CardDrawing): Extract<DrawOp, { op: 'text' }>[] {
  return drawing.ops.filter((op): op is Extract<DrawOp, { op: 'text' }> => op.op === 'text');
}

const EPS = 0.01;

interface FontkitFont {
  unitsPerEm: number;
  familyName: string;
  layout(text: string): { advanceWidth: number };
}
// fontkit ships no type declarations; this is the little the test uses.
const fontkit = createRequire(import.meta.url)('fontkit') as { openSync(path: string): FontkitFont };

describe('fonts', () => {
  it('names a file for every face', () => {
    expect(FONT_FAMILY).toBe('Inter');
    expect(Object.keys(FONT_FILES).sort()).toEqual(['bold', 'italic', 'regular']);
  });

  it('has metrics generated from the shipped font files', () => {
    const sample = 'Haste, Defense:1 — Ranged(2, 6") · AVATAR Tyrant “Wolf’s” 12:30 ≥ 3 × ½ Ærø';
    for (const face of ['regular', 'bold', 'italic'] as const) {
      const font = fontkit.openSync(fileURLToPath(new URL(`../../resources/fonts/${FONT_FILES[face]}`, import.meta.url)));
      expect(font.familyName).toBe(FONT_FAMILY);
      expect(FONT_METRICS[FONT_FILES[face]].unitsPerEm).toBe(font.unitsPerEm);
      const shaped = (font.layout(sample).advanceWidth / font.unitsPerEm) * 10 * PT_TO_MM;
      // The same as the shaped width, or a hair wider: never narrower, so text never overflows.
      expect(measureText(sample, 10, face)).toBeGreaterThanOrEqual(shaped - 1e-9);
      expect(measureText(sample, 10, face)).toBeLessThan(shaped + 0.5);
    }
  });
});

describe('text measuring and line breaking', () => {
  it('measures with the font metrics, including kerning', () => {
    expect(measureText('', 10)).toBe(0);
    const a = measureText('A', 10);
    const v = measureText('V', 10);
    expect(measureText('AV', 10)).toBeLessThan(a + v);
    expect(measureText('MMMM', 20)).toBeCloseTo(2 * measureText('MMMM', 10), 9);
    expect(measureText('Bold', 10, 'bold')).toBeGreaterThan(measureText('Bold', 10, 'regular'));
    // Characters outside the metrics are measured, not ignored.
    expect(measureText('漢', 10)).toBeGreaterThan(0);
  });

  it('honours explicit newlines and keeps blank lines', () => {
    expect(breakLines('one\ntwo\r\n\nthree', 100, 8)).toEqual(['one', 'two', '', 'three']);
  });

  it('wraps at spaces and never exceeds the width', () => {
    const text = 'the quick brown fox jumps over the lazy dog again and again';
    const lines = breakLines(text, 20, 8);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(measureText(line, 8)).toBeLessThanOrEqual(20 + 1e-9);
  });

  it('breaks a word longer than the line', () => {
    const word = 'Supercalifragilisticexpialidocious';
    const lines = breakLines(`a ${word} b`, 10, 8);
    expect(lines[0]).toBe('a');
    expect(lines.join('').replace(/ /g, '')).toBe(`a${word}b`);
    for (const line of lines) expect(measureText(line, 8)).toBeLessThanOrEqual(10 + 1e-9);
  });
});

describe('templates', () => {
  const creature = osmcg.cardTypes.find((type) => type.id === 'creature')!;
  const skill = osmcg.cardTypes.find((type) => type.id === 'skill')!;
  const hero = osmcg.cardTypes.find((type) => type.id === 'hero')!;

  it('leaves out a list entry whose name is still blank (an attack just added)', () => {
    const schema = {
      type: 'object',
      properties: {
        attacks: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, damage: { type: 'integer' } },
            'x-display': '{name}: {damage} damage',
          },
        },
      },
    } as const;
    const attacks = [{ name: 'Spark', damage: 4 }, { name: '', damage: 0 }, { damage: 0 }];
    expect(renderTemplate('{attacks}', { attacks }, { schema })).toBe('Spark: 4 damage');
  });

  it('renders keyword objects through the x-display of the matching variant', () => {
    const doc = {
      keywords: [
        { kw: 'Defense', x: 2 },
        { kw: 'Ranged', dmg: 2, range: 6 },
        { kw: 'Tracker', x: 4, effect: '+1 ATK' },
        { kw: 'Aura', range: 3, effect: 'allies +1 ATK' },
        { kw: 'Flying' },
      ],
    };
    expect(renderTemplate('{keywords}', doc, { schema: creature.schema })).toBe(
      'Defense:2, Ranged(2, 6"), Tracker(4"), Aura(3", allies +1 ATK), Flying',
    );
  });

  it('renders each skill cost variant', () => {
    const render = (skillCost: unknown) => renderTemplate('{skillCost}', { skillCost }, { schema: skill.schema });
    expect(render({ kind: 'AP', amount: 2 })).toBe('2 AP');
    expect(render({ kind: 'Exhaust' })).toBe('Exhaust');
    expect(render({ kind: 'Condition', condition: 'An ally died this turn', exhaust: true })).toBe(
      'Condition: An ally died this turn',
    );
  });

  it('renders numbers, strings, variables, signs and missing fields', () => {
    const schema = creature.schema;
    expect(renderTemplate('{cost} · {name}', { cost: 0, name: 'Imp' }, { schema })).toBe('0 · Imp');
    expect(renderTemplate('{typeLabel}', {}, { schema, vars: { typeLabel: 'Creature' } })).toBe('Creature');
    expect(renderTemplate('[{missing}]', {}, { schema })).toBe('[]');
    expect(renderTemplate('{a|signed} {b|signed} {c|signed}', { a: 2, b: -1, c: 0 })).toBe('+2 \u22121 0');
    expect(renderTemplate('{tags}', { tags: ['a', 'b'] })).toBe('a, b');
  });

  it('prints enum values by the game’s labels only with |label, lists included, unknown values as stored', () => {
    const labels: Record<string, Record<string, string>> = { stage: { basic: 'Basic' }, colors: { red: 'Red', blue: 'Blue' } };
    const enumLabel = (field: string, value: string) => labels[field]?.[value];
    const doc = { stage: 'basic', colors: ['red', 'blue', 'teal'], rank: 'A' };
    expect(renderTemplate('{stage} / {stage|label}', doc, { enumLabel })).toBe('basic / Basic');
    expect(renderTemplate('{colors|label}', doc, { enumLabel })).toBe('Red, Blue, teal');
    expect(renderTemplate('{rank|label} ({stage|label})', doc, { enumLabel })).toBe('A (Basic)');
    // The layout passes the game's own labels: the identity's values and enumLabels alike.
    const drawing = layoutCard(
      {
        ...osmcg,
        layouts: {
          ...osmcg.layouts,
          creature: {
            background: '#ffffff',
            elements: [{ kind: 'text', x: 0, y: 0, w: 60, h: 10, text: '{colors|label}', size: 8 }],
          },
        },
      } as GameSystem,
      { type: 'creature', name: 'X', colors: ['red'] } as CardDocument,
    );
    expect(JSON.stringify(drawing)).toContain('Red');
  });

  it('renders abilities one per line as "Name (cost): text", dropping an empty "(cost)"', () => {
    const abilities = [
      { name: 'Gale', cost: '2 AP', text: 'Push.' },
      { name: 'Ward', text: 'Protect.' },
    ];
    expect(renderTemplate('{abilities|lines}', { abilities }, { schema: hero.schema })).toBe(
      'Gale (2 AP): Push.\nWard: Protect.',
    );
    // Objects without any x-display get the same shape, one per line, by default.
    const plain: JsonSchema = { type: 'object', properties: { abilities: { type: 'array', items: { type: 'object' } } } };
    expect(renderTemplate('{abilities}', { abilities }, { schema: plain })).toBe('Gale (2 AP): Push.\nWard: Protect.');
  });
});

describe('layoutCard with the OSMCG layouts', () => {
  it('defines the layouts every card type and the back need', () => {
    for (const id of ['hero', 'creature', 'spell', 'skill', 'equipment', 'back']) expect(osmcgLayouts).toHaveProperty(id);
  });

  it('keeps every op inside the card and text inside the 3 mm safe area', () => {
    const drawings = [...cards.map((card) => layoutCard(osmcg, card)), layoutCardBack(osmcg)];
    for (const drawing of drawings) {
      expect(drawing.widthMm).toBe(63);
      expect(drawing.heightMm).toBe(88);
      expect(textOps(drawing).length).toBeGreaterThan(0);
      for (const op of drawing.ops) {
        if (op.op === 'rect') {
          expect(op.x).toBeGreaterThanOrEqual(-EPS);
          expect(op.y).toBeGreaterThanOrEqual(-EPS);
          expect(op.x + op.w).toBeLessThanOrEqual(63 + EPS);
          expect(op.y + op.h).toBeLessThanOrEqual(88 + EPS);
        } else if (op.op === 'circle') {
          expect(op.cx - op.r).toBeGreaterThanOrEqual(-EPS);
          expect(op.cy - op.r).toBeGreaterThanOrEqual(-EPS);
          expect(op.cx + op.r).toBeLessThanOrEqual(63 + EPS);
          expect(op.cy + op.r).toBeLessThanOrEqual(88 + EPS);
        } else if (op.op === 'symbol') {
          expect(op.x).toBeGreaterThanOrEqual(3 - EPS);
          expect(op.x + op.size).toBeLessThanOrEqual(60 + EPS);
        } else if (op.op === 'text') {
          const width = measureText(op.text, op.size, op.font);
          const { capHeightMm, descentMm } = verticalMetrics(op.size, op.font);
          expect(op.size).toBeGreaterThanOrEqual(5.5);
          expect(op.x).toBeGreaterThanOrEqual(3 - EPS);
          expect(op.x + width).toBeLessThanOrEqual(60 + EPS);
          expect(op.y - capHeightMm).toBeGreaterThanOrEqual(3 - EPS);
          expect(op.y + descentMm).toBeLessThanOrEqual(85 + EPS);
        }
      }
    }
  });

  it('draws the fields of each card type', () => {
    const texts = (card: CardDocument) => textOps(layoutCard(osmcg, card)).map((op) => op.text);
    const [hero, creature, spell, skill, equipment] = cards;
    expect(texts(hero)).toEqual(expect.arrayContaining(['Kael, Stormcaller', 'Hero', '18', 'Start 3 · Regen +2 · Max 8']));
    expect(texts(creature)).toEqual(expect.arrayContaining(['Ember Wolf', '3', 'Creature', 'Haste', 'Defense:1', 'ATK', '6"']));
    expect(texts(spell)).toEqual(expect.arrayContaining(['Arc Lightning', '2', 'Spell', 'Quick']));
    expect(texts(skill)).toEqual(expect.arrayContaining(['Shield Wall', 'Skill', '2 AP', 'Quick']));
    expect(texts(equipment)).toEqual(expect.arrayContaining(['Equipment', '+2', '\u22121']));
    // Absent bonuses draw nothing: only the ATK and SPD boxes have values.
    expect(texts(equipment)).not.toContain('HP');
  });

  it('colors the frame from the identity, with neutral and unknown values handled', () => {
    const fill = (card: CardDocument) => layoutCard(osmcg, card).ops[0];
    expect(fill(cards[1])).toMatchObject({ op: 'rect', fill: color('red'), radius: 3 });
    expect(fill({ type: 'creature', name: 'Golem', colors: ['neutral'] })).toMatchObject({ fill: color('neutral') });
    expect(fill({ type: 'creature', name: 'Odd', colors: ['purple'] })).toMatchObject({ fill: color('neutral') });
    const pips = layoutCard(osmcg, cards[4]).ops.filter((op) => op.op === 'circle');
    expect(pips.map((op) => (op.op === 'circle' ? op.fill : ''))).toEqual([color('black'), color('green')]);
  });

  it('gives the same card the identical drawing', () => {
    for (const card of cards) {
      const copy = JSON.parse(JSON.stringify(card)) as CardDocument;
      expect(layoutCard(osmcg, copy)).toEqual(layoutCard(osmcg, card));
      expect(JSON.stringify(layoutCard(osmcg, card))).toBe(JSON.stringify(layoutCard(osmcg, card)));
    }
  });

  it('still draws a card of an unknown type, naming the type', () => {
    const drawing = layoutCard(osmcg, cards[6]);
    const texts = textOps(drawing).map((op) => op.text);
    expect(texts).toContain('Unknown Thing');
    expect(texts.some((text) => text.includes('mystery'))).toBe(true);
    expect(() =>
      layoutCard(osmcg, { type: 'creature', name: 'Weird', colors: 'red', cost: { odd: true }, keywords: 'x' }),
    ).not.toThrow();
  });

  it('draws the back with the game name', () => {
    expect(textOps(layoutCardBack(osmcg)).map((op) => op.text)).toEqual(['OSMCG']);
  });
});

describe('text fitting', () => {
  const box: TextElement = { kind: 'text', x: 5, y: 10, w: 40, h: 20, text: '{text}', size: 9, minSize: 6 };
  const systemWith = (element: TextElement, extra: Partial<TextElement> = {}) =>
    makeSystem({ creature: { background: '#ffffff', elements: [{ ...element, ...extra }] } });
  const ops = (system: GameSystem, text: string) => textOps(layoutCard(system, { type: 'creature', name: 'X', text }));

  function expectInside(lines: Extract<DrawOp, { op: 'text' }>[], element: TextElement) {
    const leading = element.leading ?? 1.2;
    for (const line of lines) {
      const lineHeight = line.size * leading * PT_TO_MM;
      expect(line.x).toBeGreaterThanOrEqual(element.x - EPS);
      expect(line.x + measureText(line.text, line.size, line.font)).toBeLessThanOrEqual(element.x + element.w + EPS);
      expect(line.y - verticalMetrics(line.size, line.font).capHeightMm).toBeGreaterThanOrEqual(element.y - EPS);
      expect(line.y).toBeLessThanOrEqual(element.y + element.h + EPS);
      // A line may be set in several runs (a keyword and its italic reminder): count baselines.
      expect(new Set(lines.map((op) => op.y)).size * lineHeight).toBeLessThanOrEqual(element.h + EPS);
    }
  }

  it('keeps the full size when the text fits', () => {
    const lines = ops(systemWith(box), 'Short text.');
    expect(lines).toHaveLength(1);
    expect(lines[0].size).toBe(9);
  });

  it('shrinks in half-point steps before truncating', () => {
    const medium =
      'Deal 2 damage to a unit within 6" of the source. Then deal 1 damage to up to two other enemy units nearby. ' +
      'If this destroys a unit, draw a card and gain 1 Mana at the start of your next upkeep.';
    const lines = ops(systemWith(box), medium);
    expect(lines[0].size).toBeLessThan(9);
    expect(lines[0].size).toBeGreaterThanOrEqual(6);
    expect((lines[0].size * 2) % 1).toBe(0);
    expect(lines.map((line) => line.text).join(' ')).toBe(medium);
    expectInside(lines, box);
  });

  it('truncates the last line with an ellipsis at the minimum size and never overflows', () => {
    const lines = ops(systemWith(box), LONG_TEXT);
    expect(lines[0].size).toBe(6);
    expect(lines[lines.length - 1].text.endsWith('…')).toBe(true);
    expectInside(lines, box);
  });

  it('never overflows the OSMCG rules box either', () => {
    const creatureLayout = osmcgLayouts.creature as CardLayout;
    const rules = creatureLayout.elements.find(
      (element) => element.kind === 'text' && element.text.includes('{text}'),
    ) as TextElement;
    const drawing = layoutCard(osmcg, { ...cards[5], flavor: undefined });
    const lines = textOps(drawing).filter(
      (op) => op.y > rules.y && op.y <= rules.y + rules.h + EPS && op.x >= rules.x - EPS && op.size <= rules.size,
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0].size).toBe(rules.minSize);
    expect(lines[lines.length - 1].text.endsWith('…')).toBe(true);
    expectInside(lines, rules);
  });

  it('aligns horizontally and vertically', () => {
    const centered = ops(systemWith(box, { align: 'center', valign: 'middle' }), 'Hi')[0];
    const width = measureText('Hi', 9);
    expect(centered.x).toBeCloseTo(box.x + (box.w - width) / 2, 2);
    const lineHeight = 9 * 1.2 * PT_TO_MM;
    const capHeight = verticalMetrics(9).capHeightMm;
    expect(centered.y).toBeCloseTo(box.y + box.h / 2 + capHeight / 2, 2);
    const right = ops(systemWith(box, { align: 'right', valign: 'bottom' }), 'Hi')[0];
    expect(right.x).toBeCloseTo(box.x + box.w - width, 2);
    expect(right.y).toBeCloseTo(box.y + box.h - lineHeight / 2 + capHeight / 2, 2);
  });

  it('skips elements whose `when` field is empty and text that renders empty', () => {
    const system = makeSystem({
      creature: {
        background: { identityOr: '#123456' },
        elements: [
          { kind: 'rect', x: 1, y: 1, w: 5, h: 5, fill: { identity: 1 }, when: 'flavor' },
          { kind: 'text', x: 1, y: 10, w: 40, h: 10, text: '{flavor}', size: 8 },
          { kind: 'rect', x: 1, y: 1, w: 5, h: 5, fill: { identity: 1 } },
        ],
      },
    });
    const plain = layoutCard(system, { type: 'creature', name: 'X', colors: [] });
    // No identity: `identityOr` takes its own color, `identity` the neutral one.
    expect(plain.ops).toHaveLength(2);
    expect(plain.ops[0]).toMatchObject({ fill: '#123456' });
    expect(plain.ops[1]).toMatchObject({ fill: color('neutral') });
    const flavored = layoutCard(system, { type: 'creature', name: 'X', colors: ['red', 'blue'], flavor: 'Hm.' });
    expect(flavored.ops.map((op) => op.op)).toEqual(['rect', 'rect', 'text', 'rect']);
    expect(flavored.ops[1]).toMatchObject({ fill: color('blue') });
    const single = layoutCard(system, { type: 'creature', name: 'X', colors: ['red'] });
    expect(single.ops[1]).toMatchObject({ fill: color('red') });
  });
});

describe('flags with a display text', () => {
  it('shows the text when true and nothing when false', async () => {
    const { renderTemplate } = await import('../../card-schema/layout/template');
    const schema = {
      properties: { golden: { type: 'boolean' as const, 'x-display': 'golden' }, plain: { type: 'boolean' as const } },
    };
    expect(renderTemplate('Blast ({golden})', { golden: true }, { schema })).toBe('Blast (golden)');
    expect(renderTemplate('Blast ({golden})', { golden: false }, { schema })).toBe('Blast');
    expect(renderTemplate('{plain}', { plain: true }, { schema })).toBe('Yes');
  });
});
