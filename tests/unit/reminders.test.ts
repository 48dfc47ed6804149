// Keyword reminder text: a game writes it per keyword (`x-reminder`, over the keyword's own
// parameters), a layout's text element opts in (`reminders`), and each keyword it shows is
// followed by its reminder in italic parentheses, in the same lines as the element's own face,
// measured, wrapped, shrunk and cut like any text. Checked through the template, the line
// breaker and layoutCard (what the preview and the PDF paint), and in a printed PDF.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { JsonSchema } from '../../card-schema/system/json-schema';
import type { CardDrawing, DrawOp, FontFace, TextElement } from '../../card-schema/layout/format';
import { layoutCard } from '../../card-schema/layout/layout-card';
import { renderTemplate } from '../../card-schema/layout/template';
import { REMINDER_FACE, spansText, styledSpans, type StyledSpan } from '../../card-schema/layout/styled-text';
import { breakStyledLines, lineWidth } from '../../card-schema/layout/line-breaking';
import { breakLines, measureRunAt, measureText } from '../../card-schema/layout/text-measure';
import { renderPrintSheet } from '../../src-main/pdf/print-sheet';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { DEFAULT_PRINT_OPTIONS } from '../../card-schema/print/print-options';

const osmcg = loadGameSystem(fileURLToPath(new URL('../../card-schema/systems/osmcg', import.meta.url)));
const SAMPLES = fileURLToPath(new URL('../../resources/samples/osmcg', import.meta.url));

/** A small game of its own: keywords with and without reminders, one text element to draw them. */
const keyword: JsonSchema = {
  oneOf: [
    {
      type: 'object',
      properties: { kw: { const: 'Ranged' }, dmg: { type: 'integer' }, range: { type: 'integer' } },
      'x-display': 'Ranged({dmg}, {range}")',
      'x-reminder': 'Deals {dmg} damage to a unit up to {range}" away.',
    },
    { type: 'object', properties: { kw: { const: 'Flying' } }, 'x-display': 'Flying', 'x-reminder': 'Only flyers block it.' },
    { type: 'object', properties: { kw: { const: 'Plain' } }, 'x-display': 'Plain' },
    {
      type: 'object',
      properties: { kw: { const: 'Echo' }, effect: { type: 'string' } },
      'x-display': 'Echo',
      'x-reminder': '{effect}',
    },
  ],
};
const unitSchema: JsonSchema = {
  type: 'object',
  properties: {
    type: { const: 'unit' },
    name: { type: 'string' },
    keywords: { type: 'array', items: { $ref: '#/$defs/keyword' } },
    text: { type: 'string' },
    quiet: { type: 'boolean' },
  },
  $defs: { keyword },
};
const keywordBox: TextElement = {
  kind: 'text',
  x: 5,
  y: 10,
  w: 50,
  h: 20,
  text: '{keywords}',
  size: 8,
  font: 'bold',
  reminders: true,
  hideRemindersWhen: 'quiet',
};

function gameWith(box: Partial<TextElement> = {}): GameSystem {
  return {
    ...osmcg,
    identity: undefined,
    definitions: { keyword },
    cardTypes: [{ id: 'unit', label: 'Unit', schema: unitSchema, layout: 'unit' }],
    layouts: { unit: { background: '#ffffff', elements: [{ ...keywordBox, ...box }] } },
  };
}

const unit = (fields: Partial<CardDocument>): CardDocument => ({ type: 'unit', name: 'Scout', ...fields });
const ranged = { kw: 'Ranged', dmg: 2, range: 6 };

type TextOp = Extract<DrawOp, { op: 'text' }>;
const textOps = (drawing: CardDrawing): TextOp[] => drawing.ops.filter((op): op is TextOp => op.op === 'text');
/** The ops of one drawing line by line, each line as "face:text" runs. */
const runsByLine = (drawing: CardDrawing): string[][] => {
  const lines = new Map<number, string[]>();
  for (const op of textOps(drawing)) lines.set(op.y, [...(lines.get(op.y) ?? []), `${op.font}:${op.text}`]);
  return [...lines.values()];
};

