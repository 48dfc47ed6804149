// `cardwright import FILE.csv|FILE.tsv`: a spreadsheet's rows as cards, with the column mapping
// the app keeps for the game (or the one its headers suggest), as the app's CSV import does:
// every bad row is listed and, unless --dry-run, the valid rows are written in one transaction.

import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { MAX_CSV_PICTURES, type CsvImportReport } from '../api/contract';
import { addPictureFolder } from '../images/picture-folder';
import { isFolder } from '../services/set-folder';
import type { Cardwright } from '../api/service';
import { MAX_CSV_BYTES } from '../services/csv-read';
import { UsageError, textFlag, type FlagValue } from './argv';
import { setIdByIdOrName } from './export-commands';
import { didYouMean, listOf } from './suggest';
import { runExportJob } from './run-export-job';
import { jobFailureSentence } from './fatal-error';

/** What import reads as a spreadsheet rather than JSON. */
export const isCsvPath = (path: string): boolean => /\.(csv|tsv)$/i.test(path);

export const CSV_IMPORT_OPTIONS = ['game', 'set', 'new-set', 'new-ids', 'dry-run', 'images'];
export const CSV_IMPORT_SWITCHES = ['new-ids', 'dry-run'];

export const CSV_IMPORT_ROWS: [string, string][] = [
  ['--game ID', 'the game its rows are cards of (required)'],
  ['--set ID|NAME', 'the set the cards go into, or'],
  [
    '--new-set NAME',
    'a new set (default: a new set named after the file); its cards keep the ids of the id column where no card has them, an id another set’s card has is a bad row',
  ],
  ['--new-ids', 'skip the id column: every row is a new card with a new id (a copy); default off'],
  ['--dry-run', 'check every row and list the bad ones; write no card; default off'],
  [
    '--images DIR',
    'the pictures image columns name by file name (any case, with or without the extension); missing, unused and refused files are listed',
  ],
  ['', 'the columns map to card fields as last saved for the game in the app, else by their headers'],
];

/** Imports (or checks) the spreadsheet; exit code 1 when a row is bad. */
export async function runCsvImport(path: string, flags: Map<string, FlagValue>, app: Cardwright): Promise<number> {
  const systemId = textFlag(flags, 'game');
  const games = app.systems.map((system) => system.id);
  if (!systemId) throw new UsageError(`${path}: a CSV import needs --game ID (the game its rows are cards of: ${listOf(games)})`);
  if (!games.includes(systemId))
    throw new UsageError(
      `--game: no game "${systemId}" is installed${didYouMean(systemId, games)}; the games are ${listOf(games, 'and')}`,
    );
  if (flags.has('set') && flags.has('new-set')) throw new UsageError('import takes --set or --new-set, not both');
  const full = resolve(path);
  const size = statSync(full).size;
  if (size > MAX_CSV_BYTES) throw new UsageError(`${path}: ${size} bytes; a CSV import reads at most ${MAX_CSV_BYTES} bytes`);
  const bytes = new Uint8Array(readFileSync(full));
  const fileName = basename(full);
  const imagesDir = textFlag(flags, 'images');
  if (flags.has('images') && !imagesDir) throw new UsageError('--images needs a folder: --images DIR');
  if (imagesDir !== undefined && !isFolder(imagesDir)) throw new UsageError(`--images: ${imagesDir} is not a folder`);
  const pictures =
    imagesDir === undefined
      ? undefined
      : await addPictureFolder(imagesDir, MAX_CSV_PICTURES, (input) => app.handlers.addImage(input));
  const preview = await app.handlers.previewCsv({ systemId, fileName, bytes });
  const mapping = flags.get('new-ids') === true ? { ...preview.mapping, idColumn: null } : preview.mapping;
  const setName = textFlag(flags, 'set');
  const destination = setName
    ? { setId: await setIdByIdOrName(app, setName, '--set') }
    : { newSetName: textFlag(flags, 'new-set') ?? fileName.replace(/\.(csv|tsv)$/i, '') };
  const status = await runExportJob(
    app,
    {
      kind: 'importCsv',
      systemId,
      fileName,
      bytes,
      mapping,
      dryRun: flags.get('dry-run') === true,
      ...destination,
      ...(pictures ? { pictures } : {}),
    },
    (line) => process.stderr.write(`${line}\n`),
  );
  if (status.state !== 'done' || status.kind !== 'importCsv' || !status.result) {
    process.stderr.write(`cardwright: ${jobFailureSentence(status.error?.message ?? `The import was ${status.state}`)}\n`);
    return 1;
  }
  for (const line of reportLines(status.result, preview.savedMapping)) process.stdout.write(`${line}\n`);
  return status.result.badRows > 0 ? 1 : 0;
}

function reportLines(report: CsvImportReport, savedMapping: boolean): string[] {
  const lines = [
    `file: ${report.fileName} (${report.encoding}${report.encodingNote ? `; ${report.encodingNote}` : ''})`,
    `mapping: ${savedMapping ? "the game's saved CSV mapping" : 'suggested by the headers'}`,
    `rows: ${report.rows}, valid ${report.validRows}, bad ${report.badRows}`,
    `cards: ${report.changes.added} new, ${report.changes.updated} updated, ${report.changes.unchanged} unchanged`,
    report.dryRun
      ? 'dry run: nothing was written'
      : `set: ${report.set?.name ?? '—'}${report.set ? ` (id ${report.set.id})` : ''}: ${report.imported} cards imported`,
  ];
  for (const problem of report.problems) {
    const column = problem.column ? `, column ${problem.column}` : '';
    lines.push(`${report.fileName}: row ${problem.row}${column}: ${problem.message}`);
  }
  if (report.problemsTotal > report.problems.length)
    lines.push(`… and ${report.problemsTotal - report.problems.length} more problems`);
  if (report.pictures) lines.push(...pictureLines(report.fileName, report.pictures));
  return lines;
}

function pictureLines(fileName: string, pictures: NonNullable<CsvImportReport['pictures']>): string[] {
  const lines = [
    `pictures: ${pictures.files} files, ${pictures.used} used, ${pictures.missingTotal} missing, ${pictures.unusedTotal} unused, ${pictures.rejected.length} refused${pictures.skipped ? `, ${pictures.skipped} other files skipped` : ''}`,
  ];
  for (const missing of pictures.missing)
    lines.push(
      `${fileName}: row ${missing.row}, column ${missing.column}: picture “${missing.name}” missing: ${missing.message}`,
    );
  if (pictures.missingTotal > pictures.missing.length)
    lines.push(`… and ${pictures.missingTotal - pictures.missing.length} more missing pictures`);
  for (const rejected of pictures.rejected) lines.push(`refused picture ${rejected.name}: ${rejected.message}`);
  for (const name of pictures.unused) lines.push(`unused picture: ${name}`);
  if (pictures.unusedTotal > pictures.unused.length)
    lines.push(`… and ${pictures.unusedTotal - pictures.unused.length} more unused pictures`);
  return lines;
}
