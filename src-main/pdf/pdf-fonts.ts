// The fonts a print document embeds: the card font's faces, the fallback fonts (see
// card-schema/layout/fonts.ts) and the fonts the printed games ship (by file SHA-256, the
// `gameFontFile` of text ops). Each file is read once into a Buffer and registered once per
// document under its own name; pdfkit embeds only the fonts and glyphs a document uses.
//
// pdfkit trap: a font pdfkit opened before (the constructor's `font` option) shares its
// PostScript name with a later registration of the same file, and then pdfkit re-opens the
// source at every doc.font() call without caching it. So the document is created with no
// font at all (createPrintDocument) and every face is only ever reached by its registered name.
//
// fontkit parses a font's shaping tables (GSUB, GPOS) on first use: ~0.35 s for these fonts.
// pdfkit opens a new fontkit font per document when given bytes, but takes an opened one as it
// is, so each file is opened once per thread (the fonts are only read from; each document keeps
// its own subset) and a job worker's second export skips that work.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { create as openFontkitFont, type Font } from 'fontkit';
import type { FontFace } from '../../card-schema/layout/format';
import { FALLBACK_FONTS, FONT_FILES } from '../../card-schema/layout/fonts';
import type { GameFontBuffers } from '../fonts/game-font-files';
import type { PdfFontObject } from './pdf-font-object';
import { installFontkitShaper } from '../fonts/fontkit-shaper';

type PdfDoc = typeof PDFDocument;

/** The files of each font: the card font under "card", fallbacks under their ids. */
const FONT_STACK: Record<string, Record<FontFace, string>> = {
  card: FONT_FILES,
  ...Object.fromEntries(FALLBACK_FONTS.map((font) => [font.id, font.files])),
};

/** Font file contents by file name (each file once, whatever faces share it). */
export type FontBuffers = Map<string, Buffer>;

/** The files read so far, by folder: the app's fonts do not change while it runs. */
const readFonts = new Map<string, Promise<FontBuffers>>();

/** Reads every font file a print may use (once per folder); a missing file is an error naming it. */
export function readPrintFonts(fontsDir: string): Promise<FontBuffers> {
  // Whatever prints reads its fonts first: its layout measures shaped scripts with the same files.
  installFontkitShaper(fontsDir);
  let read = readFonts.get(fontsDir);
  if (!read) {
    read = readFontFiles(fontsDir);
    readFonts.set(fontsDir, read);
    read.catch(() => readFonts.delete(fontsDir));
  }
  return read;
}

async function readFontFiles(fontsDir: string): Promise<FontBuffers> {
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

/** Opened fonts by the Buffer they were read into (the app's fonts, read once per folder above). */
const openedFiles = new WeakMap<Buffer, Font>();
/** Opened game fonts by SHA-256 (their Buffers are read per print, and checked against it). */
const openedGameFonts = new Map<string, Font>();

function openedFile(buffer: Buffer): Font {
  let font = openedFiles.get(buffer);
  if (!font) openedFiles.set(buffer, (font = openFontkitFont(buffer)));
  return font;
}

function openedGameFont(sha256: string, buffer: Buffer): Font {
  let font = openedGameFonts.get(sha256);
  if (!font) openedGameFonts.set(sha256, (font = openFontkitFont(buffer)));
  return font;
}

/** pdfkit (0.20) takes an opened fontkit font wherever it takes bytes; its typings only list bytes. */
function registerOpened(doc: PdfDoc, name: string, font: Font): void {
  doc.registerFont(name, font as unknown as Buffer);
}

/** A new document without any font opened (see the trap above); register fonts before text. */
export function createPrintDocument(options: PDFKit.PDFDocumentOptions): PdfDoc {
  // An empty `font` makes pdfkit skip its default (Helvetica, a base-14 font read from disk).
  return new PDFDocument({ ...options, font: '' });
}

/** Looks up the registered name of a face of the card font, of a fallback font or of a game font file. */
export class PdfFonts {
  private constructor(
    private readonly names: Map<string, string>,
    private readonly gameNames: Map<string, string>,
  ) {}

  /** Registers every file once in `doc` and selects the card font's regular face. */
  static register(doc: PdfDoc, buffers: FontBuffers, gameFonts: GameFontBuffers = new Map()): PdfFonts {
    const names = new Map<string, string>();
    for (const [file, buffer] of buffers) {
      const name = `cardwright:${file}`;
      registerOpened(doc, name, openedFile(buffer));
      names.set(file, name);
    }
    const gameNames = new Map<string, string>();
    for (const [sha256, buffer] of gameFonts) {
      const name = `cardwright:game:${sha256}`;
      registerOpened(doc, name, openedGameFont(sha256, buffer));
      gameNames.set(sha256, name);
    }
    const fonts = new PdfFonts(names, gameNames);
    doc.font(fonts.name('regular'));
    return fonts;
  }

  /** pdfkit's font objects by registered name, opened on first use (this document's). */
  private readonly objects = new Map<string, PdfFontObject>();

  /** pdfkit's font object for a registered name (what doc.font(name) selects), for painting text directly. */
  fontObject(doc: PdfDoc, name: string): PdfFontObject {
    let font = this.objects.get(name);
    if (!font) {
      doc.font(name);
      font = (doc as unknown as { _font: PdfFontObject })._font;
      this.objects.set(name, font);
    }
    return font;
  }

  /** The registered name of the font a text op is set in. */
  forOp(op: { font: FontFace; fallback?: string; gameFontFile?: string }): string {
    if (op.gameFontFile === undefined) return this.name(op.font, op.fallback);
    const name = this.gameNames.get(op.gameFontFile);
    if (name === undefined) throw new Error(`The game font file ${op.gameFontFile} was not registered`);
    return name;
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
