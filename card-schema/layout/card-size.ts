// A game's cards drawn at another card size (a print's card-size override): the layout is
// laid out again, not its drawing stretched. Every element's box follows the card (x and width
// by the width ratio, y and height by the height ratio); what has a shape of its own (text size,
// corner radii, stroke widths, pips) scales by the smaller ratio, so nothing is distorted. Text
// then wraps and shrinks in its new box and art is cropped to its new box as always, with the
// usual warnings when it no longer fits or prints too coarse.

import type { GameSystem } from '../system/format';
import type { SizeMm } from '../print/print-options';
import type { CardLayout, LayoutElement } from './format';

const resized = new WeakMap<GameSystem, Map<string, GameSystem>>();

/** `system` with its cards `size` big (the same object when that is its own size; one per size). */
export function systemAtCardSize(system: GameSystem, size: SizeMm): GameSystem {
  const { widthMm, heightMm } = system.card;
  if (size.widthMm === widthMm && size.heightMm === heightMm) return system;
  const key = `${size.widthMm}x${size.heightMm}`;
  let bySize = resized.get(system);
  if (!bySize) resized.set(system, (bySize = new Map()));
  let result = bySize.get(key);
  if (!result) {
    const sx = size.widthMm / widthMm;
    const sy = size.heightMm / heightMm;
    const s = Math.min(sx, sy);
    const scaleLayout = (layout: CardLayout): CardLayout => ({
      ...layout,
      elements: layout.elements.map((element) => scaleElement(element, sx, sy, s)),
    });
    result = {
      ...system,
      card: {
        widthMm: size.widthMm,
        heightMm: size.heightMm,
        ...(system.card.cornerRadiusMm !== undefined ? { cornerRadiusMm: system.card.cornerRadiusMm * s } : {}),
      },
      layouts: Object.fromEntries(Object.entries(system.layouts).map(([id, layout]) => [id, scaleLayout(layout)])),
    };
    bySize.set(key, result);
  }
  return result;
}

const times = (value: number | undefined, factor: number) => (value === undefined ? undefined : value * factor);

function scaleElement(element: LayoutElement, sx: number, sy: number, s: number): LayoutElement {
  const box = { x: element.x * sx, y: element.y * sy, w: element.w * sx, h: element.h * sy };
  switch (element.kind) {
    case 'text':
      return withDefined({ ...element, ...box, size: element.size * s, minSize: times(element.minSize, s) });
    case 'rect':
      return withDefined({ ...element, ...box, radius: times(element.radius, s), strokeWidth: times(element.strokeWidth, s) });
    case 'pips':
      return { ...element, ...box, size: element.size * s };
    case 'image':
      return withDefined({ ...element, ...box, radius: times(element.radius, s) });
    case 'ellipse':
      return withDefined({ ...element, ...box, strokeWidth: times(element.strokeWidth, s) });
    case 'icon':
      return { ...element, ...box };
  }
}

/** Leaves out the optional keys the element did not have (a layout never holds `undefined`). */
function withDefined<T extends object>(element: T): T {
  return Object.fromEntries(Object.entries(element).filter(([, value]) => value !== undefined)) as T;
}
