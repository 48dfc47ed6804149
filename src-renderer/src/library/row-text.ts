// What a library row shows, computed without layout: the name and the start of the rules text
// with the search's matched words marked, the cost, and the identity values as one striped swatch
// (a gradient: one element, however many values). A marked text is written into its span in
// place: the span's text nodes and <mark> elements are kept and only their values change, so a
// keystroke's new rows neither parse HTML nor build and tear down a node per piece (the words
// typed usually mark the same places: a row keeps its shape from key to key).

import { highlightRanges } from '../../../card-schema/search/highlight';
import type { TextTerm } from '../../../card-schema/search/query';
import { own } from '../../../card-schema/own-keys';
import type { CardDocument, GameSystem } from '../../../card-schema/system/format';

/** The row shows one line of rules text; marking past it is wasted work. */
const SNIPPET_LENGTH = 240;

/** A text cut where the marks start and end: the pieces at odd indexes are marked. Empty pieces are kept. */
export type MarkedPieces = readonly string[];

/** `text` split at the places the terms match: [plain, marked, plain, marked, …, plain]. */
export function markedPieces(text: string, terms: readonly TextTerm[]): MarkedPieces {
  const pieces: string[] = [];
  let at = 0;
  for (const { start, end } of highlightRanges(text, terms)) {
    pieces.push(text.slice(at, start), text.slice(start, end));
    at = end;
  }
  pieces.push(text.slice(at));
  return pieces;
}

// 1: Node.ELEMENT_NODE, 3: Node.TEXT_NODE (the constants are not there outside a browser).
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Whether `node` can show a piece: a text node, or (marked) a <mark> holding only one. */
function fits(node: ChildNode, marked: boolean): boolean {
  if (!marked) return node.nodeType === TEXT_NODE;
  const only = node.firstChild;
  return (
    node.nodeType === ELEMENT_NODE &&
    node.nodeName === 'MARK' &&
    only !== null &&
    only === node.lastChild &&
    only.nodeType === TEXT_NODE
  );
}

/**
 * Shows `text` in `span`, its `pieces` (markedPieces') marked when given. The span's nodes are
 * reused where they fit, each value written only when it changed; text is never read as HTML.
 */
export function showText(span: HTMLElement, text: string, pieces: MarkedPieces | undefined): void {
  const wanted = pieces ?? [text];
  const page = span.ownerDocument;
  let node = span.firstChild;
  for (let i = 0; i < wanted.length; i++) {
    const value = wanted[i];
    if (value === '') continue;
    const marked = i % 2 === 1;
    if (node !== null && fits(node, marked)) {
      const holder = marked ? node.firstChild! : node;
      if (holder.nodeValue !== value) holder.nodeValue = value;
      node = node.nextSibling;
      continue;
    }
    const made = page.createTextNode(value);
    if (marked) span.insertBefore(page.createElement('mark'), node).append(made);
    else span.insertBefore(made, node);
  }
  while (node !== null) {
    const next = node.nextSibling;
    span.removeChild(node);
    node = next;
  }
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
