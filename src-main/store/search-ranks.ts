// Each card's place in one sort's order over its game (a ranking), read once per library version
// and kept by the searcher of a connection. A sorted text search whose FTS matches are its whole
// result (search-game.ts) marks its matches' places and reads the page's cards in that order:
// no look-up of each match in card_pool and no sort of them (what listing cost), no walk of the
// sort's index against the matches (what a bitmap walk cost). A ranking is the sort's index
// walked once: ~12 ms per 100,000 cards, paid by the first sorted text search after a change.

import type { Params } from './search-plan';
import type { SearchShape } from './search-shape';
import type { WalkedSort } from './search-matches';
import { compareSets, INDEX_ORDERS } from './search-sorts';

export interface Ranking {
  /** The game's card rowids in the sort's order (ascending; a descending read starts at the end). */
  seqs: Int32Array;
  /** The lowest rowid of the game's span: ranks[seq - lo] is that card's place. */
  lo: number;
  /** Each rowid's place in seqs, -1 for a rowid that is not one of the game's cards. */
  ranks: Int32Array;
}

/** Rankings kept at once: a reader's few recent sorts (each ~8 bytes per card of its game). */
const KEPT = 4;

type ReadSeqs = (sql: string, params: Params) => number[];

export class Rankings {
  private version = '';
  private readonly kept = new Map<string, Ranking>();

  constructor(private readonly readSeqs: ReadSeqs) {}

  /** Inside the search's read transaction: a change to the library drops every ranking. */
  update(version: string): void {
    if (version === this.version) return;
    this.kept.clear();
    this.version = version;
  }

  of(shape: SearchShape, systemId: string, sort: WalkedSort): Ranking {
    const name = `${sort}\u0000${systemId}`;
    let ranking = this.kept.get(name);
    if (ranking) {
      this.kept.delete(name);
    } else {
      ranking = readRanking(this.readSeqs, shape, systemId, sort);
      if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value!);
    }
    this.kept.set(name, ranking);
    return ranking;
  }
}

/** Walks the sort's index over the game (by set: each set's walk, in set order, as the segments read them). */
function readRanking(readSeqs: ReadSeqs, shape: SearchShape, systemId: string, sort: WalkedSort): Ranking {
  const order = INDEX_ORDERS[sort];
  const where = sort === 'set' ? 'p.system_id = @systemId AND p.set_id = @setId' : 'p.system_id = @systemId';
  const sql = `SELECT p.seq FROM card_pool p INDEXED BY ${order.index} WHERE ${where} ORDER BY ${[...order.columns, 'p.seq'].join(', ')}`;
  const seqs = Int32Array.from(
    sort === 'set'
      ? shape.gameSets(systemId, compareSets).flatMap((set) => readSeqs(sql, { systemId, setId: set.id }))
      : readSeqs(sql, { systemId }),
  );
  const { lo, hi } = shape.seqRange(systemId);
  const ranks = new Int32Array(Math.max(0, hi - lo + 1)).fill(-1);
  seqs.forEach((seq, rank) => (ranks[seq - lo] = rank));
  return { seqs, lo, ranks };
}

/** A byte per place of the ranking, 1 where one of these rowids stands. */
export function rankMarks(seqs: readonly number[], ranking: Ranking): Uint8Array {
  const marks = new Uint8Array(ranking.seqs.length);
  const { lo, ranks } = ranking;
  for (const seq of seqs) {
    const rank = seq >= lo && seq - lo < ranks.length ? ranks[seq - lo] : -1;
    if (rank >= 0) marks[rank] = 1;
  }
  return marks;
}
