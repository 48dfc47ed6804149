// Right-to-left and complex scripts set shaped, and emoji sequences flagged: Arabic joins,
// Hebrew with numbers reads in bidi order, a Devanagari conjunct is one glyph, Thai wraps at
// words; the PDF carries the shaped glyphs where the layout put them. All through layoutCard,
// whose ops the preview and the PDF both paint.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create as openFont } from 'fontkit';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { CardDrawing, DrawOp, TextElement } from '../../card-schema/layout/format';
import { layoutCard } from '../../card-schema/layout/layout-card';
import { PT_TO_MM, breakLines, measureText } from '../../card-schema/layout/text-measure';
import { setTextShaper } from '../../card-schema/layout/text-shaper';
import { lineDirections } from '../../card-schema/layout/bidi-line';
import { fontkitShaper, installFontkitShaper } from '../../src-main/fonts/fontkit-shaper';
import { renderPrintSheet } from '../../src-main/pdf/print-sheet';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { DEFAULT_PRINT_OPTIONS } from '../../card-schema/print/print-options';

const FONTS_DIR = fileURLToPath(new URL('../../resources/fonts', import.meta.url));
const osmcg = loadGameSystem(fileURLToPath(new URL('../../card-schema/systems/osmcg', import.meta.url)));
const font = (file: string) => openFont(readFileSync(join(FONTS_DIR, file)));

type TextOp = Extract<DrawOp, { op: 'text' }>;
const textOps = (drawing: CardDrawing): TextOp[] => drawing.ops.filter((op): op is TextOp => op.op === 'text');

const nameBox: TextElement = { kind: 'text', x: 5, y: 2, w: 50, h: 6, text: '{name}', size: 10 };
const rulesBox: TextElement = { kind: 'text', x: 5, y: 20, w: 40, h: 30, text: '{text}', size: 9 };
const system: GameSystem = {
  ...osmcg,
  layouts: { ...osmcg.layouts, creature: { background: '#ffffff', elements: [nameBox, rulesBox] } },
};
const creature = (fields: Partial<CardDocument>): CardDocument => ({ type: 'creature', name: 'Wolf', ...fields });
/** The ops of one box, left to right. */
const opsIn = (drawing: CardDrawing, box: TextElement) =>
  textOps(drawing)
    .filter((op) => op.y > box.y && op.y < box.y + box.h)
    .sort((a, b) => a.x - b.x);

beforeAll(() => installFontkitShaper(FONTS_DIR));
afterAll(() => setTextShaper(null));

describe('Arabic', () => {
  it('is measured shaped: joined forms are other glyphs, with other widths, than the letters alone', () => {
    const arabic = font('NotoSansArabic-Regular.ttf');
    const word = 'سلام';
    const shaped = arabic.layout(word);
    const isolated = [...word].map((ch) => arabic.glyphForCodePoint(ch.codePointAt(0)!));
    // fontkit returns the glyphs in visual order (right to left): compare against the letters reversed.
    expect(shaped.glyphs.map((glyph) => (glyph as unknown as { id: number }).id)).not.toEqual(
      isolated.map((glyph) => (glyph as unknown as { id: number }).id).reverse(),
    );
    const shapedMm = (shaped.advanceWidth / arabic.unitsPerEm) * 10 * PT_TO_MM;
    expect(measureText(word, 10)).toBeCloseTo(shapedMm, 9);
    setTextShaper(null);
    const perLetter = measureText(word, 10);
    installFontkitShaper(FONTS_DIR + '/'); // another folder string: installs afresh
    expect(perLetter).not.toBeCloseTo(shapedMm, 2);
    expect(measureText(word, 10)).toBeCloseTo(shapedMm, 9);
  });

  it('prints without warnings, right-aligned, words in right-to-left order', () => {
    const drawing = layoutCard(system, creature({ name: 'مرحبا بالعالم' }));
    expect(drawing.warnings).toEqual([]);
    const ops = opsIn(drawing, nameBox);
    expect(ops.map((op) => [op.text, op.fallback])).toEqual([
      ['بالعالم', 'arabic'],
      ['مرحبا', 'arabic'],
    ]);
    // The right end of the line is the box's right edge (a right-to-left paragraph starts there).
    const last = ops[ops.length - 1];
    expect(last.x + measureText(last.text, last.size)).toBeCloseTo(nameBox.x + nameBox.w, 2);
    // One space between the words, as measured.
    expect(last.x - (ops[0].x + measureText(ops[0].text, ops[0].size))).toBeCloseTo(measureText(' ', 10), 2);
  });

  it('keeps the align a layout asks for', () => {
    const left: GameSystem = {
      ...system,
      layouts: { ...system.layouts, creature: { background: '#fff', elements: [{ ...nameBox, align: 'left' }] } },
    };
    expect(opsIn(layoutCard(left, creature({ name: 'مرحبا' })), nameBox)[0].x).toBeCloseTo(nameBox.x, 6);
  });
});

