// `npx cardwright <command>`: the app's imports and exports from the command line, for scripted
// builds. Plain Node (no Electron): opens the same data folder as the app with the same service
// API and runs the same jobs. Progress goes to stderr, the result to stdout. The whole command
// line is checked before a library opens or a job starts: a wrong one is one sentence naming what
// is accepted (and the nearest, when it looks like a typo) with exit code 2; a failure is one
// sentence with exit code 1.

import '../memory-flags';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openCardwright, type Cardwright } from '../api/service';
import { appPaths, defaultUserDataDir } from '../app-paths';
import { logConsoleTo } from '../console-log-file';
import { databaseFile } from '../store/database';
import { globalOptions, parseArgs, UsageError } from './argv';
import { GLOBAL_OPTION_ROWS, optionTable, type CliCommand, type Library, type SaveTo } from './command';
import { deckCommand } from './deck-commands';
import { exportPdfCommand, exportSetCommand } from './export-commands';
import { exportImagesCommand } from './image-commands';
import { exitWithError } from './fatal-error';
import { saveToPath } from './run-export-job';
import { exportCommand, importCommand, validateCommand } from './set-commands';
import { didYouMean, listOf } from './suggest';

export const COMMANDS: readonly CliCommand[] = [
  exportPdfCommand,
  exportCommand,
  exportSetCommand,
  importCommand,
  validateCommand,
  deckCommand,
  exportImagesCommand,
];
const NAMES = [...COMMANDS.map((command) => command.name), 'help'];

export function usage(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length)) + 3;
  return `Usage: cardwright <command> [options]

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(width)}${command.summary}`).join('\n')}
  ${'help'.padEnd(width)}help COMMAND shows a command's options (the same as cardwright COMMAND --help)

Options every command takes, anywhere on the line:
${optionTable(GLOBAL_OPTION_ROWS)}
cardwright COMMAND --help lists a command's options, what each accepts and its default
(through npx, which keeps --help for itself: npx cardwright help COMMAND).`;
}

/** Runs the command line; returns the exit code. Errors are put in one sentence here. `here` is out/main, beside the workers. */
export async function runCli(argv: readonly string[], here: string): Promise<number> {
  let dataDir: string | undefined;
  try {
    const globals = globalOptions(argv);
    dataDir = resolve(globals.dataDir ?? process.env.CARDWRIGHT_DATA_DIR ?? defaultUserDataDir());
    const [name, ...rest] = globals.rest;
    if (name === undefined) {
      process.stdout.write(`${usage()}\n`);
      return globals.help ? 0 : 2;
    }
    if (name === 'help') {
      const topic = rest[0];
      if (topic === undefined) process.stdout.write(`${usage()}\n`);
      else process.stdout.write(`${commandNamed(topic).help()}\n`);
      return 0;
    }
    if (name.startsWith('-'))
      throw new UsageError(
        `Give the command first, then its options: cardwright COMMAND ${name} … (the commands are ${listOf(NAMES, 'and')})`,
      );
    const command = commandNamed(name);
    if (globals.help) {
      process.stdout.write(`${command.help()}\n`);
      return 0;
    }
    const switches = command.switches();
    const { words, flags } = parseArgs(rest, (flag) => switches.has(flag));
    return await command.run(words, flags, libraryIn(dataDir, here));
  } catch (error) {
    exitWithError(error, { dataDir });
  }
}

function commandNamed(name: string): CliCommand {
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command) return command;
  throw new UsageError(`There is no command "${name}"${didYouMean(name, NAMES)}; the commands are ${listOf(NAMES, 'and')}`);
}

function libraryIn(dataDir: string, here: string): Library {
  return {
    open: (save) => {
      // A mistyped folder would otherwise become a new, empty library.
      if (!existsSync(databaseFile(dataDir)))
        throw new UsageError(`--data-dir: there is no Cardwright library in ${dataDir} (start the app once, or give --data-dir)`);
      return open(here, dataDir, save ?? { force: false });
    },
    forChecks: () => {
      if (existsSync(databaseFile(dataDir))) return open(here, dataDir, { force: false });
      // None there (a designer's CI): a throwaway one with only the built-in games, removed at the end.
      const scratch = mkdtempSync(join(tmpdir(), 'cardwright-validate-'));
      const app = open(here, scratch, { force: false }, false);
      return {
        ...app,
        close: async () => {
          await app.close();
          rmSync(scratch, { recursive: true, force: true });
        },
      };
    },
  };
}

function open(here: string, dataDir: string, save: SaveTo, samples = true): Cardwright {
  // A scratch library is removed at the end: its log goes to the temporary folder instead.
  logConsoleTo(samples ? join(dataDir, 'cardwright-cli.log') : join(tmpdir(), 'cardwright-cli.log'));
  const root = resolve(here, '../..');
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const app = openCardwright({
    dataDir,
    ...appPaths(root),
    // A scratch library for checks needs no samples: a missing folder seeds none.
    ...(samples ? {} : { samplesDir: join(dataDir, 'no-samples') }),
    version,
    desktop: saveToPath(save, process.cwd()),
    // The export runs in a worker thread as in the app. Reads stay on this thread: a one-shot
    // command has no UI to keep responsive, and ending the process while reader threads are
    // still loading SQLite's native module can crash Node.
    jobWorker: join(here, 'job-worker.js'),
    checkWorker: join(here, 'check-worker.js'),
    // A command line run is over long before these start-up chores would begin.
    startupBackupDelayMs: 24 * 60 * 60 * 1000,
    startupImageCleanupDelayMs: 24 * 60 * 60 * 1000,
  });
  const stop = () => void app.close().finally(() => process.exit(130));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  for (const error of app.systemErrors) process.stderr.write(`warning: game system refused: ${error.message}\n`);
  return app;
}
