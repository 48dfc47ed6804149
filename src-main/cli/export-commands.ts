// The CLI's commands: export-pdf (a deck, a set, a search or listed cards, through the same
// exportPdf job as the app's print dialog) and export-set (the exportSet job). Each turns its
// flags into a job spec, checks it with the API's own schema, and names the flag in any refusal.

import { apiContract, exportPdfJob, type ApiParsedInput, type PrintSourceInput } from '../api/contract';
import type { Cardwright } from '../api/service';
import { textFlag, UsageError, type FlagValue } from './argv';
import { flagFor, kebab, mapOptionFlags, optionFlagNames, type MappedOptions } from './option-flags';

type Flags = ReadonlyMap<string, FlagValue>;
export type JobSpec = ApiParsedInput<'startJob'>['job'];

export interface CliCommand {
  /** The flags the command reads itself; export-pdf maps any other onto the print options. */
  own: readonly string[];
  help: () => string;
  /** The job to run, checked by the API's schema. */
  job: (app: Cardwright, flags: Flags) => Promise<JobSpec>;
}

const COMMON_HELP = `  --out FILE        where to write it (default: the suggested name, in this folder)
  --data-dir DIR    the data folder (default: CARDWRIGHT_DATA_DIR, else the app's:
                      Linux   ~/.config/Cardwright
                      macOS   ~/Library/Application Support/Cardwright
                      Windows %APPDATA%\\Cardwright)
  --help            this text`;

const exportPdf: CliCommand = {
  own: ['deck', 'set', 'cards', 'search', 'copies', 'out'],
  help: () => `Usage: cardwright export-pdf (--deck ID|NAME | --set ID|NAME | --cards ID,ID,… | --search [TEXT]) [options]

Prints cards to a print-ready PDF, as the app's Print dialog does.
  --deck ID|NAME    a deck, each card as many times as the deck holds it
  --set ID|NAME     every card of a set
  --cards ID,…      these cards, in this order
  --search [TEXT]   every card the library search finds (with --set: in that set;
                    without TEXT: every card)
  --copies N        print each card N times (1–99; default 1)
Print options (checked as the app checks them):
  ${optionFlagNames(exportPdfJob.shape.print).join('  ')}
  (a unit at the end may be left off: --bleed 3 is --bleed-mm 3; --no-NAME turns a switch off)
${COMMON_HELP}`,
  job: async (app, flags) => {
    const source = await printSource(app, flags);
    const printFlags = new Map([...flags].filter(([name]) => !exportPdf.own.includes(name)));
    const print = mapOptionFlags(printFlags, exportPdfJob.shape.print, 'export-pdf');
    const copies = textFlag(flags, 'copies');
    return checked(
      { kind: 'exportPdf', source, copies: copies === undefined ? undefined : Number(copies), print: print.options },
      print,
    );
  },
};

const exportSet: CliCommand = {
  own: ['set', 'out'],
  help: () => `Usage: cardwright export-set --set ID|NAME [--out FILE.json] [--data-dir DIR]

Writes a set and its cards to a Cardwright set file, as the app's Export does.
${COMMON_HELP}`,
  job: async (app, flags) => {
    const set = textFlag(flags, 'set');
    if (set === undefined) throw new UsageError('export-set needs --set ID|NAME');
    return checked({ kind: 'exportSet', setId: await setId(app, set) });
  },
};

export const COMMANDS: Record<string, CliCommand> = { 'export-pdf': exportPdf, 'export-set': exportSet };

async function printSource(app: Cardwright, flags: Flags): Promise<PrintSourceInput> {
  const deck = textFlag(flags, 'deck');
  const set = textFlag(flags, 'set');
  const cards = textFlag(flags, 'cards');
  // A bare --search matches every card (of --set, when given).
  const searchFlag = flags.get('search');
  if (searchFlag === false) throw new UsageError('--no-search is not an option; leave --search out instead');
  const search = searchFlag === undefined ? undefined : searchFlag === true ? '' : searchFlag;
  const given = [
    deck && '--deck',
    cards && '--cards',
    set && search === undefined && '--set',
    search !== undefined && '--search',
  ];
  const sources = given.filter((flag): flag is string => typeof flag === 'string');
  if (sources.length === 0) throw new UsageError('export-pdf needs what to print: --deck, --set, --cards or --search');
  if (sources.length > 1) throw new UsageError(`export-pdf prints one thing at a time: give only one of ${sources.join(', ')}`);
  if (deck !== undefined) return { kind: 'deck', deckId: await deckId(app, deck) };
  if (cards !== undefined) {
    return {
      kind: 'cards',
      cardIds: cards
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    };
  }
  if (search !== undefined)
    return { kind: 'search', query: search, setId: set === undefined ? undefined : await setId(app, set) };
  return { kind: 'set', setId: await setId(app, set!) };
}

/** An id, or else a name (any case) that exactly one item has. */
function byIdOrName<T extends { id: string; name: string }>(
  items: readonly T[],
  value: string,
  flag: string,
  what: string,
): string {
  if (items.some((item) => item.id === value)) return value;
  const named = items.filter((item) => item.name.toLowerCase() === value.trim().toLowerCase());
  if (named.length === 1) return named[0].id;
  if (named.length > 1) {
    throw new UsageError(
      `${flag}: ${named.length} ${what}s are named “${value}” (ids ${named.map((item) => item.id).join(', ')}); give the id`,
    );
  }
  throw new UsageError(`${flag}: no ${what} has the id or name “${value}”`);
}

async function setId(app: Cardwright, value: string): Promise<string> {
  return setIdByIdOrName(app, value, '--set');
}

/** The set with this id, else the one set with this name (any case); `where` leads a refusal. */
export async function setIdByIdOrName(app: Cardwright, value: string, where: string): Promise<string> {
  return byIdOrName(await app.handlers.listSets({}), value, where, 'set');
}

async function deckId(app: Cardwright, value: string): Promise<string> {
  return byIdOrName(await app.handlers.listDecks({}), value, '--deck', 'deck');
}

/** Parses the job with startJob's schema; a refusal names the flag the bad value came from. */
function checked(job: unknown, print?: MappedOptions): JobSpec {
  const parsed = apiContract.startJob.input.shape.job.safeParse(job);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const [field, ...rest] = issue.path;
  const flag =
    field === 'print' && print
      ? (flagFor(print, rest) ?? `--${rest.map((key) => kebab(String(key))).join('-')}`)
      : field === 'copies'
        ? '--copies'
        : field === 'source'
          ? `--${String(rest[0] === 'cardIds' ? 'cards' : (rest[0] ?? 'source'))}`
          : String(field ?? 'input');
  throw new UsageError(`${flag}: ${issue.message}`);
}
