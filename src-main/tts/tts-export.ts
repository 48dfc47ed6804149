// A deck for Tabletop Simulator: the saved-object JSON (tts-deck.ts) and the images it points
// at: 10 × 7 sprite sheets of the card faces and the game's card back, drawn by the same layout
// engine as the preview and the PDF (card-svg.ts) and rasterized with sharp. TTS loads images
// from file:/// URLs, so the JSON names the sheets by their absolute path in the folder written.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { layoutCard, layoutCardBack } from '../../card-schema/layout/layout-card';
import {
  TTS_COLUMNS,
  TTS_FACES_PER_SHEET,
  TTS_ROWS,
  ttsSavedObject,
  ttsSlot,
  type TtsCard,
} from '../../card-schema/deck/decklist/tts-deck';
import type { CardRecord } from '../../card-schema/system/format';
import type { CardDrawing } from '../../card-schema/layout/format';
import { ApiError } from '../api/api-error';
import type { Library } from '../services/library';
import { sectionsInPrintOrder, type DeckInput } from '../services/deck-library';
import { safeFileName } from '../services/file-format';
import { gameFontBuffers } from '../fonts/game-font-files';
import { readPrintFonts } from '../pdf/pdf-fonts';
import { drawingToSvg, SvgFonts, type SvgImage } from './card-svg';
import { zipStore } from './zip-store';
import { NO_PROGRESS, type JobProgress } from '../jobs/job-progress';

/** A face's width on the sheet: 10 of them make a 4,000 px sheet, within what TTS loads well. */
export const TTS_FACE_WIDTH_PX = 400;
const FACES_AT_ONCE = 8;

export interface TtsExport {
  /** The saved-object file. */
  jsonFile: string;
  /** Every file written (JSON, sheets, back, thumbnail). */
  files: string[];
  cards: number;
  sheets: number;
}

/** The files of a TTS export, in memory: names, and the URL each is reached by once written. */
export interface TtsFiles {
  jsonName: string;
  files: { name: string; bytes: Buffer }[];
  cards: number;
  sheets: number;
}

/** Writes the deck's TTS files into `outDir` (made if missing); the JSON links them by absolute file:/// URLs. */
export async function exportTts(lib: Library, fontsDir: string, deck: DeckInput, outDir: string): Promise<TtsExport> {
  const rendered = await renderTts(lib, fontsDir, deck, (name) => pathToFileURL(resolve(outDir, name)).href);
  mkdirSync(outDir, { recursive: true });
  const files = rendered.files.map(({ name, bytes }) => {
    const file = resolve(outDir, name);
    writeFileSync(file, bytes);
    return file;
  });
  return { jsonFile: resolve(outDir, rendered.jsonName), files, cards: rendered.cards, sheets: rendered.sheets };
}

/** The folder a TTS zip holds, named after the deck. */
export function ttsFolderName(deckName: string): string {
  return `${safeFileName(deckName, '')} (Tabletop Simulator)`;
}

/**
 * The deck's TTS files as a zip holding one folder. TTS needs absolute URLs, so the JSON names
 * the sheets where that folder lands when the archive is extracted beside `zipPath` ("Extract
 * here"); README says how to fix them when it is extracted elsewhere.
 */
export async function ttsZip(
  lib: Library,
  fontsDir: string,
  deck: DeckInput,
  zipPath: string,
  progress: JobProgress = NO_PROGRESS,
): Promise<TtsFiles & { zip: Buffer }> {
  const folder = ttsFolderName(deck.name);
  const rendered = await renderTts(
    lib,
    fontsDir,
    deck,
    (name) => pathToFileURL(join(dirname(resolve(zipPath)), folder, name)).href,
    progress,
  );
  const zip = zipStore(rendered.files.map(({ name, bytes }) => ({ name: `${folder}/${name}`, bytes })));
  return { ...rendered, zip };
}

