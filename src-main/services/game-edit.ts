// The game studio's backend: a user's game's files to edit, the check of edited files (does the
// game load; which decks its rules accept; which cards the edit leaves invalid or moves a value
// of) and the save, in steps a stop can interrupt anywhere (game-edit-journal.ts): stage and
// load (the font files the studio uploaded, game-font-uploads.ts, staged with them) → journal → one transaction (renamed cards, their old versions kept as revisions, and
// the commit mark) → the staged folder replaces the game's → the game reloads everywhere.

import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { applyRenames, type FieldRename } from '../../card-schema/studio/field-renames';
import type { CardDocument, CardRecord, GameSystem } from '../../card-schema/system/format';
import {
  MAX_REPORTED_CARDS,
  type GameEditCard,
  type GameEditDeck,
  type GameEditInput,
  type GameEditReport,
  type GameEditResult,
  type GameFilesView,
} from '../api/contract';
import { ApiError } from '../api/api-error';
import { keepReplacedCard, toCardWrite } from './card-library';
import { createCardValidator } from './card-validator';
import { evaluate } from './deck-library';
import { markEditCommitted, settleEdit, writeEditJournal, type GameEditJournal } from './game-edit-journal';
import type { Library } from './library';
import type { InstalledSystem } from './system-registry';
import { checkGameFilePaths, readFontFiles, readGameFolder, stageSystem } from './system-bundles';
import { requireEditable } from './editable-game';
import { readFontUploads } from './game-font-uploads';

export function getGameFiles(lib: Library, systemId: string): GameFilesView {
  const installed = lib.systems.installed(systemId);
  if (!installed) throw new ApiError(`No game system "${systemId}" is installed`, 'NOT_FOUND');
  return { systemId, files: readGameFolder(installed.dir, installed.system).files, builtIn: installed.builtIn };
}

interface Staged {
  system: GameSystem;
  dir: string;
  staging: string;
}

/** The edited files written aside and loaded by the loader: the game as it would be saved. */
function stage(lib: Library, userSystemsDir: string, installed: InstalledSystem, input: GameEditInput): Staged {
  const what = `${installed.system.name} (edited)`;
  checkGameFilePaths(what, Object.keys(input.files));
  const main = input.files['system.json'];
  const id = typeof main === 'object' && main !== null ? (main as { id?: unknown }).id : undefined;
  if (id !== input.systemId) {
    throw new ApiError(
      `${what}: system.json's id must stay "${input.systemId}"; a new id is a new game (New game… copies one)`,
      'BAD_INPUT',
    );
  }
  return stageSystem(what, userSystemsDir, {
    systemId: input.systemId,
    files: input.files,
    fontFiles: fontFilesOf(userSystemsDir, installed, input),
  });
}

/**
 * The font and license files the edited system.json names: uploaded ones (input.fontFiles), else
 * the folder's own. A file no font names any more is left out, so the save removes it.
 */
function fontFilesOf(userSystemsDir: string, installed: InstalledSystem, input: GameEditInput): Record<string, string> {
  const named = namedFontFiles(input.files['system.json']);
  const uploads = Object.fromEntries(Object.entries(input.fontFiles ?? {}).filter(([path]) => named.has(path)));
  const fontFiles: Record<string, string> = {};
  for (const [path, data] of Object.entries(readFontFiles(installed.dir, installed.system))) {
    if (named.has(path) && !(path in uploads)) fontFiles[path] = data;
  }
  return { ...fontFiles, ...readFontUploads(userSystemsDir, input.systemId, uploads) };
}

/** The file paths system.json's `fonts` name (faces and license files), as written. */
function namedFontFiles(system: unknown): Set<string> {
  const named = new Set<string>();
  const fonts = typeof system === 'object' && system !== null ? (system as { fonts?: unknown }).fonts : undefined;
  for (const font of Array.isArray(fonts) ? fonts : []) {
    const { files, license } = (font ?? {}) as { files?: Record<string, unknown>; license?: { file?: unknown } };
    for (const path of Object.values(files ?? {})) if (typeof path === 'string') named.add(path);
    if (typeof license?.file === 'string') named.add(license.file);
  }
  return named;
}

function cardsOf(lib: Library, systemId: string): { card: CardRecord; setName: string }[] {
  return lib.store.sets
    .list()
    .filter((set) => set.systemId === systemId)
    .flatMap((set) => lib.store.cards.listBySet(set.id).map((card) => ({ card, setName: set.name })));
}

function reportCard(card: CardRecord, setName: string, problems: string[]): GameEditCard {
  return { cardId: card.id, name: card.doc.name, type: card.doc.type, setName, problems };
}

function deckReports(lib: Library, before: GameSystem, after: GameSystem, renames: readonly FieldRename[]): GameEditDeck[] {
  return lib.store.decks.list(before.id).map((deck) => {
    const old = evaluate(lib, before, deck);
    const next = evaluate(lib, after, deck, (doc) => applyRenames(doc, renames));
    return {
      deckId: deck.id,
      name: deck.name,
      legalBefore: old.legal,
      legalAfter: next.legal,
      brokenRules: [...new Set(next.violations.map((violation) => violation.rule))],
      messages: next.violations.slice(0, 5).map((violation) => violation.message),
    };
  });
}

