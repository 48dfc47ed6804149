// What every CLI command is to the dispatcher (run-cli.ts): its line in `cardwright --help`, its
// own --help, the options it takes (so a wrong one is refused with the nearest, before anything
// opens), and how it runs against the library the global --data-dir names.

import type { Cardwright } from '../api/service';
import { UsageError, type FlagValue } from './argv';
import { didYouMean, listOf } from './suggest';

export type Flags = Map<string, FlagValue>;

/** The library the command works on, opened only once the command line has been checked. */
export interface Library {
  /** The data folder's library (refused when the folder holds none); `out` and `force` answer a job's "Save as". */
  open(save?: SaveTo): Cardwright;
  /** The data folder's library when it has one, else a throwaway one with the built-in games. */
  forChecks(): Cardwright;
}

/** Where an export job saves: --out (else the name it suggests, in the working folder), replacing a file only with --force. */
export interface SaveTo {
  out?: string;
  force: boolean;
}

export interface CliCommand {
  name: string;
  /** One line for `cardwright --help`. */
  summary: string;
  /** The command's whole help: every option with what it accepts and its default. */
  help(): string;
  /** The options it takes, without dashes (the global ones aside). */
  options(): readonly string[];
  /** Those of them that take no value. */
  switches(): ReadonlySet<string>;
  run(words: readonly string[], flags: Flags, library: Library): Promise<number>;
}

/** The options every command takes, for its help. */
export const GLOBAL_OPTION_ROWS: [string, string][] = [
  [
    '--data-dir DIR',
    'the data folder (default: CARDWRIGHT_DATA_DIR, else the app’s: Linux ~/.config/Cardwright, macOS ~/Library/Application Support/Cardwright, Windows %APPDATA%\\Cardwright); may stand anywhere on the line',
  ],
  ['--help', 'this text'],
];

export const OUT_ROWS = (what: string): [string, string][] => [
  ['--out PATH', `where to write ${what} (default: the name it suggests, in this folder)`],
  ['--force', 'replace a file that is there already (default: keep it and stop)'],
];

/** Two columns, the right one wrapped at 100 characters. */
export function optionTable(rows: readonly [string, string][], indent = '  '): string {
  const width = Math.min(46, Math.max(...rows.map(([left]) => left.length)) + 2);
  const lines: string[] = [];
  for (const [left, text] of rows) {
    const words = text.split(' ');
    let line = `${indent}${left.padEnd(width)}`;
    if (left.length >= width) {
      lines.push(`${indent}${left}`);
      line = `${indent}${''.padEnd(width)}`;
    }
    let fresh = true;
    for (const word of words) {
      if (!fresh && line.length + word.length + 1 > 100) {
        lines.push(line);
        line = `${indent}${''.padEnd(width)}${word}`;
      } else line += `${fresh ? '' : ' '}${word}`;
      fresh = false;
    }
    lines.push(line);
  }
  return lines.map((line) => line.trimEnd()).join('\n');
}

/** Refuses an option the command does not take, naming the nearest one and where its options are listed. */
export function refuseUnknownOptions(command: string, flags: Flags, options: readonly string[]): void {
  for (const name of flags.keys()) {
    if (options.includes(name)) continue;
    const known = options.map((option) => `--${option}`);
    throw new UsageError(
      `${command} has no option --${name}${didYouMean(`--${name}`, known)}; it takes ${known.length > 0 ? listOf(known, 'and') : 'none'} (see cardwright ${command.split(' ')[0]} --help)`,
    );
  }
}

/** The one word a command takes (`placeholder` FILE|FOLDER), refused when missing or when more are given. */
export function oneWord(command: string, words: readonly string[], placeholder: string, what: string): string {
  if (words.length === 0) throw new UsageError(`${command} needs ${what}: cardwright ${command} ${placeholder}`);
  if (words.length > 1)
    throw new UsageError(
      `${command} takes one ${placeholder}, not ${words.map((word) => `"${word}"`).join(' and ')} (put a name with spaces in quotes)`,
    );
  return words[0];
}
