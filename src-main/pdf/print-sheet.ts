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
import { hasOwnBack, layoutCardBack } from '../../card-schema/layout/layout-card';
import { cardSizeOf, type PrintOptions, type SizeMm } from '../../card-schema/print/print-options';
import { systemAtCardSize } from '../../card-schema/layout/card-size';
import {
  backMirrorAxis,
  mirrorBox,
  planPages,
  planSheet,
  rangeFilter,
  union,
  type PlannedPage,
  type SheetPlan,
} from '../../card-schema/print/sheet-plan';
import type { BoxMm, Slot } from '../../card-schema/print/sheet-slots';
import { drawFoldLine, drawPageGuides } from './crop-marks';
import { refusedPlan } from './plan-refusal';
import { paintCalibrationBack, paintCalibrationFront, calibrationTarget } from './calibration-page';
import { paintForm, placeForm, type FormXObject } from './form-xobjects';
import { MM_TO_PT } from './imposition';
import { paintCardDrawing } from './paint-drawing';
import { printFront } from './front-layouts';
import { PdfFonts, createPrintDocument, readPrintFonts, type FontBuffers } from './pdf-fonts';
import { installFontkitShaper } from '../fonts/fontkit-shaper';
import { SheetImages, type ImageLoader } from './pdf-images';
import type { PartSinks } from './split-output';
import { PDFX_PDF_VERSION, makePressReady, pressReadyFor, type PressReady } from './pdfx/pdfx-document';
import type { GameFontBuffers } from '../fonts/game-font-files';
import { NO_PROGRESS, type JobProgress } from '../jobs/job-progress';
import type { PrintUsed, PrintWarnings } from '../api/contract';

type PdfDoc = typeof PDFDocument;

export type { PrintOptions };

export interface PrintItem {
  system: GameSystem;
  doc: CardDocument;
  copies: number;
  /** The back this print gives the card instead of its own (services/print-back.ts). */
  back?: CardDrawing;
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
  /** Split every N pages: where each new part goes (split-output.ts). */
  parts?: PartSinks;
}

export interface PrintSheetResult {
  bytes: Uint8Array;
  /** The separate-backs layout's second file. */
  backsBytes?: Uint8Array;
  pages: number;
  backPages: number;
  cards: number;
  used: PrintUsed;
  /** The cards that print with a layout warning (absent when none do). */
  warnings?: PrintWarnings;
}

/** A sheet written straight to a file: its size instead of its bytes. */
export interface PrintSheetFile {
  fileBytes: number;
  /** Bytes of the backs file, when the layout wrote one. */
  backsFileBytes?: number;
  pages: number;
  backPages: number;
  cards: number;
  used: PrintUsed;
  warnings?: PrintWarnings;
}

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
  parts?: PartSinks;
}

const CREATOR = 'Cardwright';
/** How much written PDF may wait for the disk before painting waits for it (see paintSheet). */
const OUTPUT_BUFFER_BYTES = 8 * 2 ** 20;

export async function renderPrintSheet(input: PrintSheetInput, progress: JobProgress = NO_PROGRESS): Promise<PrintSheetResult> {
  return renderDrawingSheet(drawingSheet(input, progress), progress);
}

/**
 * As renderPrintSheet, streaming the PDF into `path` (a big export never sits in memory twice);
 * the separate-backs layout writes its backs into `backsPath`.
 */
export async function writePrintSheet(
  input: PrintSheetInput,
  path: string,
  progress: JobProgress = NO_PROGRESS,
  backsPath?: string,
): Promise<PrintSheetFile> {
  return writeDrawingSheet(drawingSheet(input, progress), path, progress, backsPath);
}

/** Whether these options write a second file of backs (so the caller can name it). */
export function writesBacksFile(print: PrintOptions): boolean {
  return print.layout === 'separate-backs' && print.faces === 'both';
}

