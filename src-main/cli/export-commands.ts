// The CLI's print commands: export-pdf (a deck, a set, a search or listed cards, through the same
// exportPdf job as the app's print dialog) and export-set (the exportSet job). Each turns its
// flags into a job spec, checks it with the API's own schema before the job starts, and names the
// flag in any refusal.

import { dirname, resolve } from 'node:path';
import { apiContract, exportPdfJob, type ApiParsedInput, type JobStatus, type PrintSourceInput } from '../api/contract';
import type { Cardwright } from '../api/service';
import { textFlag, UsageError, type FlagValue } from './argv';
import { GLOBAL_OPTION_ROWS, optionTable, OUT_ROWS, type CliCommand } from './command';
import { Failure, jobFailureSentence } from './fatal-error';
import { flagFor, kebab, mapOptionFlags, optionFlagNames, optionHelpRows, switchNames, type MappedOptions } from './option-flags';
import { runExportJob } from './run-export-job';
import { PRINT_PROBLEMS_EXIT, reportPrintProblems } from './print-problem-lines';
import { didYouMean } from './suggest';

type ReadFlags = ReadonlyMap<string, FlagValue>;
export type JobSpec = ApiParsedInput<'startJob'>['job'];

const PRINT = exportPdfJob.shape.print;
const PDF_OWN = ['deck', 'set', 'cards', 'search', 'copies', 'out', 'force', 'allow-warnings'];

export const exportPdfCommand: CliCommand = {
  name: 'export-pdf',
  summary: 'print a deck, a set, a search or listed cards to a print-ready PDF',
  help: () => `Usage: cardwright export-pdf (--deck ID|NAME | --set ID|NAME | --cards ID,ID,… | --search [TEXT]) [options]

Prints cards to a print-ready PDF, as the app's Print dialog does. What to print (one of):
${optionTable([
  ['--deck ID|NAME', 'a deck, each card as many times as the deck holds it'],
  ['--set ID|NAME', 'every card of a set'],
  ['--cards ID,ID,…', 'these cards, in this order'],
  ['--search [TEXT]', 'every card the library search finds (with --set: in that set; without TEXT: every card)'],
])}
Options:
${optionTable([
  ['--copies N', 'print each card N times (1 to 99; default 1)'],
  [
    '--allow-warnings',
    `exit 0 even when cards have print problems (default: exit ${PRINT_PROBLEMS_EXIT}; the PDF is written either way)`,
  ],
  ...OUT_ROWS('the PDF'),
  ...GLOBAL_OPTION_ROWS,
])}
Print options (as the Print dialog's; a unit at the end may be left off: --bleed 3 is --bleed-mm 3):
${optionTable(optionHelpRows(PRINT))}

Print problems: every card that will not print as it should, as the Print dialog lists them (text cut
off, characters no font has, art under 300 dpi at its printed size, a symbol the game lacks, text cut
by the chosen --card-size, and whatever else the card layout warns about), one line each on stderr
("problem: “Name” (Set): what is wrong"), then "Wrote FILE with N print problems: …".

Exit codes: 0 written (with --allow-warnings also when cards have print problems); ${PRINT_PROBLEMS_EXIT} written, but cards
have print problems; 1 not written (the reason on stderr); 2 a wrong command line.`,
  options: () => [...PDF_OWN, ...printFlagNames()],
  switches: () => new Set([...switchNames(PRINT), 'force', 'allow-warnings']),
  run: async (words, flags, library) => {
    if (words.length > 0)
      throw new UsageError(
        `export-pdf takes no word "${words[0]}": name what to print with --deck, --set, --cards or --search (for example --set "Core Set")`,
      );
    // The command line is checked whole before the library opens.
    const printFlags = new Map([...flags].filter(([name]) => !PDF_OWN.includes(name)));
    const print = mapOptionFlags(
      printFlags,
      PRINT,
      'export-pdf',
      PDF_OWN.map((name) => `--${name}`),
    );
    const copies = copiesOf(flags);
    const app = library.open({ out: textFlag(flags, 'out'), force: flags.get('force') === true });
    return withApp(app, async () => {
      const source = await printSource(app, flags);
      const job = checked({ kind: 'exportPdf', source, copies, print: print.options }, print);
      const status = await runExportJob(app, job, (line) => process.stderr.write(`${line}\n`));
      process.stdout.write(`${jobLines(status, textFlag(flags, 'out')).join('\n')}\n`);
      return reportPrintProblems(status, flags.get('allow-warnings') === true);
    });
  },
};

export const exportSetCommand: CliCommand = {
  name: 'export-set',
  summary: 'write a set and its cards to a set file (the same as export set ID --to json)',
  help: () => `Usage: cardwright export-set --set ID|NAME [--out FILE.json] [--force] [--data-dir DIR]

Writes a set and its cards to a Cardwright set file, as the app's Export does.
${optionTable([['--set ID|NAME', 'the set (required)'], ...OUT_ROWS('the set file'), ...GLOBAL_OPTION_ROWS])}`,
  options: () => ['set', 'out', 'force'],
  switches: () => new Set(['force']),
  run: async (words, flags, library) => {
    if (words.length > 0) throw new UsageError(`export-set takes the set as --set "${words.join(' ')}"`);
    const set = textFlag(flags, 'set');
    if (set === undefined) throw new UsageError('export-set needs the set: --set ID|NAME');
    const app = library.open({ out: textFlag(flags, 'out'), force: flags.get('force') === true });
    return withApp(app, async () => {
      const job = checked({ kind: 'exportSet', setId: await setIdByIdOrName(app, set, '--set') });
      return printResult(await runExportJob(app, job, (line) => process.stderr.write(`${line}\n`)), textFlag(flags, 'out'));
    });
  },
};

