// The command line as the CLI reads it: `--name value`, `--name=value`, a bare switch `--name`
// (true) or `--no-name` (false), and the words the command takes (a file, a set). A switch never
// takes the word after it, so `import --replace set.json` reads set.json as the file; any other
// option takes the next word unless that is an option itself.
// The global options (--data-dir, --help) are taken out first, wherever they stand on the line.

export type FlagValue = string | boolean;

export interface ParsedArgs {
  /** The words that are no option and no option's value, in order. */
  words: string[];
  /** By flag name without the dashes, in the order given; a flag given twice is refused. */
  flags: Map<string, FlagValue>;
}

export interface GlobalOptions {
  /** --data-dir DIR, when given. */
  dataDir?: string;
  /** --help or -h, anywhere on the line. */
  help: boolean;
  /** The line without them. */
  rest: string[];
}

/** Wrong use of the command line: shown as one sentence, exit code 2. */
export class UsageError extends Error {}

const FLAG_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Takes --data-dir and --help out of the line, wherever they stand (as git -C or docker --host). */
export function globalOptions(argv: readonly string[]): GlobalOptions {
  const rest: string[] = [];
  let dataDir: string | undefined;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--data-dir' || arg.startsWith('--data-dir=')) {
      if (dataDir !== undefined) throw new UsageError('--data-dir is given twice; give it once');
      const value = arg === '--data-dir' ? argv[++i] : arg.slice('--data-dir='.length);
      if (value === undefined || value.trim() === '' || value.startsWith('--'))
        throw new UsageError('--data-dir needs a folder: --data-dir DIR');
      dataDir = value;
    } else rest.push(arg);
  }
  return { dataDir, help, rest };
}

/** Reads options and words; `isSwitch` names the options that take no value. */
export function parseArgs(argv: readonly string[], isSwitch: (name: string) => boolean = () => false): ParsedArgs {
  const flags = new Map<string, FlagValue>();
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--') || arg === '--' || /^-\d/.test(arg)) {
      words.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    let name = arg.slice(2, equals === -1 ? undefined : equals);
    let value: FlagValue;
    const negated = name.startsWith('no-') && isSwitch(name.slice(3));
    if (equals !== -1) value = arg.slice(equals + 1);
    else if (!negated && !isSwitch(name) && i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
    else value = true;
    if (name.startsWith('no-') && value === true) {
      name = name.slice(3);
      value = false;
    }
    if (!FLAG_NAME.test(name)) throw new UsageError(`"${arg}" is not an option name (options look like --paper A4)`);
    if (flags.has(name)) throw new UsageError(`--${name} is given twice; give it once`);
    flags.set(name, value);
  }
  return { words, flags };
}

/** The flag's text value; refused when it was given without one. */
export function textFlag(flags: ReadonlyMap<string, FlagValue>, name: string): string | undefined {
  const value = flags.get(name);
  if (value === undefined) return undefined;
  if (typeof value === 'boolean' || value.trim() === '') throw new UsageError(`--${name} needs a value`);
  return value;
}
