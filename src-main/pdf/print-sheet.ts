// Print-and-play export: every copy of every card, laid out on sheets (see imposition.ts),
// painted from the same CardDrawings as the preview, with crop marks and optional backs pages
// mirrored for long-edge duplex. The embedded fonts are the app's own (never the PDF base-14).

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type PDFDocument from 'pdfkit';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { CardDrawing } from '../../card-schema/layout/format';
import { hasOwnBack, layoutCard, layoutCardBack } from '../../card-schema/layout/layout-card';
import { cropMarkSegments, drawCropMarks } from './crop-marks';
import {
  MM_TO_PT,
  PAPER_SIZES,
  imposeCards,
  mirroredSlotIndex,
  type Imposition,
  type PaperName,
  type SizeMm,
} from './imposition';
import { paintCardDrawing } from './paint-drawing';
import { PdfFonts, createPrintDocument, readPrintFonts } from './pdf-fonts';
import { SheetImages, type ImageLoader } from './pdf-images';
import type { GameFontBuffers } from '../fonts/game-font-files';
import { NO_PROGRESS, type JobProgress } from '../jobs/job-progress';

type PdfDoc = typeof PDFDocument;

export interface PrintOptions {
  paper: PaperName;
  bleedMm: number;
  cropMarks: boolean;
  /** Add a page of card backs after every page of fronts, mirrored for duplex. */
  backs: boolean;
}

export interface PrintItem {
  system: GameSystem;
  doc: CardDocument;
  copies: number;
}

export interface PrintSheetInput {
  items: PrintItem[];
  print: PrintOptions;
  /** Folder holding FONT_FILES (resources/fonts). */
  fontsDir: string;
  title: string;
  /** Reads the print version of card art, a page's pictures at a time; without it, art is left out. */
  loadImages?: ImageLoader;
  /** The font files the printed games ship, by SHA-256 (game-font-files.ts). */
  gameFonts?: GameFontBuffers;
}

export interface PrintSheetResult {
  bytes: Uint8Array;
  pages: number;
  cards: number;
}

/** A sheet written straight to a file: its size instead of its bytes. */
export interface PrintSheetFile {
  fileBytes: number;
  pages: number;
  cards: number;
}

/** One printed card: drawings are shared between all copies of the same card. */
export interface PrintCard {
  /** Names the card in error messages. */
  label: string;
  size: SizeMm;
  front: CardDrawing;
  /** Required when backs are printed. */
  back?: CardDrawing;
}

export interface DrawingSheetInput {
  cards: readonly PrintCard[];
  print: PrintOptions;
  fontsDir: string;
  title: string;
  loadImages?: ImageLoader;
  gameFonts?: GameFontBuffers;
}

const CREATOR = 'Cardwright';

export async function renderPrintSheet(input: PrintSheetInput, progress: JobProgress = NO_PROGRESS): Promise<PrintSheetResult> {
  return renderDrawingSheet(drawingSheet(input, progress), progress);
}

/** As renderPrintSheet, streaming the PDF into `path` (a big export never sits in memory twice). */
export async function writePrintSheet(
  input: PrintSheetInput,
  path: string,
  progress: JobProgress = NO_PROGRESS,
): Promise<PrintSheetFile> {
  return writeDrawingSheet(drawingSheet(input, progress), path, progress);
}

/** As renderDrawingSheet, streaming the PDF into `path`. */
export async function writeDrawingSheet(
  input: DrawingSheetInput,
  path: string,
  progress: JobProgress = NO_PROGRESS,
): Promise<PrintSheetFile> {
  const out = createWriteStream(path);
  try {
    const sheet = await paintSheet(input, progress, out);
    return { fileBytes: out.bytesWritten, ...sheet };
  } catch (error) {
    out.destroy();
    throw error;
  }
}

function drawingSheet(input: PrintSheetInput, progress: JobProgress): DrawingSheetInput {
  const { print, fontsDir, title, loadImages, gameFonts } = input;
  return { cards: expandItems(input.items, print.backs, progress), print, fontsDir, title, loadImages, gameFonts };
}

/**
 * Expands copies in order. Each distinct document is laid out once, however many copies print;
 * a card whose type has its own back gets that back (drawn with its fields), every other card
 * shares its game's back, laid out once.
 */
export function expandItems(items: readonly PrintItem[], withBacks: boolean, progress: JobProgress = NO_PROGRESS): PrintCard[] {
  const fronts = new Map<CardDocument, CardDrawing>();
  const backs = new Map<GameSystem | CardDocument, CardDrawing>();
  const cards: PrintCard[] = [];
  items.forEach((item, index) => {
    progress.report('Laying out cards', index, items.length);
    const label = `Card ${index + 1} (“${item.doc.name}”)`;
    if (!Number.isInteger(item.copies) || item.copies < 0) {
      throw new Error(`${label}: copies must be a whole number of at least 0, got ${item.copies}`);
    }
    if (item.copies === 0) return;
    let front = fronts.get(item.doc);
    if (!front) {
      front = layoutCard(item.system, item.doc);
      fronts.set(item.doc, front);
    }
    let back: CardDrawing | undefined;
    if (withBacks) {
      const key = hasOwnBack(item.system, item.doc) ? item.doc : item.system;
      back = backs.get(key);
      if (!back) {
        back = layoutCardBack(item.system, item.doc);
        backs.set(key, back);
      }
    }
    const size: SizeMm = { widthMm: item.system.card.widthMm, heightMm: item.system.card.heightMm };
    const card: PrintCard = { label, size, front, back };
    for (let copy = 0; copy < item.copies; copy++) cards.push(card);
  });
  return cards;
}

