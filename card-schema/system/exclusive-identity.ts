// Identity values a card cannot combine with any other: a game marks them `exclusive` (OSMCG's
// Neutral: a card is colorless or colored, never both). The card validator refuses a mix, and the
// editor's chips switch the other values off when one is chosen.

import type { IdentityDimension, IdentityValue } from './format';

/** The exclusive value `values` combines with others, if any. */
export function exclusiveClash(dimension: IdentityDimension, values: readonly unknown[]): IdentityValue | undefined {
  if (values.length < 2) return undefined;
  return dimension.values.find((value) => value.exclusive === true && values.includes(value.id));
}

/** `chosen` with `option` switched on: an exclusive value alone, any other without the exclusive ones. */
export function chooseIdentityValue(dimension: IdentityDimension, chosen: readonly unknown[], option: unknown): unknown[] {
  const exclusive = new Set<unknown>(dimension.values.filter((value) => value.exclusive === true).map((value) => value.id));
  if (exclusive.has(option)) return [option];
  return [...chosen.filter((value) => !exclusive.has(value) && value !== option), option];
}
