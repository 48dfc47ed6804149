// The quick-add box: "3 fire bolt", "fire bolt x2", "2x Fire Bolt" → a count and a name, and the
// candidates the server found ranked by how close their names are to what was typed, so a typo
// ("fier bolt") still finds its card.

export interface QuickAddLine {
  count: number;
  name: string;
}

/** The most copies one quick-add line adds. */
export const QUICK_ADD_MAX = 99;

export function parseQuickAdd(text: string): QuickAddLine | null {
  const line = text.trim().replace(/\s+/g, ' ');
  if (!line) return null;
  const leading = /^(\d{1,3})\s*[x×]?\s+(.+)$/i.exec(line);
  const trailing = /^(.+?)\s+[x×]?\s*(\d{1,3})$/i.exec(line);
  const [count, name] = leading
    ? [Number(leading[1]), leading[2]]
    : trailing && /[x×]\s*\d+$|\s\d+$/i.test(line)
      ? [Number(trailing[2]), trailing[1]]
      : [1, line];
  if (count < 1) return null;
  return { count: Math.min(count, QUICK_ADD_MAX), name: name.trim() };
}

/** Levenshtein distance, two rows at a time. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** How far a name is from what was typed: 0 is the same name; a name it starts is close too. */
export function nameDistance(typed: string, name: string): number {
  const want = normalize(typed);
  const have = normalize(name);
  if (want === have) return 0;
  if (have.startsWith(want)) return 0.5 + (have.length - want.length) / 100;
  return editDistance(want, have) + (have.includes(want) ? 0 : 0.25);
}

/** The candidates, closest name first (ties keep the server's order). */
export function rankByName<T>(typed: string, candidates: readonly T[], nameOf: (item: T) => string): T[] {
  return candidates
    .map((item, index) => ({ item, index, distance: nameDistance(typed, nameOf(item)) }))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * Search texts that find candidates for a name with typos: the name as typed, then each word cut
 * to its first two letters (the library search matches word prefixes).
 */
export function candidateQueries(name: string): string[] {
  const words = normalize(name).split(' ').filter(Boolean);
  const loose = words.map((word) => word.slice(0, 2)).join(' ');
  const first = words[0]?.slice(0, 2) ?? '';
  return [...new Set([name, loose, first].filter(Boolean))];
}
