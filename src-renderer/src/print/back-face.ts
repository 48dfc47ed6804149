// What the print preview paints as the back of every card, from the print's `back` choice
// (PrintOptions.back): each card's own back, one card's back, or a picture of the library.

import type { CardDocument, CardRecord, GameSystem } from '../../../card-schema/system/format';

export type BackFace =
  { kind: 'own' } | { kind: 'card'; system: GameSystem; doc: CardDocument } | { kind: 'image'; image: string };

export interface BackFaceDeps {
  getCards: (input: { ids: string[] }) => Promise<CardRecord[]>;
  loadSystem: (id: string) => Promise<GameSystem>;
}

/** The face a `back` choice paints; a card that is gone paints each card's own back. */
export async function backFaceOf(back: string, deps: BackFaceDeps): Promise<BackFace> {
  if (back.startsWith('image:')) return { kind: 'image', image: back.slice('image:'.length) };
  if (back.startsWith('card:')) {
    const [card] = await deps.getCards({ ids: [back.slice('card:'.length)] });
    if (card) return { kind: 'card', system: await deps.loadSystem(card.systemId), doc: card.doc };
  }
  return { kind: 'own' };
}
