// A print source turned into a print request (its cards with their copies, its title and the
// font files of its games), and that request rendered to one PDF.

import { printImage } from '../images/image-variants';
import type { PrintSource } from '../api/contract';
import type { JobProgress } from '../jobs/job-progress';
import { writePrintSheet, type PrintItem, type PrintOptions, type PrintSheetFile } from '../pdf/print-sheet';
import type { Library } from './library';
import { gameFontBuffers, type GameFontBuffers } from '../fonts/game-font-files';
import { namePrintSource, printSourceItems } from './print-sources';

export interface PrintRequest {
  items: PrintItem[];
  title: string;
  /** The font files of the printed cards' games, read from their folders. */
  gameFonts: GameFontBuffers;
}

/** What `source` prints, `copies` times each (see print-sources.ts). */
export function sourcePrintRequest(lib: Library, source: PrintSource, copies: number): PrintRequest {
  return printRequest(lib, printSourceItems(lib, source, copies), namePrintSource(lib, source).name);
}

function printRequest(lib: Library, items: PrintItem[], title: string): PrintRequest {
  return {
    items,
    title,
    gameFonts: gameFontBuffers(
      lib.systems,
      items.map((item) => item.system.id),
    ),
  };
}

/** Writes the PDF to `path` (the separate-backs layout's backs to `backsPath`); `dataDir` holds the image library the cards' art comes from. */
export async function printPdf(
  request: PrintRequest,
  print: PrintOptions,
  paths: { fontsDir: string; dataDir: string },
  path: string,
  progress?: JobProgress,
  backsPath?: string,
): Promise<PrintSheetFile> {
  const input = { items: request.items, print, fontsDir: paths.fontsDir, title: request.title, gameFonts: request.gameFonts };
  return writePrintSheet({ ...input, loadImages: (ids) => readPrintImages(paths.dataDir, ids) }, path, progress, backsPath);
}

/** The print version of each picture; one missing from the library or unreadable is left out. */
async function readPrintImages(dataDir: string, ids: readonly string[]): Promise<Map<string, Buffer>> {
  const art = new Map<string, Buffer>();
  for (const id of ids) {
    try {
      art.set(id, (await printImage(dataDir, id)).bytes);
    } catch {
      // The card keeps its placeholder, as the preview shows it.
    }
  }
  return art;
}