function printFlagNames(): string[] {
  return optionFlagNames(PRINT).map((flag) => flag.slice(2));
}

/** --copies as a number, refused unless a whole number from 1 to 99. */
function copiesOf(flags: ReadFlags): number | undefined {
  const copies = textFlag(flags, 'copies');
  if (copies === undefined) return undefined;
  const count = Number(copies);
  if (!Number.isInteger(count) || count < 1 || count > 99)
    throw new UsageError(`--copies: "${copies}" is not accepted; give a whole number from 1 to 99 (default 1)`);
  return count;
}

/** Runs `work` and closes the library after it, whatever happens. */
export async function withApp<T>(app: Cardwright, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await app.close();
  }
}

/** What --deck, --set, --cards or --search name; `command` leads a refusal. */
export async function printSource(app: Cardwright, flags: ReadFlags, command = 'export-pdf'): Promise<PrintSourceInput> {
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
  const [verb, verbs] = command === 'export-pdf' ? ['print', 'prints'] : ['export', 'exports'];
  if (sources.length === 0) throw new UsageError(`${command} needs what to ${verb}: --deck, --set, --cards or --search`);
  if (sources.length > 1) throw new UsageError(`${command} ${verbs} one thing at a time: give only one of ${sources.join(', ')}`);
  if (deck !== undefined) return { kind: 'deck', deckId: await deckId(app, deck) };
  if (cards !== undefined) return { kind: 'cards', cardIds: await knownCardIds(app, cards) };
  if (search !== undefined)
    return { kind: 'search', query: search, setId: set === undefined ? undefined : await setIdByIdOrName(app, set, '--set') };
  return { kind: 'set', setId: await setIdByIdOrName(app, set!, '--set') };
}

/** The listed ids, each refused (with the nearest of the library's) when no card has it. */
async function knownCardIds(app: Cardwright, list: string): Promise<string[]> {
  const ids = list
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (ids.length === 0) throw new UsageError('--cards needs card ids: --cards ID,ID,…');
  const found = new Set((await app.handlers.getCards({ ids: [...new Set(ids)] })).map((card) => card.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length === 0) return ids;
  const others = missing.length > 1 ? ` (and ${missing.length - 1} more: ${missing.slice(1, 4).join(', ')})` : '';
  throw new UsageError(`--cards: no card has the id "${missing[0]}"${others}; nothing was printed`);
}

/** An id, or else a name (any case) that exactly one item has; refused with the nearest name. */
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
  const suggestion = didYouMean(value, [...items.map((item) => item.name), ...items.map((item) => item.id)]);
  throw new UsageError(`${flag}: no ${what} has the id or name “${value}”${suggestion}`);
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
  const accepted =
    field === 'copies' ? 'a whole number from 1 to 99' : 'values' in issue ? (issue.values as unknown[]).join(', ') : undefined;
  throw new UsageError(`${flag}: ${issue.message.toLowerCase()}${accepted ? `; give ${accepted}` : ''}`);
}

/** `file: …` then the job's other numbers (pages, cards, …), one per line. */
export function printResult(status: JobStatus, out: string | undefined): number {
  const lines = jobLines(status, out);
  process.stdout.write(`${lines.join('\n')}\n`);
  // Cards that print with a layout warning: one sentence each on stderr, as the app says them.
  const warnings = status.state === 'done' && status.result && 'warnings' in status.result ? status.result.warnings : undefined;
  for (const message of warnings?.messages ?? []) process.stderr.write(`warning: ${message}\n`);
  if (warnings && warnings.cards > warnings.messages.length)
    process.stderr.write(`warning: … and ${warnings.cards - warnings.messages.length} more cards with warnings\n`);
  return 0;
}

/** An export job's `file: …` and its other numbers, as lines; a job that failed throws its message. */
export function jobLines(status: JobStatus, out: string | undefined): string[] {
  if (status.state !== 'done' || !status.result || !('file' in status.result))
    throw new Failure(
      jobFailureSentence(status.error?.message ?? `The export was ${status.state}`, dirname(resolve(out ?? '.'))),
    );
  const { file, ...rest } = status.result;
  if ('warnings' in rest) delete rest.warnings; // printResult says them on stderr
  // A PDF split every N pages: one `part:` line for each file written, in order.
  const parts = 'parts' in rest ? [...(rest.parts ?? []), ...(rest.backsParts ?? [])] : [];
  if ('parts' in rest) delete rest.parts;
  if ('backsParts' in rest) delete rest.backsParts;
  return [
    `file: ${file.savedTo ?? file.fileName}`,
    `bytes: ${file.bytes}`,
    ...parts.map((part) => `part: ${part.savedTo ?? part.fileName}`),
    ...Object.entries(rest).map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`),
  ];
}
