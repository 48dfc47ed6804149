// Plain-text decklists, the way players paste them: "3 Fire Bolt", "3x Fire Bolt", "Fire Bolt"
// (one copy), section headers ("Hero:", "Deck:", "Sideboard (15)"), a header with its card on
// the same line ("Hero: Aria"), comments ("//", "#") and blank lines. The deck's name and notes
// travel as comments ("// name: …", "// notes: …") so an exported list reads back unchanged.

import type { DeckSectionDef } from '../format';
import { MAX_ENTRY_COUNT, sectionForHeader, type ListEntry, type NamedDeck, type ParsedDeckList } from './list';

const COUNTED = /^(\d+)x?\s+(\S.*)$/i;
const COMMENT = /^(?:\/\/|#)\s?(.*)$/;
const META = /^(name|notes):\s?(.*)$/i;
/** "Deck:", "Sideboard (15)", "Hero: Aria". */
const HEADER = /^([^:()]+?)\s*(?:\(\d+\))?\s*(?::\s*(.*))?$/;

export function parseTextList(text: string, sections: readonly DeckSectionDef[]): ParsedDeckList {
  const result: ParsedDeckList = { entries: [], problems: [] };
  const notes: string[] = [];
  let section: string | undefined;
  text.split(/\r\n|\n|\r/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') return;
    const comment = COMMENT.exec(trimmed);
    if (comment) {
      const meta = META.exec(comment[1]);
      const key = meta?.[1].toLowerCase();
      if (meta && key === 'name' && result.name === undefined) result.name = meta[2].trim();
      else if (meta && key === 'notes') notes.push(meta[2]);
      return;
    }
    const counted = COUNTED.exec(trimmed);
    if (counted) {
      const count = Number(counted[1]);
      if (count < 1 || count > MAX_ENTRY_COUNT) {
        result.problems.push({ line, text: raw, message: `${counted[1]} copies: a count must be 1 to ${MAX_ENTRY_COUNT}` });
        return;
      }
      result.entries.push(entry(section, count, counted[2], line, raw));
      return;
    }
    const header = HEADER.exec(trimmed);
    const named = header ? sectionForHeader(header[1], sections) : undefined;
    if (header && named !== undefined) {
      const inline = header[2]?.trim();
      if (inline) {
        // "Hero: Aria" names the section and its card; a count may lead the card ("Deck: 2 Bolt").
        const inlineCounted = COUNTED.exec(inline);
        const count = inlineCounted ? Number(inlineCounted[1]) : 1;
        result.entries.push(entry(named, count, inlineCounted ? inlineCounted[2] : inline, line, raw));
      } else section = named;
      return;
    }
    if (trimmed.endsWith(':')) {
      const known = sections.map((def) => def.label).join(', ');
      result.problems.push({
        line,
        text: raw,
        message: `"${trimmed.slice(0, -1).trim()}" is not a section of this game (sections: ${known}, Sideboard, Maybeboard); the cards below it go where their type belongs`,
      });
      section = undefined;
      return;
    }
    result.entries.push(entry(section, 1, trimmed, line, raw));
  });
  if (notes.length > 0) result.notes = notes.join('\n');
  return result;
}

function entry(section: string | undefined, count: number, name: string, line: number, text: string): ListEntry {
  return { section, count, name: name.trim(), line, text };
}

/** The deck as a text list: its name and notes as comments, then each section under its label. */
export function formatTextList(deck: NamedDeck): string {
  const lines = [`// name: ${oneLine(deck.name)}`];
  if (deck.notes) for (const note of deck.notes.split(/\r\n|\n|\r/)) lines.push(`// notes: ${note}`);
  for (const section of deck.sections) {
    if (section.cards.length === 0) continue;
    lines.push('', `${section.label}:`);
    for (const card of section.cards)
      lines.push(`${card.count} ${card.name}${card.printing === undefined ? '' : ` (${card.printing})`}`);
  }
  return `${lines.join('\n')}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}
