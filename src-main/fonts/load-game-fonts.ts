// The `fonts` of a game system as loaded: every file a font names is read from the game folder,
// checked and measured (measure-font-file.ts); a license file must be readable text. Anything
// wrong refuses the game at the font's JSON path in system.json, like every loader error.

import type { GameFont, GameFontFaces, GameFontLicense } from '../../card-schema/system/format';
import { FONT_FACES } from '../../card-schema/layout/format';
import { MAX_FONT_FILE_BYTES, measureFontFile } from './measure-font-file';

/** A license is a page or two of text; a megabyte "license" is something else. */
export const MAX_LICENSE_FILE_BYTES = 256 * 1024;

/** A font as system.json declares it (the format schema has checked its shape). */
export type DeclaredGameFont = Omit<GameFont, 'faces'>;

/** How the loader reaches the game folder's files; both refuse with system.json's file name. */
export interface GameFolderFiles {
  /** The bytes of `file` (relative to the game folder); refuses a path outside it, a missing file, or one over `maxBytes`. */
  bytes(file: string, jsonPath: string, maxBytes: number, what: string): Buffer;
  fail(jsonPath: string, reason: string): never;
}

export function loadGameFonts(declared: readonly DeclaredGameFont[], folder: GameFolderFiles): GameFont[] {
  const seen = new Set<string>();
  return declared.map((font, index) => {
    const at = `/fonts/${index}`;
    if (seen.has(font.id)) folder.fail(`${at}/id`, `another font of this game already has the id "${font.id}"`);
    seen.add(font.id);
    checkLicense(font.license, `${at}/license`, folder);
    const faces: Partial<GameFontFaces> = {};
    for (const face of FONT_FACES) {
      const file = font.files[face];
      if (file === undefined) continue;
      const path = `${at}/files/${face}`;
      const measured = measureFontFile(folder.bytes(file, path, MAX_FONT_FILE_BYTES, 'a game font file'));
      if (!measured.ok) folder.fail(path, `"${file}" ${measured.reason}`);
      faces[face] = measured.face;
    }
    return { ...font, faces: faces as GameFontFaces };
  });
}

function checkLicense(license: GameFontLicense, at: string, folder: GameFolderFiles): void {
  if (license.file === undefined && license.text === undefined) {
    folder.fail(at, 'give the license\'s text ("text") or a text file of the game folder holding it ("file")');
  }
  if (license.file === undefined) return;
  const bytes = folder.bytes(license.file, `${at}/file`, MAX_LICENSE_FILE_BYTES, 'a license file');
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    folder.fail(`${at}/file`, `"${license.file}" is not a text file (UTF-8)`);
  }
}
