// Cockatrice's deck file (.cod): XML with the deck name, comments and one <zone> per board.
//   <cockatrice_deck version="1"><deckname>…</deckname><comments>…</comments>
//     <zone name="main"><card number="3" name="…" setShortName="…"/></zone>
//     <zone name="side">…</zone></cockatrice_deck>
// Cockatrice knows "main" and "side" (and "tokens"); the game's draw deck and leader go to
// "main" (the leader first), a sideboard to "side", and every other section to a zone named by
// its section id, which Cockatrice keeps and this reader maps back.

import type { DeckSectionDef } from '../format';
import { MAX_ENTRY_COUNT, mainSection, type ListEntry, type NamedDeck, type ParsedDeckList } from './list';
import { escapeXml, unescapeXml } from './xml-text';

/** The zone a section is written to. */
export function zoneForSection(sectionId: string, sections: readonly DeckSectionDef[]): string {
  const def = sections.find((section) => section.id === sectionId);
  const main = mainSection(sections);
  if (def !== undefined && def === main) return 'main';
  // The leader shares "main" only when its type tells it apart from the deck's cards on the way back.
  if (def?.leader && !def.types.some((type) => main?.types.includes(type))) return 'main';
  if (sectionId === 'sideboard') return 'side';
  return sectionId;
}

/** The section a zone's cards go to; undefined for "main" (placed by card type: leader or deck). */
export function sectionForZone(zone: string, sections: readonly DeckSectionDef[]): string | undefined {
  if (zone === 'main') return undefined;
  if (zone === 'side') return 'sideboard';
  return sections.find((section) => section.id === zone)?.id ?? zone;
}

export function formatCod(deck: NamedDeck, sections: readonly DeckSectionDef[]): string {
  const zones = new Map<string, string[]>();
  for (const section of deck.sections) {
    const zone = zoneForSection(section.id, sections);
    const lines = zones.get(zone) ?? [];
    for (const card of section.cards) {
      const printing = card.printing === undefined ? '' : ` setShortName="${escapeXml(card.printing)}"`;
      lines.push(`    <card number="${card.count}" name="${escapeXml(card.name)}"${printing}/>`);
    }
    zones.set(zone, lines);
  }
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<cockatrice_deck version="1">',
    `  <deckname>${escapeXml(deck.name)}</deckname>`,
    `  <comments>${escapeXml(deck.notes ?? '')}</comments>`,
  ];
  for (const [zone, lines] of zones) {
    if (lines.length === 0) continue;
    out.push(`  <zone name="${escapeXml(zone)}">`, ...lines, '  </zone>');
  }
  out.push('</cockatrice_deck>');
  return `${out.join('\n')}\n`;
}

/** True when the text is a Cockatrice deck (what format detection asks). */
export function looksLikeCod(text: string): boolean {
  return /<cockatrice_deck[\s>]/.test(text.slice(0, 2_000));
}

const ELEMENT =
  /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>/g;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Reads a .cod file. Its XML is small and flat, so a tag scanner suffices; anything it cannot
 * read (a card without a name, a bad count) is reported with its line, never guessed.
 */
export function parseCod(text: string, sections: readonly DeckSectionDef[]): ParsedDeckList {
  const result: ParsedDeckList = { entries: [], problems: [] };
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  let zone: string | undefined;
  let textOf: 'deckname' | 'comments' | undefined;
  let collected = '';
  let last = 0;
  for (const match of text.matchAll(ELEMENT)) {
    const between = text.slice(last, match.index);
    last = match.index + match[0].length;
    if (textOf) collected += between;
    if (match[5] !== undefined) {
      if (textOf) collected += match[5].replace(/&/g, '&amp;').replace(/</g, '&lt;');
      continue;
    }
    const [whole, closing, tag, attributeText = '', selfClosing] = match;
    if (tag === undefined) continue;
    const line = lineOf(match.index);
    const attrs = readAttributes(attributeText, line, whole, result);
    if (!attrs) continue;
    if (tag === 'deckname' || tag === 'comments') {
      if (closing) {
        const value = safeUnescape(collected, line, whole, result);
        if (tag === 'deckname' && value.trim() !== '') result.name = value;
        if (tag === 'comments' && value !== '') result.notes = value;
        textOf = undefined;
      } else if (!selfClosing) {
        textOf = tag;
        collected = '';
      }
    } else if (tag === 'zone') {
      zone = closing ? undefined : (attrs.get('name') ?? 'main');
    } else if (tag === 'card' && !closing) {
      readCard(attrs, zone ?? 'main', line, whole, sections, result);
    }
  }
  return result;
}

function readAttributes(source: string, line: number, text: string, result: ParsedDeckList): Map<string, string> | undefined {
  const attrs = new Map<string, string>();
  for (const attr of source.matchAll(ATTRIBUTE)) {
    const value = safeUnescape(attr[2] ?? attr[3], line, text, result);
    attrs.set(attr[1], value);
  }
  return attrs;
}

function safeUnescape(value: string, line: number, text: string, result: ParsedDeckList): string {
  try {
    return unescapeXml(value);
  } catch (error) {
    result.problems.push({ line, text, message: (error as Error).message });
    return value;
  }
}

function readCard(
  attrs: Map<string, string>,
  zone: string,
  line: number,
  text: string,
  sections: readonly DeckSectionDef[],
  result: ParsedDeckList,
): void {
  const name = attrs.get('name')?.trim();
  if (!name) {
    result.problems.push({ line, text, message: 'a <card> without a name' });
    return;
  }
  const number = attrs.get('number') ?? '1';
  const count = /^\d+$/.test(number) ? Number(number) : NaN;
  if (!(count >= 1 && count <= MAX_ENTRY_COUNT)) {
    result.problems.push({ line, text, message: `number="${number}": a count must be 1 to ${MAX_ENTRY_COUNT}` });
    return;
  }
  const entry: ListEntry = { section: sectionForZone(zone, sections), count, name, line, text };
  const printing = attrs.get('setShortName');
  if (printing) entry.printing = printing;
  result.entries.push(entry);
}
