// The set file format (docs/architecture.md): parse with messages that name the file and the
// place that is wrong, serialize for export, and import into the library.
//
// Import merges rather than fails or replaces:
// - a set whose id already exists (same game system) is updated in place: name and description
//   come from the file, each card is upserted by id, and cards of the set that the file does
//   not mention stay; an existing id of ANOTHER game system is a CONFLICT;
// - a file card whose id belongs to a card of a different set is rejected, not moved, so an
//   import never takes a card away from another set; cards without an id get a new one;
// - each card is validated by its game system; invalid ones are reported in `rejected` with
//   their index, name and issues; the valid ones are written in ONE transaction;
// - the pictures the cards reference travel in `images` (format version 2); every one is checked
//   before anything is written, and a tampered or broken one refuses the whole file. A card that
//   references a picture neither the file nor the library holds is rejected.

import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CardDocument, CardRecord, CardSetInfo } from '../../card-schema/system/format';
import { ApiError, apiContract, type FileBlob, type ImportSetResult, type ValidationIssue } from '../api/contract';
import { cardIssues, requireSet, toCardWrite, type Library } from './card-library';
import {
  describeIssues,
  describeValue,
  invalidFile,
  isPlainObject,
  jsonBlob,
  parseJsonText,
  readEnvelope,
  safeFileName,
} from './file-format';
import { NO_PROGRESS, type JobProgress } from '../jobs/job-progress';
import { imageIdsInDoc } from '../../card-schema/system/image-field';
import { fileImagesOf, parseFileImages, verifyFileImages, type FileImage, type FileImagesJson } from '../images/file-images';
import type { CheckedImage } from '../images/read-image';
import type { CardWrite } from '../store/cards-repo';
import type { SetInput } from '../store/sets-repo';
import { ParallelCardChecks, PARALLEL_CHECKS_FROM, type SchemaIssues } from './card-checks';
import { sha256Hex } from '../images/image-files';

export const SET_FILE_FORMAT = 'cardwright-set';
/** 1: set and cards; 2: plus `images`, the pictures its cards reference (version 1 files still import). */
export const SET_FILE_VERSION = 2;

export interface SetFileCard {
  /** Position in the file's `cards` array, for messages. */
  index: number;
  id?: string;
  doc: Record<string, unknown>;
}

export interface SetFileContent {
  set: { id?: string; systemId: string; name: string; description: string };
  cards: SetFileCard[];
  /** The pictures the file carries, checked for shape only (see verifyFileImages). */
  images: Map<string, FileImage>;
}

export interface SetFileJson {
  format: typeof SET_FILE_FORMAT;
  formatVersion: number;
  set: { id: string; systemId: string; name: string; description: string };
  cards: { id: string; doc: CardDocument }[];
  images: FileImagesJson;
}

const setHeader = apiContract.createSet.input.extend({ id: z.string().min(1).max(200).optional() });
const cardId = z.string().min(1).max(200);

/** Parses a set file; any structural problem is an INVALID_FILE ApiError saying where. */
export function parseSetFile(fileName: string, text: string, isKnownSystem: (systemId: string) => boolean): SetFileContent {
  const root = readEnvelope(fileName, parseJsonText(fileName, text), {
    format: SET_FILE_FORMAT,
    version: SET_FILE_VERSION,
    body: 'set',
  });
  const header = setHeader.safeParse(root.set);
  if (!header.success) throw invalidFile(fileName, describeIssues('set', header.error.issues));
  if (!isKnownSystem(header.data.systemId)) {
    throw invalidFile(fileName, `set.systemId: game system "${header.data.systemId}" is not installed`);
  }
  if (!Array.isArray(root.cards)) throw invalidFile(fileName, `"cards" must be a list, found ${describeValue(root.cards)}`);

  const seen = new Map<string, number>();
  const cards = root.cards.map((entry: unknown, index): SetFileCard => {
    const where = `cards[${index}]`;
    if (!isPlainObject(entry)) throw invalidFile(fileName, `${where} must be an object, found ${describeValue(entry)}`);
    if (!isPlainObject(entry.doc))
      throw invalidFile(fileName, `${where}.doc must be an object, found ${describeValue(entry.doc)}`);
    const card: SetFileCard = { index, doc: entry.doc };
    if (entry.id !== undefined) {
      const id = cardId.safeParse(entry.id);
      if (!id.success)
        throw invalidFile(fileName, `${where}.id must be text of 1 to 200 characters, found ${describeValue(entry.id)}`);
      const first = seen.get(id.data);
      if (first !== undefined) throw invalidFile(fileName, `${where}.id "${id.data}" repeats cards[${first}].id`);
      seen.set(id.data, index);
      card.id = id.data;
    }
    return card;
  });
  return { set: header.data, cards, images: parseFileImages(fileName, root.images) };
}

