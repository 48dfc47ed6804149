// Labels for enum values. A card schema's `enum` holds the ids cards store ("basic",
// "evolution"); JSON Schema has no labels for them, so a game gives them in system.json, keyed
// by field name and then by value id:
//
//   "enumLabels": { "stage": { "basic": "Basic", "evolution": "Evolution" } }
//
// A field name applies wherever a property of that name holds an enum (a card's `stage`, an
// attack's `kind`). The identity field's values are labelled by `identity.values` already, so
// they need no entry. Labels are for people only: cards, validation and search keep the ids.

import type { GameSystem } from './format';
import { own } from '../own-keys';

/** The label of `value` in `field`, if the game gives one (the identity's own labels first). */
export function enumLabel(system: GameSystem, field: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const identity = system.identity;
  if (identity && field === identity.field) {
    const label = identity.values.find((v) => v.id === value)?.label;
    if (label !== undefined) return label;
  }
  // The rarity field's values are labelled by `rarity.values` (card-schema/packs/format.ts).
  const rarity = system.rarity;
  if (rarity && field === rarity.field) {
    const label = rarity.values.find((v) => v.id === value)?.label;
    if (label !== undefined) return label;
  }
  const labels = system.enumLabels ? own(system.enumLabels, field) : undefined;
  return labels ? own(labels, value) : undefined;
}

/** How an enum value reads in the UI and in messages: its label, else the value itself. */
export function enumText(system: GameSystem, field: string, value: unknown): string {
  return enumLabel(system, field, value) ?? (typeof value === 'string' ? value : JSON.stringify(value));
}

/** The field an enum value at a JSON pointer belongs to: its last step that is not a list index. */
export function fieldOfPointer(pointer: string): string {
  const steps = pointer.split('/').slice(1);
  for (let i = steps.length - 1; i >= 0; i--) {
    if (!/^\d+$/.test(steps[i])) return steps[i].replace(/~1/g, '/').replace(/~0/g, '~');
  }
  return '';
}
