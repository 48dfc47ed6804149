// Deck format and declarative deck rules. A deck is split into sections defined by the game
// system (OSMCG: "hero", "main", and the extra "missions"/"objectives" decks); rules constrain
// sections and are evaluated by `evaluateDeck`. Each violation carries a stable code so tests
// and UI can rely on it. Everything here is data a designer writes in system.json.

export interface DeckFormat {
  sections: DeckSectionDef[];
  rules: DeckRule[];
  /**
   * Play formats with their own ban and restricted lists (and rules scoped to them). A deck
   * names its format; a deck that names none plays the first one listed.
   */
  formats?: PlayFormat[];
  /** Decks the app can build from the library in one click (OMMS packs, starter decks). */
  generators?: DeckGenerator[];
  /** A draft that fills a section by picking from passed piles (muhq's store). */
  draft?: DraftSetup;
  /** What the deck builder shows and charts (cost curve, the pool's stat columns). */
  builder?: DeckBuilderHints;
}

/** The deck builder's view of a game's cards: every field named here is a card field. */
export interface DeckBuilderHints {
  /** The numeric field a deck's curve is drawn over and the pool sorts by "cost" (OSMCG: "cost"). */
  costField?: string;
  /** Numeric fields the pool shows beside each card, in this order (OSMCG: atk, hp, spd, ap). */
  stats?: string[];
  /** A field that tells apart cards sharing a name, shown beside their set and number. */
  distinguishBy?: string;
}

/**
 * Pick-and-pass draft: the eligible cards are shuffled into piles of `pileSize`; each round
 * every player takes a pile, picks one card and passes the pile on until the piles are empty;
 * rounds go on while there is a pile for every player and someone has fewer than `maxPicks`.
 */
export interface DraftSetup {
  /** Deck section the drafted cards go to. */
  section: string;
  pileSize: number;
  maxPicks: number;
  players: { min: number; max: number };
  /** Cards that may be drafted (muhq: only cards with a buy cost). */
  eligible: CardMatch;
}

export interface DeckSectionDef {
  id: string;
  label: string;
  /** Card types a player may put here (the deck builder offers only these). */
  types: string[];
  /** The leader section holds the card that defines the deck's identity (OSMCG's Hero). */
  leader?: boolean;
  /** An extra deck kept apart from the draw pile (OSMCG's Mission and Objective decks). */
  extra?: boolean;
  description?: string;
}

/** Which cards a rule talks about. Every condition given must hold. */
export interface CardMatch {
  /** Card type ids. */
  types?: string[];
  /** Exact card names. */
  names?: string[];
  /** Field conditions on the card document. */
  where?: FieldCondition[];
}

export interface FieldCondition {
  field: string;
  /** Equal to this value (an array field: contains it). */
  equals?: string | number | boolean;
  /** One of these values (an array field: contains one of them). */
  in?: (string | number | boolean)[];
  /** The field is present and not empty (true) or absent/empty (false). */
  exists?: boolean;
}

export type DeckRule =
  | SectionSizeRule
  | AllowedTypesRule
  | CopyLimitRule
  | IdentitySubsetRule
  | IdentityRule
  | QuotaRule
  | RequiresRule
  | CardsMatchRule
  | PrerequisiteRule
  | CompleteSetRule;

export type DeckRuleKind = DeckRule['kind'];

interface RuleBase {
  /** Optional stable id for the rule within its system (defaults to `kind` + index). */
  id?: string;
  /** Player-facing description of the rule, shown beside its violations. */
  description?: string;
  /** Play formats the rule applies in; every format when absent. */
  formats?: string[];
}

export interface SectionSizeRule extends RuleBase {
  kind: 'sectionSize';
  section: string;
  min?: number;
  max?: number;
  /**
   * The only counts the section may hold ("the resource deck has 0 or exactly 10 cards"), instead
   * of a min/max range (the loader refuses both in one rule).
   */
  sizes?: number[];
}

