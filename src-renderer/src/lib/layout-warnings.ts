// A card's layout warnings (text cut to fit, characters no font draws, art too soft to print
// sharp), from the same layoutCard the preview paints and the PDF prints, so all three tell the
// same story. The art's pixel sizes come from the image library (card-images).

import type { CardDocument, GameSystem } from '../../../card-schema/system/format';
import type { CardDrawing, LayoutWarning } from '../../../card-schema/layout/format';
import { layoutCard } from '../../../card-schema/layout/layout-card';
import { artWarnings, type ImageSizeLookup } from '../../../card-schema/layout/art-warnings';
import { cardImages } from './card-images.svelte';

/** The app's lookup: the library's image info, fetched on first use (reactive). */
export const libraryImageSize: ImageSizeLookup = (id) => cardImages.printSize(id);

/** The card's front drawing, or null when it does not lay out (its preview shows why). */
export function cardDrawing(system: GameSystem, doc: CardDocument): CardDrawing | null {
  try {
    return layoutCard(system, doc);
  } catch {
    return null;
  }
}

export function drawingWarnings(drawing: CardDrawing | null, imageSize: ImageSizeLookup): LayoutWarning[] {
  return drawing ? [...(drawing.warnings ?? []), ...artWarnings(drawing, imageSize)] : [];
}

/** Warning messages by the JSON pointer they are about. */
export function warningsByPath(warnings: LayoutWarning[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const warning of warnings) byPath.set(warning.pointer, [...(byPath.get(warning.pointer) ?? []), warning.message]);
  return byPath;
}
