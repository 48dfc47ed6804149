// Statistics of one card set for the Set statistics view: cards by type, by cost (the game's
// deck.builder.costField), by identity value and by rarity (system.json `rarity`), counted in SQL (store/set-counts.ts) and
// labelled from the game's data. Bars reuse the deck statistics' buckets, so a set's cost chart
// reads like a deck's curve.

import { bucketsFor, numericFields, type IdentityStats, type TypeCount } from '../../card-schema/deck/stats';
import type { SetRarityStats, SetStats } from '../../card-schema/sets/set-stats';
import type { GameSystem } from '../../card-schema/system/format';
import { MAX_IDENTITY_BITS } from '../store/pool-rows';
import { fieldValueCounts, setCounts } from '../store/set-counts';
import { rarityColor } from '../../card-schema/packs/rarity';
import { requireSet, systemOfSet, type Library } from './library';

export function setStats(lib: Library, setId: string): SetStats {
  const set = requireSet(lib, setId);
  const system = systemOfSet(lib, set);
  const counts = setCounts(lib.store.db, setId);
  const stats: SetStats = {
    setId,
    setName: set.name,
    systemId: system.id,
    cards: counts.cards,
    types: typeCounts(system, counts.types),
  };
  const costField = system.deck.builder?.costField;
  if (costField) {
    const priced = counts.costs.filter((c): c is { cost: number; count: number } => c.cost !== null);
    stats.cost = {
      field: costField,
      label: numericFields(system).find((f) => f.field === costField)?.label ?? costField,
      buckets: bucketsFor(
        priced.map((c) => c.cost),
        priced.map((c) => c.count),
      ),
      without: counts.costs.filter((c) => c.cost === null).reduce((n, c) => n + c.count, 0),
    };
  }
  if (system.identity) stats.identity = identityCounts(system.identity, counts.masks);
  if (system.rarity) stats.rarity = rarityCounts(system.rarity, fieldValueCounts(lib.store.db, setId, system.rarity.field));
  return stats;
}

function typeCounts(system: GameSystem, rows: readonly { type: string; count: number }[]): TypeCount[] {
  const byType = new Map(rows.map((r) => [r.type, r.count]));
  const known = system.cardTypes.map((t) => ({ type: t.id, label: t.label, count: byType.get(t.id) ?? 0 }));
  // A type the game no longer declares (cards kept from an older version of it) still shows.
  const unknown = rows
    .filter((r) => !system.cardTypes.some((t) => t.id === r.type))
    .map((r) => ({ ...r, label: r.type || '(none)' }));
  return [...known, ...unknown];
}

function identityCounts(
  identity: NonNullable<GameSystem['identity']>,
  masks: readonly { mask: number; count: number }[],
): IdentityStats {
  const values = identity.values.map((v) => ({ id: v.id, label: v.label, color: v.color, count: 0 }));
  let multi = 0;
  let none = 0;
  for (const { mask, count } of masks) {
    let bits = 0;
    // The mask is up to 40 bits: JavaScript's bit operators stop at 32, so test by division.
    for (let bit = 0; bit < Math.min(values.length, MAX_IDENTITY_BITS); bit++) {
      if (Math.floor(mask / 2 ** bit) % 2 === 1) {
        values[bit].count += count;
        bits++;
      }
    }
    if (bits === 0) none += count;
    if (bits > 1) multi += count;
  }
  return { label: identity.label, values, multi, none };
}

function rarityCounts(
  rarity: NonNullable<GameSystem['rarity']>,
  rows: readonly { value: string | null; count: number }[],
): SetRarityStats {
  const values = rarity.values.map((v, i) => ({
    id: v.id,
    label: v.label,
    color: rarityColor(rarity.values, i),
    count: rows.find((r) => r.value === v.id)?.count ?? 0,
  }));
  const counted = values.reduce((n, v) => n + v.count, 0);
  return { label: rarity.label, values, none: rows.reduce((n, r) => n + r.count, 0) - counted };
}