export interface AllowedTypesRule extends RuleBase {
  kind: 'allowedTypes';
  section: string;
  types: string[];
}

export interface CopyLimitRule extends RuleBase {
  kind: 'copyLimit';
  /** Sections counted together; all sections when absent. */
  sections?: string[];
  max: number;
  /** What makes two cards "the same card": its name (reprints count together) or its id. */
  countBy?: 'name' | 'id';
  /**
   * Card fields whose values together make two cards "the same card" (format v3): ["number"]
   * counts alternate arts sharing a collector number together, ["name", "variant"] counts per
   * name and variant. "id" and "name" may be listed. Replaces `countBy` (not both in one rule).
   */
  by?: string[];
  /** Cards with another limit, e.g. "at most 1 of any legendary card". First match wins. */
  overrides?: { match: CardMatch; max: number }[];
  /** A number field of the card that, when present, is that card's own limit ("max 2 per deck"). */
  limitField?: string;
}

export interface IdentitySubsetRule extends RuleBase {
  kind: 'identitySubset';
  /** Section whose (single) card defines the identity. */
  leaderSection: string;
  /** Sections whose cards must stay within that identity. */
  sections: string[];
}

/**
 * Identity by one or more card fields, each compared with the leader's (format v3): a card's
 * colors must be a subset of the leader's, or share at least one; a card naming the heroes it is
 * for must name the leader. A check whose card field is empty (after neutral values) does not
 * apply to that card.
 */
export interface IdentityRule extends RuleBase {
  kind: 'identity';
  /** Section whose first card is the leader. */
  leaderSection: string;
  /** Sections whose cards are checked against the leader. */
  sections: string[];
  /** "all" (default): every check that applies must hold; "any": one that applies is enough. */
  combine?: 'all' | 'any';
  checks: IdentityCheck[];
}

export interface IdentityCheck {
  /** The card field holding the card's values (a text or a list of texts). */
  field: string;
  /** The leader's field it is compared with; `field` when absent ("name" for hero-specific cards). */
  leaderField?: string;
  /** subset: every card value is one of the leader's; intersects: at least one is. */
  mode: 'subset' | 'intersects';
  /** What the field is called in messages ("class"); the identity's label or the field name when absent. */
  label?: string;
  /** Values that never count (besides the game identity's neutral values when `field` is its field). */
  neutral?: string[];
}

/** Between min and max copies of the matching cards (type quotas). */
export interface QuotaRule extends RuleBase {
  kind: 'quota';
  /** Sections counted together; all sections when absent. */
  sections?: string[];
  match: CardMatch;
  /** What the matching cards are called in messages, plural: "Spells", "basic Miscrits". */
  label: string;
  min?: number;
  max?: number;
}

/** At least `min` (default 1) copies of matching cards must be present. */
export interface RequiresRule extends RuleBase {
  kind: 'requires';
  sections?: string[];
  match: CardMatch;
  /** What is required, for messages: "a basic Miscrit". */
  label: string;
  min?: number;
}

/** Every card in the sections must match (muhq's store: only cards with a buy cost). */
export interface CardsMatchRule extends RuleBase {
  kind: 'cardsMatch';
  sections?: string[];
  match: CardMatch;
  /** What the cards must be, for messages: "cards with a buy cost". */
  label: string;
}

/**
 * Links that must exist in the deck: a card whose `field` names other cards (Miscrits'
 * `evolvesFrom`) needs one of them in the deck. Names are matched against `targetField`.
 */
export interface PrerequisiteRule extends RuleBase {
  kind: 'prerequisite';
  sections?: string[];
  field: string;
  /** Field of the required card that must equal the named value; "name" when absent. */
  targetField?: string;
}

/**
 * The sections hold exactly a listed set of cards, each as often as it is listed (OMMS: a
 * standard pack, one of each of 54 cards). Cards are told apart by `field` ("name" when
 * absent), so a violation names the exact card missing or doubled, not a whole category.
 */
