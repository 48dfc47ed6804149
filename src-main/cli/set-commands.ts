// `cardwright import PATH`, `cardwright export set ID|NAME --to FORMAT` and `cardwright validate
// PATH`: sets in and out of the library from the command line, through the app's own jobs.
//
// What can be imported and what a set can be exported to are lists (SET_IMPORTERS,
// SET_EXPORTS): a new format (CSV) is one more entry in each, and the commands, their help and
// their messages pick it up.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { ImportSetResult, ImportSystemResult, SetImportQuestion } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { Cardwright } from '../api/service';
import { isPlainObject, safeFileName } from '../services/file-format';
import { SET_FILE_FORMAT } from '../services/set-files';
import { isFolder, readSetFolder } from '../services/set-folder';
import { formatProblem } from '../services/set-check';
import { SYSTEM_BUNDLE_FORMAT } from '../services/system-bundles';
import { textFlag, UsageError } from './argv';
import { GLOBAL_OPTION_ROWS, oneWord, optionTable, OUT_ROWS, refuseUnknownOptions, type CliCommand } from './command';
import { jobLines, setIdByIdOrName, withApp, type JobSpec } from './export-commands';
import { runExportJob } from './run-export-job';
import { jobFailureSentence } from './fatal-error';
import { CSV_IMPORT_OPTIONS, CSV_IMPORT_ROWS, CSV_IMPORT_SWITCHES, isCsvPath, runCsvImport } from './csv-commands';
import { didYouMean, listOf } from './suggest';

type OnExisting = 'ask' | 'replace' | 'copy';

/** What `import` and `validate` were given: a folder, or a file with its text. */
export interface ImportSource {
  path: string;
  /** The file's text; absent for a folder. */
  text?: string;
  /** The file's JSON `format`, when it is a JSON object that has one. */
  format?: string;
}

/** Where cards[i] of what an importer read sits, for naming a rejected card: file and JSON pointer. */
type CardPlace = (index: number) => { file: string; pointer: string };

/** One kind of thing `cardwright import` reads. */
export interface SetImporter {
  /** For messages: "a set folder". */
  what: string;
  reads(source: ImportSource): boolean;
  /** The job that imports it (a set the library has: replaced, copied, or only asked about), and where its cards came from. */
  plan(source: ImportSource, onExisting: OnExisting): { job: JobSpec; placeOf: CardPlace };
}

/** Set files and folders: what `validate` checks (as set file text, and each card's file). */
export interface SetReader {
  what: string;
  reads(source: ImportSource): boolean;
  read(source: ImportSource): { fileName: string; text: string; cardFiles?: string[] };
}

/** One format `cardwright export set --to` writes. */
export interface SetExport {
  what: string;
  /** Writes the set; returns the `key: value` lines to print (file first). */
  run(app: Cardwright, setId: string, out: string | undefined, report: (line: string) => void): Promise<string[]>;
}

const setFolder: SetReader = {
  what: 'a set folder',
  reads: (source) => source.text === undefined,
  read: (source) => readSetFolder(source.path),
};

const setFile: SetReader = {
  what: 'a set file (.set.json)',
  // A .json file without a format is read as a set file too, so its parser says what is wrong with it.
  reads: (source) => source.format === SET_FILE_FORMAT || (source.format === undefined && /\.json$/i.test(source.path)),
  read: (source) => ({ fileName: basename(source.path), text: source.text! }),
};

export const SET_READERS: SetReader[] = [setFolder, setFile];

const asSetImport = (reader: SetReader): SetImporter => ({
  what: reader.what,
  reads: reader.reads,
  plan: (source, onExisting) => {
    const { fileName, text, cardFiles } = reader.read(source);
    return {
      job: { kind: 'importSet', fileName, text, onExisting },
      placeOf: (index) =>
        cardFiles ? { file: cardFiles[index], pointer: '/doc' } : { file: fileName, pointer: `/cards/${index}/doc` },
    };
  },
});