/** As renderDrawingSheet, streaming the PDF into `path` (and the backs file into `backsPath`). */
export async function writeDrawingSheet(
  input: DrawingSheetInput,
  path: string,
  progress: JobProgress = NO_PROGRESS,
  backsPath?: string,
): Promise<PrintSheetFile> {
  if (writesBacksFile(input.print) && !backsPath) throw new Error('The separate-backs layout needs a file for the backs');
  // A few MiB of buffer: the next page is painted while the last one is written, not after.
  const out = createWriteStream(path, { highWaterMark: OUTPUT_BUFFER_BYTES });
  const backsOut = writesBacksFile(input.print) && backsPath ? createWriteStream(backsPath) : undefined;
  try {
    const sheet = await paintSheet(input, progress, out, backsOut);
    return { fileBytes: out.bytesWritten, backsFileBytes: backsOut?.bytesWritten, ...sheet };
  } catch (error) {
    out.destroy();
    backsOut?.destroy();
    throw error;
  }
}

function drawingSheet(input: PrintSheetInput, progress: JobProgress): DrawingSheetInput {
  const { print, fontsDir, title, loadImages, gameFonts, parts } = input;
  installFontkitShaper(fontsDir); // before layout: shaped scripts are measured with the print's fonts
  const cards = expandItems(input.items, { withBacks: print.faces !== 'fronts', cardSize: print.cardSize }, progress);
  return { cards, print, fontsDir, title, loadImages, gameFonts, parts };
}

/**
 * Expands copies in order. Each distinct document is laid out once, however many copies print,
 * at the print's card size (laid out again for another size: card-size.ts); a card whose type
 * has its own back gets that back (drawn with its fields), every other card shares its game's
 * back, laid out once.
 */
export function expandItems(
  items: readonly PrintItem[],
  { withBacks, cardSize = 'game' }: { withBacks: boolean; cardSize?: PrintOptions['cardSize'] },
  progress: JobProgress = NO_PROGRESS,
): PrintCard[] {
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
    const size = cardSizeOf(cardSize, item.system.card);
    const system = systemAtCardSize(item.system, size);
    let front = fronts.get(item.doc);
    if (!front) {
      front = printFront(system, item.doc);
      fronts.set(item.doc, front);
    }
    let back: CardDrawing | undefined;
    if (withBacks && item.back) back = item.back;
    else if (withBacks) {
      const key = hasOwnBack(system, item.doc) ? item.doc : system;
      back = backs.get(key);
      if (!back) {
        back = layoutCardBack(system, item.doc);
        backs.set(key, back);
      }
    }
    const card: PrintCard = { label, size, front, back };
    for (let copy = 0; copy < item.copies; copy++) cards.push(card);
  });
  return cards;
}

/** Cards of one size in a row: each run gets its own plan (another game in the same export). */
interface SizeRun {
  size: SizeMm;
  cards: PrintCard[];
}

export function sizeRuns(cards: readonly PrintCard[]): SizeRun[] {
  const runs: SizeRun[] = [];
  for (const card of cards) {
    const last = runs.at(-1);
    if (last && last.size.widthMm === card.size.widthMm && last.size.heightMm === card.size.heightMm) last.cards.push(card);
    else runs.push({ size: card.size, cards: [card] });
  }
  return runs;
}

