// How the Games view words a game's rules: pure functions of the system, so they are unit-tested
// without a browser.

import { describeMulligan } from '../../../card-schema/playtest/describe-board';
import type { BoardSetup, ValueSource } from '../../../card-schema/playtest/format';
import type { GameSystem, GlossaryEntry } from '../../../card-schema/system/format';

/** Glossary entries whose term or text holds the filter (any case), grouped by category in order of first appearance. */
export function groupGlossary(entries: GlossaryEntry[], filter: string): [category: string, entries: GlossaryEntry[]][] {
  const needle = filter.trim().toLowerCase();
  const shown = needle ? entries.filter((e) => `${e.term} ${e.text}`.toLowerCase().includes(needle)) : entries;
  const groups = new Map<string, GlossaryEntry[]>();
  for (const entry of shown) groups.set(entry.category, [...(groups.get(entry.category) ?? []), entry]);
  return [...groups.entries()];
}

/** A deck section's label, or its id when the system does not name it. */
export function sectionLabel(system: GameSystem, id: string): string {
  return system.deck.sections.find((s) => s.id === id)?.label ?? id;
}

/** "3", or "the Hero's Starting Mana" for a value read from the leader card. */
export function valueText(system: GameSystem, value: ValueSource | undefined): string {
  if (value === undefined) return '—';
  if (typeof value === 'number') return String(value);
  const leader = system.deck.sections.find((s) => s.id === system.board.leaderSection);
  const leaderType = system.cardTypes.find((t) => leader?.types.includes(t.id));
  const title = leaderType?.schema.properties?.[value.leaderField]?.title ?? value.leaderField;
  return `the ${leader?.label ?? 'leader'}'s ${title}`;
}

/** "7 cards, London mulligan (…)", "5 cards, no mulligan; must hold a Basic Miscrit", "the Hero's Hand size, …". */
export function openingHandText(board: BoardSetup, system?: GameSystem): string {
  const size = board.openingHand;
  const cards =
    typeof size === 'number'
      ? `${size} ${size === 1 ? 'card' : 'cards'}`
      : `as many cards as ${system ? valueText(system, size) : `the leader's ${size.leaderField}`}`;
  const hand = `${cards}, ${describeMulligan(board)}`;
  return board.openingHandMustInclude ? `${hand}; must hold ${board.openingHandMustInclude.label}` : hand;
}

/** "1 per turn from Main deck (none on the first player's turn 1)", or "up to 3 in hand at each new turn, from Main deck". */
export function drawText(system: GameSystem): string {
  const { board } = system;
  const from = sectionLabel(system, board.deckSection);
  const draws =
    board.drawUpTo !== undefined
      ? `up to ${valueText(system, board.drawUpTo)} in hand at each new turn, from ${from}`
      : `${board.drawPerTurn} per turn from ${from}`;
  return board.firstTurn?.skipDraw ? `${draws} (none on the first player's turn 1)` : draws;
}

/** "Deck, Hand, Life (dealt the Leader's Life face down)": every zone, with what it is dealt at setup. */
export function zonesText(system: GameSystem): string {
  return system.board.zones
    .map((zone) =>
      zone.deal
        ? `${zone.label} (dealt ${valueText(system, zone.deal.count)}${zone.deal.faceDown ? ' face down' : ''})`
        : zone.label,
    )
    .join(', ');
}

/** "Mana 2": the resources the first player's turn 1 starts with instead; undefined when none. */
export function firstTurnResourcesText(system: GameSystem): string | undefined {
  const entries = Object.entries(system.board.firstTurn?.resources ?? {});
  if (entries.length === 0) return undefined;
  return entries
    .map(([id, value]) => `${system.board.resources.find((r) => r.id === id)?.label ?? id} ${valueText(system, value)}`)
    .join(', ');
}

/** "Upkeep (automated: 6 steps) → Draw (automated: 1 step) → Main 1": the phases, saying which do bookkeeping. */
export function phasesText(system: GameSystem): string {
  return system.board.phases
    .map((phase) => {
      if (typeof phase === 'string') return phase;
      const steps = (phase.steps?.length ?? 0) + (phase.atEnd?.length ?? 0);
      return steps === 0 ? phase.label : `${phase.label} (automated: ${steps} step${steps === 1 ? '' : 's'})`;
    })
    .join(' → ');
}

/** What removing a game takes with it, for the confirmation. */
export function removeGameMessage(name: string, sets: number, cards: number, decks: number): string {
  return `${name} will be uninstalled together with its ${sets} card ${sets === 1 ? 'set' : 'sets'} (${cards} cards) and ${decks} ${decks === 1 ? 'deck' : 'decks'}. It all goes to the Trash, where you can restore it for 30 days.`;
}