export const SET_IMPORTERS: SetImporter[] = [
  ...SET_READERS.map(asSetImport),
  {
    what: 'a game bundle (.cardwright-system.json)',
    reads: (source) => source.format === SYSTEM_BUNDLE_FORMAT,
    plan: (source) => {
      const fileName = basename(source.path);
      return {
        job: { kind: 'importSystem', fileName, text: source.text! },
        placeOf: (index) => ({ file: fileName, pointer: `/cards/${index}/doc` }),
      };
    },
  },
];

export const SET_EXPORTS: Record<string, SetExport> = {
  json: {
    what: 'a Cardwright set file (.set.json)',
    run: async (app, setId, out, report) => jobLines(await runExportJob(app, { kind: 'exportSet', setId }, report), out),
  },
  folder: {
    what: 'a folder of one JSON file per card, for git (--out DIR, default: the set’s name)',
    run: async (app, setId, out) => {
      const set = (await app.handlers.listSets({})).find((candidate) => candidate.id === setId)!;
      const dir = resolve(out ?? safeFileName(set.name, ''));
      const written = app.exportSetFolder(setId, dir);
      return [`folder: ${dir}`, `cards: ${written.cards}`, `images: ${written.images}`];
    },
  },
  csv: {
    what: 'a spreadsheet (.csv): id, set, type, name, then the game’s fields; imports back with `cardwright import`',
    run: async (app, setId, out, report) =>
      jobLines(await runExportJob(app, { kind: 'exportCsv', setId, query: '' }, report), out),
  },
  cockatrice: {
    what: 'a zip for Cockatrice: customsets/<set>.xml (card database version 4) and pics/CUSTOM/<card>.png',
    run: async (app, setId, out, report) => jobLines(await runExportJob(app, { kind: 'exportCockatrice', setId }, report), out),
  },
};

const formats = (list: { what: string }[]) => list.map((item) => `  ${item.what}`).join('\n');