/** Renders already laid-out cards; `renderPrintSheet` is the usual entry point. */
export async function renderDrawingSheet(
  input: DrawingSheetInput,
  progress: JobProgress = NO_PROGRESS,
): Promise<PrintSheetResult> {
  const collect = () => {
    const chunks: Uint8Array[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    return { sink, bytes: () => new Uint8Array(Buffer.concat(chunks)) };
  };
  const main = collect();
  const backs = writesBacksFile(input.print) ? collect() : undefined;
  const sheet = await paintSheet(input, progress, main.sink, backs?.sink);
  return { bytes: main.bytes(), backsBytes: backs?.bytes(), ...sheet };
}

/** One output PDF: its document, the back drawings already made into forms, its page count. */
interface OutputDoc {
  doc: PdfDoc;
  sink: Writable;
  fonts: PdfFonts;
  images: SheetImages;
  forms: Map<CardDrawing, FormXObject>;
  pages: number;
}

const DUPLEX_PREFERENCE = { simplex: 'Simplex', 'long-edge': 'DuplexFlipLongEdge', 'short-edge': 'DuplexFlipShortEdge' } as const;

interface CatalogInternals {
  _root: { data: { ViewerPreferences?: { data: Record<string, unknown> } } };
  page: { dictionary: { data: Record<string, unknown> } } | null;
}

function openOutput(
  input: DrawingSheetInput,
  fontBuffers: FontBuffers,
  sink: Writable,
  plan: SheetPlan,
  subject: string,
  /** The press-ready (PDF/X, CMYK) setup; none: a standard RGB document. */
  press?: PressReady,
): OutputDoc {
  const doc: PdfDoc = createPrintDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: input.title, Creator: CREATOR, Subject: subject },
    displayTitle: true,
    // Fill opacity (ExtGState) needs PDF 1.4 or later; PDF/X-4 is PDF 1.6.
    pdfVersion: press ? PDFX_PDF_VERSION : '1.7',
  });
  if (press) makePressReady(doc, press);
  // Viewers must not "fit to page" (cards would shrink); duplex printers get the flip the layout needs.
  const preferences = (doc as unknown as CatalogInternals)._root.data.ViewerPreferences;
  if (!preferences) throw new Error('pdfkit made no ViewerPreferences (displayTitle)');
  preferences.data.PrintScaling = 'None';
  preferences.data.Duplex = DUPLEX_PREFERENCE[plan.duplex];
  const fonts = PdfFonts.register(doc, fontBuffers, input.gameFonts);
  const images = new SheetImages(doc, input.loadImages, press?.convertImage);
  doc.pipe(sink);
  return { doc, sink, fonts, images, forms: new Map(), pages: 0 };
}

const pt = (mm: number) => mm * MM_TO_PT;

/** A PDF box ([llx lly urx ury], y up) from a plan box (y down). */
function pdfBox(box: BoxMm, page: SizeMm): number[] {
  return [pt(box.x), pt(page.heightMm - box.y - box.h), pt(box.x + box.w), pt(page.heightMm - box.y)].map(
    (value) => Math.round(value * 1000) / 1000,
  );
}

/** Clamps a box to the page: TrimBox and BleedBox may not leave the MediaBox. */
function onPage(box: BoxMm, page: SizeMm): BoxMm {
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  return { x, y, w: Math.min(page.widthMm, box.x + box.w) - x, h: Math.min(page.heightMm, box.y + box.h) - y };
}

/**
 * Paints every page into new documents piped into `sink` (and `backsSink`), waiting for the sink
 * after each page so a big export's bytes go out as they are made instead of piling up in memory.
 */
