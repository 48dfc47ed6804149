// Card names as players type them: exact, then ignoring case, accents and punctuation
// ("fire-bolt" = "Fire Bolt", "Æther" = "aether"), and for anything else the closest names by
// edit distance, offered as "did you mean" and never taken without the user choosing.

export interface NamedCard {
  id: string;
  name: string;
  type: string;
  setId: string;
  setName: string;
}

/** Lowercase letters and digits of a name, accents removed, words separated by one space. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/æ/gi, 'ae')
    .replace(/œ/gi, 'oe')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Optimal-string-alignment distance (Levenshtein plus swapping two neighbours, the commonest
 * typo), giving up as soon as it must exceed `max` (then returns max + 1).
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  let beforePrevious = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return previous[b.length];
}

export interface NameSuggestion {
  name: string;
  /** 0–1: 1 is the same normalized name. */
  similarity: number;
}

/** The library's cards by name, for one game. */
export class NameIndex {
  private readonly exact = new Map<string, NamedCard[]>();
  private readonly normalized = new Map<string, NamedCard[]>();

  constructor(cards: Iterable<NamedCard>) {
    for (const card of cards) {
      push(this.exact, card.name, card);
      push(this.normalized, normalizeName(card.name), card);
    }
    // Printings in a fixed order, so the same list always picks the same one: set name, then id.
    for (const list of this.exact.values()) list.sort(byPrinting);
    for (const list of this.normalized.values()) list.sort(byPrinting);
  }

  get size(): number {
    return this.exact.size;
  }

  /** Every printing with this name, exactly or else normalized; empty when none. */
  lookup(name: string): NamedCard[] {
    return this.exact.get(name) ?? this.normalized.get(normalizeName(name)) ?? [];
  }

  /** The `limit` closest distinct names (ties by name), at least somewhat alike. */
  suggest(name: string, limit = 3): NameSuggestion[] {
    const query = normalizeName(name);
    if (query === '') return [];
    const best: { key: string; distance: number }[] = [];
    // A name that needs more edits than 40% of its letters is no suggestion, however close it ranks.
    let max = Math.max(2, Math.ceil(query.length * 0.4));
    for (const key of this.normalized.keys()) {
      const distance = Math.min(editDistance(query, key, max), prefixDistance(query, key));
      if (distance > max) continue;
      best.push({ key, distance });
      best.sort((x, y) => x.distance - y.distance || (x.key < y.key ? -1 : 1));
      if (best.length > limit) {
        best.pop();
        max = best[best.length - 1].distance;
      }
    }
    return best.map(({ key, distance }) => ({
      name: this.normalized.get(key)![0].name,
      similarity: Math.max(0, 1 - distance / Math.max(query.length, key.length)),
    }));
  }
}

/** A list that typed only the start of a long name ("Fire" for "Fire Bolt") is close to it. */
function prefixDistance(query: string, key: string): number {
  return query.length >= 4 && key.startsWith(query) ? Math.ceil((key.length - query.length) / 3) : Infinity;
}

function push(map: Map<string, NamedCard[]>, key: string, card: NamedCard): void {
  const list = map.get(key);
  if (list) list.push(card);
  else map.set(key, [card]);
}

function byPrinting(a: NamedCard, b: NamedCard): number {
  return a.setName < b.setName ? -1 : a.setName > b.setName ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