export const importCommand: CliCommand = {
  name: 'import',
  summary: 'import a set file, a set folder, a spreadsheet (.csv) or a game bundle: import FILE|FOLDER|FILE.csv',
  help: () => `Usage: cardwright import FILE|FOLDER [--replace | --copy] [--data-dir DIR]
       cardwright import FILE.csv --game ID [--set ID|NAME | --new-set NAME] [--new-ids] [--dry-run] [--data-dir DIR]

Imports into the library, as the app's Import does; reads
${formats(SET_IMPORTERS)}
A set whose id is already in the library is not changed unless you say how:
${optionTable([
  ['--replace', 'the set becomes what the file holds (its cards the file lacks go to the Trash)'],
  ['--copy', 'the file is imported as a new set, with new ids for the set and its cards'],
  ['(neither)', 'the default: the import stops (exit code 1) and says what a replace would change'],
])}
A CSV or TSV file (.csv, .tsv) is read as the app's CSV import reads it:
${optionTable(CSV_IMPORT_ROWS)}
${optionTable(GLOBAL_OPTION_ROWS)}
Prints what was imported and every card that was not, with the reason, one per line as
  file: /pointer: message
Exit code 0 when every card was imported, 1 when some were refused or the file could not be
read (nothing is written then), 2 for a wrong command line.`,
  options: () => ['replace', 'copy', ...CSV_IMPORT_OPTIONS],
  switches: () => new Set(['replace', 'copy', ...CSV_IMPORT_SWITCHES]),
  run: async (words, flags, library) => {
    const path = oneWord('import', words, 'FILE|FOLDER', 'the file or folder to import');
    if (isCsvPath(path)) {
      refuseUnknownOptions('import FILE.csv', flags, CSV_IMPORT_OPTIONS);
      if (!existsSync(path)) throw new UsageError(`${path}: there is no such file`);
      const app = library.open();
      return withApp(app, () => runCsvImport(path, flags, app));
    }
    refuseUnknownOptions('import', flags, ['replace', 'copy']);
    if (flags.has('replace') && flags.has('copy')) throw new UsageError('import takes --replace or --copy, not both');
    const onExisting: OnExisting = flags.get('replace') === true ? 'replace' : flags.get('copy') === true ? 'copy' : 'ask';
    const source = readSource(path);
    const importer = SET_IMPORTERS.find((candidate) => candidate.reads(source));
    if (!importer)
      throw new UsageError(`${path}: not something cardwright import reads (${SET_IMPORTERS.map((i) => i.what).join(', ')})`);
    const { job, placeOf } = importer.plan(source, onExisting);
    const app = library.open();
    return withApp(app, async () => {
      const status = await runExportJob(app, job, (line) => process.stderr.write(`${line}\n`));
      if (status.state !== 'done' || !status.result) {
        process.stderr.write(`cardwright: ${jobFailureSentence(status.error?.message ?? `The import was ${status.state}`)}\n`);
        return 1;
      }
      if (status.kind === 'importSet' && status.result.outcome === 'exists') {
        process.stderr.write(`${existsMessage(status.result)}\n`);
        return 1;
      }
      const sets =
        status.kind === 'importSystem' ? (status.result as ImportSystemResult).sets : [status.result as ImportSetResult];
      if (status.kind === 'importSystem') {
        const { system, replaced } = status.result as ImportSystemResult;
        process.stdout.write(`game: ${system.name} (${system.id})${replaced ? ', replaced the installed one' : ''}\n`);
      }
      let refused = 0;
      for (const result of sets) {
        process.stdout.write(
          `set: ${result.set.name} (id ${result.set.id}): ${result.imported} cards imported, ${result.rejected.length} refused\n`,
        );
        for (const card of result.rejected) {
          refused++;
          const place = placeOf(card.index);
          for (const issue of card.issues) {
            process.stdout.write(
              `${formatProblem({ file: place.file, pointer: `${place.pointer}${issue.path}`, message: issue.message })}\n`,
            );
          }
        }
      }
      return refused > 0 ? 1 : 0;
    });
  },
};

const cards = (count: number) => `${count} ${count === 1 ? 'card' : 'cards'}`;

/** The question the app's Import asks, as a refusal naming the flags that answer it. */
function existsMessage(question: SetImportQuestion): string {
  const { added, updated, removed, unchanged } = question.changes;
  return (
    `cardwright: the library has set "${question.existing.name}" (id ${question.existing.id}) already, so nothing was written; ` +
    `a replace would add ${cards(added)}, update ${updated}, move ${removed} to the Trash and leave ${unchanged} as they are ` +
    '(run again with --replace, or with --copy to import it as a new set).'
  );
}

const EXPORT_FORMATS = Object.keys(SET_EXPORTS);

