// A card's front as it prints at one card size, laid out once per document and size: the export
// (expandItems) and the export's print problems (services/print-problems.ts) share it, so naming
// the problems of a 10,000-card export lays out no card twice. Keyed weakly by the game (one
// object per card size: card-size.ts) and the document, so it lives only as long as the print.

import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { CardDrawing } from '../../card-schema/layout/format';
import { layoutCard } from '../../card-schema/layout/layout-card';

const fronts = new WeakMap<GameSystem, WeakMap<CardDocument, CardDrawing>>();

/** layoutCard(system, doc), remembered while both objects live. */
export function printFront(system: GameSystem, doc: CardDocument): CardDrawing {
  let byDoc = fronts.get(system);
  if (!byDoc) fronts.set(system, (byDoc = new WeakMap()));
  let front = byDoc.get(doc);
  if (!front) {
    front = layoutCard(system, doc);
    byDoc.set(doc, front);
  }
  return front;
}
