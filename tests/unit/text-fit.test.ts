// Text that must fit, in every script: shrinking to the minimum size, warnings (never a silent
// cut) at the field the text comes from, fallback fonts for CJK and emoji, and warnings for
// what no embedded font draws. All through layoutCard, the
// code the preview and the PDF paint from.

import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { CardDrawing, DrawOp, LayoutWarning, TextElement } from '../../card-schema/layout/format';
import { layoutCard, layoutCardBack } from '../../card-schema/layout/layout-card';
import { breakLines, measureText } from '../../card-schema/layout/text-measure';
import { FALLBACK_FONTS, FALLBACK_MARK } from '../../card-schema/layout/fonts';
import { fontFor } from '../../card-schema/layout/font-coverage';
import { loadGameSystem } from '../../src-main/services/game-systems';

const osmcg = loadGameSystem(fileURLToPath(new URL('../../card-schema/systems/osmcg', import.meta.url)));

type TextOp = Extract<DrawOp, { op: 'text' }>;
const textOps = (drawing: CardDrawing): TextOp[] => drawing.ops.filter((op): op is TextOp => op.op === 'text');

/** OSMCG with one creature layout: the name and a rules box built from two fields. */
function systemWith(elements: TextElement[]): GameSystem {
  return { ...osmcg, layouts: { ...osmcg.layouts, creature: { background: '#ffffff', elements } } };
}

const rulesBox: TextElement = { kind: 'text', x: 5, y: 10, w: 40, h: 12, text: '{keywords}\n{text}', size: 9, minSize: 7 };
const nameBox: TextElement = { kind: 'text', x: 5, y: 2, w: 30, h: 5, text: '{name}', size: 10, minSize: 8, font: 'bold' };
const system = systemWith([nameBox, rulesBox]);
const creature = (fields: Partial<CardDocument>): CardDocument => ({ type: 'creature', name: 'Wolf', ...fields });

const RULES_250 =
  'When this unit enters, each player discards a card. At the start of your upkeep, if you control no other units, gain ' +
  '2 Mana and draw a card. Whenever an enemy unit moves within 3" of this unit, it must stop moving and take 1 damage. ' +
  'Then it sleeps...';

describe('text that does not fit', () => {
  it('shrinks to fit without a warning while it can', () => {
    const text = RULES_250.slice(0, 120);
    const drawing = layoutCard(system, creature({ text }));
    const rules = textOps(drawing).filter((op) => op.y > 10);
    expect(rules[0].size).toBeLessThan(9);
    expect(rules[0].size).toBeGreaterThanOrEqual(7);
    expect(rules.map((op) => op.text).join(' ')).toBe(text);
    expect(drawing.warnings).toEqual([]);
  });

  it('cuts a 250-character rules text at the minimum size and says so at the field it came from', () => {
    expect(RULES_250.length).toBe(250);
    const drawing = layoutCard(system, creature({ keywords: [{ kw: 'Haste' }], text: RULES_250 }));
    const rules = textOps(drawing).filter((op) => op.y > 10);
    expect(rules[0].size).toBe(7);
    expect(rules[rules.length - 1].text.endsWith('…')).toBe(true);
    // The box names {keywords} and {text}: the warning points at the field holding the most text.
    expect(drawing.warnings).toEqual([
      {
        pointer: '/text',
        code: 'text-cut',
        message: expect.stringMatching(
          /^Too long for its box: even at 7 pt it needs \d+ lines where 4 fit, so the card is printed with the text cut off/,
        ),
      },
    ]);
  });

  it('warns about names too', () => {
    const drawing = layoutCard(system, creature({ name: 'Archduke Bartholomew of the Everlasting Northern Marches' }));
    expect(drawing.warnings?.map((warning) => [warning.pointer, warning.code])).toEqual([['/name', 'text-cut']]);
  });

  it('finds no cut text on any OSMCG sample card', async () => {
    const { default: set } = (await import('../../resources/samples/osmcg/core-set.json', { with: { type: 'json' } })) as {
      default: { cards: { doc: CardDocument }[] };
    };
    const cut = set.cards.flatMap((card) => layoutCard(osmcg, card.doc).warnings ?? []).filter((w) => w.code === 'text-cut');
    expect(cut).toEqual([]);
  });
});

