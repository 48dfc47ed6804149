// What a library row shows, computed without layout: the name and the start of the rules text
// with the search's matched words marked (as one escaped HTML string: a row's marked text is then
// one innerHTML write, not a block of nodes per piece to build and tear down at every keystroke),
// the cost, and the identity values as one striped swatch (a gradient: one element, however many
// values).

import { highlightRanges } from '../../../card-schema/search/highlight';
import type { TextTerm } from '../../../card-schema/search/query';
import { own } from '../../../card-schema/own-keys';
import type { CardDocument, GameSystem } from '../../../card-schema/system/format';

/** The row shows one line of rules text; marking past it is wasted work. */
const SNIPPET_LENGTH = 240;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` as HTML text: every character that could start markup escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** `text` as escaped HTML, the parts the terms match in `<mark>`. */
export function markedHtml(text: string, terms: readonly TextTerm[]): string {
  let html = '';
  let at = 0;
  for (const { start, end } of highlightRanges(text, terms)) {
    if (start > at) html += escapeHtml(text.slice(at, start));
    html += `<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return at < text.length ? html + escapeHtml(text.slice(at)) : html;
}

/**
 * Shows `text` in `span`, or `html` (markedHtml's escaped string) when given: a text node's value
 * is changed in place, a marked text is one innerHTML write.
 */
export function showText(span: HTMLElement, text: string, html: string | undefined): void {
  if (html !== undefined) {
    span.innerHTML = html;
    return;
  }
  const only = span.firstChild;
  // 3: Node.TEXT_NODE (the constant is not there outside a browser).
  if (only !== null && only === span.lastChild && only.nodeType === 3) {
    if (only.nodeValue !== text) only.nodeValue = text;
  } else span.textContent = text;
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