/** A set file; `images` are the pictures to embed (fileImagesOf the cards' documents). */
export function serializeSetFile(set: CardSetInfo, cards: readonly CardRecord[], images: FileImagesJson = {}): SetFileJson {
  return {
    format: SET_FILE_FORMAT,
    formatVersion: SET_FILE_VERSION,
    set: { id: set.id, systemId: set.systemId, name: set.name, description: set.description },
    cards: cards.map((card) => ({ id: card.id, doc: card.doc })),
    images,
  };
}

export function exportSetFile(lib: Library, setId: string, progress: JobProgress = NO_PROGRESS): FileBlob {
  const set = requireSet(lib, setId);
  progress.report('Reading cards', 0, 1);
  const cards = lib.store.cards.listBySet(set.id);
  progress.report('Reading images', 0, 1);
  const images = fileImagesOf(
    lib.images,
    cards.map((card) => card.doc),
  );
  return jsonBlob(safeFileName(set.name, '.set.json'), serializeSetFile(set, cards, images));
}

/** Imports a set file: its pictures are checked first (async: sharp decodes them), then all is written at once. */
export async function importSetFile(
  lib: Library,
  fileName: string,
  text: string,
  progress: JobProgress = NO_PROGRESS,
): Promise<ImportSetResult> {
  const content = parseSetFile(fileName, text, (systemId) => lib.systems.has(systemId));
  progress.report('Checking images', 0, content.images.size);
  const images = await verifyFileImages(fileName, content.images);
  return importSetContent(lib, fileName, content, images, progress);
}

/** What the library says against a card: its pictures and its id (the schema's issues come apart). */
interface LibraryIssues {
  /** The card's id belongs to a card of another set. */
  owner?: ValidationIssue;
  /** Pictures neither the file nor the library holds. */
  images: ValidationIssue[];
}

/** Thrown inside the transaction when the checking thread rejected cards already written: roll back, write again. */
class RejectedAfterWriting extends Error {}

/**
 * Writes a parsed set file in one transaction with `images`, its pictures already checked by
 * verifyFileImages (a game bundle checks those of all its sets at once). A large file's cards are
 * checked against the schemas on another thread while they are written (card-checks.ts).
 */
export function importSetContent(
  lib: Library,
  fileName: string,
  content: SetFileContent,
  images: readonly CheckedImage[],
  progress: JobProgress = NO_PROGRESS,
): ImportSetResult {
  const system = lib.systems.require(content.set.systemId);
  const setId = content.set.id ?? randomUUID();
  const existingSet = lib.store.sets.get(setId);
  if (existingSet && existingSet.systemId !== system.id) {
    throw new ApiError(
      `${fileName}: set id "${setId}" is already used by set "${existingSet.name}" of game system "${existingSet.systemId}"`,
      'CONFLICT',
    );
  }

  const checks =
    lib.cardChecks && content.cards.length >= PARALLEL_CHECKS_FROM
      ? new ParallelCardChecks(
          lib.cardChecks,
          content.cards.map((card) => JSON.stringify(card.doc)),
          system,
        )
      : undefined;
  try {
    const libraryIssues = libraryIssuesOf(lib, setId, content, images);
    const candidates = content.cards.flatMap((card) => {
      if (libraryIssues.has(card.index)) return [];
      const write = toCardWrite(system, setId, card.doc as CardDocument, card.id);
      if (checks) write.docJson = checks.docs[card.index];
      return [{ index: card.index, write }];
    });
    const checkInline = () => inlineSchemaIssues(lib, system.id, content.cards, progress);
    const save = (schemaIssues: SchemaIssues | undefined, afterRows?: () => void) => {
      const writes = candidates.filter((card) => !schemaIssues?.has(card.index)).map((card) => card.write);
      const set = { id: setId, systemId: system.id, name: content.set.name, description: content.set.description };
      return { set: saveSetAndCards(lib, set, images, writes, progress, afterRows), imported: writes.length };
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
    return { ...written, rejected: rejectedCards(content.cards, libraryIssues, schemaIssues!) };
  } finally {
    checks?.close();
  }
}

/** The set, its pictures and its cards in one transaction; `afterRows` as saveInBulk's. */
function saveSetAndCards(
  lib: Library,
  set: SetInput & { id: string },
  images: readonly CheckedImage[],
  writes: readonly CardWrite[],
  progress: JobProgress,
  afterRows?: () => void,
): CardSetInfo {
  return lib.store.transaction(() => {
    for (const image of images) lib.images.storeChecked(image);
    lib.store.sets.save(set);
    lib.store.cards.saveInBulk(
      writes,
      (stage, done, total) => progress.report(stage === 'rows' ? 'Saving cards' : 'Indexing cards for search', done, total),
      afterRows,
    );
    return requireSet(lib, set.id);
  });
}

/** The pictures and owners of the file's cards, by card index (only cards with an issue). */
function libraryIssuesOf(
  lib: Library,
  setId: string,
  content: SetFileContent,
  images: readonly CheckedImage[],
): Map<number, LibraryIssues> {
  const ids = content.cards.flatMap((card) => (card.id === undefined ? [] : [card.id]));
  const stored = new Map(lib.store.cards.getMany(ids).map((card) => [card.id, card]));
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