describe('reminder text in templates', () => {
  const render = (values: Record<string, unknown>, reminders = true) =>
    renderTemplate('{keywords}', values, { schema: unitSchema, reminders });

  it('follows each keyword with its reminder, its parameters filled in, marked as reminder text', () => {
    const spans = styledSpans(render({ keywords: [ranged, { kw: 'Flying' }] }), 'bold');
    expect(spans).toEqual([
      { text: 'Ranged(2, 6") ', face: 'bold' },
      { text: '(Deals 2 damage to a unit up to 6" away.)', face: REMINDER_FACE },
      { text: ', Flying ', face: 'bold' },
      { text: '(Only flyers block it.)', face: REMINDER_FACE },
    ]);
    expect(REMINDER_FACE).toBe('italic');
  });

  it('prints no reminder unless asked, for keywords without one, or when it renders empty', () => {
    expect(render({ keywords: [ranged, { kw: 'Flying' }] }, false)).toBe('Ranged(2, 6"), Flying');
    expect(render({ keywords: [{ kw: 'Plain' }, { kw: 'Echo' }] })).toBe('Plain, Echo');
    expect(spansText(styledSpans(render({ keywords: [{ kw: 'Echo', effect: 'Draw a card.' }] }), 'bold'))).toBe(
      'Echo (Draw a card.)',
    );
  });

  it('never lets a card field pass for reminder text', () => {
    const sneaky = 'Plain \ufdd0(not a reminder)\ufdd1';
    const spans = styledSpans(renderTemplate('{text}', { text: sneaky }, { schema: unitSchema, reminders: true }), 'regular');
    expect(spans).toEqual([{ text: 'Plain (not a reminder)', face: 'regular' }]);
  });

  it('renders the OSMCG reminders from the keywords’ own parameters', () => {
    const creature = osmcg.cardTypes.find((type) => type.id === 'creature')!;
    const keywords = [
      { kw: 'Ranged', dmg: 2, range: 7 },
      { kw: 'Tracker', x: 3, effect: '+1 ATK' },
    ];
    const text = spansText(
      styledSpans(renderTemplate('{keywords|lines}', { keywords }, { schema: creature.schema, reminders: true }), 'regular'),
    );
    expect(text).toBe(
      'Ranged(2, 7") (Attacks up to 7" away for 2 damage instead of ATK; not while engaged.)\n' +
        'Tracker(3") (Gets +1 ATK while no ally is within 3".)',
    );
  });
});

describe('breaking lines that mix faces', () => {
  const measure = measureRunAt(8);
  const line: StyledSpan[] = [
    { text: 'Ranged(2, 6") ', face: 'bold' },
    { text: '(Deals 2 damage up to 6" away.)', face: 'italic' },
  ];

  it('measures each run in its own face, so a line just as wide as its runs fits', () => {
    const exact = lineWidth(line, measure);
    // The reminder is narrower in italic than in bold: measuring it in the element's face would wrap here.
    expect(measureText(line[1].text, 8, 'italic')).toBeLessThan(measureText(line[1].text, 8, 'bold'));
    expect(breakStyledLines(line, exact, measure)).toEqual([line]);
    const wrapped = breakStyledLines(line, exact - 0.01, measure);
    expect(wrapped).toEqual([
      [...line.slice(0, 1), { text: '(Deals 2 damage up to 6"', face: 'italic' }],
      [{ text: 'away.)', face: 'italic' }],
    ]);
  });

  it('keeps every character in its face and every line inside the width', () => {
    const word = fc.stringMatching(/^[A-Za-z(),."]{1,9}$/);
    const face = fc.constantFrom<FontFace>('regular', 'bold', 'italic');
    const spans = fc.array(
      fc.record({ text: fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' ') + ' '), face }),
      {
        minLength: 1,
        maxLength: 6,
      },
    );
    fc.assert(
      fc.property(spans, fc.integer({ min: 25, max: 80 }), (input, width) => {
        const lines = breakStyledLines(input, width, measure);
        for (const line of lines) expect(lineWidth(line, measure)).toBeLessThanOrEqual(width + 1e-9);
        const faceOfEachLetter = (all: StyledSpan[]) =>
          all.flatMap((span) => Array.from(span.text.replace(/ /g, ''), (ch) => `${ch}${span.face[0]}`)).join('');
        expect(faceOfEachLetter(lines.flat())).toBe(faceOfEachLetter(input));
      }),
      { numRuns: 300 },
    );
  });

  it('breaks text in one face exactly as the plain breaker does', () => {
    const text = 'Whenever an enemy unit moves within 3" of this unit, it must stop moving.\n漢字かな交じり文も折り返す。';
    const styled = breakStyledLines([{ text, face: 'regular' }], 30, measure).map(spansText);
    expect(styled).toEqual(breakLines(text, 30, 8));
  });
});

