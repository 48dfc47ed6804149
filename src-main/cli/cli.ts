// `npx cardwright <command>`: the app's exports from the command line, for scripted builds.
// Plain Node (no Electron): opens the same data folder as the app with the same service API and
// runs the same jobs. Progress goes to stderr, the result to stdout; a failure is one sentence
// on stderr with exit code 1 (2 for a wrong command line).

import '../memory-flags';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JobStatus } from '../api/contract';
import { ApiError } from '../api/api-error';
import { openCardwright, type Cardwright } from '../api/service';
import { appPaths, defaultUserDataDir } from '../app-paths';
import { databaseFile } from '../store/database';
import { parseArgs, textFlag, UsageError, type FlagValue } from './argv';
import { COMMANDS } from './export-commands';
import { DECK_HELP, runDeckCommand } from './deck-commands';
import { runExportJob, saveToPath } from './run-export-job';
import { EXPORT_HELP, IMPORT_HELP, runExport, runImport, runValidate, VALIDATE_HELP } from './set-commands';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

const SET_HELP = new Map([
  ['import', IMPORT_HELP],
  ['export', EXPORT_HELP],
  ['validate', VALIDATE_HELP],
]);

const USAGE = `Usage: cardwright <command> [options]

Commands:
  export-pdf   print a deck, a set, a search or listed cards to a print-ready PDF
  import       import a set file, a set folder, a spreadsheet (.csv) or a game bundle: import FILE|FOLDER|FILE.csv
  export       write a set: export set ID|NAME --to json|folder|csv|cockatrice [--out PATH]
  validate     check a set file or folder against its game without importing it: validate FILE|FOLDER
  export-set   write a set and its cards to a set file (export set ID --to json)
  deck         check a decklist's legality, or convert it: deck check FILE, deck convert FILE --to text|json|cod

cardwright <command> --help (through npx: npx cardwright help <command>) shows a command's options.`;

async function main(argv: readonly string[]): Promise<number> {
  // `npx cardwright --help` is npx's own help: `cardwright help [command]` works through npx.
  if (argv[0] === 'help' && argv[1] === 'deck') {
    process.stdout.write(`${DECK_HELP}\n`);
    return 0;
  }
  // deck commands take the deck file as their one positional argument.
  if (argv[0] === 'deck') return runDeckCommand(argv.slice(1), (flags) => open(libraryDir(flags), undefined));
  const setHelp = SET_HELP.get(argv[0] === 'help' ? (argv[1] ?? '') : '');
  if (setHelp) {
    process.stdout.write(`${setHelp}\n`);
    return 0;
  }
  if (argv[0] !== undefined && SET_HELP.has(argv[0]) && argv.includes('--help')) {
    process.stdout.write(`${SET_HELP.get(argv[0])}\n`);
    return 0;
  }
  if (argv[0] === 'import') return runImport(argv.slice(1), (flags) => open(libraryDir(flags), undefined));
  if (argv[0] === 'export') return runExport(argv.slice(1), (flags, out) => open(libraryDir(flags), out));
  if (argv[0] === 'validate') return runValidate(argv.slice(1), openForChecks);
  if (argv[0] === 'help') {
    const topic = COMMANDS[argv[1] ?? ''];
    process.stdout.write(`${topic ? topic.help() : USAGE}\n`);
    return 0;
  }
  const { command, flags } = parseArgs(argv);
  if (command === undefined) {
    if (flags.has('help') || flags.size === 0) {
      process.stdout.write(`${USAGE}\n`);
      return flags.has('help') ? 0 : 2;
    }
    throw new UsageError('Give a command first: cardwright export-pdf … or cardwright export-set …');
  }
  const spec = COMMANDS[command];
  if (!spec) throw new UsageError(`Unknown command "${command}" (the commands are ${Object.keys(COMMANDS).join(', ')})`);
  if (flags.get('help') === true) {
    process.stdout.write(`${spec.help()}\n`);
    return 0;
  }
  const dataDir = libraryDir(flags);
  flags.delete('help');

  const app = open(dataDir, textFlag(flags, 'out'));
  const stop = () => void app.close().finally(() => process.exit(130));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const job = await spec.job(app, flags);
    const status = await runExportJob(app, job, (line) => process.stderr.write(`${line}\n`));
    return printResult(status);
  } finally {
    await app.close();
  }
}

/** The data folder the flags name (removing --data-dir); refused when it holds no library. */
function libraryDir(flags: Map<string, FlagValue>): string {
  const dataDir = resolve(textFlag(flags, 'data-dir') ?? process.env.CARDWRIGHT_DATA_DIR ?? defaultUserDataDir());
  flags.delete('data-dir');
  // A mistyped folder would otherwise become a new, empty library.
  if (!existsSync(databaseFile(dataDir))) {
    throw new UsageError(`--data-dir: there is no Cardwright library in ${dataDir} (start the app once, or give --data-dir)`);
  }
  return dataDir;
}

/**
 * The library --data-dir names for `validate`, else (none there: a designer's CI) a throwaway
 * one with only the built-in games, removed when the command ends.
 */
function openForChecks(flags: Map<string, FlagValue>): Cardwright {
  const dataDir = resolve(textFlag(flags, 'data-dir') ?? process.env.CARDWRIGHT_DATA_DIR ?? defaultUserDataDir());
  flags.delete('data-dir');
  if (existsSync(databaseFile(dataDir))) return open(dataDir, undefined);
  const scratch = mkdtempSync(join(tmpdir(), 'cardwright-validate-'));
  const app = open(scratch, undefined, false);
  return {
    ...app,
    close: async () => {
      await app.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

function open(dataDir: string, out: string | undefined, samples = true): Cardwright {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const app = openCardwright({
    dataDir,
    ...appPaths(root),
    // A scratch library for checks needs no samples: a missing folder seeds none.
    ...(samples ? {} : { samplesDir: join(dataDir, 'no-samples') }),
    version,
    desktop: saveToPath(out, process.cwd()),
    // The export runs in a worker thread as in the app. Reads stay on this thread: a one-shot
    // command has no UI to keep responsive, and ending the process while reader threads are
    // still loading SQLite's native module can crash Node.
    jobWorker: join(here, 'job-worker.js'),
    checkWorker: join(here, 'check-worker.js'),
    // A command line run is over long before these start-up chores would begin.
    startupBackupDelayMs: 24 * 60 * 60 * 1000,
    startupImageCleanupDelayMs: 24 * 60 * 60 * 1000,
  });
  for (const error of app.systemErrors) process.stderr.write(`warning: game system refused: ${error.message}\n`);
  return app;
}

/** `file: …` then the job's other numbers (pages, cards, …), one per line. */
function printResult(status: JobStatus): number {
  if (status.state === 'failed') {
    process.stderr.write(`cardwright: ${status.error?.message ?? 'the export failed'}\n`);
    return 1;
  }
  if (status.state !== 'done' || !status.result || !('file' in status.result)) {
    process.stderr.write(`cardwright: the export was ${status.state}\n`);
    return 1;
  }
  const { file, ...rest } = status.result;
  const lines = [`file: ${file.savedTo ?? file.fileName}`, `bytes: ${file.bytes}`];
  for (const [key, value] of Object.entries(rest))
    lines.push(`${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const usage = error instanceof UsageError;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`cardwright: ${message}\n`);
    if (!usage && !(error instanceof ApiError) && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    process.exit(usage ? 2 : 1);
  },
);
