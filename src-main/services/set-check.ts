// `cardwright validate`: a set file or folder checked as an import would check it — its
// structure, its pictures, every card against its game's schemas — without writing anything.
// Each problem names the file (a folder's card file, or the set file) and the JSON pointer in it.

import { imageIdsInDoc } from '../../card-schema/system/image-field';
import { ApiError } from '../api/api-error';
import { sha256Hex } from '../images/image-files';
import { verifyFileImages } from '../images/file-images';
import { cardIssues } from './card-library';
import type { Library } from './library';
import { parseSetFile } from './set-files';

export interface SetProblem {
  file: string;
  /** JSON pointer inside `file`; '' for the file as a whole. */
  pointer: string;
  message: string;
}

export interface SetCheck {
  /** The set's name and game, once the file could be read. */
  set?: { name: string; systemId: string };
  cards: number;
  problems: SetProblem[];
}

/**
 * Checks set file text. `cardFiles[i]` is the folder file `cards[i]` came from (readSetFolder);
 * without it every problem is placed in `fileName` (`/cards/3/doc/cost`).
 */
export async function checkSetText(
  lib: Library,
  fileName: string,
  text: string,
  cardFiles?: readonly string[],
): Promise<SetCheck> {
  let content;
  try {
    content = parseSetFile(fileName, text, (systemId) => lib.systems.has(systemId));
  } catch (error) {
    if (error instanceof ApiError) return { cards: 0, problems: [wholeFile(fileName, error.message)] };
    throw error;
  }
  const problems: SetProblem[] = [];
  const placeOf = (index: number) =>
    cardFiles ? { file: cardFiles[index], prefix: '/doc' } : { file: fileName, prefix: `/cards/${index}/doc` };
  let imageIds = new Set<string>();
  try {
    imageIds = new Set((await verifyFileImages(fileName, content.images)).map((image) => sha256Hex(image.bytes)));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    problems.push(wholeFile(fileName, error.message));
  }
  for (const card of content.cards) {
    const { file, prefix } = placeOf(card.index);
    // Out of the editor a field's message needs its card: '"Fire Bolt": Mana Cost must be a whole number'.
    const named = typeof card.doc.name === 'string' && card.doc.name.trim() !== '' ? `"${card.doc.name}": ` : '';
    for (const issue of cardIssues(lib, content.set.systemId, card.doc)) {
      problems.push({ file, pointer: `${prefix}${issue.path}`, message: `${named}${issue.message}` });
    }
    for (const imageId of imageIdsInDoc(card.doc)) {
      if (!imageIds.has(imageId) && !lib.images.has(imageId)) {
        problems.push({ file, pointer: prefix, message: `the image ${imageId} is neither in the set nor in the image library` });
      }
    }
  }
  return { set: { name: content.set.name, systemId: content.set.systemId }, cards: content.cards.length, problems };
}

/** An ApiError's "file: where: what" as a problem of the file as a whole. */
function wholeFile(fileName: string, message: string): SetProblem {
  const prefix = `${fileName}: `;
  return { file: fileName, pointer: '', message: message.startsWith(prefix) ? message.slice(prefix.length) : message };
}

/** "file: /pointer: message", or "file: message" for the file as a whole. */
export function formatProblem(problem: SetProblem): string {
  return `${problem.file}: ${problem.pointer ? `${problem.pointer}: ` : ''}${problem.message}`;
}