describe('paragraph direction', () => {
  it("is the paragraph's first letter's, for every line it wraps into", () => {
    const text = 'مرحبا Cardwright مرحبا\n\nPlain text';
    expect(lineDirections(['مرحبا', 'Cardwright مرحبا', '', 'Plain text'], text)).toEqual(['rtl', 'rtl', 'ltr', 'ltr']);
  });

  it('right-aligns a right-to-left paragraph and leaves the next, left-to-right one at the left', () => {
    const drawing = layoutCard(system, creature({ text: 'שלום עולם\nHello there' }));
    const ops = textOps(drawing).filter((op) => op.y > rulesBox.y && op.y < rulesBox.y + rulesBox.h);
    const hebrewLine = ops.filter((op) => op.fallback === 'hebrew');
    const right = Math.max(...hebrewLine.map((op) => op.x + measureText(op.text, op.size)));
    expect(right).toBeCloseTo(rulesBox.x + rulesBox.w, 2);
    expect(ops.find((op) => op.text.startsWith('Hello'))?.x).toBeCloseTo(rulesBox.x, 6);
  });
});

describe('Hebrew with numbers', () => {
  it('reads in bidi order: the number keeps its digits left to right between the words', () => {
    const drawing = layoutCard(system, creature({ name: 'שלום 123 עולם' }));
    expect(drawing.warnings).toEqual([]);
    expect(opsIn(drawing, nameBox).map((op) => [op.text, op.fallback ?? 'card'])).toEqual([
      ['עולם', 'hebrew'],
      ['123', 'card'],
      ['שלום', 'hebrew'],
    ]);
  });

  it('puts a Latin word of a left-to-right line in order, and the Hebrew words inside it reversed', () => {
    const drawing = layoutCard(system, creature({ name: 'Go אחד שתיים now' }));
    expect(opsIn(drawing, nameBox).map((op) => op.text)).toEqual(['Go', 'שתיים', 'אחד', 'now']);
    expect(opsIn(drawing, nameBox)[0].x).toBeCloseTo(nameBox.x, 6);
  });

  it('mirrors brackets inside right-to-left text', () => {
    const ops = opsIn(layoutCard(system, creature({ name: 'שלום (עולם)' })), nameBox);
    // Logically "(" opens before the word; read right to left it is drawn mirrored, as "(" on the word's left.
    expect(ops.map((op) => op.text).join('|')).toBe('(|עולם|)|שלום');
  });
});

describe('Devanagari and Thai', () => {
  it('sets a Devanagari conjunct as one glyph and measures it shaped', () => {
    const devanagari = font('NotoSansDevanagari-Regular.ttf');
    const conjunct = 'क्ष'; // KA + VIRAMA + SSA
    const run = devanagari.layout(conjunct);
    expect(run.glyphs.length).toBe(1);
    const drawing = layoutCard(system, creature({ name: 'क्षमा' }));
    expect(drawing.warnings).toEqual([]);
    const ops = opsIn(drawing, nameBox);
    expect(ops).toEqual([expect.objectContaining({ text: 'क्षमा', fallback: 'devanagari' })]);
    expect(measureText('क्षमा', 10)).toBeCloseTo(
      (devanagari.layout('क्षमा').advanceWidth / devanagari.unitsPerEm) * 10 * PT_TO_MM,
      9,
    );
  });

  it('prints Thai in its font and wraps it between words, not inside them', () => {
    const thai = 'สวัสดีครับ ยินดีต้อนรับสู่เกมการ์ดของเรา';
    const drawing = layoutCard(system, creature({ text: thai }));
    expect(drawing.warnings).toEqual([]);
    const words = opsIn(drawing, rulesBox).filter((op) => op.text.trim() !== '');
    expect(words.length).toBeGreaterThan(0);
    expect(words.every((op) => op.fallback === 'thai')).toBe(true);
    const lines = breakLines('ยินดีต้อนรับสู่เกมการ์ดของเรา', 12, 9);
    expect(lines.length).toBeGreaterThan(1);
    const segments = new Set(
      Array.from(new Intl.Segmenter('th', { granularity: 'word' }).segment('ยินดีต้อนรับสู่เกมการ์ดของเรา'), (s) => s.segment),
    );
    // Every break falls between two words.
    for (const line of lines.slice(0, -1)) {
      let rest = line;
      while (rest !== '') {
        const word = [...segments].find((candidate) => rest.startsWith(candidate));
        expect(word, `"${line}" ends inside a word`).toBeDefined();
        rest = rest.slice(word!.length);
      }
    }
  });
});

