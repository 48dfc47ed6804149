// The command line as the CLI reads it: a command, then `--name value`, `--name=value`, a bare
// `--name` (true) or `--no-name` (false). Nothing positional: every value is named, so a typo
// is refused by name instead of being taken for something else.

export type FlagValue = string | boolean;

export interface ParsedArgs {
  command: string | undefined;
  /** By flag name without the dashes, in the order given; a flag given twice is refused. */
  flags: Map<string, FlagValue>;
}

/** Wrong use of the command line: shown as one sentence, exit code 2. */
export class UsageError extends Error {}

const FLAG_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const [first, ...rest] = argv;
  const command = first !== undefined && !first.startsWith('-') ? first : undefined;
  const args = command === undefined ? argv : rest;
  const flags = new Map<string, FlagValue>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--') || arg === '--') {
      throw new UsageError(`Unexpected "${arg}": values follow the option they belong to (for example --set "Core Set")`);
    }
    const equals = arg.indexOf('=');
    let name = arg.slice(2, equals === -1 ? undefined : equals);
    let value: FlagValue;
    if (equals !== -1) value = arg.slice(equals + 1);
    else if (i + 1 < args.length && !args[i + 1].startsWith('--')) value = args[++i];
    else value = true;
    if (name.startsWith('no-') && value === true) {
      name = name.slice(3);
      value = false;
    }
    if (!FLAG_NAME.test(name)) throw new UsageError(`"${arg}" is not an option name (options look like --paper A4)`);
    if (flags.has(name)) throw new UsageError(`--${name} is given twice`);
    flags.set(name, value);
  }
  return { command, flags };
}

/** The flag's text value; refused when it was given without one. */
export function textFlag(flags: ReadonlyMap<string, FlagValue>, name: string): string | undefined {
  const value = flags.get(name);
  if (value === undefined) return undefined;
  if (typeof value === 'boolean' || value.trim() === '') throw new UsageError(`--${name} needs a value`);
  return value;
}
