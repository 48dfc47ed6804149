// Solo-board setup as data: zones, opening hand, mulligan, resources and turn phases.
// The playtest engine reads only this, so any game system gets a working board.

export type ZoneKind = 'deck' | 'hand' | 'board' | 'discard' | 'exile' | 'other';

export interface ZoneDef {
  id: string;
  label: string;
  kind: ZoneKind;
}

/** A number fixed in the setup, or read from a field of the leader card. */
export type ValueSource = number | { leaderField: string };

export interface ResourceDef {
  id: string;
  label: string;
  start: ValueSource;
  /** Added at upkeep. */
  regen?: ValueSource;
  /** Cap applied whenever the resource changes. */
  max?: ValueSource;
  min?: number;
}

export interface BoardSetup {
  zones: ZoneDef[];
  /** Section of the deck shuffled into the deck zone. */
  deckSection: string;
  /** Section whose card starts on the board (OSMCG's Hero); optional. */
  leaderSection?: string;
  openingHand: number;
  mulligan: 'london' | 'none';
  drawPerTurn: number;
  /** What happens when drawing from an empty deck. */
  emptyDeck: 'reshuffle-discard' | 'cannot-draw';
  resources: ResourceDef[];
  phases: string[];
}
