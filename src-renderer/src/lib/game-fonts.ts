// Fonts a game ships, for the card preview: each file is fetched once through the API and added
// to the document under a family named after its SHA-256 (the `gameFontFile` of the text ops it
// sets), so no installed font can stand in and two games' files never mix. The file is registered
// for every face's weight and style: the layout already chose the file for the face (a missing
// face uses the regular file), and a matching face is never synthesized bolder or slanted.

import type { GameSystem } from '../../../card-schema/system/format';
import { FONT_FACES } from '../../../card-schema/layout/format';
import { gameFontFace } from '../../../card-schema/layout/game-fonts';
import { api } from '../api/client';
import { FACE_STYLE, gameFontFamilyName } from './fonts';

/** Each file's registration, once per document, by SHA-256. */
const registered = new Map<string, Promise<void>>();

/** Adds the game's font files to the document (those not added yet); resolves when they are usable. */
export function loadGameFonts(system: GameSystem): Promise<void> {
  const loads: Promise<void>[] = [];
  for (const font of system.fonts ?? []) {
    for (const face of FONT_FACES) {
      const file = gameFontFace(font, face).sha256;
      let load = registered.get(file);
      if (!load) {
        load = register(file, () => api.getGameFont({ systemId: system.id, fontId: font.id, face }));
        registered.set(file, load);
      }
      loads.push(load);
    }
  }
  return Promise.all(loads).then(() => undefined);
}

/**
 * Registers a font file the renderer has in hand (one the studio just uploaded, not yet in the
 * saved game): previews of the edited game then use it instead of asking the app for it.
 */
export function registerGameFontFile(file: string, bytes: Uint8Array): Promise<void> {
  let load = registered.get(file);
  if (!load) {
    load = register(file, () => Promise.resolve({ bytes }));
    registered.set(file, load);
  }
  return load;
}

async function register(file: string, fetchFile: () => Promise<{ bytes: Uint8Array }>): Promise<void> {
  try {
    const { bytes } = await fetchFile();
    const family = gameFontFamilyName(file);
    await Promise.all(
      FONT_FACES.map((face) => {
        const fontFace = new FontFace(family, bytes as BufferSource, FACE_STYLE[face]);
        document.fonts.add(fontFace);
        return fontFace.load();
      }),
    );
  } catch (error) {
    // The card keeps drawing (in no game font); a later preview of the game asks again.
    registered.delete(file);
    console.warn(`[cardwright] a game font could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
}