interface SheetPage {
  imposition: Imposition;
  cards: PrintCard[];
}

/**
 * Fills pages slot by slot. Cards of a different size (another game in the same export)
 * start a new page laid out for their size.
 */
export function paginate(cards: readonly PrintCard[], paper: SizeMm, bleedMm: number): SheetPage[] {
  const impositions = new Map<string, Imposition>();
  const pages: SheetPage[] = [];
  let current: SheetPage | null = null;
  for (const card of cards) {
    const key = `${card.size.widthMm}x${card.size.heightMm}`;
    let imposition = impositions.get(key);
    if (!imposition) {
      imposition = imposeCards(paper, card.size, bleedMm);
      impositions.set(key, imposition);
    }
    if (!current || current.imposition !== imposition || current.cards.length >= imposition.perPage) {
      current = { imposition, cards: [] };
      pages.push(current);
    }
    current.cards.push(card);
  }
  return pages;
}

/** Renders already laid-out cards; `renderPrintSheet` is the usual entry point. */
export async function renderDrawingSheet(
  input: DrawingSheetInput,
  progress: JobProgress = NO_PROGRESS,
): Promise<PrintSheetResult> {
  const chunks: Uint8Array[] = [];
  const sink = new Writable({
    write(chunk: Uint8Array, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const sheet = await paintSheet(input, progress, sink);
  return { bytes: new Uint8Array(Buffer.concat(chunks)), ...sheet };
}

/**
 * Paints every page into a new document piped into `sink`, waiting for the sink after each page
 * so a big export's bytes go out as they are made instead of piling up in memory.
 */
async function paintSheet(
  input: DrawingSheetInput,
  progress: JobProgress,
  sink: Writable,
): Promise<{ pages: number; cards: number }> {
  const { cards, print } = input;
  const paper = PAPER_SIZES[print.paper];
  if (!paper) throw new Error(`Unknown paper "${String(print.paper)}": use A4 or Letter`);
  if (cards.length === 0) throw new Error('Nothing to print: the export has no cards (every copy count is 0)');
  if (print.backs) cards.forEach(backOf);
  const pages = paginate(cards, paper, print.bleedMm);
  const fontBuffers = await readPrintFonts(input.fontsDir);

  const size = [paper.widthMm * MM_TO_PT, paper.heightMm * MM_TO_PT];
  const doc: PdfDoc = createPrintDocument({
    autoFirstPage: false,
    size,
    margin: 0,
    info: { Title: input.title, Creator: CREATOR, Subject: `${cards.length} cards, ${print.paper}` },
    displayTitle: true,
    // Fill opacity (ExtGState) needs PDF 1.4 or later.
    pdfVersion: '1.7',
  });
  const fonts = PdfFonts.register(doc, fontBuffers, input.gameFonts);
  const images = new SheetImages(doc, input.loadImages);
  doc.pipe(sink);

  let pageCount = 0;
  let painted = 0;
  for (const page of pages) {
    progress.report('Painting cards', painted, cards.length);
    const slots = page.imposition.slots;
    await images.prepare(page.cards.flatMap((card) => imageIds(card, print.backs)));
    doc.addPage({ size, margin: 0 });
    page.cards.forEach((card, index) => paintCardDrawing(doc, card.front, slots[index], fonts, card.label, images.lookup));
    if (print.cropMarks) drawCropMarks(doc, cropMarkSegments(page.imposition, slots.slice(0, page.cards.length)));
    pageCount++;

    if (print.backs) {
      doc.addPage({ size, margin: 0 });
      const backSlots = page.cards.map((_, index) => slots[mirroredSlotIndex(page.imposition, index)]);
      page.cards.forEach((card, index) =>
        paintCardDrawing(doc, backOf(card), backSlots[index], fonts, `${card.label} back`, images.lookup),
      );
      if (print.cropMarks) drawCropMarks(doc, cropMarkSegments(page.imposition, backSlots));
      pageCount++;
    }
    painted += page.cards.length;
    // Let pdfkit flush the finished page and keep the process responsive on big decks.
    if (sink.writableNeedDrain) await once(sink, 'drain');
    else await new Promise<void>((resolve) => setImmediate(resolve));
  }
  progress.report('Painting cards', painted, cards.length);
  const written = finished(sink);
  doc.end();
  await written;
  return { pages: pageCount, cards: cards.length };
}

/** The pictures a card's drawings show (its back's too when backs print). */
function imageIds(card: PrintCard, withBacks: boolean): string[] {
  const drawings = withBacks && card.back ? [card.front, card.back] : [card.front];
  return drawings.flatMap((drawing) => drawing.ops.flatMap((op) => (op.op === 'image' ? [op.image] : [])));
}

function backOf(card: PrintCard): CardDrawing {
  if (!card.back) throw new Error(`${card.label}: no back drawing, but backs were requested`);
  return card.back;
}
