// The set file format (docs/architecture.md): parse with messages that name the file and the
// place that is wrong, serialize for export, and import into the library (set-import.ts writes).
//
// An import never changes a set silently. A file whose set id the library has is answered by
// `onExisting`: 'ask' (the default) writes nothing and returns a SetImportQuestion (the set it
// would change and how many cards would be added, updated, removed and kept), 'replace' makes
// that set equal to the file (its cards the file lacks go to the trash), 'copy' imports the file
// as a new set with new ids for the set and every card. The pictures the cards reference travel
// in `images` (format version 2); each is checked before anything is written.

import { z } from 'zod';
import type { CardDocument, CardRecord, CardSetInfo } from '../../card-schema/system/format';
import { apiContract, type FileBlob, type ImportSetResult, type SetImportQuestion } from '../api/contract';
import { requireSet, type Library } from './library';
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
import { fileImagesOf, parseFileImages, verifyFileImages, type FileImagesJson } from '../images/file-images';
import { importSetContent, importQuestion, type SetImportMode } from './set-import';
import { EARLY_CHECK_THREAD_FROM_CHARS, startCheckThread } from './card-checks';
import type { SetFileCard, SetFileContent, SetFileHeader } from './set-file-content';

export { importSetContent };

export const SET_FILE_FORMAT = 'cardwright-set';
/**
 * 1: set and cards; 2: plus `images`, the pictures its cards reference (version 1 files still
 * import). The set's code, version, author and license are optional fields of version 2 that
 * older Cardwrights skip, so they did not need a new version.
 */
export const SET_FILE_VERSION = 2;

export interface SetFileJson {
  format: typeof SET_FILE_FORMAT;
  formatVersion: number;
  set: Required<SetFileHeader>;
  cards: { id: string; doc: CardDocument }[];
  images: FileImagesJson;
}

const setHeader = apiContract.createSet.input.extend({ id: z.string().min(1).max(200).optional() });
/** A card id: text of 1 to 200 characters (tested directly: zod's safeParse cost ~0.1 s of a 100,000-card file). */
function isCardId(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 1 && value.length <= 200;
}

/** Parses a set file; any structural problem is an INVALID_FILE ApiError saying where. */
export function parseSetFile(fileName: string, text: string, isKnownSystem: (systemId: string) => boolean): SetFileContent {
  const root = readEnvelope(fileName, parseJsonText(fileName, text), {
    format: SET_FILE_FORMAT,
    version: SET_FILE_VERSION,
    body: 'set',
  });
  const named: unknown = isPlainObject(root.set) ? root.set.name : '';
  if (typeof named !== 'string' || (isPlainObject(root.set) && named.trim() === ''))
    throw invalidFile(fileName, 'The set has no name; give it one in "set.name"');
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
      const id = entry.id;
      if (!isCardId(id))
        throw invalidFile(fileName, `${where}.id must be text of 1 to 200 characters, found ${describeValue(id)}`);
      const first = seen.get(id);
      if (first !== undefined) throw invalidFile(fileName, `${where}.id "${id}" repeats cards[${first}].id`);
      seen.set(id, index);
      card.id = id;
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
    set: {
      id: set.id,
      systemId: set.systemId,
      name: set.name,
      description: set.description,
      code: set.code,
      version: set.version,
      author: set.author,
      license: set.license,
    },
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

/** What an import does with a set the library already has (the file's set id): see the header. */
export type OnExisting = 'ask' | 'replace' | 'copy';

/**
 * Imports a set file: its pictures are checked first (async: sharp decodes them), then all is
 * written at once; with 'ask', a set the library has already is answered with the question instead.
 */
export async function importSetFile(
  lib: Library,
  fileName: string,
  text: string,
  progress: JobProgress = NO_PROGRESS,
  onExisting: OnExisting = 'ask',
): Promise<ImportSetResult | SetImportQuestion> {
  // A large file's checking thread starts loading now, while the file is parsed.
  let thread = lib.cardChecks && text.length >= EARLY_CHECK_THREAD_FROM_CHARS ? startCheckThread(lib.cardChecks) : undefined;
  try {
    const content = parseSetFile(fileName, text, (systemId) => lib.systems.has(systemId));
    if (onExisting === 'ask') {
      const question = importQuestion(lib, fileName, content, progress);
      if (question) return question;
    }
    progress.report('Checking images', 0, content.images.size);
    const images = await verifyFileImages(fileName, content.images);
    const mode: SetImportMode = onExisting === 'ask' ? 'new' : onExisting;
    const handedOver = thread;
    thread = undefined;
    return importSetContent(lib, fileName, content, images, progress, mode, handedOver);
  } finally {
    // Not handed over: the file was refused, or answered by a question.
    void thread?.terminate();
  }
}
