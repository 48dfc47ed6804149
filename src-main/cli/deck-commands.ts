// `cardwright deck check FILE` and `cardwright deck convert FILE --to FORMAT`: a decklist in any
// format (Cardwright JSON, Cockatrice .cod, plain text) read against the data folder's library,
// exactly as the app's import dialog reads it. Nothing is saved to the library.
//   check:   exit 0 legal, 1 illegal (each violation printed) or lines that match no card, 2 usage
//   convert: writes the deck as text, json or cod (stdout unless --out), or a Tabletop Simulator
//            folder (tts); refuses unmatched lines

import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { splitBoards } from '../../card-schema/deck/side-boards';
import { DECK_LIST_FORMATS, type DeckListFormat, type DeckListImport } from '../api/contract';
import type { Cardwright } from '../api/service';
import { ttsFolderName } from '../tts/tts-export';
import { textFlag, UsageError, type FlagValue } from './argv';
import { GLOBAL_OPTION_ROWS, optionTable, refuseUnknownOptions, type CliCommand } from './command';
import { withApp } from './export-commands';
import { assertWritable, refuseExisting, refuseFullFolder } from './run-export-job';
import { didYouMean, listOf } from './suggest';

type Flags = ReadonlyMap<string, FlagValue>;

/** Decklist formats plus Tabletop Simulator (a folder: saved object, sheets, back). */
const CONVERT_FORMATS: readonly string[] = [...DECK_LIST_FORMATS, 'tts'];
type ConvertFormat = DeckListFormat | 'tts';

const SUBCOMMANDS = ['check', 'convert'];
const OPTIONS: Record<string, string[]> = { check: ['game'], convert: ['game', 'to', 'out', 'force'] };

export const deckCommand: CliCommand = {
  name: 'deck',
  summary: "check a decklist's legality, or convert it: deck check FILE, deck convert FILE --to text|json|cod|tts",
  help: () => `Usage: cardwright deck check FILE [--game ID] [--data-dir DIR]
       cardwright deck convert FILE --to ${CONVERT_FORMATS.join('|')} [--game ID] [--out FILE|DIR] [--force] [--data-dir DIR]

Reads a decklist (a Cardwright deck file, a Cockatrice .cod or a plain-text list such as
"3 Fire Bolt" under "Hero:"/"Deck:" headers) against the cards in your library.
  check     prints whether the deck is legal and every rule it breaks;
            exit code 0 legal, 1 illegal or a line that names no card, 2 a wrong command line
  convert   writes the deck in another format (to stdout unless --out is given)
${optionTable([
  ['--game ID', "the game the list is for (default: a deck file's own game, else the game whose cards the list names most)"],
  ['--to text', 'convert: a plain-text list, "3 Fire Bolt" under section headers'],
  ['--to json', 'convert: a Cardwright deck file'],
  ['--to cod', 'convert: a Cockatrice deck (.cod)'],
  [
    '--to tts',
    "convert: a folder for Tabletop Simulator (--out DIR, default: the deck's name): the saved object NAME.json, 10 × 7 sheets of the faces and the back, linked by file:/// URLs",
  ],
  ['', '(convert needs --to: it has no default)'],
  ['--out FILE|DIR', 'convert: where to write (default: stdout; tts: a folder named after the deck)'],
  ['--force', 'convert: replace a file there already, or write into a folder that holds files (default: keep them and stop)'],
  ...GLOBAL_OPTION_ROWS,
])}`,
  options: () => [...new Set(Object.values(OPTIONS).flat())],
  switches: () => new Set(['force']),
  run: async (words, flags, library) => {
    const [sub, file, ...more] = words;
    if (sub === undefined) throw new UsageError('deck needs a command: deck check FILE or deck convert FILE --to FORMAT');
    if (!SUBCOMMANDS.includes(sub))
      throw new UsageError(
        `deck has no command "${sub}"${didYouMean(sub, SUBCOMMANDS)}; use deck check FILE or deck convert FILE`,
      );
    if (file === undefined) throw new UsageError(`deck ${sub} needs the deck file: cardwright deck ${sub} FILE`);
    if (more.length > 0)
      throw new UsageError(`deck ${sub} takes one FILE, not "${[file, ...more].join('" "')}" (put a name with spaces in quotes)`);
    refuseUnknownOptions(`deck ${sub}`, flags as Map<string, FlagValue>, OPTIONS[sub]);
    const to = sub === 'convert' ? targetFormat(flags) : undefined;
    const out = textFlag(flags, 'out');
    const force = flags.get('force') === true;
    // Where convert writes is checked before anything is read.
    if (to === 'tts' && out !== undefined) refuseFullFolder(resolve(out), force);
    else if (to !== undefined && out !== undefined) {
      refuseExisting(resolve(out), force);
      assertWritable(dirname(resolve(out)));
    }
    let text: string;
    try {
      text = readFileSync(resolve(file), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(
        `cannot read ${file}: ${code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message}`,
      );
    }
    const game = textFlag(flags, 'game');
    const app = library.open();
    return withApp(app, async () => {
      const list = await readList(app, text, basename(file), game);
      if (sub === 'check') return await check(app, list);
      return await convert(app, list, to!, out, force);
    });
  },
};

function targetFormat(flags: Flags): ConvertFormat {
  const to = textFlag(flags, 'to');
  if (to === undefined) throw new UsageError(`deck convert needs --to ${CONVERT_FORMATS.join('|')}`);
  if (!CONVERT_FORMATS.includes(to))
    throw new UsageError(`--to: "${to}" is not a format${didYouMean(to, CONVERT_FORMATS)}; give ${listOf(CONVERT_FORMATS)}`);
  return to as ConvertFormat;
}

/** The list read against --game, else against the game that matches most of its names. */
async function readList(app: Cardwright, text: string, fileName: string, game: string | undefined): Promise<DeckListImport> {
  if (game !== undefined) {
    const games = app.systems.map((system) => system.id);
    if (!games.includes(game))
      throw new UsageError(
        `--game: no game "${game}" is installed${didYouMean(game, games)}; the games are ${listOf(games, 'and')}`,
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

async function convert(
  app: Cardwright,
  list: DeckListImport,
  to: ConvertFormat,
  out: string | undefined,
  force: boolean,
): Promise<number> {
  if (reportLines(app, list)) {
    process.stderr.write('cardwright: not converted: fix or remove the lines above (nothing is converted on a guess)\n');
    return 1;
  }
  if (to === 'tts') {
    const dir = resolve(out ?? ttsFolderName(list.name));
    refuseFullFolder(dir, force);
    const written = await app.exportTts(deckOf(list), dir);
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
