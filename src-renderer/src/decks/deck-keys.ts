// The count keys of the deck builder's lists (the pool and the deck): `+` adds a copy, `-` takes
// one away, `1`–`9` set the count, `0`/Delete remove the card. Plain keys only: with Ctrl, Cmd or
// Alt held the key belongs to the app's commands.

export type CountKeyAction = { kind: 'add'; copies: number } | { kind: 'set'; count: number };

export function countKeyAction(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): CountKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key;
  if (key === '+' || key === '=') return { kind: 'add', copies: 1 };
  if (key === '-' || key === '_') return { kind: 'add', copies: -1 };
  if (key === '0' || key === 'Delete') return { kind: 'set', count: 0 };
  if (/^[1-9]$/.test(key)) return { kind: 'set', count: Number(key) };
  return null;
}

/** The drag payload's type: a card id dragged from the pool onto a deck section. */
export const CARD_DRAG_TYPE = 'application/x-cardwright-card';
