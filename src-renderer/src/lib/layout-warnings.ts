// A card's layout warnings (text cut to fit, characters no font draws), from the same
// layoutCard the preview paints and the PDF prints, so all three tell the same story.

import type { CardDocument, GameSystem } from '../../../card-schema/system/format';
import type { LayoutWarning } from '../../../card-schema/layout/format';
import { layoutCard } from '../../../card-schema/layout/layout-card';

export function cardLayoutWarnings(system: GameSystem, doc: CardDocument): LayoutWarning[] {
  try {
    return layoutCard(system, doc).warnings ?? [];
  } catch {
    // A card that does not lay out shows why in its preview; there is nothing to warn about.
    return [];
  }
}

/** Warning messages by the JSON pointer they are about. */
export function warningsByPath(warnings: LayoutWarning[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const warning of warnings) byPath.set(warning.pointer, [...(byPath.get(warning.pointer) ?? []), warning.message]);
  return byPath;
}
