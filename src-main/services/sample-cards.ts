// One card of each card type of a game, for the Games view to draw beside its rules: the first
// card of that type the library holds. A type without cards gets none here; the view draws an
// example made from the type's schema defaults instead.

import type { SampleCard } from '../api/contract';
import type { Library } from './library';

export function sampleCards(lib: Library, systemId: string): SampleCard[] {
  const system = lib.systems.require(systemId);
  return system.cardTypes.map((cardType) => {
    const found = lib.store.cards.firstOfType(systemId, cardType.id);
    return { typeId: cardType.id, card: found?.card ?? null, setName: found?.setName ?? null };
  });
}
