// Writing a parsed set file into the library (set-files.ts parses it). What happens to a set the
// library already has (the file's set id) is the caller's `mode`:
// - 'new': refused (CONFLICT) — the API's 'ask' answers with importQuestion before it gets here;
// - 'replace': the set becomes the file: metadata and cards from the file, and its cards the file
//   does not hold (by id) go to the trash under one entry, so nothing is lost;
// - 'copy': a new set with new ids for the set and every card (set-import-copy.ts);
// - 'merge' (game bundles, samples): updated in place; its cards the file lacks stay.
// In every mode:
// - a set name another set of the game has takes the next free "Name (2)", and the result says so;
// - an existing id of ANOTHER game system is a CONFLICT;
// - a file card whose id belongs to a card of a different set is rejected, not moved, so an
//   import never takes a card away from another set; cards without an id get a new one;
// - each card is validated by its game system; invalid ones are reported in `rejected` with
//   their index, name and issues (a stored card whose new version is refused stays as it was);
//   the valid ones are written in ONE transaction (the bulk path: bulk-card-writes.ts);
// - a card that references a picture neither the file nor the library holds is rejected.

import { randomUUID } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import type { CardDocument, CardRecord, CardSetInfo, GameSystem } from '../../card-schema/system/format';
import { imageIdsInDoc } from '../../card-schema/system/image-field';
import type { ImportSetResult, SetImportChanges, SetImportQuestion, ValidationIssue } from '../api/contract';
import { ApiError } from '../api/api-error';
import { NO_PROGRESS, type JobProgress } from '../jobs/job-progress';
import { sha256Hex } from '../images/image-files';
import type { CheckedImage } from '../images/read-image';
import type { CardWrite } from '../store/card-write';
import { ParallelCardChecks, PARALLEL_CHECKS_FROM, type SchemaIssues } from './card-checks';
import { cardIssues } from './card-library';
import { requireSet, type Library } from './library';
import { asCopy, sameDocument } from './set-import-copy';
import { buildSearchText } from './search-text';
import { availableSetCode, availableSetName, codeTakenMessage, setWithCode } from './set-metadata';
import type { SetFileCard, SetFileContent } from './set-file-content';

export type SetImportMode = 'new' | 'replace' | 'copy' | 'merge';

/** What the library says against a card: its pictures and its id (the schema's issues come apart). */
interface LibraryIssues {
  /** The card's id belongs to a card of another set. */
  owner?: ValidationIssue;
  /** Pictures neither the file nor the library holds. */
  images: ValidationIssue[];
}

/**
 * The share of a large file's cards whose search text the checking thread builds (the last ones).
 * It builds a text as fast as this thread once running, but takes ~0.4 s to start and receive the
 * cards; this thread builds the others as it writes their rows (~20 µs a card with the row), so it
 * reaches the thread's half of a 100,000-card file after ~1 s, when those texts are ready (measured:
 * at most ~20 ms of waiting; with 0.4 this thread built 10,000 more texts itself).
 */
const THREAD_SEARCH_TEXTS = 0.5;

/** Thrown inside the transaction when the checking thread rejected cards already written: roll back, write again. */
class RejectedAfterWriting extends Error {}

/** A file card the library does not refuse, as it is written; `texted` once its search text is built. */
interface Candidate {
  index: number;
  write: CardWrite;
  change: keyof SetImportChanges;
  texted: boolean;
}

/**
 * The search texts of the cards being written, built just before their rows: by this thread, or
 * for the file's last part by the checking thread (asked for once this thread reaches that part;
 * built here when the thread failed). A card keeps its text when the rows are written again.
 */
class ImportSearchTexts {
  /** From this file index on, the checking thread builds the texts. */
  private readonly threadFrom: number;
  private threadTexts: readonly string[] | undefined;
  private asked = false;

  constructor(
    private readonly system: GameSystem,
    private readonly checks: ParallelCardChecks | undefined,
  ) {
    this.threadFrom = checks?.searchTextsFrom ?? Infinity;
  }

  complete(cards: readonly Candidate[], start: number, end: number): void {
    for (let i = start; i < end; i++) {
      const card = cards[i];
      if (card.texted) continue;
      card.write.searchText = this.textOf(card);
      card.texted = true;
    }
  }

