// Splitting a print export every N pages (`print.splitEveryPages`): each part is a complete PDF
// of its own ("Deck (part 1 of 3).pdf"), with the fonts it uses and its pages' TrimBox/BleedBox
// (print-sheet.ts opens a new document for each part). The front and back of one sheet never go
// to different parts. Parts are written under temporary names and get their final names (which
// say how many parts there are) only once the whole export is done.

import { createWriteStream, renameSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import type { PlannedPage } from '../../card-schema/print/sheet-plan';
import type { PrintOptions } from '../../card-schema/print/print-options';
import type { JobFile, PrintUsed } from '../api/contract';
import { partialPath } from '../jobs/partial-files';

type OutputFile = PlannedPage['file'];

/** What print-sheet.ts asks while it paints: whether a page starts a new part, and that part's sink. */
export interface PartSinks {
  /** Called once for every page, in order, before it is painted. */
  startsNewPart(page: PlannedPage): boolean;
  /** The sink of the part that starts now. */
  next(file: OutputFile): Writable;
}

/** Layouts whose pages come in pairs, the front and the back of one sheet (or card). */
export function pairsPages(print: PrintOptions): boolean {
  return (
    print.faces === 'both' &&
    (print.layout === 'duplex-long' || print.layout === 'duplex-short' || print.layout === 'card-per-page')
  );
}

/** Pages per part: N, rounded up to an even number where pages come in front/back pairs. */
export function pagesPerPart(print: PrintOptions): number {
  const every = print.splitEveryPages;
  return pairsPages(print) && every % 2 === 1 ? every + 1 : every;
}

/** "Deck.pdf", 2, 3 → "Deck (part 2 of 3).pdf". */
export function partFileName(fileName: string, part: number, parts: number): string {
  const stem = fileName.replace(/\.pdf$/i, '');
  return `${stem} (part ${part} of ${parts}).pdf`;
}

/** Whether two pages in a row are the two sides of one sheet: they must stay in one part. */
function sameSheet(previous: PlannedPage | undefined, page: PlannedPage): boolean {
  if (!previous) return false;
  if (previous.kind === 'calibration' && page.kind === 'calibration-back') return true;
  const faces = (p: PlannedPage) => new Set(p.placements.map((placement) => placement.face));
  const before = faces(previous);
  const now = faces(page);
  if (before.size === now.size && [...before].every((face) => now.has(face))) return false;
  const cards = new Set(previous.placements.map((placement) => placement.card));
  return page.placements.some((placement) => cards.has(placement.card));
}

interface FileParts {
  /** The final path of the unsplit file ("Deck.pdf"). */
  path: string;
  /** Each part's temporary path, in order. */
  partials: string[];
  pagesInPart: number;
  previous?: PlannedPage;
}

/** The parts of one export (and of its separate backs file): their sinks, then their final names. */
export class SplitParts implements PartSinks {
  private readonly files = new Map<OutputFile, FileParts>();
  /** The sinks opened here (the first parts' are print-sheet.ts's own). */
  private readonly sinks: WriteStream[] = [];
  readonly every: number;

  constructor(
    private readonly print: PrintOptions,
    path: string,
    backsPath?: string,
  ) {
    this.every = pagesPerPart(print);
    this.files.set('main', { path, partials: [], pagesInPart: 0 });
    if (backsPath) this.files.set('backs', { path: backsPath, partials: [], pagesInPart: 0 });
  }

  /** Where the first part of `file` is written (the export opens it as its usual output). */
  firstPath(which: OutputFile): string {
    return this.newPartial(this.require(which));
  }

  startsNewPart(page: PlannedPage): boolean {
    const file = this.require(page.file);
    const starts = file.pagesInPart >= this.every && !sameSheet(file.previous, page);
    if (starts) file.pagesInPart = 0;
    file.pagesInPart++;
    file.previous = page;
    return starts;
  }

  next(which: OutputFile): WriteStream {
    const sink = createWriteStream(this.newPartial(this.require(which)));
    this.sinks.push(sink);
    return sink;
  }

  private newPartial(file: FileParts): string {
    const partial = partialPath(file.path).replace(/\.part$/, `-${file.partials.length + 1}.part`);
    file.partials.push(partial);
    return partial;
  }

  /**
   * Gives the parts their final names: "Deck (part 1 of 3).pdf"…, or the plain name when the
   * export fit one part. Returns each file's parts (absent for one part) and a note when N was
   * rounded up.
   */
  finish(): { parts?: JobFile[]; backsParts?: JobFile[]; note?: string } {
    const named = (file: FileParts | undefined): JobFile[] | undefined => {
      if (!file) return undefined;
      const count = file.partials.length;
      if (count === 1) {
        renameSync(file.partials[0], file.path);
        return undefined;
      }
      return file.partials.map((partial, index) => {
        const fileName = partFileName(basename(file.path), index + 1, count);
        const bytes = statSync(partial).size;
        renameSync(partial, join(dirname(file.path), fileName));
        return { fileName, mimeType: 'application/pdf', bytes };
      });
    };
    const parts = named(this.files.get('main'));
    const backsParts = named(this.files.get('backs'));
    const rounded = this.every !== this.print.splitEveryPages;
    return {
      ...(parts ? { parts } : {}),
      ...(backsParts ? { backsParts } : {}),
      ...(rounded
        ? {
            note: `Split every ${this.every} pages rather than ${this.print.splitEveryPages}: the front and back of a sheet stay in the same file.`,
          }
        : {}),
    };
  }

  /** Removes every part written so far (a failed or cancelled export). */
  discard(): void {
    for (const sink of this.sinks) sink.destroy();
    for (const file of this.files.values()) for (const partial of file.partials) rmSync(partial, { force: true });
  }

  private require(which: OutputFile): FileParts {
    const file = this.files.get(which);
    if (!file) throw new Error(`The export has no ${which} file to split`);
    return file;
  }
}

/**
 * Writes a split export: `write` paints into the first parts' sinks (and asks `parts` for the
 * next ones); the parts are then named, or all removed when it fails.
 */
export async function writeSplit<T extends { used: PrintUsed }>(
  print: PrintOptions,
  path: string,
  backsPath: string | undefined,
  write: (parts: SplitParts) => Promise<T>,
): Promise<{ sheet: T; parts?: JobFile[]; backsParts?: JobFile[] }> {
  const parts = new SplitParts(print, path, backsPath);
  try {
    const sheet = await write(parts);
    const { note, ...files } = parts.finish();
    const used = note ? { ...sheet.used, notes: [...sheet.used.notes, note] } : sheet.used;
    return { sheet: { ...sheet, used }, ...files };
  } catch (error) {
    parts.discard();
    throw error;
  }
}
