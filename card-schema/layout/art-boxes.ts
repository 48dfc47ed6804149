// Where a picture dropped on a card's preview goes: the image field whose art box (an image
// element of the card's front layout) is under the drop, drawn or still empty.

import type { CardDocument, GameSystem } from '../system/format';
import type { ImageElement } from './format';
import { frontLayoutOf } from './layout-card';

/** The image field whose art box holds the point (card millimetres); with a single art field, that one anywhere. */
export function artFieldAt(system: GameSystem, doc: CardDocument, xMm: number, yMm: number): string | undefined {
  const boxes = (frontLayoutOf(system, doc)?.elements ?? []).filter(
    (element): element is ImageElement => element.kind === 'image',
  );
  // The topmost box wins, as the topmost picture is the one seen there.
  const hit = boxes.findLast((box) => xMm >= box.x && xMm <= box.x + box.w && yMm >= box.y && yMm <= box.y + box.h);
  if (hit) return hit.field;
  const fields = new Set(boxes.map((box) => box.field));
  return fields.size === 1 ? [...fields][0] : undefined;
}
