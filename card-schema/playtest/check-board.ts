// Checks of a board setup that its JSON Schema cannot express: values read from the leader
// card need a leader and a field that exists, turn-1 values name real resources, and cards are
// dealt only into zones that can hold them. The game-system loader reports each by its path.

import type { BoardSetup, PhaseStep, ValueSource } from './format';
import { phaseId } from './phase-list';

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
  checkTurns(board, fields, problems);
  return problems;
}

/** Phases, their steps, buying, tallies and goals name zones, counters, resources and fields that exist. */
function checkTurns(board: BoardSetup, fields: ReadonlySet<string>, problems: BoardProblem[]): void {
  const zones = board.zones.map((zone) => zone.id);
  const counters = (board.counters ?? []).map((counter) => counter.id);
  // A mode may bring its own resources (OSMCG's duel: Victory Points); steps may name them.
  const resources = [
    ...new Set([...board.resources, ...(board.modes ?? []).flatMap((mode) => mode.setup?.resources ?? [])].map((r) => r.id)),
  ];
  const need = (id: string | undefined, known: string[], what: string, path: string) => {
    if (id !== undefined && !known.includes(id)) {
      problems.push({ path, reason: `no ${what} "${id}" (${what}s: ${known.join(', ') || 'none'})` });
    }
  };
  const seen = new Set<string>();
  board.phases.forEach((phase, i) => {
    const id = phaseId(phase);
    if (seen.has(id)) problems.push({ path: `/board/phases/${i}`, reason: `the phase "${id}" is listed twice` });
    seen.add(id);
    if (typeof phase === 'string') return;
    const checkStep = (step: PhaseStep, path: string) => {
      if ('untap' in step) need(step.zone, zones, 'zone', `${path}/zone`);
      else if ('counter' in step) {
        need(step.counter, counters, 'counter', `${path}/counter`);
        need(step.zone, zones, 'zone', `${path}/zone`);
        Object.keys(step.addPer ?? {}).forEach((other) => need(other, counters, 'counter', `${path}/addPer/${other}`));
      } else if ('resource' in step) {
        need(step.resource, resources, 'resource', `${path}/resource`);
        if ('count' in step) need(step.count, zones, 'zone', `${path}/count`);
      }
    };
    phase.steps?.forEach((step, j) => checkStep(step, `/board/phases/${i}/steps/${j}`));
    phase.atEnd?.forEach((step, j) => checkStep(step, `/board/phases/${i}/atEnd/${j}`));
  });
  if (board.buy) {
    need(board.buy.from, zones, 'zone', '/board/buy/from');
    need(board.buy.to, zones, 'zone', '/board/buy/to');
    need(board.buy.resource, resources, 'resource', '/board/buy/resource');
    if (!fields.has(board.buy.costField)) {
      problems.push({ path: '/board/buy/costField', reason: `no card type has a field "${board.buy.costField}"` });
    }
  }
  board.tallies?.forEach((tally, i) => {
    need(tally.zone, zones, 'zone', `/board/tallies/${i}/zone`);
    if (tally.sum !== undefined && !fields.has(tally.sum)) {
      problems.push({ path: `/board/tallies/${i}/sum`, reason: `no card type has a field "${tally.sum}"` });
    }
    if (typeof tally.against === 'object')
      need(tally.against.resource, resources, 'resource', `/board/tallies/${i}/against/resource`);
  });
  board.goals?.forEach((goal, i) => {
    if ((goal.zone === undefined) === (goal.resource === undefined)) {
      problems.push({
        path: `/board/goals/${i}`,
        reason: 'a goal counts either the cards of a "zone" or a "resource"; give one',
      });
    }
    if (goal.atLeast === undefined && goal.atMost === undefined) {
      problems.push({ path: `/board/goals/${i}`, reason: 'a goal needs "atLeast" or "atMost"' });
    }
    need(goal.zone, zones, 'zone', `/board/goals/${i}/zone`);
    need(goal.resource, resources, 'resource', `/board/goals/${i}/resource`);
  });
}
