// What changed between two versions of a deck (a snapshot and another, or the deck as it is):
// per section and side board, the cards added, removed, and whose count changed, plus the name,
// notes and format. Pure, so the snapshot dialog and tests share it.

import type { Deck, DeckBoards, DeckEntry } from './format';
import { SIDE_BOARDS } from './format';

export interface DeckVersion {
  name: string;
  notes?: string;
  format?: string;
  sections: Record<string, DeckEntry[]>;
  boards?: DeckBoards;
}

/** What a version holds of a deck; empty notes and boards are left out, so they compare equal to none. */
export function deckVersion(deck: Pick<Deck, 'name' | 'notes' | 'format' | 'sections' | 'boards'>): DeckVersion {
  const version: DeckVersion = { name: deck.name, sections: deck.sections };
  if (deck.notes !== undefined && deck.notes !== '') version.notes = deck.notes;
  if (deck.format !== undefined) version.format = deck.format;
  if (deck.boards !== undefined && Object.keys(deck.boards).length > 0) version.boards = deck.boards;
  return version;
}

export interface CardChange {
  cardId: string;
  /** The card's name (as `nameOf` gives it). */
  name: string;
  before: number;
  after: number;
}

export interface PartDiff {
  /** A section id, or "sideboard" / "maybeboard" for side boards (see `board`). */
  id: string;
  board: boolean;
  added: CardChange[];
  removed: CardChange[];
  changed: CardChange[];
}

export interface DeckDiff {
  /** "Name", "Notes", "Format" when they differ. */
  fields: { field: 'name' | 'notes' | 'format'; before: string; after: string }[];
  /** Only the sections and boards that changed, sections in `sectionOrder` first. */
  parts: PartDiff[];
  /** True when nothing at all differs. */
  same: boolean;
}

function counts(entries: readonly DeckEntry[] | undefined): Map<string, DeckEntry> {
  const byId = new Map<string, DeckEntry>();
  for (const entry of entries ?? []) {
    const had = byId.get(entry.cardId);
    byId.set(entry.cardId, had ? { ...had, count: had.count + entry.count } : entry);
  }
  return byId;
}

function diffPart(
  id: string,
  board: boolean,
  before: readonly DeckEntry[] | undefined,
  after: readonly DeckEntry[] | undefined,
  nameOf: (entry: DeckEntry) => string,
): PartDiff | undefined {
  const was = counts(before);
  const now = counts(after);
  const part: PartDiff = { id, board, added: [], removed: [], changed: [] };
  for (const [cardId, entry] of now) {
    const old = was.get(cardId)?.count ?? 0;
    const change = { cardId, name: nameOf(entry), before: old, after: entry.count };
    if (old === 0) part.added.push(change);
    else if (old !== entry.count) part.changed.push(change);
  }
  for (const [cardId, entry] of was)
    if (!now.has(cardId)) part.removed.push({ cardId, name: nameOf(entry), before: entry.count, after: 0 });
  const byName = (a: CardChange, b: CardChange) => a.name.localeCompare(b.name);
  part.added.sort(byName);
  part.removed.sort(byName);
  part.changed.sort(byName);
  return part.added.length + part.removed.length + part.changed.length > 0 ? part : undefined;
}

/**
 * The changes from `before` to `after`. `sectionOrder` lists the game's section ids (other ids a
 * version holds follow); `nameOf` names an entry's card (its library name, or the stored one).
 */
export function diffDecks(
  before: DeckVersion,
  after: DeckVersion,
  sectionOrder: readonly string[],
  nameOf: (entry: DeckEntry) => string,
): DeckDiff {
  const fields: DeckDiff['fields'] = [];
  if (before.name !== after.name) fields.push({ field: 'name', before: before.name, after: after.name });
  if ((before.notes ?? '') !== (after.notes ?? ''))
    fields.push({ field: 'notes', before: before.notes ?? '', after: after.notes ?? '' });
  if ((before.format ?? '') !== (after.format ?? ''))
    fields.push({ field: 'format', before: before.format ?? '', after: after.format ?? '' });

  const ids = [...sectionOrder];
  for (const id of [...Object.keys(before.sections), ...Object.keys(after.sections)]) if (!ids.includes(id)) ids.push(id);
  const parts: PartDiff[] = [];
  for (const id of ids) {
    const part = diffPart(
      id,
      false,
      Object.hasOwn(before.sections, id) ? before.sections[id] : undefined,
      Object.hasOwn(after.sections, id) ? after.sections[id] : undefined,
      nameOf,
    );
    if (part) parts.push(part);
  }
  for (const id of SIDE_BOARDS) {
    const part = diffPart(id, true, before.boards?.[id], after.boards?.[id], nameOf);
    if (part) parts.push(part);
  }
  return { fields, parts, same: fields.length === 0 && parts.length === 0 };
}
