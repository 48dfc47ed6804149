// Opening packs of a set (API openPacks): the game's pack kind (system.json `packs`) drawn from
// the set's cards by the pure generator (card-schema/packs/open-packs.ts), reproducibly from the
// seed. Each card's document comes once, however many packs hold it.

import { openPacks as openPackCards, type OpenedPacks } from '../../card-schema/packs/open-packs';
import { slotLabel } from '../../card-schema/packs/rarity';
import { ApiError } from '../api/api-error';
import { requireSet, systemOfSet, type Library } from './library';

export interface OpenPacksInput {
  setId: string;
  packId: string;
  count: number;
  seed: string;
}

export function openSetPacks(lib: Library, input: OpenPacksInput): OpenedPacks {
  const set = requireSet(lib, input.setId);
  const system = systemOfSet(lib, set);
  const packs = system.packs ?? [];
  const pack = packs.find((p) => p.id === input.packId);
  if (!pack) {
    const known = packs.length > 0 ? `its packs: ${packs.map((p) => p.id).join(', ')}` : 'it declares no "packs"';
    throw new ApiError(`${system.name} has no pack kind "${input.packId}" (${known})`, 'NOT_FOUND');
  }
  const cards = lib.store.cards.listBySet(set.id);
  const result = openPackCards(system, pack, cards, { count: input.count, seed: input.seed });
  if (!result.ok) throw new ApiError(`Cannot open packs of “${set.name}”: ${result.message}`, 'BAD_INPUT');
  const held = new Set(result.packs.flatMap((p) => p.cards.map((c) => c.cardId)));
  return {
    setId: set.id,
    setName: set.name,
    systemId: system.id,
    packId: pack.id,
    packLabel: pack.label,
    seed: input.seed,
    slots: pack.slots.map((slot) => ({ label: slotLabel(system, slot), count: slot.count })),
    packs: result.packs,
    cards: cards.filter((card) => held.has(card.id)),
  };
}