  private textOf(card: Candidate): string {
    if (card.index >= this.threadFrom) {
      if (!this.asked) {
        this.asked = true;
        this.threadTexts = this.checks?.searchTexts();
      }
      const text = this.threadTexts?.[card.index - this.threadFrom];
      if (text !== undefined) return text;
    }
    return buildSearchText(card.write.doc, this.system);
  }
}

/** The early thread, now owned by the caller. */
function takeThread(early: { thread?: Worker }): Worker | undefined {
  const thread = early.thread;
  early.thread = undefined;
  return thread;
}

/** The ids the file's cards carry. */
function fileCardIds(content: SetFileContent): string[] {
  return content.cards.flatMap((card) => (card.id === undefined ? [] : [card.id]));
}

/**
 * With 'ask': when the library has a set of the same game with the file's set id, what a
 * replace would change, going by card ids and documents (the game's rules are applied by the
 * import itself); undefined when the file's set is new (or of another game: the import refuses it).
 */
export function importQuestion(
  lib: Library,
  fileName: string,
  content: SetFileContent,
  progress: JobProgress = NO_PROGRESS,
): SetImportQuestion | undefined {
  const existing = content.set.id === undefined ? undefined : lib.store.sets.get(content.set.id);
  if (!existing || existing.systemId !== content.set.systemId) return undefined;
  progress.report('Comparing with the library', 0, 1);
  const ids = fileCardIds(content);
  const stored = new Map(lib.store.cards.getMany(ids).map((card) => [card.id, card]));
  const changes: SetImportChanges = {
    added: 0,
    updated: 0,
    removed: lib.store.cards.countInSetExcept(existing.id, ids),
    unchanged: 0,
  };
  for (const card of content.cards) {
    const before = card.id === undefined ? undefined : stored.get(card.id);
    if (!before) changes.added++;
    else if (before.setId !== existing.id)
      continue; // another set's card: the import rejects it
    else if (sameDocument(before.doc, card.doc)) changes.unchanged++;
    else changes.updated++;
  }
  return {
    outcome: 'exists',
    fileName,
    existing,
    fileSetName: content.set.name.trim(),
    fileCards: content.cards.length,
    changes,
  };
}

/**
 * Writes a parsed set file in one transaction with `images`, its pictures already checked by
 * verifyFileImages (a game bundle checks those of all its sets at once). A large file's cards are
 * checked against the schemas on another thread while they are written (card-checks.ts).
 */
export function importSetContent(
  lib: Library,
  fileName: string,
  fileContent: SetFileContent,
  images: readonly CheckedImage[],
  progress: JobProgress = NO_PROGRESS,
  mode: SetImportMode = 'merge',
  /** A checking thread started while the file was parsed (startCheckThread); ended here, used or not. */
  thread?: Worker,
): ImportSetResult {
  const early = { thread };
  try {
    return importNow(lib, fileName, fileContent, images, progress, mode, early);
  } finally {
    // Not handed to the checks: the file was refused first, or has too few cards for a thread.
    void early.thread?.terminate();
  }
}

