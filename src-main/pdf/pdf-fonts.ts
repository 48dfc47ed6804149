// The fonts a print document embeds: the card font's faces and the fallback fonts (see
// card-schema/layout/fonts.ts). Each file is read once into a Buffer and registered once per
// document under its own name; pdfkit embeds only the glyphs a document uses.
//
// pdfkit trap: a font pdfkit opened before (the constructor's `font` option) shares its
// PostScript name with a later registration of the same file, and then pdfkit re-opens the
// source at every doc.font() call without caching it. So the document is created with no
// font at all (createPrintDocument) and every face is only ever reached by its registered name.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { FontFace } from '../../card-schema/layout/format';
import { FALLBACK_FONTS, FONT_FILES } from '../../card-schema/layout/fonts';

type PdfDoc = typeof PDFDocument;

/** The files of each font: the card font under "card", fallbacks under their ids. */
const FONT_STACK: Record<string, Record<FontFace, string>> = {
  card: FONT_FILES,
  ...Object.fromEntries(FALLBACK_FONTS.map((font) => [font.id, font.files])),
};

/** Font file contents by file name (each file once, whatever faces share it). */
export type FontBuffers = Map<string, Buffer>;

/** Reads every font file a print may use; a missing file is an error naming it. */
export async function readPrintFonts(fontsDir: string): Promise<FontBuffers> {
  const buffers: FontBuffers = new Map();
  for (const [font, files] of Object.entries(FONT_STACK)) {
    for (const [face, file] of Object.entries(files)) {
      if (buffers.has(file)) continue;
      const path = join(fontsDir, file);
      try {
        buffers.set(file, await readFile(path));
      } catch {
        const what = font === 'card' ? `${face} print font` : `${font} fallback font`;
        throw new Error(`The ${what} is missing: ${path}`);
      }
    }
  }
  return buffers;
}

/** A new document without any font opened (see the trap above); register fonts before text. */
export function createPrintDocument(options: PDFKit.PDFDocumentOptions): PdfDoc {
  // An empty `font` makes pdfkit skip its default (Helvetica, a base-14 font read from disk).
  return new PDFDocument({ ...options, font: '' });
}

/** Looks up the registered name of a face of the card font or of a fallback font. */
export class PdfFonts {
  private constructor(private readonly names: Map<string, string>) {}

  /** Registers every file once in `doc` and selects the card font's regular face. */
  static register(doc: PdfDoc, buffers: FontBuffers): PdfFonts {
    const names = new Map<string, string>();
    for (const [file, buffer] of buffers) {
      const name = `cardwright:${file}`;
      doc.registerFont(name, buffer);
      names.set(file, name);
    }
    const fonts = new PdfFonts(names);
    doc.font(fonts.name('regular'));
    return fonts;
  }

  /** The registered name for `face` of the card font, or of the fallback font `fallback`. */
  name(face: FontFace, fallback?: string): string {
    const files =
      (fallback !== undefined && Object.hasOwn(FONT_STACK, fallback) ? FONT_STACK[fallback] : undefined) ?? FONT_STACK.card;
    const name = this.names.get(files[face] ?? files.regular);
    if (name === undefined) throw new Error(`Font file ${files[face]} was not registered`);
    return name;
  }
}