async function paintSheet(
  input: DrawingSheetInput,
  progress: JobProgress,
  sink: Writable,
  backsSink?: Writable,
): Promise<{ pages: number; backPages: number; cards: number; used: PrintUsed; warnings?: PrintWarnings }> {
  const { cards, print } = input;
  if (cards.length === 0) throw new Error('Nothing to print: the export has no cards (every copy count is 0)');
  if (print.faces !== 'fronts') cards.forEach(backOf);
  // The fronts' pictures in page order, so the loader reads ahead while pages are painted.
  input.loadImages?.expect?.(cards.flatMap((card) => imageIds(card.front)));
  // The cards were laid out at the size they print (expandItems), so each run plans with its
  // own size. Only the first run gets the calibration page.
  const runs = sizeRuns(cards).map((run, index) => ({
    ...run,
    plan: refusedPlan(() =>
      planSheet(
        // Skipped slots are on the first sheet; the page range counts across every run (below).
        {
          ...print,
          cardSize: 'game',
          calibrationPage: index === 0 && print.calibrationPage,
          skipSlots: index === 0 ? print.skipSlots : 0,
          pageRange: '',
        },
        { ...run.size, cornerRadiusMm: run.cards[0].front.cornerRadiusMm },
        run.cards.length,
      ),
    ),
  }));
  const printed = refusedPlan(() =>
    rangeFilter(
      runs.map((run) => run.plan),
      print.pageRange,
    ),
  );
  const first = runs[0].plan;
  const fontBuffers = await readPrintFonts(input.fontsDir);
  const press = await pressReadyFor(print);
  const subject = `${cards.length} cards, ${first.paperName}`;
  let main = openOutput(input, fontBuffers, sink, first, subject, press);
  let backs = backsSink ? openOutput(input, fontBuffers, backsSink, first, `Backs of ${subject}`, press) : undefined;
  /** Split every N pages: ends the part `output` writes and opens the next, its page count carried on. */
  const nextPart = async (output: OutputDoc, file: PlannedPage['file'], parts: PartSinks): Promise<OutputDoc> => {
    const written = finished(output.sink);
    output.doc.end();
    await written;
    const next = openOutput(
      input,
      fontBuffers,
      parts.next(file),
      first,
      file === 'backs' ? `Backs of ${subject}` : subject,
      press,
    );
    return { ...next, pages: output.pages };
  };

  let painted = 0;
  let pageNumber = 0;
  for (const run of runs) {
    for (const page of planPages(run.plan)) {
      if (!printed(++pageNumber)) continue;
      progress.report('Painting cards', painted, cards.length);
      let output = page.file === 'backs' ? backs : main;
      if (!output) throw new Error('The plan has a backs file but no file was given for it');
      if (input.parts?.startsNewPart(page)) {
        output = await nextPart(output, page.file, input.parts);
        if (page.file === 'backs') backs = output;
        else main = output;
      }
      await paintPage(output, page, run.plan, run.cards, input.print);
      painted += page.placements.filter((p) => p.face === 'front' || print.faces === 'backs').length;
      // Let pdfkit flush the finished page and keep the process responsive on big decks.
      if (output.sink.writableNeedDrain) await once(output.sink, 'drain');
      else await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  progress.report('Painting cards', cards.length, cards.length);
  await Promise.all(
    [main, backs].map(async (output) => {
      if (!output) return;
      const written = finished(output.sink);
      output.doc.end();
      await written;
    }),
  );
  const notes = [...new Set(runs.flatMap((run) => run.plan.notes))];
  const warnings = cardWarnings(cards);
  return {
    pages: main.pages,
    backPages: backs?.pages ?? 0,
    cards: cards.length,
    used: usedBy(first, notes),
    ...(warnings.cards > 0 ? { warnings } : {}),
  };
}

const MAX_WARNED_CARDS = 20;

/** The distinct cards whose fronts print with a layout warning: how many, and the first ones' labels and warnings. */
export function cardWarnings(cards: readonly PrintCard[]): PrintWarnings {
  const seen = new Set<CardDrawing>();
  const warned: string[] = [];
  for (const card of cards) {
    if (seen.has(card.front)) continue;
    seen.add(card.front);
    const messages = (card.front.warnings ?? []).map((warning) => warning.message);
    if (messages.length > 0) warned.push(`${card.label}: ${messages.join(' ')}`);
  }
  return { cards: warned.length, messages: warned.slice(0, MAX_WARNED_CARDS) };
}

function usedBy(plan: SheetPlan, notes: string[]): PrintUsed {
  return {
    paper: plan.paperName,
    paperSize: plan.paper,
    orientation: plan.orientation,
    card: plan.card,
    columns: plan.columns,
    rows: plan.rows,
    perPage: plan.perSheet,
    bleed: plan.bleed,
    marginMm: plan.marginMm,
    gapMm: plan.gapMm,
    notes,
  };
}

async function paintPage(
  output: OutputDoc,
  page: PlannedPage,
  plan: SheetPlan,
  cards: readonly PrintCard[],
  print: PrintOptions,
): Promise<void> {
  const { doc, fonts, images } = output;
  await images.prepare(
    page.placements.flatMap(({ card, face }) => imageIds(face === 'front' ? cards[card].front : backOf(cards[card]))),
  );
  doc.addPage({ size: [pt(page.size.widthMm), pt(page.size.heightMm)], margin: 0 });
  output.pages++;
  const dictionary = (doc as unknown as CatalogInternals).page?.dictionary.data;
  if (!dictionary) throw new Error('pdfkit opened no page');
  dictionary.TrimBox = pdfBox(onPage(page.trimBox, page.size), page.size);
  dictionary.BleedBox = pdfBox(onPage(page.bleedBox, page.size), page.size);

  doc.save();
  if (page.backTransform) {
    // Offset and scale corrections about the page centre (see placeOnBackPage).
    const t = page.backTransform;
    const cx = page.size.widthMm / 2;
    const cy = page.size.heightMm / 2;
    doc.translate(pt(cx + t.offsetXMm), pt(cy + t.offsetYMm));
    doc.scale(t.scaleX, t.scaleY);
    doc.translate(pt(-cx), pt(-cy));
  }
  if (page.kind === 'calibration') paintCalibrationFront(doc, plan, fonts);
  if (page.kind === 'calibration-back') paintCalibrationBack(doc, plan, fonts, mirroredTarget(plan));
  if (page.placements.length > 0) {
    // Nothing beyond the planned bleed: the painter's seam overlap must not reach into the margin.
    const bleed = union(page.placements.map((p) => p.slot.bleed));
    doc.save();
    doc.rect(pt(bleed.x), pt(bleed.y), pt(bleed.w), pt(bleed.h)).clip();
    for (const { card, face, slot } of page.placements) {
      const printCard = cards[card];
      if (face === 'front') {
        paintCardDrawing(doc, printCard.front, slot, fonts, printCard.label, images.lookup);
      } else placeBack(output, printCard, slot, plan);
    }
    doc.restore();
  }
  drawPageGuides(doc, page, print);
  if (page.foldLine) drawFoldLine(doc, page.foldLine, print.guideWidthPt);
  doc.restore();
}

/** Where the calibration target's centre lands on the back page (before the corrections). */
function mirroredTarget(plan: SheetPlan): { x: number; y: number } {
  const target = calibrationTarget(plan);
  const box = mirrorBox({ x: target.x, y: target.y, w: 0, h: 0 }, plan.paper, backMirrorAxis(plan.layout, plan.paper));
  return { x: box.x, y: box.y };
}

/**
 * A back: its drawing is painted once per document into a form XObject (with the plan's largest
 * bleed all round) and placed, clipped to this slot's bleed, wherever that back prints.
 */
function placeBack(output: OutputDoc, card: PrintCard, slot: Slot, plan: SheetPlan): void {
  const { doc, fonts, images, forms } = output;
  const drawing = backOf(card);
  let form = forms.get(drawing);
  if (!form) {
    const bleed = Math.max(plan.bleed.xMm, plan.bleed.yMm);
    const size = { w: drawing.widthMm, h: drawing.heightMm };
    const box = { x: -bleed, y: -bleed, w: size.w + 2 * bleed, h: size.h + 2 * bleed };
    const formSlot: Slot = { index: 0, row: 0, column: 0, trim: { x: 0, y: 0, ...size }, bleed: box };
    form = paintForm(doc, `Back${forms.size + 1}`, box, () =>
      paintCardDrawing(doc, drawing, formSlot, fonts, `${card.label} back`, images.lookup),
    );
    forms.set(drawing, form);
  }
  const placed = form;
  doc.save();
  doc.rect(pt(slot.bleed.x), pt(slot.bleed.y), pt(slot.bleed.w), pt(slot.bleed.h)).clip();
  doc.translate(pt(slot.trim.x), pt(slot.trim.y));
  placeForm(doc, placed);
  doc.restore();
}

/** The pictures a drawing shows. */
function imageIds(drawing: CardDrawing): string[] {
  return drawing.ops.flatMap((op) => (op.op === 'image' ? [op.image] : []));
}

function backOf(card: PrintCard): CardDrawing {
  if (!card.back) throw new Error(`${card.label}: no back drawing, but backs were requested`);
  return card.back;
}
