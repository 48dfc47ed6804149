// What the loader checks of a game's `rarity` and `packs` beyond their JSON Schema: the rarity
// field exists and takes the declared values, every slot names declared rarities (with one
// weight each), pack ids are unique. Pure: the loader passes its own field and match checks.

import type { CardMatch } from '../deck/format';
import type { GameSystem } from '../system/format';
import { schemaLeaves } from '../search/schema-leaves';
import { slotRarities } from './rarity';

export interface PackCheckHelpers {
  fail: (path: string, reason: string) => never;
  needField: (field: string, path: string) => void;
  needMatch: (match: CardMatch, path: string) => void;
}

export function checkRarityAndPacks(system: GameSystem, { fail, needField, needMatch }: PackCheckHelpers): void {
  const rarity = system.rarity;
  const declared = rarity?.values.map((v) => v.id) ?? [];
  if (rarity) {
    needField(rarity.field, '/rarity/field');
    declared.forEach((id, i) => {
      if (declared.indexOf(id) !== i) fail(`/rarity/values/${i}/id`, `"${id}" is declared twice`);
    });
    // When the field lists its values (an enum), a rarity must be one of them, or no card could hold it.
    const listed = new Set<string>();
    for (const leaf of schemaLeaves(system)) {
      if (leaf.key !== rarity.field || leaf.path.length !== 1) continue;
      for (const choice of leaf.choices.values()) if (typeof choice.value === 'string') listed.add(choice.value);
    }
    if (listed.size > 0)
      declared.forEach((id, i) => {
        if (!listed.has(id))
          fail(`/rarity/values/${i}/id`, `"${id}" is not a value of "${rarity.field}" (its values: ${[...listed].join(', ')})`);
      });
  }
  const packIds = new Set<string>();
  system.packs?.forEach((pack, i) => {
    if (packIds.has(pack.id)) fail(`/packs/${i}/id`, `"${pack.id}" is used twice`);
    packIds.add(pack.id);
    pack.slots.forEach((slot, j) => {
      const at = `/packs/${i}/slots/${j}`;
      const rarities = slotRarities(slot);
      if (rarities.length > 0 && !rarity) fail(`${at}/rarity`, 'a slot by rarity needs the game to declare a "rarity"');
      rarities.forEach((id, k) => {
        if (!declared.includes(id))
          fail(
            typeof slot.rarity === 'string' ? `${at}/rarity` : `${at}/rarity/${k}`,
            `"${id}" is not a rarity of the game (rarities: ${declared.join(', ')})`,
          );
      });
      if (slot.weights) {
        if (rarities.length === 0) fail(`${at}/weights`, 'weights need "rarity": they are the odds of each rarity');
        if (slot.weights.length !== rarities.length)
          fail(`${at}/weights`, `has ${slot.weights.length} weights for ${rarities.length} rarities: give one per rarity`);
      }
      if (slot.match) needMatch(slot.match, `${at}/match`);
    });
  });
}