function importNow(
  lib: Library,
  fileName: string,
  fileContent: SetFileContent,
  images: readonly CheckedImage[],
  progress: JobProgress,
  mode: SetImportMode,
  early: { thread?: Worker },
): ImportSetResult {
  const system = lib.systems.require(fileContent.set.systemId);
  const content = mode === 'copy' ? asCopy(fileContent) : fileContent;
  const setId = content.set.id ?? randomUUID();
  const existingSet = lib.store.sets.get(setId);
  if (existingSet && existingSet.systemId !== system.id) {
    throw new ApiError(
      `${fileName}: set id "${setId}" is already used by set "${existingSet.name}" of game system "${existingSet.systemId}"; ` +
        'import the file as a copy to keep both',
      'CONFLICT',
    );
  }
  if (existingSet && mode === 'new') {
    throw new ApiError(
      `${fileName}: the library has this set already (“${existingSet.name}”); choose to replace it or to import the file as a copy`,
      'CONFLICT',
    );
  }
  // A code another set of the game has: a copy takes the next free "CODE-2", anything else is refused.
  const fileCode = content.set.code?.trim();
  const codeClash = fileCode ? setWithCode(lib, system.id, fileCode, setId) : undefined;
  if (codeClash && mode !== 'copy') {
    throw new ApiError(
      `${fileName}: ${codeTakenMessage(lib, system.id, fileCode!, codeClash)} Change the code in the file, or import it as a copy (which takes a free code).`,
      'CONFLICT',
    );
  }

  // With a checking thread, it builds the search texts of the cards' last part; this thread builds
  // those of the others as it writes their rows (save's prepare), and takes the thread's when it
  // reaches the last part, by which time they are ready.
  const checks =
    lib.cardChecks && content.cards.length >= PARALLEL_CHECKS_FROM
      ? new ParallelCardChecks(
          lib.cardChecks,
          () => content.cards.map((card) => JSON.stringify(card.doc)),
          system,
          content.cards.length - Math.floor(content.cards.length * THREAD_SEARCH_TEXTS),
          takeThread(early),
        )
      : undefined;
  try {
    const stored = new Map(lib.store.cards.getMany(fileCardIds(content)).map((card) => [card.id, card]));
    const libraryIssues = libraryIssuesOf(lib, setId, content, images, stored);
    // Cards equal to their stored version are written too (their search text follows the game's
    // current fields), but counted as unchanged.
    const candidates: Candidate[] = [];
    for (const card of content.cards) {
      if (libraryIssues.has(card.index)) continue;
      const before = card.id === undefined ? undefined : stored.get(card.id);
      const change = !before ? 'added' : sameDocument(before.doc, card.doc) ? 'unchanged' : 'updated';
      // The search text is built just before the row is written (ImportSearchTexts, save's prepare).
      const write: CardWrite = { setId, doc: card.doc as CardDocument, searchText: '' };
      if (card.id !== undefined) write.id = card.id;
      if (checks) write.docJson = checks.docs[card.index];
      candidates.push({ index: card.index, write, change, texted: false });
    }
    const searchTexts = new ImportSearchTexts(system, checks);
    const checkInline = () => inlineSchemaIssues(lib, system.id, content.cards, progress);
    const save = (schemaIssues: SchemaIssues | undefined, afterRows?: () => void) => {
      const written = candidates.filter((card) => !schemaIssues?.has(card.index));
      return lib.store.transaction(() => {
        for (const image of images) lib.images.storeChecked(image);
        const name = availableSetName(lib, system.id, content.set.name, setId);
        const code = fileCode === undefined ? undefined : availableSetCode(lib, system.id, fileCode, setId);
        const set = saveSet(lib, { ...content.set, id: setId, name, ...(code === undefined ? {} : { code }) }, existingSet);
        const removed = mode === 'replace' && existingSet ? trashCardsNotInFile(lib, fileName, set, content) : undefined;
        lib.store.cards.saveInBulk(
          written.map((card) => card.write),
          (stage, done, total) => progress.report(stage === 'rows' ? 'Saving cards' : 'Indexing cards for search', done, total),
          afterRows,
          (start, end) => searchTexts.complete(written, start, end),
        );
        const changes: SetImportChanges = { added: 0, updated: 0, removed: removed?.count ?? 0, unchanged: 0 };
        for (const card of written) changes[card.change]++;
        return {
          set: requireSet(lib, set.id),
          imported: written.length,
          renamed: name !== content.set.name.trim(),
          recoded: code !== undefined && code !== fileCode,
          removed,
          changes,
        };
      });
    };
    let schemaIssues = checks ? undefined : checkInline();
    let written;
    if (schemaIssues) written = save(schemaIssues);
    else {
      try {
        // Every candidate is written while the thread checks them; its verdicts are taken before the indexing.
        written = save(undefined, () => {
          schemaIssues = checks?.take(progress) ?? checkInline();
          if (candidates.some((card) => schemaIssues!.has(card.index))) throw new RejectedAfterWriting();
        });
      } catch (error) {
        if (!(error instanceof RejectedAfterWriting)) throw error;
        written = save(schemaIssues);
      }
    }
    const result: ImportSetResult = {
      outcome: existingSet ? (mode === 'replace' ? 'replaced' : 'merged') : mode === 'copy' ? 'copied' : 'created',
      set: written.set,
      imported: written.imported,
      changes: written.changes,
      rejected: rejectedCards(content.cards, libraryIssues, schemaIssues!),
    };
    if (written.renamed) result.renamedFrom = content.set.name.trim();
    if (written.recoded && fileCode) result.recodedFrom = fileCode;
    if (written.removed) result.trashId = written.removed.trashId;
    return result;
  } finally {
    checks?.close();
  }
}