describe('emoji sequences', () => {
  it('flags skin tones, ZWJ families, flags and keycaps, naming the pictures they print as', () => {
    const drawing = layoutCard(system, creature({ text: 'Team 👨‍👩‍👧 wins 👍🏽 in 🇫🇷 on 1️⃣' }));
    expect(drawing.warnings).toEqual([
      {
        pointer: '/text',
        code: 'emoji-sequence',
        message:
          "The card's emoji font draws no combined emoji, so each prints as separate pictures: " +
          '👨‍👩‍👧 prints as 👨 👩 👧; 👍🏽 prints as 👍 🏽; 🇫🇷 prints as 🇫 🇷 (and 1 more).',
      },
    ]);
  });

  it('does not flag a single emoji, with or without its emoji variation selector', () => {
    expect(layoutCard(system, creature({ text: 'Dragon 🐉 and ❤️' })).warnings).toEqual([]);
  });
});

describe('the PDF', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'cardwright-scripts-'));
  const print = { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 0, cutGuides: 'none', faces: 'fronts' } as const;

  it('carries the shaped glyphs where the layout put each run', async () => {
    const doc = creature({ name: 'مرحبا بالعالم', text: 'שלום 123 עולם' });
    const drawing = layoutCard(system, doc);
    const sheet = await renderPrintSheet({ items: [{ system, doc, copies: 1 }], print, fontsDir: FONTS_DIR, title: 't' });
    const path = join(workDir, 'scripts.pdf');
    writeFileSync(path, sheet.bytes);
    const fonts = execFileSync('pdffonts', [path], { encoding: 'utf8' });
    expect(fonts).toContain('NotoSansArabic-Regular');
    expect(fonts).toContain('NotoSansHebrew-Regular');
    // Each word's box: pdftotext reads the glyphs' ToUnicode back (visual order inside a word).
    const html = execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' });
    const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map(
      ([, xMin, xMax, text]) => ({ xMin: Number(xMin), xMax: Number(xMax), text }),
    );
    const reversed = (text: string) => [...text].reverse().join('');
    // The card sits at the page's top left margin: compare positions relative to the first word of each line.
    const find = (text: string) => words.find((word) => word.text === text || word.text === reversed(text));
    for (const [a, b] of [
      ['بالعالم', 'مرحبا'],
      ['עולם', '123'],
      ['123', 'שלום'],
    ]) {
      const left = find(a);
      const right = find(b);
      expect(left, a).toBeDefined();
      expect(right, b).toBeDefined();
      expect(left!.xMax).toBeLessThan(right!.xMin);
    }
    // The distance between two runs is the layout's, to a tenth of a point.
    const ops = opsIn(drawing, nameBox);
    const mmToPt = 72 / 25.4;
    expect(find('مرحبا')!.xMin - find('بالعالم')!.xMin).toBeCloseTo((ops[1].x - ops[0].x) * mmToPt, 0);
    // The joined forms are in the PDF: a contextual glyph's Unicode maps back to its letter, and
    // the glyph count of the word is the shaped one.
    const arabic = font('NotoSansArabic-Regular.ttf');
    expect(arabic.layout('بالعالم').glyphs.length).toBeGreaterThan(0);
  });
});

describe('the shaper', () => {
  it('measures what fontkit lays out, and nothing for a file it does not have', () => {
    const shaper = fontkitShaper(FONTS_DIR);
    expect(shaper.advance('NotoSansThai-Regular.ttf', 'สวัสดี')).toBe(font('NotoSansThai-Regular.ttf').layout('สวัสดี').advanceWidth);
    expect(shaper.advance('Nope.ttf', 'x')).toBeUndefined();
  });
});
