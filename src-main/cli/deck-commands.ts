// `cardwright deck check FILE` and `cardwright deck convert FILE --to FORMAT`: a decklist in any
// format (Cardwright JSON, Cockatrice .cod, plain text) read against the data folder's library,
// exactly as the app's import dialog reads it. Nothing is saved to the library.
//   check:   exit 0 legal, 1 illegal (each violation printed) or lines that match no card, 2 usage
//   convert: writes the deck as text, json or cod (stdout unless --out), or a Tabletop Simulator
//            folder (tts); refuses unmatched lines

import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { splitBoards } from '../../card-schema/deck/side-boards';
import { DECK_LIST_FORMATS, type DeckListFormat, type DeckListImport } from '../api/contract';
import type { Cardwright } from '../api/service';
import { ttsFolderName } from '../tts/tts-export';
import { parseArgs, textFlag, UsageError, type FlagValue } from './argv';

type Flags = ReadonlyMap<string, FlagValue>;
/** Opens the library the flags name (--data-dir), as every command does. */
export type OpenLibrary = (flags: Map<string, FlagValue>) => Cardwright;

/** Decklist formats plus Tabletop Simulator (a folder: saved object, sheets, back). */
const CONVERT_FORMATS: readonly string[] = [...DECK_LIST_FORMATS, 'tts'];
type ConvertFormat = DeckListFormat | 'tts';

export const DECK_HELP = `Usage: cardwright deck check FILE [--game ID] [--data-dir DIR]
       cardwright deck convert FILE --to text|json|cod|tts [--game ID] [--out FILE|DIR] [--data-dir DIR]

Reads a decklist (a Cardwright deck file, a Cockatrice .cod or a plain-text list such as
"3 Fire Bolt" under "Hero:"/"Deck:" headers) against the cards in your library.
  check     prints whether the deck is legal and every rule it breaks;
            exit code 0 legal, 1 illegal or a line that names no card, 2 a wrong command line
  convert   writes the deck in another format (to stdout unless --out is given); tts writes
            a folder (--out DIR, default: the deck's name) for Tabletop Simulator: the saved
            object NAME.json, 10 × 7 sheets of the faces and the back, linked by file:/// URLs
  --game ID    the game the list is for (default: a deck file's own game, else the game
               whose cards the list names most)
  --out FILE   where convert writes
  --data-dir DIR  the data folder (default: CARDWRIGHT_DATA_DIR, else the app's)`;

