// The studio's edits of system.json's glossary (docs/game-systems.md, "Reference"): entries
// grouped by category, each edit returning the files after it or one sentence naming the field
// that refuses the change. The glossary is removed once empty, and `reference` with it.

import { isObject, type GameFileMap, type Json } from './game-files';
import { listOf, rawList, changeItem, removeItem, text, withList, type ReferenceEditResult } from './reference-shared';

export interface GlossaryEntryForm {
  term: string;
  category: string;
  text: string;
}

export function glossaryOf(files: GameFileMap): GlossaryEntryForm[] {
  return listOf(files, 'glossary').map((entry) => ({
    term: text(entry.term),
    category: text(entry.category),
    text: text(entry.text),
  }));
}

/** The glossary's categories in the order their first entries come. */
export function glossaryCategories(entries: readonly GlossaryEntryForm[]): string[] {
  return [...new Set(entries.map((entry) => entry.category))];
}

export interface GlossaryGroup {
  category: string;
  /** Entries with their index in the glossary (what the edits take). */
  entries: { index: number; entry: GlossaryEntryForm }[];
}

/**
 * The glossary grouped by category (categories in the order of their first entry), keeping the
 * entries whose term, category or text contains `filter` (any case); empty groups are left out.
 */
export function groupGlossary(entries: readonly GlossaryEntryForm[], filter = ''): GlossaryGroup[] {
  const needle = filter.trim().toLowerCase();
  const groups = new Map<string, GlossaryGroup>();
  entries.forEach((entry, index) => {
    const hit =
      needle === '' ||
      entry.term.toLowerCase().includes(needle) ||
      entry.category.toLowerCase().includes(needle) ||
      entry.text.toLowerCase().includes(needle);
    if (!hit) return;
    const group = groups.get(entry.category) ?? { category: entry.category, entries: [] };
    group.entries.push({ index, entry });
    groups.set(entry.category, group);
  });
  return [...groups.values()];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Why the entry cannot be written beside `others` (the rest of the glossary), or undefined. */
export function glossaryEntryProblem(entry: GlossaryEntryForm, others: readonly GlossaryEntryForm[]): string | undefined {
  const term = entry.term.trim();
  const category = entry.category.trim();
  if (term === '') return 'A glossary entry needs a term';
  if (category === '') return `The term "${term}" needs a category ("Keyword", "Status")`;
  if (others.some((other) => same(other.term, term) && same(other.category, category)))
    return `The term "${term}" is already in the category "${category}"`;
  return undefined;
}

const glossaryJson = (entry: GlossaryEntryForm): Json => ({
  term: entry.term.trim(),
  category: entry.category.trim(),
  text: entry.text.trim(),
});

/** The category as the glossary spells it when it has one by that name in another case ("keyword" → "Keyword"). */
function spelled(entries: readonly GlossaryEntryForm[], category: string): string {
  return entries.find((entry) => same(entry.category, category))?.category ?? category.trim();
}

/** Adds an entry at the end of its category (at the glossary's end when the category is new). */
export function addGlossaryEntry(files: GameFileMap, entry: GlossaryEntryForm): ReferenceEditResult {
  const entries = glossaryOf(files);
  const problem = glossaryEntryProblem(entry, entries);
  if (problem) return { problem };
  const category = spelled(entries, entry.category);
  const last = entries.findLastIndex((other) => other.category === category);
  const list = [...rawList(files, 'glossary')];
  list.splice(last >= 0 ? last + 1 : list.length, 0, glossaryJson({ ...entry, category }));
  return { files: withList(files, 'glossary', list as Json[]) };
}

export function setGlossaryEntry(files: GameFileMap, index: number, patch: Partial<GlossaryEntryForm>): ReferenceEditResult {
  const entries = glossaryOf(files);
  const current = entries[index];
  if (!current) return { problem: `There is no glossary entry ${index + 1}` };
  const others = entries.filter((_, at) => at !== index);
  const next = { ...current, ...patch };
  if (patch.category !== undefined) next.category = spelled(others, patch.category);
  const problem = glossaryEntryProblem(next, others);
  if (problem) return { problem };
  return changeItem(files, 'glossary', index, 'glossary entry', () => glossaryJson(next));
}

export function removeGlossaryEntry(files: GameFileMap, index: number): ReferenceEditResult {
  return removeItem(files, 'glossary', index, 'glossary entry');
}

/** Moves an entry before the previous (or after the next) entry of its category. */
export function moveGlossaryEntry(files: GameFileMap, index: number, delta: -1 | 1): ReferenceEditResult {
  const entries = glossaryOf(files);
  const entry = entries[index];
  if (!entry) return { problem: `There is no glossary entry ${index + 1}` };
  let to = index + delta;
  while (to >= 0 && to < entries.length && entries[to].category !== entry.category) to += delta;
  if (to < 0 || to >= entries.length)
    return { problem: `"${entry.term}" is already ${delta < 0 ? 'first' : 'last'} in "${entry.category}"` };
  const list = [...rawList(files, 'glossary')];
  [list[index], list[to]] = [list[to], list[index]];
  return { files: withList(files, 'glossary', list as Json[]) };
}

/** Renames a category on all of its entries (merging into another when the name is taken, unless a term is in both). */
export function renameGlossaryCategory(files: GameFileMap, from: string, to: string): ReferenceEditResult {
  if (to.trim() === '') return { problem: `The category "${from}" needs a name` };
  const entries = glossaryOf(files);
  const name = spelled(
    entries.filter((entry) => entry.category !== from),
    to,
  );
  if (!entries.some((entry) => entry.category === from)) return { problem: `The glossary has no category "${from}"` };
  const moving = entries.filter((entry) => entry.category === from);
  const staying = entries.filter((entry) => entry.category !== from);
  const clash = moving.find((entry) => staying.some((other) => same(other.term, entry.term) && same(other.category, name)));
  if (clash) return { problem: `The term "${clash.term}" is already in the category "${name}"` };
  const list = rawList(files, 'glossary').map((item) =>
    isObject(item) && item.category === from ? { ...item, category: name } : item,
  );
  return { files: withList(files, 'glossary', list as Json[]) };
}