function checkStaged(
  lib: Library,
  installed: InstalledSystem,
  staged: GameSystem,
  renames: readonly FieldRename[],
  withCards: boolean,
): GameEditReport {
  const report: GameEditReport = {
    system: staged,
    cardsChecked: 0,
    newlyInvalid: [],
    invalidCount: 0,
    moved: [],
    movedCount: 0,
    decks: deckReports(lib, installed.system, staged, renames),
  };
  if (!withCards) return report;
  const validate = createCardValidator(staged);
  for (const { card, setName } of cardsOf(lib, installed.system.id)) {
    report.cardsChecked++;
    const next = applyRenames(card.doc, renames);
    if (next !== card.doc) {
      if (report.moved.length < MAX_REPORTED_CARDS) report.moved.push(reportCard(card, setName, []));
      report.movedCount++;
    }
    const issues = validate(next);
    if (issues.length === 0 || lib.systems.validate(installed.system.id, card.doc).length > 0) continue;
    report.invalidCount++;
    if (report.newlyInvalid.length < MAX_REPORTED_CARDS) {
      report.newlyInvalid.push(
        reportCard(
          card,
          setName,
          issues.map((issue) => issue.message),
        ),
      );
    }
  }
  return report;
}

export function checkGameEdit(lib: Library, userSystemsDir: string, input: GameEditInput & { cards: boolean }): GameEditReport {
  const installed = requireEditable(lib, input.systemId);
  let staged: Staged;
  try {
    staged = stage(lib, userSystemsDir, installed, input);
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'INVALID_FILE' || error.code === 'BAD_INPUT')) {
      return { problem: error.message, cardsChecked: 0, newlyInvalid: [], invalidCount: 0, moved: [], movedCount: 0, decks: [] };
    }
    throw error;
  }
  try {
    return checkStaged(lib, installed, staged.system, input.renames, input.cards);
  } finally {
    rmSync(staged.staging, { recursive: true, force: true });
  }
}

/** The cards the renames change, written with the edited game's search text; each old version kept. */
function renameCards(lib: Library, system: GameSystem, renames: readonly FieldRename[]): number {
  if (renames.length === 0) return 0;
  const writes = [];
  for (const { card } of cardsOf(lib, system.id)) {
    const doc = applyRenames(card.doc, renames) as CardDocument;
    if (doc === card.doc) continue;
    keepReplacedCard(lib, card, doc, 'save');
    writes.push(toCardWrite(system, card.setId, doc, card.id));
  }
  lib.store.cards.saveMany(writes);
  return writes.length;
}

/** The save's steps in order; a test may run only the first few to stand for a stop there. */
export function gameEditSteps(lib: Library, userSystemsDir: string, input: GameEditInput) {
  const installed = requireEditable(lib, input.systemId);
  let staged: Staged | undefined;
  let journal: GameEditJournal | undefined;
  let cardsUpdated = 0;
  const steps = [
    {
      name: 'stage',
      run: () => {
        staged = stage(lib, userSystemsDir, installed, input);
      },
    },
    {
      name: 'journal',
      run: () => {
        journal = {
          editId: randomUUID(),
          systemId: input.systemId,
          staging: relative(userSystemsDir, staged!.staging),
          folder: basename(installed.dir),
        };
        writeEditJournal(userSystemsDir, journal);
      },
    },
    {
      name: 'commit',
      run: () => {
        cardsUpdated = lib.store.transaction(() => {
          const count = renameCards(lib, staged!.system, input.renames);
          markEditCommitted(lib.store, journal!.editId);
          return count;
        });
      },
    },
    { name: 'replace folder', run: () => settleEdit(userSystemsDir, lib.store, journal!) },
    {
      name: 'reload',
      run: () => {
        lib.systems.install({ system: staged!.system, dir: installed.dir, builtIn: false });
      },
    },
  ];
  const cleanUp = () => {
    if (journal) settleEdit(userSystemsDir, lib.store, journal);
    else if (staged) rmSync(staged.staging, { recursive: true, force: true });
  };
  return { steps, cleanUp, cardsUpdated: () => cardsUpdated };
}

export function saveGameEdit(lib: Library, userSystemsDir: string, input: GameEditInput): GameEditResult {
  const save = gameEditSteps(lib, userSystemsDir, input);
  for (const [index, step] of save.steps.entries()) {
    try {
      step.run();
    } catch (error) {
      // Before the commit nothing changed: drop what was staged. After it the start-up settles it.
      if (index <= 2) save.cleanUp();
      throw error;
    }
  }
  const system = lib.systems.summaries().find((summary) => summary.id === input.systemId);
  if (!system) throw new Error(`Game system "${input.systemId}" vanished right after it was saved`);
  return { system, cardsUpdated: save.cardsUpdated() };
}