export async function runDeckCommand(argv: readonly string[], openLibrary: OpenLibrary): Promise<number> {
  const [sub, file, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === 'help') {
    process.stdout.write(`${DECK_HELP}\n`);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'check' && sub !== 'convert')
    throw new UsageError(`Unknown deck command "${sub}" (use deck check or deck convert)`);
  if (file === undefined || file.startsWith('--')) {
    if (file === '--help') {
      process.stdout.write(`${DECK_HELP}\n`);
      return 0;
    }
    throw new UsageError(`deck ${sub} needs the deck file: cardwright deck ${sub} FILE`);
  }
  const { flags } = parseArgs(['deck', ...rest]);
  for (const name of flags.keys()) {
    const allowed = sub === 'check' ? ['game', 'data-dir'] : ['game', 'data-dir', 'to', 'out'];
    if (!allowed.includes(name))
      throw new UsageError(`deck ${sub} has no option --${name} (options: ${allowed.map((a) => `--${a}`).join(', ')})`);
  }
  const to = sub === 'convert' ? targetFormat(flags) : undefined;
  let text: string;
  try {
    text = readFileSync(resolve(file), 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  const game = textFlag(flags, 'game');
  const app = openLibrary(flags);
  try {
    const list = await readList(app, text, basename(file), game);
    if (sub === 'check') return await check(app, list);
    return await convert(app, list, to!, textFlag(flags, 'out'));
  } finally {
    await app.close();
  }
}

function targetFormat(flags: Flags): ConvertFormat {
  const to = textFlag(flags, 'to');
  if (to === undefined) throw new UsageError(`deck convert needs --to (${CONVERT_FORMATS.join(', ')})`);
  if (!CONVERT_FORMATS.includes(to)) throw new UsageError(`--to: "${to}" is not a format (${CONVERT_FORMATS.join(', ')})`);
  return to as ConvertFormat;
}

/** The list read against --game, else against the game that matches most of its names. */
async function readList(app: Cardwright, text: string, fileName: string, game: string | undefined): Promise<DeckListImport> {
  if (game !== undefined) {
    if (!app.systems.some((system) => system.id === game))
      throw new UsageError(
        `--game: no game "${game}" is installed (games: ${app.systems.map((system) => system.id).join(', ')})`,
      );
    return app.handlers.parseDeckList({ systemId: game, text, fileName });
  }
  let best: DeckListImport | undefined;
  for (const system of app.systems) {
    const list = await app.handlers.parseDeckList({ systemId: system.id, text, fileName });
    // A deck file names its game: every try reads the same file.
    if (list.format === 'json') return list;
    if (!best || list.matchedLines > best.matchedLines) best = list;
  }
  if (!best) throw new UsageError('no game is installed in this library');
  return best;
}

/** Prints the lines that name no card (and notes about printings); true when some named none. */
function reportLines(app: Cardwright, list: DeckListImport): boolean {
  const game = app.systems.find((system) => system.id === list.systemId)?.name ?? list.systemId;
  if (list.otherGame)
    process.stderr.write(`note: this list looks like a ${list.otherGame.name} deck (--game ${list.otherGame.systemId})\n`);
  let blocking = false;
  for (const problem of list.problems) {
    if (problem.kind === 'printing') {
      const others = problem.others.map((other) => other.setName).join(', ');
      process.stderr.write(
        `note: line ${problem.line}: "${problem.name}" has several printings; took the one in ${problem.setName} (also in ${others})\n`,
      );
    } else if (problem.kind === 'unmatched') {
      blocking = true;
      const guesses = problem.suggestions.map((suggestion) => `"${suggestion.name}"`).join(', ');
      process.stdout.write(
        `line ${problem.line}: "${problem.name}" is not a card of ${game}${guesses ? ` (did you mean ${guesses}?)` : ''}\n`,
      );
    } else {
      blocking = true;
      process.stdout.write(`line ${problem.line}: ${problem.message}: ${problem.text.trim()}\n`);
    }
  }
  return blocking;
}

function deckOf(list: DeckListImport) {
  const listed = Object.fromEntries(
    Object.entries(list.sections).map(([id, entries]) => [id, entries.map(({ cardId, count }) => ({ cardId, count }))]),
  );
  const { sections, boards } = splitBoards(listed, list.boardIds);
  return {
    id: randomUUID(),
    systemId: list.systemId,
    name: list.name,
    ...(list.notes === undefined ? {} : { notes: list.notes }),
    ...(list.playFormat === undefined ? {} : { format: list.playFormat }),
    sections,
    boards,
  };
}

async function check(app: Cardwright, list: DeckListImport): Promise<number> {
  const unreadable = reportLines(app, list);
  const report = await app.handlers.checkDeck({ deck: deckOf(list) });
  const counts = Object.entries(report.counts)
    .map(([section, count]) => `${section} ${count}`)
    .join(', ');
  if (unreadable) {
    process.stdout.write(`${list.name}: not legal: some lines name no card (the rest: ${counts})\n`);
    for (const violation of report.violations) process.stdout.write(`- ${violation.message}\n`);
    return 1;
  }
  process.stdout.write(`${list.name}: ${report.legal ? 'legal' : 'not legal'} (${counts})\n`);
  for (const violation of report.violations) process.stdout.write(`- ${violation.message}\n`);
  return report.legal ? 0 : 1;
}

async function convert(app: Cardwright, list: DeckListImport, to: ConvertFormat, out: string | undefined): Promise<number> {
  if (reportLines(app, list)) {
    process.stderr.write('cardwright: not converted: fix or remove the lines above (nothing is converted on a guess)\n');
    return 1;
  }
  if (to === 'tts') {
    const written = await app.exportTts(deckOf(list), resolve(out ?? ttsFolderName(list.name)));
    process.stdout.write(`file: ${written.jsonFile}\ncards: ${written.cards}\nsheets: ${written.sheets}\n`);
    return 0;
  }
  const blob = await app.handlers.convertDeckList({ deck: deckOf(list), format: to });
  if (out === undefined) process.stdout.write(blob.bytes);
  else {
    writeFileSync(resolve(out), blob.bytes);
    process.stderr.write(`file: ${resolve(out)}\n`);
  }
  return 0;
}
