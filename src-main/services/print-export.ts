// A print source turned into a print request (its cards with their copies, its title and the
// font files of its games), and that request rendered to one PDF.

import { printImage } from '../images/image-variants';
import { prefetchingLoader } from '../pdf/image-prefetch';
import type { ImageLoader } from '../pdf/pdf-images';
import type { PrintSource } from '../api/contract';
import type { JobProgress } from '../jobs/job-progress';
import { writePrintSheet, type PrintItem, type PrintOptions, type PrintSheetFile } from '../pdf/print-sheet';
import type { Library } from './library';
import type { PartSinks } from '../pdf/split-output';
import { gameFontBuffers, type GameFontBuffers } from '../fonts/game-font-files';
import { namePrintSource, printSourceItems, type CardCopies } from './print-sources';
import { printBackOverride } from './print-back';

export interface PrintRequest {
  items: PrintItem[];
  title: string;
  /** The font files of the printed cards' games, read from their folders. */
  gameFonts: GameFontBuffers;
}

/**
 * What `source` prints, `copies` times each or as `chosen.cardCopies` says (see print-sources.ts),
 * each with the back `chosen.print.back` names (print-back.ts).
 */
export function sourcePrintRequest(
  lib: Library,
  source: PrintSource,
  copies: number,
  chosen: { cardCopies?: CardCopies; print?: PrintOptions } = {},
): PrintRequest {
  const back = chosen.print ? printBackOverride(lib, chosen.print) : undefined;
  const items = printSourceItems(lib, source, copies, chosen.cardCopies);
  return printRequest(
    lib,
    back ? items.map((item) => ({ ...item, back: back(item.system) })) : items,
    namePrintSource(lib, source).name,
  );
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
  /** Split every N pages: where the parts after the first go (split-output.ts). */
  parts?: PartSinks,
): Promise<PrintSheetFile> {
  const input = {
    items: request.items,
    print,
    fontsDir: paths.fontsDir,
    title: request.title,
    gameFonts: request.gameFonts,
    parts,
  };
  return writePrintSheet({ ...input, loadImages: readPrintImages(paths.dataDir) }, path, progress, backsPath);
}

/** The print version of each picture, read ahead of the pages; one missing from the library or unreadable is left out (the card keeps its placeholder, as the preview shows it). */
function readPrintImages(dataDir: string): ImageLoader {
  return prefetchingLoader(async (id) => (await printImage(dataDir, id)).bytes);
}