export const exportCommand: CliCommand = {
  name: 'export',
  summary: `write a set: export set ID|NAME --to ${EXPORT_FORMATS.join('|')} [--out PATH]`,
  help: () => `Usage: cardwright export set ID|NAME --to ${EXPORT_FORMATS.join('|')} [--out PATH] [--force] [--data-dir DIR]

Writes a set of the library (export-set --set ID|NAME is the same as export set ID|NAME --to json):
${optionTable([
  ...Object.entries(SET_EXPORTS).map(([name, format]): [string, string] => [`--to ${name}`, format.what]),
  ['', '(--to is required: it has no default)'],
  ...OUT_ROWS('it'),
  ['', 'a folder export updates a folder the same set was exported to before (for git), with or without --force'],
  ...GLOBAL_OPTION_ROWS,
])}`,
  options: () => ['to', 'out', 'force'],
  switches: () => new Set(['force']),
  run: async (words, flags, library) => {
    const [what, ...rest] = words;
    if (what === undefined) throw new UsageError('export needs what to write: cardwright export set ID|NAME --to FORMAT');
    if (what !== 'set')
      throw new UsageError(
        `export writes sets, not "${what}"${didYouMean(what, ['set'])}: cardwright export set ID|NAME --to ${EXPORT_FORMATS.join('|')}`,
      );
    const set = oneWord('export set', rest, 'ID|NAME', 'the set to write');
    refuseUnknownOptions('export set', flags, ['to', 'out', 'force']);
    const to = textFlag(flags, 'to');
    if (to === undefined) throw new UsageError(`export set needs --to ${EXPORT_FORMATS.join('|')}`);
    const format = Object.hasOwn(SET_EXPORTS, to) ? SET_EXPORTS[to] : undefined;
    if (!format)
      throw new UsageError(`--to: "${to}" is not a format${didYouMean(to, EXPORT_FORMATS)}; give ${listOf(EXPORT_FORMATS)}`);
    const out = textFlag(flags, 'out');
    const force = flags.get('force') === true;
    const app = library.open({ out, force });
    return withApp(app, async () => {
      const setId = await setIdByIdOrName(app, set, 'export set');
      const lines = await format.run(app, setId, out, (line) => process.stderr.write(`${line}\n`));
      process.stdout.write(`${lines.join('\n')}\n`);
      return 0;
    });
  },
};

export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'check a set file or folder against its game without importing it: validate FILE|FOLDER',
  help: () => `Usage: cardwright validate FILE|FOLDER [--data-dir DIR]

Checks ${SET_READERS.map((reader) => reader.what).join(' or ')} as an import would — its files,
its pictures and every card against its game's schemas — without writing to the library.
The games are those of the library in --data-dir; without one, the built-in games.
${optionTable(GLOBAL_OPTION_ROWS)}
Exit code 0 with a one-line summary when all is well; 1 with every problem, one per line as
  file: /pointer: message
2 for a wrong command line.`,
  options: () => [],
  switches: () => new Set(),
  run: async (words, flags, library) => {
    const path = oneWord('validate', words, 'FILE|FOLDER', 'the set file or folder to check');
    refuseUnknownOptions('validate', flags, []);
    const source = readSource(path);
    const reader = SET_READERS.find((candidate) => candidate.reads(source));
    if (!reader)
      throw new UsageError(`${path}: not something cardwright validate reads (${SET_READERS.map((r) => r.what).join(', ')})`);
    let read;
    try {
      read = reader.read(source);
    } catch (error) {
      // A broken folder file is a finding, not a crash: same line format, exit code 1.
      if (error instanceof ApiError) {
        process.stdout.write(`${error.message}\n`);
        process.stderr.write(`1 problem in ${path}\n`);
        return 1;
      }
      throw error;
    }
    const app = library.forChecks();
    return withApp(app, async () => {
      const check = await app.checkSet(read.fileName, read.text, read.cardFiles);
      for (const problem of check.problems) process.stdout.write(`${formatProblem(problem)}\n`);
      if (check.problems.length > 0) {
        process.stderr.write(`${check.problems.length} problem${check.problems.length === 1 ? '' : 's'} in ${path}\n`);
        return 1;
      }
      process.stdout.write(`${path}: ${check.set?.name} (${check.set?.systemId}): ${check.cards} cards, all valid\n`);
      return 0;
    });
  },
};

/** A folder as is; a file with its text and JSON `format` (when it has one). */
function readSource(path: string): ImportSource {
  const full = resolve(path);
  if (!existsSync(full)) throw new UsageError(`${path}: there is no such file or folder`);
  if (isFolder(full)) return { path: full };
  if (!statSync(full).isFile()) throw new UsageError(`${path}: not a file or folder`);
  const text = readFileSync(full, 'utf8');
  let format: string | undefined;
  try {
    const value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text) as unknown;
    if (isPlainObject(value) && typeof value.format === 'string') format = value.format;
  } catch {
    // Not JSON: an importer of another format may read it; else it is refused by name.
  }
  return { path: full, text, format };
}