/** The set's metadata from the file; fields an older file does not have keep the set's own values. */
function saveSet(lib: Library, header: SetFileContent['set'] & { id: string }, existing: CardSetInfo | undefined): CardSetInfo {
  return lib.store.sets.save({
    id: header.id,
    systemId: header.systemId,
    name: header.name,
    description: header.description,
    code: header.code ?? existing?.code ?? '',
    version: header.version ?? existing?.version ?? '',
    author: header.author ?? existing?.author ?? '',
    license: header.license ?? existing?.license ?? '',
  });
}

/** 'replace': the set's cards the file does not hold go to the trash under one entry. */
function trashCardsNotInFile(
  lib: Library,
  fileName: string,
  set: CardSetInfo,
  content: SetFileContent,
): { count: number; trashId: string } | undefined {
  const keep = fileCardIds(content);
  const count = lib.store.cards.countInSetExcept(set.id, keep);
  if (count === 0) return undefined;
  const file = fileName.split(/[\\/]/).pop() ?? fileName;
  const trashId = lib.store.trash.moveCardsIn(
    {
      kind: 'card',
      itemId: set.id,
      systemId: set.systemId,
      name: `${count.toLocaleString('en')} ${count === 1 ? 'card' : 'cards'} not in ${file}`,
      detail: `in “${set.name}”`,
    },
    set.id,
    keep,
  );
  return { count, trashId };
}

/** The pictures and owners of the file's cards, by card index (only cards with an issue). */
function libraryIssuesOf(
  lib: Library,
  setId: string,
  content: SetFileContent,
  images: readonly CheckedImage[],
  stored: ReadonlyMap<string, CardRecord>,
): Map<number, LibraryIssues> {
  const fileImageIds = new Set(images.map((image) => sha256Hex(image.bytes)));
  // Asked once per picture, not once per card that shows it (many cards share their art).
  const known = new Map<string, boolean>();
  const isKnownImage = (imageId: string) => {
    let found = known.get(imageId);
    if (found === undefined) known.set(imageId, (found = fileImageIds.has(imageId) || lib.images.has(imageId)));
    return found;
  };
  const found = new Map<number, LibraryIssues>();
  for (const card of content.cards) {
    const issues: LibraryIssues = { images: [] };
    for (const imageId of imageIdsInDoc(card.doc)) {
      if (!isKnownImage(imageId)) {
        issues.images.push({ path: '', message: `the image ${imageId} is neither in the file nor in the image library` });
      }
    }
    const owner = card.id === undefined ? undefined : stored.get(card.id);
    if (owner && owner.setId !== setId) {
      issues.owner = { path: '', message: `id "${card.id}" already belongs to "${owner.doc.name}" in another set` };
    }
    if (issues.owner || issues.images.length > 0) found.set(card.index, issues);
  }
  return found;
}

function inlineSchemaIssues(lib: Library, systemId: string, cards: readonly SetFileCard[], progress: JobProgress): SchemaIssues {
  const found = new Map<number, ValidationIssue[]>();
  for (const card of cards) {
    progress.report('Checking cards', card.index, cards.length);
    const issues = cardIssues(lib, systemId, card.doc);
    if (issues.length > 0) found.set(card.index, issues);
  }
  return found;
}

/** Each refused card with all its issues: its owner first, then the schema's, then its pictures. */
function rejectedCards(
  cards: readonly SetFileCard[],
  libraryIssues: ReadonlyMap<number, LibraryIssues>,
  schemaIssues: SchemaIssues,
): ImportSetResult['rejected'] {
  return cards.flatMap((card) => {
    const library = libraryIssues.get(card.index);
    const issues = [
      ...(library?.owner ? [library.owner] : []),
      ...(schemaIssues.get(card.index) ?? []),
      ...(library?.images ?? []),
    ];
    if (issues.length === 0) return [];
    return [{ index: card.index, name: typeof card.doc.name === 'string' ? card.doc.name : '', issues }];
  });
}
