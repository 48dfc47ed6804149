// Runs one job's work on a Library: the same code in the worker thread (the apps) and inline
// (unit tests). Export jobs write their file to `outputPath` through a temporary name, so a
// cancelled or failed export never leaves a half-written file where the user asked for it.

import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { FileBlob, JobFile, JobKind, JobResults, JobSpec } from '../api/contract';
import { requireDeck, type Library } from '../services/library';
import type { InstalledSystem } from '../services/system-registry';
import { deleteUnusedImages } from '../images/image-cleanup';
import { generateDeck } from '../services/deck-generators';
import { printPdf, sourcePrintRequest } from '../services/print-export';
import { exportProblemNotes } from '../services/print-problems';
import { printFront } from '../pdf/front-layouts';
import { backsFilePath } from '../pdf/backs-file';
import { writesBacksFile } from '../pdf/print-sheet';
import { writeSplit } from '../pdf/split-output';
import { exportSetFile, importSetFile } from '../services/set-files';
import { setFolderZip } from '../services/set-folder';
import { exportSystemBundle, importSystemBundle } from '../services/system-bundles';
import type { JobProgress } from './job-progress';
import { partialPath } from './partial-files';
import { ttsZip } from '../tts/tts-export';
import { cockatriceZip } from '../cockatrice/cockatrice-export';
import { checkCsv, importCsv } from '../services/csv-import';
import { searchToCsv } from '../services/csv-export';
import { exportCardImages } from '../card-images/export-card-images';

export interface JobPaths {
  dataDir: string;
  /** The built-in game systems. */
  systemsDir: string;
  /** Where the user's installed games live (`<dataDir>/systems`). */
  userSystemsDir: string;
  fontsDir: string;
  /** The bundled check-worker.js: a large import checks its cards there (card-checks.ts). */
  checkWorker?: string;
}

export interface JobRequest {
  spec: JobSpec;
  paths: JobPaths;
  /**
   * The installed games as the main thread has them when the job starts: already loaded and
   * checked, so the job need not read and re-check every game (~0.4 s per job).
   */
  systems: InstalledSystem[];
  /** Required by export jobs: the file to write. */
  outputPath?: string;
}

export type JobResult = JobResults[JobKind];

export async function runJob(lib: Library, request: JobRequest, progress: JobProgress): Promise<JobResult> {
  const { spec, paths } = request;
  const output = () => {
    if (!request.outputPath) throw new Error(`A ${spec.kind} job needs an output file`);
    return request.outputPath;
  };
  switch (spec.kind) {
    case 'exportPdf': {
      const printRequest = sourcePrintRequest(lib, spec.source, spec.copies, { cardCopies: spec.cardCopies, print: spec.print });
      const path = output();
      const backsPath = writesBacksFile(spec.print) ? backsFilePath(path) : undefined;
      // Split every N pages: parts named "… (part 1 of 3).pdf" beside `path` (split-output.ts).
      const split =
        spec.print.splitEveryPages > 0
          ? await writeSplit(spec.print, path, backsPath, (parts) =>
              printPdf(
                printRequest,
                spec.print,
                paths,
                parts.firstPath('main'),
                progress,
                backsPath ? parts.firstPath('backs') : undefined,
                parts,
              ),
            )
          : undefined;
      const sheet =
        split?.sheet ??
        (await writeAtomically(path, (partial) =>
          backsPath
            ? writeAtomically(backsPath, (backsPartial) =>
                printPdf(printRequest, spec.print, paths, partial, progress, backsPartial),
              )
            : printPdf(printRequest, spec.print, paths, partial, progress),
        ));
      const pdf = (name: string, bytes: number) => ({ fileName: basename(name), mimeType: 'application/pdf', bytes });
      return {
        file: split?.parts?.[0] ?? pdf(path, sheet.fileBytes),
        ...(backsPath && sheet.backsFileBytes !== undefined
          ? { backsFile: split?.backsParts?.[0] ?? pdf(backsPath, sheet.backsFileBytes), backPages: sheet.backPages }
          : {}),
        ...(split?.parts ? { parts: split.parts } : {}),
        ...(split?.backsParts ? { backsParts: split.backsParts } : {}),
        pages: sheet.pages,
        cards: sheet.cards,
        used: sheet.used,
        // Every print problem, from the fronts the PDF was painted from (laid out once).
        ...exportProblemNotes(lib, printRequest.items, spec.print, printFront),
      };
    }
    case 'exportSet': {
      const blob = spec.as === 'folder' ? setFolderZip(lib, spec.setId) : exportSetFile(lib, spec.setId, progress);
      return { file: await writeOutput(output(), blob) };
    }
    case 'exportSystem':
      return { file: await writeOutput(output(), exportSystemBundle(lib, spec.systemId, progress)) };
    case 'importSet':
      return await importSetFile(lib, spec.fileName, spec.text, progress, spec.onExisting);
    case 'importCsv':
      return spec.dryRun ? checkCsv(lib, spec, progress) : importCsv(lib, spec, progress);
    case 'exportCsv': {
      const { kind: _kind, ...search } = spec;
      const csv = searchToCsv(lib, search, progress);
      const bytes = new TextEncoder().encode(csv.text);
      return {
        file: await writeOutput(output(), { fileName: basename(output()), mimeType: 'text/csv', bytes }),
        cards: csv.cards,
      };
    }
    case 'importSystem':
      return await importSystemBundle(lib, paths.userSystemsDir, spec.fileName, spec.text, progress);
    case 'generateDeck':
      return generateDeck(lib, spec, progress);
    case 'cleanUpImages':
      return deleteUnusedImages(lib.store, paths.dataDir);
    case 'exportTts': {
      const path = output();
      const tts = await ttsZip(lib, paths.fontsDir, requireDeck(lib, spec.deckId), path, progress);
      const file = await writeOutput(path, { fileName: basename(path), mimeType: 'application/zip', bytes: tts.zip });
      return { file, cards: tts.cards, sheets: tts.sheets };
    }
    case 'exportCockatrice': {
      const path = output();
      const set = await cockatriceZip(lib, paths.fontsDir, spec.setId, progress);
      const file = await writeOutput(path, { fileName: basename(path), mimeType: 'application/zip', bytes: set.zip });
      return { file, cards: set.cards, skipped: set.skipped };
    }
    case 'exportImages':
      return exportCardImages(lib, spec, paths, output(), progress);
  }
}

function writeOutput(path: string, blob: FileBlob): Promise<JobFile> {
  return writeAtomically(path, async (partial) => {
    writeFileSync(partial, blob.bytes);
    return { fileName: basename(path), mimeType: blob.mimeType, bytes: blob.bytes.byteLength };
  });
}

/** `write` fills a temporary file beside `path`, which becomes `path` only once it is complete. */
async function writeAtomically<T>(path: string, write: (partial: string) => Promise<T>): Promise<T> {
  const partial = partialPath(path);
  try {
    const result = await write(partial);
    renameSync(partial, path);
    return result;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}
