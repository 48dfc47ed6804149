// Checks of a board setup that its JSON Schema cannot express: values read from the leader
// card need a leader and a field that exists, turn-1 values name real resources, and cards are
// dealt only into zones that can hold them. The game-system loader reports each by its path.

import type { BoardSetup, ValueSource } from './format';

export interface BoardProblem {
  /** JSON pointer into system.json. */
  path: string;
  reason: string;
}

/** Every problem of `board`; `fields` are the card fields the game's card types declare. */
export function boardProblems(board: BoardSetup, fields: ReadonlySet<string>): BoardProblem[] {
  const problems: BoardProblem[] = [];
  const value = (source: ValueSource | undefined, path: string) => {
    if (source === undefined || typeof source === 'number') return;
    if (!board.leaderSection) {
      problems.push({
        path: `${path}/leaderField`,
        reason: `reads the leader's "${source.leaderField}", but the board names no leaderSection to read it from`,
      });
    } else if (!fields.has(source.leaderField)) {
      problems.push({ path: `${path}/leaderField`, reason: `no card type has a field "${source.leaderField}"` });
    }
  };
  value(board.openingHand, '/board/openingHand');
  value(board.drawUpTo, '/board/drawUpTo');
  board.resources.forEach((resource, i) => {
    value(resource.start, `/board/resources/${i}/start`);
    value(resource.regen, `/board/resources/${i}/regen`);
    value(resource.max, `/board/resources/${i}/max`);
  });
  board.zones.forEach((zone, i) => {
    if (!zone.deal) return;
    if (zone.kind === 'deck' || zone.kind === 'hand') {
      problems.push({
        path: `/board/zones/${i}/deal`,
        reason: `cards are dealt from the deck into another zone; "${zone.id}" is the ${zone.kind} itself`,
      });
    }
    value(zone.deal.count, `/board/zones/${i}/deal/count`);
  });
  const resourceIds = board.resources.map((resource) => resource.id);
  for (const [id, source] of Object.entries(board.firstTurn?.resources ?? {})) {
    const path = `/board/firstTurn/resources/${id}`;
    if (!resourceIds.includes(id)) {
      problems.push({ path, reason: `no resource "${id}" (resources: ${resourceIds.join(', ') || 'none'})` });
    }
    value(source, path);
  }
  board.modes?.forEach((mode, i) => {
    value(mode.setup?.openingHand, `/board/modes/${i}/setup/openingHand`);
    mode.setup?.resources?.forEach((resource, j) => {
      const at = `/board/modes/${i}/setup/resources/${j}`;
      value(resource.start, `${at}/start`);
      value(resource.regen, `${at}/regen`);
      value(resource.max, `${at}/max`);
    });
  });
  return problems;
}
