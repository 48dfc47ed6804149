// What a search's plans are picked by, read from the library: each set's game, name and the rowids
// its cards span (FTS walks of one game are bounded to them: a small game among 100,000 cards of
// another reads its own few rowids), each game's card types (type:value is matched
// case-insensitively against them) and each game's cost field (cost comparisons read
// card_pool.cost_key). Read again whenever the database changed, inside the search's read
// transaction, so it covers every card the search can see.

import type { SqliteDatabase } from './sqlite';

export interface SetShape {
  id: string;
  systemId: string;
  name: string;
  /** The rowids its cards span; lo > hi when it has none. */
  lo: number;
  hi: number;
}

/** The rowids lo..hi a game's cards span (lo > hi when none); see SearchShape.seqRange. */
export interface SeqRange {
  lo: number;
  hi: number;
  /** No other card lies in lo..hi. */
  exclusive: boolean;
  /** The rowids other sets' cards span outside lo..hi: at most that many cards lie outside. */
  outside: number;
}

export class SearchShape {
  private readonly version;
  private readonly readSets;
  private readonly readTypes;
  private readonly readCostPaths;
  private key = '';
  sets = new Map<string, SetShape>();
  private types = new Map<string, string[]>();
  private costFields = new Map<string, string>();

  constructor(db: SqliteDatabase) {
    // data_version moves when another connection commits, total_changes() when this one writes.
    this.version = db
      .prepare<[], string>("SELECT (SELECT data_version FROM pragma_data_version) || '.' || total_changes()")
      .pluck();
    // Each set's first and last rowid: two seeks per set (never a scan of the library).
    this.readSets = db.prepare<[], SetShape>(
      `SELECT id, system_id AS systemId, name,
         ifnull((SELECT min(seq) FROM card_pool INDEXED BY card_pool_by_set_seq WHERE set_id = s.id), ${Number.MAX_SAFE_INTEGER}) AS lo,
         ifnull((SELECT max(seq) FROM card_pool INDEXED BY card_pool_by_set_seq WHERE set_id = s.id), 0) AS hi
       FROM sets s`,
    );
    // Each game's distinct types, one seek per type in card_pool_by_type (a skip scan).
    this.readTypes = db.prepare<[], { systemId: string; type: string }>(
      `WITH RECURSIVE games(systemId) AS (SELECT DISTINCT system_id FROM sets),
       types(systemId, type) AS (
         SELECT systemId, (SELECT min(type) FROM card_pool WHERE system_id = games.systemId) FROM games
         UNION ALL
         SELECT systemId, (SELECT min(type) FROM card_pool WHERE system_id = types.systemId AND type > types.type)
         FROM types WHERE type IS NOT NULL)
       SELECT systemId, type FROM types WHERE type IS NOT NULL`,
    );
    this.readCostPaths = db.prepare<[], { systemId: string; costPath: string }>(
      'SELECT system_id AS systemId, cost_path AS costPath FROM pool_games WHERE cost_path IS NOT NULL',
    );
  }

  /**
   * The library's version; read first in a search's transaction, it names that transaction's
   * snapshot (reading data_version begins the read, as any read of the database does).
   */
  currentVersion(): string {
    return this.version.get() ?? '';
  }

  /** Inside the search's transaction. */
  update(version: string): void {
    if (version === this.key) return;
    this.sets = new Map(this.readSets.all().map((set) => [set.id, set]));
    this.types = new Map();
    for (const { systemId, type } of this.readTypes.all()) {
      const list = this.types.get(systemId) ?? [];
      list.push(type);
      this.types.set(systemId, list);
    }
    this.costFields = new Map(
      this.readCostPaths.all().flatMap(({ systemId, costPath }) => {
        const field = topLevelField(costPath);
        return field === null ? [] : [[systemId, field] as const];
      }),
    );
    this.key = version;
  }

  /**
   * The rowids the game's cards (in these sets, when given) span: lo > hi when none. `exclusive`:
   * no other card lies in that span, so every FTS match in it is one of these cards (a count or
   * a probe need not look each one up in card_pool).
   */
  seqRange(systemId: string, setIds?: readonly string[]): SeqRange {
    let lo = Number.MAX_SAFE_INTEGER;
    let hi = 0;
    const inScope = (set: SetShape) => set.systemId === systemId && (!setIds || setIds.includes(set.id));
    for (const set of this.sets.values()) {
      if (!inScope(set)) continue;
      lo = Math.min(lo, set.lo);
      hi = Math.max(hi, set.hi);
    }
    let exclusive = true;
    let outside = 0;
    for (const set of this.sets.values()) {
      if (inScope(set) || set.lo > set.hi) continue;
      if (set.lo <= hi && set.hi >= lo) exclusive = false;
      const inside = Math.max(0, Math.min(set.hi, hi) - Math.max(set.lo, lo) + 1);
      outside += set.hi - set.lo + 1 - inside;
    }
    return { lo, hi, exclusive, outside };
  }

  /** The game's sets in set order (name under NOCASE, then id). */
  gameSets(systemId: string, compare: (a: SetShape, b: SetShape) => number): SetShape[] {
    return [...this.sets.values()].filter((set) => set.systemId === systemId).sort(compare);
  }

  typesOf(systemId: string): readonly string[] {
    return this.types.get(systemId) ?? [];
  }

  /** deck.builder.costField of the game, as card_pool.cost_key holds it. */
  costFieldOf(systemId: string): string | undefined {
    return this.costFields.get(systemId);
  }
}

/** The field of a pool path written by fieldPath ('$."cost"'); null for any other shape. */
function topLevelField(path: string): string | null {
  if (!path.startsWith('$.')) return null;
  try {
    const field: unknown = JSON.parse(path.slice(2));
    return typeof field === 'string' ? field : null;
  } catch {
    return null;
  }
}