export interface CompleteSetRule extends RuleBase {
  kind: 'completeSet';
  sections?: string[];
  /** The card field the listed values are matched against; "name" when absent. */
  field?: string;
  /** Every card of the complete set by its field value, repeated once per copy it needs. */
  cards: string[];
  /** What the complete set is called in messages: "a standard pack". */
  label: string;
}

export interface PlayFormat {
  id: string;
  label: string;
  description?: string;
  /** Cards that may not be played in this format: a card name, or any card match (format v3). */
  banned?: (string | CardMatch)[];
  /** Cards limited to fewer copies in this format, by name or by card match (format v3). */
  restricted?: RestrictedCard[];
}

/**
 * At most `max` copies of the named card, or of the cards matching `match` counted together
 * ("at most 1 of collector number 112", whatever its art).
 */
export type RestrictedCard = { name: string; max: number } | { match: CardMatch; max: number };

/** Builds a deck from library cards: every matching card, `copies` times, into a section. */
export interface DeckGenerator {
  id: string;
  label: string;
  description?: string;
  fill: DeckFill[];
}

export interface DeckFill {
  section: string;
  match: CardMatch;
  /** Copies of each matching card: a number, or a number field of the card. */
  copies: number | { field: string };
}

export interface DeckEntry {
  cardId: string;
  count: number;
  /**
   * The card's name when the deck was last saved (the app stores it on every save), so a card
   * deleted from the library is still shown by name; never used to find the card.
   */
  name?: string;
}

/**
 * Builder-only boards every game has without declaring them: cards a player keeps beside the
 * deck. They are kept apart from `sections` (so a game section named "sideboard" cannot clash)
 * and never count for legality, go to the playtest deck or print with the deck.
 */
export const SIDE_BOARDS = ['sideboard', 'maybeboard'] as const;
export type SideBoardId = (typeof SIDE_BOARDS)[number];
export type DeckBoards = Partial<Record<SideBoardId, DeckEntry[]>>;

export interface Deck {
  id: string;
  systemId: string;
  name: string;
  notes?: string;
  /** The sideboard and maybeboard (see SIDE_BOARDS); absent or empty when unused. */
  boards?: DeckBoards;
  /** Play format id (see DeckFormat.formats); the system's first format when absent. */
  format?: string;
  sections: Record<string, DeckEntry[]>;
  updatedAt?: string;
}

export const VIOLATION_CODES = [
  'SECTION_TOO_SMALL',
  'SECTION_TOO_LARGE',
  'SECTION_WRONG_SIZE',
  'TYPE_NOT_ALLOWED',
  'TOO_MANY_COPIES',
  'IDENTITY_MISMATCH',
  'MISSING_LEADER',
  'QUOTA_TOO_FEW',
  'QUOTA_TOO_MANY',
  'REQUIRED_MISSING',
  'CARD_NOT_ALLOWED',
  'MISSING_PREREQUISITE',
  'SET_CARD_MISSING',
  'SET_CARD_EXTRA',
  'BANNED_CARD',
  'RESTRICTED_CARD',
  'UNKNOWN_FORMAT',
  'UNKNOWN_CARD',
  'WRONG_SYSTEM',
] as const;

export type ViolationCode = (typeof VIOLATION_CODES)[number];

export interface Violation {
  code: ViolationCode;
  /** Id of the rule that produced it (see RuleBase.id; "format:<id>" for ban lists). */
  rule: string;
  section?: string;
  /** Card ids involved, so the UI can highlight them. */
  cardIds: string[];
  /** A sentence a player understands, naming the cards. */
  message: string;
}

export interface DeckReport {
  legal: boolean;
  /** Total copies per section, for "30/30" style counters. */
  counts: Record<string, number>;
  /** The play format the deck was judged in, if the system has formats. */
  format?: string;
  violations: Violation[];
}
