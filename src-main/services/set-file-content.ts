// A set file as parsed (set-files.ts parses it) and as the import writes it (set-import.ts, and
// set-import-copy.ts for an import as a copy): the set's metadata, its cards and their pictures.

import type { FileImage } from '../images/file-images';
import type { SetInput } from '../store/sets-repo';

export interface SetFileCard {
  /** Position in the file's `cards` array, for messages. */
  index: number;
  id?: string;
  doc: Record<string, unknown>;
}

/** The set's metadata as a file holds it (a set's input); the optional fields are absent from older files. */
export type SetFileHeader = SetInput;

export interface SetFileContent {
  set: SetFileHeader;
  cards: SetFileCard[];
  /** The pictures the file carries, checked for shape only (see verifyFileImages). */
  images: Map<string, FileImage>;
}
