// Fonts a game ships, as layout uses them: which file sets a face (a face the game has no file
// for uses the regular one: fonts are never synthesized bolder or slanted), and the font stack
// of a text element that chose one. The preview and the PDF resolve faces here too.

import type { GameFont, GameFontFace } from '../system/format';
import type { FontFace } from './format';
import { FontStack } from './font-coverage';

/** The file setting `face` of a game font: its own, else the regular one. */
export function gameFontFace(font: GameFont, face: FontFace): GameFontFace {
  return font.faces[face] ?? font.faces.regular;
}

/**
 * The fonts a text element is set in: the game font it names in `family`, then the card font and
 * the fallbacks. No family, or one the game does not have (the loader refuses that), means the
 * card font alone.
 */
export function textFontStack(fonts: readonly GameFont[] | undefined, family: string | undefined, face: FontFace): FontStack {
  const font = family === undefined ? undefined : fonts?.find((candidate) => candidate.id === family);
  if (!font) return FontStack.card(face);
  const { sha256, metrics } = gameFontFace(font, face);
  return FontStack.withGameFont(face, { file: sha256, metrics });
}
