// The print embeds the fallback fonts a card uses (and only those), draws CJK and emoji with
// real glyphs (poppler reads the same text back), and registers each font once per document.

import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CardDocument } from '../../card-schema/system/format';
import { layoutCard } from '../../card-schema/layout/layout-card';
import { renderPrintSheet } from '../../src-main/pdf/print-sheet';
import { PdfFonts, createPrintDocument, readPrintFonts } from '../../src-main/pdf/pdf-fonts';
import { paintCardDrawing } from '../../src-main/pdf/paint-drawing';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { DEFAULT_PRINT_OPTIONS } from '../../card-schema/print/print-options';

const FONTS_DIR = fileURLToPath(new URL('../../resources/fonts', import.meta.url));
const osmcg = loadGameSystem(fileURLToPath(new URL('../../card-schema/systems/osmcg', import.meta.url)));
const workDir = mkdtempSync(join(tmpdir(), 'cardwright-pdf-fonts-'));

const print = { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 3, cutGuides: 'none', faces: 'fronts' } as const;
const card = (doc: Partial<CardDocument>): CardDocument => ({ type: 'creature', name: 'Wolf', colors: ['red'], cost: 2, ...doc });

async function printed(doc: CardDocument): Promise<{ fonts: string[]; text: string }> {
  const sheet = await renderPrintSheet({ items: [{ system: osmcg, doc, copies: 1 }], print, fontsDir: FONTS_DIR, title: 't' });
  const path = join(workDir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, sheet.bytes);
  const rows = execFileSync('pdffonts', [path], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return {
    // "ABCDEF+NotoSansCJKsc-Regular" → "NotoSansCJKsc-Regular"
    fonts: rows.map((row) => row.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, '')).sort(),
    text: execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }),
  };
}

describe('fallback fonts in the print', () => {
  it('embeds only the card font for Latin text', async () => {
    const { fonts } = await printed(card({ text: 'Draw a card.' }));
    expect(fonts.every((font) => font.startsWith('Inter'))).toBe(true);
  });

  it('embeds the CJK and emoji fonts a card uses and prints their characters', async () => {
    const { fonts, text } = await printed(card({ name: '龍の騎士 🐉', text: '召唤时：抽一张牌。🔥' }));
    expect(fonts).toEqual(expect.arrayContaining(['NotoEmoji-Regular', 'NotoSansCJKsc-Bold', 'NotoSansCJKsc-Regular']));
    expect(text.replace(/\s+/g, '')).toContain('龍の騎士');
    expect(text.replace(/\s+/g, '')).toContain('召唤时：抽一张牌。');
    expect(text).toContain('🐉');
  });

  it('registers each font file once per document (pdfkit re-opens a font whose name was taken)', async () => {
    const doc = createPrintDocument({ autoFirstPage: false, size: [200, 300], margin: 0 });
    const fonts = PdfFonts.register(doc, await readPrintFonts(FONTS_DIR));
    const drawing = layoutCard(osmcg, card({ name: '龍 Wolf 🐉', text: 'Haste. 召唤时 *draw*', flavor: 'Quiet.' }));
    const box = { x: 0, y: 0, w: drawing.widthMm, h: drawing.heightMm };
    doc.addPage({ size: [200, 300], margin: 0 });
    for (let i = 0; i < 20; i++)
      paintCardDrawing(doc, drawing, { index: 0, row: 0, column: 0, trim: box, bleed: box }, fonts, 'c');
    // pdfkit numbers every font it opens (F1, F2, …); an uncached re-open would count again.
    const faces = new Set(drawing.ops.flatMap((op) => (op.op === 'text' ? [`${op.font}/${op.fallback ?? ''}`] : [])));
    expect((doc as unknown as { _fontCount: number })._fontCount).toBe(faces.size);
    doc.end();
  });
});
