// What changed between two versions of a card, field by field: nested objects and lists are
// compared inside (a keyword's X, the 2nd ability), so a change names the smallest field that
// differs. Pure: the revision history, the set's errata log and the tests share it.

import type { CardDocument, GameSystem } from './format';
import { fieldLabel } from './field-label';
import { isImageRef } from './image-field';

export interface FieldChange {
  /** JSON pointer of the field that differs ("/abilities/1/text"). */
  pointer: string;
  /** undefined: the field was not there. */
  before: unknown;
  after: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The fields that differ between `before` and `after` (either may be undefined: a new or removed card). */
export function diffCards(before: unknown, after: unknown): FieldChange[] {
  const changes: FieldChange[] = [];
  // A work list instead of recursion: card depth is capped, but this never needs to care.
  const pending: { pointer: string; before: unknown; after: unknown }[] = [{ pointer: '', before, after }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    const { pointer, before: a, after: b } = item;
    if (isPlainObject(a) && isPlainObject(b) && !isImageRef(a) && !isImageRef(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
      // Reversed onto the stack so the changes come out in the document's order.
      for (const key of keys.reverse())
        pending.push({
          pointer: `${pointer}/${escapeSegment(key)}`,
          before: Object.hasOwn(a, key) ? a[key] : undefined,
          after: Object.hasOwn(b, key) ? b[key] : undefined,
        });
    } else if (Array.isArray(a) && Array.isArray(b) && !isScalarList(a, b)) {
      for (let i = Math.max(a.length, b.length) - 1; i >= 0; i--)
        pending.push({ pointer: `${pointer}/${i}`, before: a[i], after: b[i] });
    } else if (!sameValue(a, b)) {
      changes.push({ pointer, before: a, after: b });
    }
  }
  return changes;
}

/** Lists of plain values (keywords, identity) read best whole: "Fire, Air" → "Fire". */
function isScalarList(a: unknown[], b: unknown[]): boolean {
  return [...a, ...b].every((item) => item === null || typeof item !== 'object');
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** A value as one line of text for a change list: lists joined, pictures named, absent as "—". */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isImageRef(value)) return `picture ${value.id.slice(0, 8)}`;
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'))
    return value.length === 0 ? '—' : value.map(formatValue).join(', ');
  return JSON.stringify(value);
}

export interface LabelledChange extends FieldChange {
  /** The field as the form names it ("Abilities › 2 › Text"). */
  label: string;
}

/** `changes` with the labels of the card type's form (the newer version's type, else the older's). */
export function labelChanges(
  system: GameSystem | undefined,
  before: CardDocument | undefined,
  after: CardDocument | undefined,
  changes: readonly FieldChange[],
): LabelledChange[] {
  const doc = after ?? before;
  const type = system?.cardTypes.find((candidate) => candidate.id === doc?.type);
  return changes.map((change) => ({
    ...change,
    label: type ? fieldLabel(type.schema, change.after === undefined ? before : doc, change.pointer) : change.pointer,
  }));
}

/** "Name, Cost and Text": what changed, for a list row. */
export function changedFieldsLine(changes: readonly LabelledChange[]): string {
  // Top-level labels once each: "Abilities › 2 › Text" and "Abilities › 3" are "Abilities".
  const names = [...new Set(changes.map((change) => change.label.split(' › ')[0]))];
  if (names.length === 0) return 'No field changed';
  if (names.length === 1) return names[0];
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