describe('reminders on a card', () => {
  it('sets the keyword in the element’s face and the reminder in italic on the same baseline, run after run', () => {
    const drawing = layoutCard(gameWith({ w: 80 }), unit({ keywords: [ranged] }));
    const [keywordOp, reminderOp] = textOps(drawing);
    expect(keywordOp).toMatchObject({ text: 'Ranged(2, 6")', font: 'bold', x: keywordBox.x });
    expect(reminderOp).toMatchObject({ text: '(Deals 2 damage to a unit up to 6" away.)', font: 'italic', y: keywordOp.y });
    expect(reminderOp.x).toBeCloseTo(keywordBox.x + measureText('Ranged(2, 6") ', 8, 'bold'), 2);
    expect(drawing.warnings).toEqual([]);
  });

  it('wraps a reminder onto the next lines, each starting at the box’s left edge', () => {
    const drawing = layoutCard(gameWith({ w: 40 }), unit({ keywords: [ranged, { kw: 'Flying' }] }));
    expect(runsByLine(drawing)).toEqual([
      ['bold:Ranged(2, 6")', 'italic:(Deals 2'],
      ['italic:damage to a unit up to 6"'],
      ['italic:away.)', 'bold:, Flying', 'italic:(Only flyers'],
      ['italic:block it.)'],
    ]);
    const ops = textOps(drawing);
    for (const op of ops) expect(op.x + measureText(op.text, op.size, op.font)).toBeLessThanOrEqual(keywordBox.x + 40 + 1e-3);
    for (const y of new Set(ops.map((op) => op.y))) expect(ops.find((op) => op.y === y)?.x).toBe(keywordBox.x);
  });

  it('shrinks text that only fits with its reminders, without a warning', () => {
    const box = { w: 40, h: 10, minSize: 5.5 };
    const keywords = [ranged, { kw: 'Flying' }];
    const drawing = layoutCard(gameWith(box), unit({ keywords }));
    expect(textOps(drawing)[0].size).toBeLessThan(8);
    expect(drawing.warnings).toEqual([]);
    expect(textOps(layoutCard(gameWith({ ...box, reminders: false }), unit({ keywords })))[0].size).toBe(8);
  });

  it('cuts text that does not fit even then, in the reminder’s face, and warns at the keywords', () => {
    const drawing = layoutCard(gameWith({ w: 40, h: 3.4, minSize: 7 }), unit({ keywords: [ranged] }));
    const ops = textOps(drawing);
    expect(ops.map((op) => `${op.font}:${op.text}`)).toEqual(['bold:Ranged(2, 6")', 'italic:(Deals 2 damage…']);
    expect(drawing.warnings).toEqual([
      {
        pointer: '/keywords',
        code: 'text-cut',
        message: expect.stringMatching(/^Too long for its box: even at 7 pt it needs 2 lines where 1 fit/),
      },
    ]);
  });

  it('leaves the reminders out of a card that checks the field named by hideRemindersWhen', () => {
    const texts = (quiet: boolean) =>
      textOps(layoutCard(gameWith({ w: 80 }), unit({ keywords: [ranged], quiet }))).map((op) => op.text);
    expect(texts(true)).toEqual(['Ranged(2, 6")']);
    expect(texts(false)).toEqual(['Ranged(2, 6")', '(Deals 2 damage to a unit up to 6" away.)']);
  });

  it('draws a reminder for every keyword on the OSMCG samples, and cuts no sample card', () => {
    const docs = ['core-set', 'missions-objectives'].flatMap((file) => {
      const set = JSON.parse(readFileSync(join(SAMPLES, `${file}.json`), 'utf8')) as { cards: { doc: CardDocument }[] };
      return set.cards.map((card) => card.doc);
    });
    const withKeywords = docs.filter((doc) => Array.isArray(doc.keywords) && doc.keywords.length > 0);
    expect(withKeywords.length).toBeGreaterThan(20);
    for (const doc of docs) {
      const drawing = layoutCard(osmcg, doc);
      const reminders = textOps(drawing).filter((op) => op.font === 'italic' && op.text.startsWith('(')).length;
      const keywords = Array.isArray(doc.keywords) ? doc.keywords.length : 0;
      expect({ card: doc.name, reminders, warnings: drawing.warnings }).toEqual({
        card: doc.name,
        reminders: keywords,
        warnings: [],
      });
    }
  });

  it('gives every OSMCG keyword a reminder', () => {
    const variants = (osmcg.definitions?.keyword.oneOf ?? []).map((variant) => [variant.title, variant['x-reminder']]);
    expect(variants.length).toBeGreaterThan(20);
    for (const [title, reminder] of variants)
      expect({ title, reminder }).toEqual({ title, reminder: expect.stringMatching(/\.$/) });
  });
});

