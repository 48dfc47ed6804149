// A card's rarity as the game declares it (system.json `rarity`), its label and its rank.

import type { CardDocument, GameSystem } from '../system/format';
import { fieldValue } from '../deck/card-match';
import type { PackSlot, RarityValue } from './format';

/** The card's rarity id, when its rarity field holds one of the game's rarity values. */
export function cardRarity(system: GameSystem, doc: CardDocument): string | undefined {
  const rarity = system.rarity;
  if (!rarity) return undefined;
  const value = fieldValue(doc, rarity.field);
  return typeof value === 'string' && rarity.values.some((v) => v.id === value) ? value : undefined;
}

/** The label of a rarity id (the id itself when the game does not declare it). */
export function rarityLabel(system: GameSystem, id: string): string {
  return system.rarity?.values.find((v) => v.id === id)?.label ?? id;
}

/** A slot's rarities as a list (empty when the slot picks by match only). */
export function slotRarities(slot: PackSlot): string[] {
  if (slot.rarity === undefined) return [];
  return typeof slot.rarity === 'string' ? [slot.rarity] : slot.rarity;
}

/** What a slot's cards are called: its label, else its rarities' labels ("Rare or Mythic"), else "Any card". */
export function slotLabel(system: GameSystem, slot: PackSlot): string {
  if (slot.label) return slot.label;
  const rarities = slotRarities(slot);
  if (rarities.length === 0) return 'Any card';
  const labels = rarities.map((id) => rarityLabel(system, id));
  return labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

/** The colour of a rarity's bar: its own, else a gray from light (common) to dark (rarest). */
export function rarityColor(values: readonly RarityValue[], index: number): string {
  const own = values[index]?.color;
  if (own) return own;
  const steps = Math.max(1, values.length - 1);
  const lightness = Math.round(72 - (index / steps) * 50);
  return `hsl(220 10% ${lightness}%)`;
}
