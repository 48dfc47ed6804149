// How a card becomes its row in `card_pool` (migration 5), as SQL shared by the triggers, the
// migration's fill and the refill when a game's fields change (deck-pool.ts). The game's cost and
// identity fields are read through `pool_games` (JSON paths) and `pool_identity_bits` (a bit per
// identity value), so the SQL never names a game's fields.

/** The sort key of cards without a cost: after every real cost. */
export const NO_COST_KEY = 1e300;

/** identity_key = number of identity values × 2^40 + the mask: fewer values first, then by value order. */
export const IDENTITY_COUNT_WEIGHT = 2 ** 40;

/** Identity values past this many get no bit (the mask is a 40-bit integer beside the count). */
export const MAX_IDENTITY_BITS = 40;

/**
 * The columns of card_pool for card `a` (alias of cards, or `new` in a trigger), joined to `s`
 * (sets) and `g` (pool_games). `bitsJoin` is how a card's identity values meet their bits: the
 * triggers keep the plain JOIN they were created with; fills use CROSS JOIN, which makes SQLite
 * walk the card's values and look each bit up, instead of re-reading the card's JSON for every
 * bit of its game (half the time of a 100,000-card fill).
 */
function poolRowColumnList(a: string, bitsJoin: 'JOIN' | 'CROSS JOIN' = 'JOIN'): string[] {
  const bits = `FROM json_each(${a}.doc, g.identity_path) j ${bitsJoin} pool_identity_bits b ON b.system_id = s.system_id AND b.value = j.value`;
  return [
    `${a}.seq`,
    's.system_id',
    `${a}.set_id`,
    `ifnull(${a}.type, '')`,
    `ifnull(${a}.name, '')`,
    `CASE WHEN json_type(${a}.doc, g.cost_path) IN ('integer', 'real') THEN json_extract(${a}.doc, g.cost_path) ELSE ${NO_COST_KEY} END`,
    `ifnull((SELECT sum(DISTINCT 1 << b.bit) ${bits}), 0)`,
    `ifnull((SELECT count(DISTINCT b.bit) * ${IDENTITY_COUNT_WEIGHT} + sum(DISTINCT 1 << b.bit) ${bits}), 0)`,
  ];
}

/** The INSERT a trigger runs for the card `new`. */
export function poolRowInsertForNew(): string {
  return `INSERT INTO card_pool SELECT ${poolRowColumnList('new').join(', ')} FROM sets s LEFT JOIN pool_games g ON g.system_id = s.system_id WHERE s.id = new.set_id`;
}

/**
 * The INSERT of every card matching `where` (over `c` cards, `s` sets), for fills and refills.
 * The identity is read from each card once: the mask is the key's low 40 bits (key = count × 2^40
 * + mask), taken from a materialized row so SQLite does not evaluate the key's subquery twice.
 */
export function poolRowsInsert(where = '1'): string {
  const columns = poolRowColumnList('c', 'CROSS JOIN');
  columns.splice(6, 1); // the mask, taken from the key below
  const rows = `SELECT ${columns.join(', ')} FROM cards c JOIN sets s ON s.id = c.set_id LEFT JOIN pool_games g ON g.system_id = s.system_id WHERE ${where}`;
  return (
    `WITH pool_rows (seq, system_id, set_id, type, name, cost_key, identity_key) AS MATERIALIZED (${rows}) ` +
    `INSERT OR REPLACE INTO card_pool SELECT seq, system_id, set_id, type, name, cost_key, identity_key % ${IDENTITY_COUNT_WEIGHT}, identity_key FROM pool_rows`
  );
}

/** A JSON path to a top-level field, quoted so any field name is one key. */
export function fieldPath(field: string): string {
  return `$.${JSON.stringify(field)}`;
}