describe('reminders in the print', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'cardwright-reminders-'));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('prints the keyword in the card font’s regular face and its reminder in the italic face', async () => {
    const doc: CardDocument = {
      type: 'creature',
      name: 'Carrion Crow',
      colors: ['neutral'],
      cost: 1,
      atk: 1,
      hp: 1,
      spd: 8,
      ap: 2,
      keywords: [{ kw: 'Flying' }],
    };
    const sheet = await renderPrintSheet({
      items: [{ system: osmcg, doc, copies: 1 }],
      print: { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 0, cutGuides: 'none', faces: 'fronts' },
      fontsDir: fileURLToPath(new URL('../../resources/fonts', import.meta.url)),
      title: 'reminders',
    });
    const path = join(workDir, 'crow.pdf');
    writeFileSync(path, sheet.bytes);

    // pdffonts names each embedded subset ("DZZZZZ+Inter-Italic"); pdftohtml tells which subset sets each piece of text.
    const fontNames = new Map(
      execFileSync('pdffonts', [path], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .slice(2)
        .map((row) => row.split(/\s+/)[0].split('+') as [string, string]),
    );
    const xml = execFileSync('pdftohtml', ['-xml', '-i', '-stdout', '-q', path], { encoding: 'utf8' });
    const specs = new Map(
      [...xml.matchAll(/<fontspec id="(\d+)"[^>]* family="([A-Z]{6})\+[^"]*"/g)].map(([, id, tag]) => [id, fontNames.get(tag)]),
    );
    const pieces = [...xml.matchAll(/<text [^>]*font="(\d+)"[^>]*>(.*?)<\/text>/g)].map(([, font, text]) => ({
      font: specs.get(font),
      text: text.replace(/<[^>]+>/g, '').trim(),
    }));
    expect(pieces).toContainEqual({ font: 'Inter-Regular', text: 'Flying' });
    const reminder = pieces.filter((piece) => piece.font === 'Inter-Italic').map((piece) => piece.text);
    expect(reminder.join(' ')).toBe('(Only flyers can attack it in melee. It moves over terrain and bases.)');
  });
});
