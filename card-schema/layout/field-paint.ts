// Paints looked up from a card field's value: `{ "byField": "rarity", "values": { "rare":
// "#c9a227" }, "default": "#777777" }` paints rare cards gold and everything else gray.

import type { FieldPaint } from './format';
import { own } from '../own-keys';

/** The color `paint` gives a card with these field values. */
export function fieldPaintColor(paint: FieldPaint, values: Record<string, unknown>): string {
  const key = valueKey(own(values, paint.byField));
  const color = key === undefined ? undefined : own(paint.values, key);
  return typeof color === 'string' ? color : paint.default;
}

/** The lookup key of a field value: text as is, numbers and flags as text, a list by its first item. */
function valueKey(value: unknown): string | undefined {
  if (Array.isArray(value)) return valueKey(value[0]);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