describe('characters outside the card font', () => {
  it('sets CJK and emoji in the fallback fonts, measured with their own widths', () => {
    expect(FALLBACK_FONTS.map((font) => font.id)).toEqual(['cjk', 'emoji', 'arabic', 'hebrew', 'devanagari', 'thai']);
    expect(fontFor('a', 'regular')).toBe('card');
    expect(fontFor('Ж', 'regular')).toBe('card');
    expect(fontFor('漢', 'bold')).toBe('cjk');
    expect(fontFor('한', 'italic')).toBe('cjk');
    expect(fontFor('🐉', 'regular')).toBe('emoji');
    expect(fontFor('א', 'regular')).toBe('hebrew');
    expect(fontFor('ܐ', 'regular')).toBeNull(); // Syriac: no embedded font
    // A CJK ideograph is one em wide in Noto Sans CJK: 10 pt = 3.528 mm.
    expect(measureText('漢字', 10)).toBeCloseTo(2 * 3.5278, 3);

    const drawing = layoutCard(system, creature({ name: 'Wolf 龍🐉', text: '召唤时：抽一张牌。' }));
    const name = textOps(drawing).filter((op) => op.y < 10);
    expect(name.map((op) => [op.text, op.fallback])).toEqual([
      ['Wolf ', undefined],
      ['龍', 'cjk'],
      ['🐉', 'emoji'],
    ]);
    // Each run starts where the previous one ends, as measured.
    expect(name[1].x).toBeCloseTo(name[0].x + measureText('Wolf ', name[0].size, 'bold'), 2);
    expect(name[2].x).toBeCloseTo(name[1].x + measureText('龍', name[0].size, 'bold'), 2);
    expect(drawing.warnings).toEqual([]);
  });

  it('breaks CJK text without spaces between characters, inside the box', () => {
    const text = '戦場に出たとき、カードを1枚引く。'.repeat(3);
    const rules = textOps(layoutCard(system, creature({ text }))).filter((op) => op.y > 10);
    const lines = new Map<number, TextOp[]>();
    for (const op of rules) lines.set(op.y, [...(lines.get(op.y) ?? []), op]);
    expect(lines.size).toBeGreaterThan(1);
    for (const ops of lines.values()) {
      const last = ops[ops.length - 1];
      expect(last.x + measureText(last.text, last.size) - rulesBox.x).toBeLessThanOrEqual(rulesBox.w + 1e-3);
    }
    expect(rules.map((op) => op.text).join('')).toBe(text);
  });

  it('fills a line with Chinese or Japanese after a Latin word, but wraps Korean at spaces', () => {
    const cjk = breakLines('Deploy: 戦場に出たとき、カードを1枚引く。戦場に出たとき、カードを1枚引く。', 30, 9);
    expect(cjk[0].startsWith('Deploy: 戦場')).toBe(true);
    for (const line of cjk) expect(measureText(line, 9)).toBeLessThanOrEqual(30 + 1e-9);
    const korean = breakLines('전투가 시작되면 공격력이 오르고 카드를 한 장 뽑는다', 30, 9);
    expect(korean.length).toBeGreaterThan(1);
    for (const line of korean) {
      expect(measureText(line, 9)).toBeLessThanOrEqual(30 + 1e-9);
      // Every line is made of whole words of the text.
      for (const word of line.split(' ')) expect(' 전투가 시작되면 공격력이 오르고 카드를 한 장 뽑는다 ').toContain(` ${word} `);
    }
  });

  it('prints what no font draws as a white square and says which characters, at their field', () => {
    const drawing = layoutCard(system, creature({ keywords: [{ kw: 'Haste' }], text: 'Roll ᚠᚢ to win.' }));
    expect(
      textOps(drawing)
        .map((op) => op.text)
        .join('|'),
    ).toContain(`Roll ${FALLBACK_MARK}${FALLBACK_MARK} to win.`);
    const warnings: LayoutWarning[] = drawing.warnings ?? [];
    expect(warnings).toEqual([
      {
        pointer: '/text',
        code: 'missing-glyphs',
        message: `No card font has “ᚠ” (U+16A0), “ᚢ” (U+16A2): printed as ${FALLBACK_MARK}.`,
      },
    ]);
  });

  it('sets right-to-left text (Hebrew, Arabic) in its script fonts, without warnings (text-scripts.test.ts)', () => {
    const drawing = layoutCard(system, creature({ name: 'שלום', text: 'مرحبا' }));
    expect(drawing.warnings).toEqual([]);
    expect(textOps(drawing).map((op) => op.fallback)).toEqual(['hebrew', 'arabic']);
  });

  it('lays out card backs with warnings too', () => {
    expect(layoutCardBack(osmcg).warnings).toEqual([]);
  });
});

describe('symbol tokens the game does not have', () => {
  const muhq = loadGameSystem(fileURLToPath(new URL('../../card-schema/systems/muhq', import.meta.url)));
  const spellType = muhq.cardTypes.find((type) => type.id === 'spell')!;
  const spell = (text: string): CardDocument => ({ type: spellType.id, name: 'Mist Lance', text });
  const symbolWarnings = (drawing: CardDrawing): LayoutWarning[] =>
    (drawing.warnings ?? []).filter((warning) => warning.code === 'unknown-symbol');

  it('warns at the field for each token naming no symbol, and lists the symbols the game has', () => {
    const drawing = layoutCard(muhq, spell('{T}: deal 2 damage. Pay {Q} or {X} more; {Q} again.'));
    expect(symbolWarnings(drawing)).toEqual([
      {
        pointer: '/text',
        code: 'unknown-symbol',
        message: `{Q}, {X} are no symbols of this game, so they print as typed; its symbols are ${Object.keys(muhq.symbols!)
          .map((id) => `{${id}}`)
          .join(', ')}.`,
      },
    ]);
    // The known token is drawn as a symbol, the unknown ones as text.
    expect(drawing.ops.some((op) => op.op === 'symbol')).toBe(true);
    expect(
      textOps(drawing)
        .map((op) => op.text)
        .join(''),
    ).toContain('{Q}');
  });

  it('says nothing when every token is a symbol, nor for braces in a game without symbols', () => {
    expect(symbolWarnings(layoutCard(muhq, spell('{T}, {R}: draw a card.')))).toEqual([]);
    const withoutSymbols: GameSystem = { ...system, symbols: undefined };
    expect(symbolWarnings(layoutCard(withoutSymbols, creature({ text: 'Gain {2} life.' })))).toEqual([]);
  });
});
