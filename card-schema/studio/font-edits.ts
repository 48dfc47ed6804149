// The studio's edits of a game's fonts (system.json `fonts`): add one with its files and
// license, replace or drop a face, remove one. A font's files are uploads the backend keeps aside
// (by their SHA-256, the upload id) until a save writes them into the game folder; each edit
// returns the paths it names with their upload ids. A path carries the start of the upload id, so
// one path always means one file's bytes, whatever undo and redo bring back.

import { FONT_FACES, type FontFace } from '../layout/format';
import { GAME_ID, GAME_ID_RULE, isObject, systemJson, withSystem, type GameFileMap, type Json } from './game-files';

/** A file uploaded for a face: its upload id (SHA-256 of the bytes) and kind. */
export interface FontUpload {
  uploadId: string;
  format: 'ttf' | 'otf';
}

export interface FontDraft {
  id: string;
  label: string;
  license: { name: string; url?: string; text: string };
  faces: { regular?: FontUpload } & Partial<Record<Exclude<FontFace, 'regular'>, FontUpload>>;
}

/** The files after an edit and the uploads they newly name (path → upload id). */
export type FontEditResult = { files: GameFileMap; uploads: Record<string, string> } | { problem: string };

/** The game declares at most this many fonts (the loader's limit). */
export const MAX_FONTS = 16;

export function fontsOf(files: GameFileMap): Json[] {
  const fonts = systemJson(files).fonts;
  return Array.isArray(fonts) ? fonts.filter(isObject) : [];
}

/** Where an uploaded face goes in the game folder. */
export function fontFilePath(fontId: string, face: FontFace, upload: FontUpload): string {
  return `fonts/${fontId}-${face}-${upload.uploadId.slice(0, 8)}.${upload.format}`;
}

/** The file paths the fonts name (faces and license files), for the uploads a check or save sends. */
export function namedFontPaths(files: GameFileMap): Set<string> {
  const named = new Set<string>();
  for (const font of fontsOf(files)) {
    if (isObject(font.files)) for (const path of Object.values(font.files)) if (typeof path === 'string') named.add(path);
    if (isObject(font.license) && typeof font.license.file === 'string') named.add(font.license.file);
  }
  return named;
}

/** An id from a label: "Old Gothic" → "old-gothic", made unique among `taken`. */
export function fontIdFrom(label: string, taken: readonly string[]): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'font';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** Why the draft cannot be added, or undefined. */
export function draftProblem(files: GameFileMap, draft: FontDraft): string | undefined {
  const fonts = fontsOf(files);
  if (fonts.length >= MAX_FONTS) return `A game has at most ${MAX_FONTS} fonts`;
  if (draft.label.trim() === '') return 'The font needs a name';
  if (draft.label.trim().length > 100) return "A font's name has at most 100 characters";
  if (!GAME_ID.test(draft.id) || draft.id.length > 60) return `A font's id is ${GAME_ID_RULE}`;
  if (fonts.some((font) => font.id === draft.id)) return `Another font has the id "${draft.id}"`;
  if (!draft.faces.regular) return 'Choose the regular font file (.ttf or .otf)';
  if (draft.license.name.trim() === '') return 'Name the license the font is shared under ("SIL Open Font License 1.1")';
  if (draft.license.text.trim() === '') return "Paste the license's text (its copyright line and terms)";
  if ((draft.license.url ?? '').trim().length > 500) return "The license's address has at most 500 characters";
  return undefined;
}

export function addFont(files: GameFileMap, draft: FontDraft): FontEditResult {
  const problem = draftProblem(files, draft);
  if (problem) return { problem };
  const uploads: Record<string, string> = {};
  const paths: Record<string, string> = {};
  for (const face of FONT_FACES) {
    const upload = draft.faces[face];
    if (!upload) continue;
    const path = fontFilePath(draft.id, face, upload);
    paths[face] = path;
    uploads[path] = upload.uploadId;
  }
  const url = draft.license.url?.trim();
  const font: Json = {
    id: draft.id,
    label: draft.label.trim(),
    license: { name: draft.license.name.trim(), ...(url ? { url } : {}), text: draft.license.text.trim() },
    files: paths,
  };
  const next = withSystem(files, (system) => ({
    ...system,
    fonts: [...(Array.isArray(system.fonts) ? system.fonts : []), font],
  }));
  return { files: next, uploads };
}

function withFont(files: GameFileMap, fontId: string, change: (font: Json) => Json): GameFileMap {
  return withSystem(files, (system) => ({
    ...system,
    fonts: (Array.isArray(system.fonts) ? system.fonts : []).map((font: unknown) =>
      isObject(font) && font.id === fontId ? change(font) : font,
    ),
  }));
}

/** A face's file replaced (or a bold or italic face added). */
export function replaceFace(files: GameFileMap, fontId: string, face: FontFace, upload: FontUpload): FontEditResult {
  if (!fontsOf(files).some((font) => font.id === fontId)) return { problem: `The game has no font "${fontId}"` };
  const path = fontFilePath(fontId, face, upload);
  const next = withFont(files, fontId, (font) => ({
    ...font,
    files: { ...(isObject(font.files) ? font.files : {}), [face]: path },
  }));
  return { files: next, uploads: { [path]: upload.uploadId } };
}

/** A bold or italic face dropped: text in it is set in the regular file again. */
export function removeFace(files: GameFileMap, fontId: string, face: Exclude<FontFace, 'regular'>): FontEditResult {
  const next = withFont(files, fontId, (font) => {
    const { [face]: _gone, ...rest } = isObject(font.files) ? font.files : {};
    return { ...font, files: rest };
  });
  return { files: next, uploads: {} };
}

/** Where the game's files set text in the font: 'layouts.json: lantern › element 3 ("{name}")'. */
export function fontUsers(files: GameFileMap, fontId: string): string[] {
  const places: string[] = [];
  const walk = (node: unknown, trail: string[]): void => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => walk(child, [...trail, String(index)]));
      return;
    }
    if (!isObject(node)) return;
    if (node.kind === 'text' && node.family === fontId) {
      const name = typeof node.name === 'string' ? node.name : typeof node.text === 'string' ? node.text : undefined;
      const [file, ...inside] = trail;
      const where = inside.join(' › ').replace(/elements › (\d+)/g, (_, index: string) => `element ${Number(index) + 1}`);
      places.push(`${file}: ${where}${name ? ` ("${name.slice(0, 40)}")` : ''}`);
    }
    for (const [key, value] of Object.entries(node)) walk(value, [...trail, key]);
  };
  for (const [path, content] of Object.entries(files)) walk(content, [path]);
  return places;
}

/**
 * Removes the font (its files leave the folder at the save). A font a text element still names
 * is refused with the places: falling back to the card font silently would reflow the cards.
 */
export function removeFont(files: GameFileMap, fontId: string): FontEditResult {
  const users = fontUsers(files, fontId);
  if (users.length > 0) {
    const shown = users.slice(0, 5).join('; ');
    const more = users.length > 5 ? ` and ${users.length - 5} more` : '';
    return {
      problem: `The font "${fontId}" is still set in ${users.length === 1 ? 'a text element' : `${users.length} text elements`} (${shown}${more}); choose another font there first`,
    };
  }
  const next = withSystem(files, (system) => {
    const fonts = (Array.isArray(system.fonts) ? system.fonts : []).filter(
      (font: unknown) => !(isObject(font) && font.id === fontId),
    );
    if (fonts.length > 0) return { ...system, fonts };
    const { fonts: _gone, ...rest } = system;
    return rest;
  });
  return { files: next, uploads: {} };
}
