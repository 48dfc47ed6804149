// Immutable updates of form values: every change produces a new value for `set`.

import { setOwn } from '../../../card-schema/own-keys';

export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A copy of `object` with `name` set to `value`, or removed when `value` is undefined. */
export function withProperty(object: unknown, name: string, value: unknown): Record<string, unknown> {
  const next: Record<string, unknown> = { ...asRecord(object) };
  // setOwn: a field named "__proto__" must become a field, not the object's prototype.
  if (value === undefined) delete next[name];
  else setOwn(next, name, value);
  return next;
}

/** Property names in display order: `order` first (those that exist), then schema order. */
export function orderedProperties(properties: Record<string, unknown>, order: readonly string[] = []): string[] {
  const names = Object.keys(properties);
  const first = order.filter((name) => names.includes(name));
  return [...first, ...names.filter((name) => !first.includes(name))];
}
