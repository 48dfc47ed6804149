// The back chosen for one print (PrintOptions.back): `own` keeps each card's back; `card:ID` prints
// that card's back (its type's own back, or its game's) behind every card; `image:ID` prints a
// picture from the image library, cover-fitted over the card and its bleed. Resolved once per
// export into the drawing each print item gets as its back (PrintItem.back).

import type { CardDrawing } from '../../card-schema/layout/format';
import { layoutCardBack } from '../../card-schema/layout/layout-card';
import { systemAtCardSize } from '../../card-schema/layout/card-size';
import { cardSizeOf, type PrintOptions, type SizeMm } from '../../card-schema/print/print-options';
import type { GameSystem } from '../../card-schema/system/format';
import { ApiError } from '../api/api-error';
import type { Library } from './library';

/** A back override: the drawing behind a card of `system`, at the size the print gives it. */
export type BackOverride = (system: GameSystem) => CardDrawing;

/**
 * The back `print.back` names, or undefined for `own`; refused in one sentence when the card or
 * picture is not in the library.
 */
export function printBackOverride(
  lib: Library,
  print: Pick<PrintOptions, 'back' | 'cardSize' | 'bleedMm'>,
): BackOverride | undefined {
  const [kind, id] = splitChoice(print.back);
  if (kind === 'own') return undefined;
  const sizeFor = (system: GameSystem) => cardSizeOf(print.cardSize, system.card);
  if (kind === 'card') {
    const card = lib.store.cards.get(id);
    if (!card)
      throw new ApiError(`The back chosen for this print is the back of card "${id}", which is not in the library`, 'NOT_FOUND');
    const backSystem = lib.systems.require(card.systemId);
    return memoBySize(sizeFor, (size) => layoutCardBack(systemAtCardSize(backSystem, size), card.doc));
  }
  if (!lib.images.has(id)) {
    throw new ApiError(`The back chosen for this print is picture "${id}", which is not in the image library`, 'NOT_FOUND');
  }
  return memoBySize(sizeFor, (size) => imageBack(id, size, print.bleedMm));
}

/** A back that is one picture covering the card and `bleedMm` round it (cropped to fill, centred). */
export function imageBack(image: string, size: SizeMm, bleedMm: number): CardDrawing {
  return {
    widthMm: size.widthMm,
    heightMm: size.heightMm,
    cornerRadiusMm: 0,
    ops: [
      {
        op: 'image',
        x: -bleedMm,
        y: -bleedMm,
        w: size.widthMm + 2 * bleedMm,
        h: size.heightMm + 2 * bleedMm,
        radius: 0,
        image,
        field: '',
        fit: 'cover',
        focusX: 0.5,
        focusY: 0.5,
        zoom: 1,
      },
    ],
    warnings: [],
  };
}

function splitChoice(back: string): ['own', ''] | ['card' | 'image', string] {
  if (back === 'own') return ['own', ''];
  const colon = back.indexOf(':');
  const kind = back.slice(0, colon);
  if (colon < 0 || (kind !== 'card' && kind !== 'image')) {
    throw new ApiError(`The back "${back}" is not "own", "card:ID" or "image:ID"`, 'BAD_INPUT');
  }
  return [kind, back.slice(colon + 1)];
}

/** One drawing per printed size: every card of a size shares its back (one form in the PDF). */
function memoBySize(sizeFor: (system: GameSystem) => SizeMm, draw: (size: SizeMm) => CardDrawing): BackOverride {
  const drawings = new Map<string, CardDrawing>();
  return (system) => {
    const size = sizeFor(system);
    const key = `${size.widthMm}x${size.heightMm}`;
    let drawing = drawings.get(key);
    if (!drawing) drawings.set(key, (drawing = draw(size)));
    return drawing;
  };
}
