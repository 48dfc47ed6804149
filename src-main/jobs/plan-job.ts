// Before a job is queued, on the main thread and cheaply: check that what it names exists (so a
// typo fails at once, not in a worker), title it for the UI, and name the file an export writes.

import type { JobSpec } from '../api/contract';
import type { SaveFileFilter } from '../api/desktop';
import { requireDeck, requireSet, type Library } from '../services/library';
import { namePrintSource } from '../services/print-sources';
import { printBackOverride } from '../services/print-back';
import { safeFileName } from '../services/file-format';

export interface JobPlan {
  title: string;
  /** Export jobs: the file's default name and its type for a "Save as" dialog. */
  output?: { fileName: string; filter: SaveFileFilter };
}

const PDF: SaveFileFilter = { name: 'PDF document', extensions: ['pdf'] };
const JSON_FILE: SaveFileFilter = { name: 'Cardwright file', extensions: ['json'] };
const ZIP: SaveFileFilter = { name: 'Zip archive', extensions: ['zip'] };
const CSV_FILE: SaveFileFilter = { name: 'CSV file', extensions: ['csv'] };
/** A folder of card images: "Save as" names the folder to make. */
export const IMAGE_FOLDER: SaveFileFilter = { name: 'Folder', extensions: ['*'] };

export function planJob(lib: Library, spec: JobSpec): JobPlan {
  switch (spec.kind) {
    case 'exportPdf': {
      const { title, name } = namePrintSource(lib, spec.source);
      // A back card or picture that is not in the library is refused before the job is queued.
      printBackOverride(lib, spec.print);
      const copies = spec.copies > 1 ? `, ${spec.copies} copies each` : '';
      return { title: `${title}${copies}`, output: { fileName: safeFileName(name, '.pdf'), filter: PDF } };
    }
    case 'exportSet': {
      const set = requireSet(lib, spec.setId);
      if (spec.as === 'folder')
        return {
          title: `Export set “${set.name}” as a folder`,
          output: { fileName: safeFileName(set.name, '.set-folder.zip'), filter: ZIP },
        };
      return { title: `Export set “${set.name}”`, output: { fileName: safeFileName(set.name, '.set.json'), filter: JSON_FILE } };
    }
    case 'exportSystem': {
      const system = lib.systems.require(spec.systemId);
      return {
        title: `Export game “${system.name}”`,
        output: { fileName: safeFileName(system.name, '.cardwright-system.json'), filter: JSON_FILE },
      };
    }
    case 'importSet':
      return { title: `Import set “${spec.fileName}”` };
    case 'importSystem':
      return { title: `Import game “${spec.fileName}”` };
    case 'importCsv':
      lib.systems.require(spec.systemId);
      if (spec.setId !== undefined) requireSet(lib, spec.setId);
      return { title: spec.dryRun ? `Check “${spec.fileName}”` : `Import “${spec.fileName}”` };
    case 'exportCsv': {
      const { kind: _kind, ...search } = spec;
      const { name } = namePrintSource(lib, { ...search, kind: 'search' });
      const query = spec.query.trim();
      return {
        title: `Export CSV of ${query ? `“${query}”` : `“${name}”`}`,
        output: { fileName: safeFileName(name, '.csv'), filter: CSV_FILE },
      };
    }
    case 'generateDeck': {
      const system = lib.systems.require(spec.systemId);
      const generator = system.deck.generators?.find((g) => g.id === spec.generatorId);
      return { title: `Generate “${spec.name ?? generator?.label ?? spec.generatorId}”` };
    }
    case 'cleanUpImages':
      return { title: 'Tidy the image library' };
    case 'exportTts': {
      const deck = requireDeck(lib, spec.deckId);
      return {
        title: `Tabletop Simulator export of “${deck.name}”`,
        output: { fileName: safeFileName(deck.name, '.tts.zip'), filter: ZIP },
      };
    }
    case 'exportCockatrice': {
      const set = requireSet(lib, spec.setId);
      return {
        title: `Cockatrice export of “${set.name}”`,
        output: { fileName: safeFileName(set.name, '.cockatrice.zip'), filter: ZIP },
      };
    }
    case 'exportImages': {
      const { name } = namePrintSource(lib, spec.source);
      const faces = spec.faces === 'both' ? 'Card images (fronts and backs)' : 'Card images';
      const stem = `${name} images`;
      return {
        title: `${faces} of “${name}”, ${spec.format.toUpperCase()} ${spec.dpi} dpi`,
        output:
          spec.as === 'zip'
            ? { fileName: safeFileName(stem, '.zip'), filter: ZIP }
            : { fileName: safeFileName(stem, ''), filter: IMAGE_FOLDER },
      };
    }
  }
}
