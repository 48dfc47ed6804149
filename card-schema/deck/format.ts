// Deck format and declarative deck rules. A deck is split into sections defined by the
// game system (OSMCG: "hero" and "main"); rules constrain sections and are evaluated by
// `evaluateDeck`. Each violation carries a stable code so tests and UI can rely on it.

export interface DeckFormat {
  sections: DeckSectionDef[];
  rules: DeckRule[];
}

export interface DeckSectionDef {
  id: string;
  label: string;
  /** Card types a player may put here (the deck builder offers only these). */
  types: string[];
  /** The leader section holds the card that defines the deck's identity (OSMCG's Hero). */
  leader?: boolean;
}

export type DeckRule =
  | SectionSizeRule
  | AllowedTypesRule
  | CopyLimitRule
  | IdentitySubsetRule;

interface RuleBase {
  /** Optional stable id for the rule within its system (defaults to `kind` + index). */
  id?: string;
  /** Player-facing description of the rule, shown beside its violations. */
  description?: string;
}

export interface SectionSizeRule extends RuleBase {
  kind: 'sectionSize';
  section: string;
  min?: number;
  max?: number;
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
}

export interface IdentitySubsetRule extends RuleBase {
  kind: 'identitySubset';
  /** Section whose (single) card defines the identity. */
  leaderSection: string;
  /** Sections whose cards must stay within that identity. */
  sections: string[];
}

export interface DeckEntry {
  cardId: string;
  count: number;
}

export interface Deck {
  id: string;
  systemId: string;
  name: string;
  notes?: string;
  sections: Record<string, DeckEntry[]>;
  updatedAt?: string;
}

export type ViolationCode =
  | 'SECTION_TOO_SMALL'
  | 'SECTION_TOO_LARGE'
  | 'TYPE_NOT_ALLOWED'
  | 'TOO_MANY_COPIES'
  | 'IDENTITY_MISMATCH'
  | 'MISSING_LEADER'
  | 'UNKNOWN_CARD'
  | 'WRONG_SYSTEM';

export interface Violation {
  code: ViolationCode;
  /** Id of the rule that produced it (see RuleBase.id). */
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
  violations: Violation[];
}