/** Draws the faces onto 10 × 7 sheets, the back, a thumbnail, and the saved object linking them by `urlOf(name)`. */
export async function renderTts(
  lib: Library,
  fontsDir: string,
  deck: DeckInput,
  urlOf: (fileName: string) => string,
  progress: JobProgress = NO_PROGRESS,
): Promise<TtsFiles> {
  const system = lib.systems.require(deck.systemId);
  const records = new Map(lib.store.cards.getMany(deckCardIds(deck)).map((card) => [card.id, card]));
  const faces: CardRecord[] = [];
  const faceOf = new Map<string, number>();
  const cards: TtsCard[] = [];
  for (const [, entries] of sectionsInPrintOrder(system, { ...deck, id: deck.id ?? '' })) {
    for (const entry of entries) {
      const card = records.get(entry.cardId);
      if (!card)
        throw new ApiError(
          `Deck "${deck.name}" refers to a card that is no longer in the library (${entry.cardId})`,
          'BAD_INPUT',
        );
      if (!faceOf.has(card.id)) {
        faceOf.set(card.id, faces.length);
        faces.push(card);
      }
      for (let copy = 0; copy < entry.count; copy++) cards.push({ name: card.doc.name, face: faceOf.get(card.id)! });
    }
  }
  if (cards.length === 0) throw new ApiError(`Deck "${deck.name}" has no cards to export`, 'BAD_INPUT');

  const fonts = new SvgFonts(await readPrintFonts(fontsDir), gameFontBuffers(lib.systems, [system.id]));
  const drawings = faces.map((card) => layoutCard(system, card.doc));
  const backDrawing = layoutCardBack(system);
  const images = await imageSources(lib, [...drawings, backDrawing]);
  const render = async (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
  const faceWidth = TTS_FACE_WIDTH_PX;
  const faceHeight = Math.round((faceWidth * system.card.heightMm) / system.card.widthMm);
  const imageOf = (id: string) => images.get(id);
  const back = await render(drawingToSvg(backDrawing, faceWidth, fonts, imageOf));

  const base = safeFileName(deck.name, '');
  const files: TtsFiles['files'] = [];
  const sheetCount = Math.ceil(faces.length / TTS_FACES_PER_SHEET);
  const faceUrls: string[] = [];
  for (let sheet = 0; sheet < sheetCount; sheet++) {
    const onSheet = faces.slice(sheet * TTS_FACES_PER_SHEET, (sheet + 1) * TTS_FACES_PER_SHEET);
    const composite: { input: Buffer; left: number; top: number }[] = [];
    // A few faces at a time (sharp rasterizes them on its own threads), with progress and
    // Cancel between batches.
    for (let from = 0; from < onSheet.length; from += FACES_AT_ONCE) {
      progress.report('Drawing the cards', sheet * TTS_FACES_PER_SHEET + from, faces.length);
      const batch = onSheet.slice(from, from + FACES_AT_ONCE).map(async (_card, i) => {
        const face = sheet * TTS_FACES_PER_SHEET + from + i;
        const { column, row } = ttsSlot(face);
        const svg = drawingToSvg(drawings[face], faceWidth, fonts, imageOf);
        return { input: await render(svg), left: column * faceWidth, top: row * faceHeight };
      });
      composite.push(...(await Promise.all(batch)));
    }
    // The last slot shows for hidden cards: the back.
    composite.push({ input: back, left: (TTS_COLUMNS - 1) * faceWidth, top: (TTS_ROWS - 1) * faceHeight });
    const png = await sharp({
      create: { width: faceWidth * TTS_COLUMNS, height: faceHeight * TTS_ROWS, channels: 3, background: '#ffffff' },
    })
      .composite(composite)
      .png()
      .toBuffer();
    const name = `${base} sheet ${sheet + 1}.png`;
    files.push({ name, bytes: png });
    faceUrls.push(urlOf(name));
  }
  progress.report('Drawing the cards', faces.length, faces.length);
  const backName = `${base} back.png`;
  files.push({ name: backName, bytes: back });
  const saved = ttsSavedObject(deck.name, cards, faceUrls, urlOf(backName));
  const jsonName = `${base}.json`;
  files.push({ name: jsonName, bytes: Buffer.from(`${JSON.stringify(saved, null, 2)}\n`) });
  // TTS shows `<name>.png` beside a saved object as its thumbnail.
  files.push({ name: `${base}.png`, bytes: await sharp(back).resize(256).png().toBuffer() });
  return { jsonName, files, cards: cards.length, sheets: sheetCount };
}

function deckCardIds(deck: DeckInput): string[] {
  return [...new Set(Object.values(deck.sections).flatMap((entries) => entries.map((entry) => entry.cardId)))];
}

/** The print variant of every picture the drawings show, as data URIs with their sizes. */
export async function imageSources(lib: Library, drawings: readonly CardDrawing[]): Promise<Map<string, SvgImage>> {
  const ids = new Set<string>();
  for (const drawing of drawings) for (const op of drawing.ops) if (op.op === 'image') ids.add(op.image);
  const known = new Set(lib.images.listImageInfo([...ids]).map((info) => info.id));
  const images = new Map<string, SvgImage>();
  for (const id of known) {
    const blob = await lib.images.getImage(id, 'print');
    const meta = await sharp(blob.bytes).metadata();
    images.set(id, {
      dataUri: `data:${blob.mimeType};base64,${Buffer.from(blob.bytes).toString('base64')}`,
      width: meta.width ?? 1,
      height: meta.height ?? 1,
    });
  }
  return images;
}
