// What a library row shows, computed without layout: the name and the start of the rules text
// cut into plain and marked pieces (the search's matched words), the cost, and the identity
// values as one striped swatch (a gradient: one element, however many values).

import { highlightRanges } from '../../../card-schema/search/highlight';
import type { TextTerm } from '../../../card-schema/search/query';
import { own } from '../../../card-schema/own-keys';
import type { CardDocument, GameSystem } from '../../../card-schema/system/format';

export interface TextPiece {
  text: string;
  marked: boolean;
}

/** The row shows one line of rules text; marking past it is wasted work. */
const SNIPPET_LENGTH = 240;

/** `text` as pieces, the parts the terms match marked. */
export function markedPieces(text: string, terms: readonly TextTerm[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const { start, end } of highlightRanges(text, terms)) {
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}

/** The card's rules text on one line, cut to what a row can show. */
export function snippetOf(doc: CardDocument): string {
  return typeof doc.text === 'string'
    ? doc.text
        .slice(0, SNIPPET_LENGTH * 2)
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, SNIPPET_LENGTH)
    : '';
}

/** The card's cost (the game's deck.builder.costField) as shown; '' when it has none. */
export function costOf(system: GameSystem, doc: CardDocument): string {
  const field = system.deck.builder?.costField;
  const value = field === undefined ? undefined : own(doc, field);
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
}

export interface IdentityStrip {
  /** "Colors: Red, Blue" */
  label: string;
  /** A CSS background: one stripe per value. */
  background: string;
  /** Values shown, for the swatch's width. */
  count: number;
}

/** The card's identity values as one swatch; undefined when it has none. */
export function identityStrip(system: GameSystem, doc: CardDocument): IdentityStrip | undefined {
  const identity = system.identity;
  if (!identity) return undefined;
  const raw = own(doc, identity.field);
  const ids = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const values = identity.values.filter((value) => ids.includes(value.id));
  if (values.length === 0) return undefined;
  const step = 100 / values.length;
  const stripes = values.map((value, i) => `${value.color} ${i * step}% ${(i + 1) * step}%`);
  return {
    label: `${identity.label}: ${values.map((value) => value.label).join(', ')}`,
    background: `linear-gradient(to right, ${stripes.join(', ')})`,
    count: values.length,
  };
}
