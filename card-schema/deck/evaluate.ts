// Deck legality: evaluates a system's declarative deck rules against a deck. Pure and linear in
// the deck's size, so the deck builder can run it on every change. Each rule yields at most one
// violation naming every card involved (copy limits: one per card, so each can be fixed alone).

import type { CardDocument, GameSystem, IdentityDimension } from '../system/format';
import type {
  AllowedTypesRule,
  CopyLimitRule,
  Deck,
  DeckEntry,
  DeckReport,
  DeckRule,
  IdentitySubsetRule,
  SectionSizeRule,
  Violation,
} from './format';

export type CardLookup = (cardId: string) => CardDocument | undefined;

interface Context {
  system: GameSystem;
  sections: Record<string, DeckEntry[]>;
  lookup: CardLookup;
  counts: Record<string, number>;
}

/** The id a rule's violations carry: its own `id`, else `<kind>#<index>`. */
export function ruleId(rule: DeckRule, index: number): string {
  return rule.id ?? `${rule.kind}#${index}`;
}

export function evaluateDeck(system: GameSystem, deck: Pick<Deck, 'systemId' | 'sections'>, lookup: CardLookup): DeckReport {
  const sections = deck.sections ?? {};
  const counts: Record<string, number> = {};
  for (const section of system.deck.sections) counts[section.id] = total(sections[section.id]);
  const context: Context = { system, sections, lookup, counts };
  const violations: Violation[] = [];

  if (deck.systemId !== system.id) {
    violations.push({
      code: 'WRONG_SYSTEM',
      rule: 'system',
      cardIds: [],
      message: `This deck belongs to the game "${deck.systemId}", not ${system.name}.`,
    });
  }
  violations.push(...unknownCards(context));
  system.deck.rules.forEach((rule, index) => {
    const id = ruleId(rule, index);
    switch (rule.kind) {
      case 'sectionSize':
        violations.push(...sectionSize(context, rule, id));
        break;
      case 'allowedTypes':
        violations.push(...allowedTypes(context, rule, id));
        break;
      case 'copyLimit':
        violations.push(...copyLimit(context, rule, id));
        break;
      case 'identitySubset':
        violations.push(...identitySubset(context, rule, id));
        break;
    }
  });
  return { legal: violations.length === 0, counts, violations };
}

function total(entries: readonly DeckEntry[] | undefined): number {
  let sum = 0;
  for (const entry of entries ?? []) sum += entry.count;
  return sum;
}

function sectionLabel(system: GameSystem, sectionId: string): string {
  return system.deck.sections.find((s) => s.id === sectionId)?.label ?? sectionId;
}

function cardName(context: Context, cardId: string): string {
  return `"${context.lookup(cardId)?.name ?? cardId}"`;
}

/** "A", "A and B", "A, B and C" — with "and N more" past eight names. */
function listNames(names: string[]): string {
  const shown = names.length > 8 ? [...names.slice(0, 8), `${names.length - 8} more`] : names;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function unknownCards(context: Context): Violation[] {
  const missing: string[] = [];
  for (const entries of Object.values(context.sections)) {
    for (const entry of entries) if (!context.lookup(entry.cardId)) missing.push(entry.cardId);
  }
  if (missing.length === 0) return [];
  return [
    {
      code: 'UNKNOWN_CARD',
      rule: 'cards-exist',
      cardIds: missing,
      message: `${plural(missing.length, 'card')} in this deck no longer exist${missing.length === 1 ? 's' : ''} in the library (${listNames(missing)}).`,
    },
  ];
}

function sectionSize(context: Context, rule: SectionSizeRule, id: string): Violation[] {
  const count = context.counts[rule.section] ?? total(context.sections[rule.section]);
  const label = sectionLabel(context.system, rule.section);
  const needs =
    rule.min !== undefined && rule.min === rule.max
      ? `exactly ${rule.min}`
      : rule.min !== undefined && rule.max !== undefined
        ? `${rule.min} to ${rule.max}`
        : rule.min !== undefined
          ? `at least ${rule.min}`
          : `at most ${rule.max}`;
  // A size problem is the section's, not any one card's: no cards are singled out.
  const base = { rule: id, section: rule.section, cardIds: [] };
  if (rule.min !== undefined && count < rule.min) {
    return [{ ...base, code: 'SECTION_TOO_SMALL', message: `${label} has ${plural(count, 'card')}; it needs ${needs}.` }];
  }
  if (rule.max !== undefined && count > rule.max) {
    return [{ ...base, code: 'SECTION_TOO_LARGE', message: `${label} has ${plural(count, 'card')}; it needs ${needs}.` }];
  }
  return [];
}

function allowedTypes(context: Context, rule: AllowedTypesRule, id: string): Violation[] {
  const allowed = new Set(rule.types);
  const offending = (context.sections[rule.section] ?? []).filter((entry) => {
    const doc = context.lookup(entry.cardId);
    return doc !== undefined && !allowed.has(doc.type);
  });
  if (offending.length === 0) return [];
  const typeLabel = (typeId: string) => context.system.cardTypes.find((t) => t.id === typeId)?.label ?? typeId;
  const described = offending.map((e) => `${cardName(context, e.cardId)} (${typeLabel(context.lookup(e.cardId)!.type)})`);
  return [
    {
      code: 'TYPE_NOT_ALLOWED',
      rule: id,
      section: rule.section,
      cardIds: offending.map((e) => e.cardId),
      message: `${sectionLabel(context.system, rule.section)} may only hold ${listNames(rule.types.map(typeLabel))}: ${listNames(described)} cannot be there.`,
    },
  ];
}

function copyLimit(context: Context, rule: CopyLimitRule, id: string): Violation[] {
  const sectionIds = rule.sections ?? Object.keys(context.sections);
  const copies = new Map<string, number>();
  for (const sectionId of sectionIds) {
    for (const entry of context.sections[sectionId] ?? []) copies.set(entry.cardId, (copies.get(entry.cardId) ?? 0) + entry.count);
  }
  const violations: Violation[] = [];
  for (const [cardId, count] of copies) {
    if (count > rule.max) {
      violations.push({
        code: 'TOO_MANY_COPIES',
        rule: id,
        cardIds: [cardId],
        message: `${cardName(context, cardId)} has ${count} copies; at most ${rule.max} are allowed.`,
      });
    }
  }
  return violations;
}

function identitySubset(context: Context, rule: IdentitySubsetRule, id: string): Violation[] {
  const dimension = context.system.identity;
  if (!dimension) return [];
  const leaderEntry = (context.sections[rule.leaderSection] ?? [])[0];
  const leader = leaderEntry ? context.lookup(leaderEntry.cardId) : undefined;
  if (!leader) {
    const label = sectionLabel(context.system, rule.leaderSection);
    return [
      {
        code: 'MISSING_LEADER',
        rule: id,
        section: rule.leaderSection,
        cardIds: [],
        message: `Choose a ${label}: it sets the deck's ${dimension.label.toLowerCase()} identity.`,
      },
    ];
  }
  const neutral = new Set(dimension.values.filter((v) => v.neutral).map((v) => v.id));
  const allowed = new Set(identityOf(leader, dimension));
  const offending: { cardId: string; outside: string[] }[] = [];
  for (const sectionId of rule.sections) {
    for (const entry of context.sections[sectionId] ?? []) {
      const doc = context.lookup(entry.cardId);
      if (!doc) continue;
      const outside = identityOf(doc, dimension).filter((value) => !neutral.has(value) && !allowed.has(value));
      if (outside.length > 0) offending.push({ cardId: entry.cardId, outside });
    }
  }
  if (offending.length === 0) return [];
  const label = (valueId: string) => dimension.values.find((v) => v.id === valueId)?.label.toLowerCase() ?? valueId;
  const leaderIdentity = [...allowed].filter((v) => !neutral.has(v)).map(label);
  const described = offending.map((o) => `${cardName(context, o.cardId)} (${o.outside.map(label).join('/')})`);
  const verb = offending.length === 1 ? 'is' : 'are';
  return [
    {
      code: 'IDENTITY_MISMATCH',
      rule: id,
      section: rule.sections.length === 1 ? rule.sections[0] : undefined,
      cardIds: offending.map((o) => o.cardId),
      message: `${listNames(described)} ${verb} outside ${leader.name}'s ${dimension.label.toLowerCase()} identity (${leaderIdentity.join('/') || 'neutral only'}).`,
    },
  ];
}

/** The identity values a card declares (an array field, or a single string). */
export function identityOf(doc: CardDocument, dimension: IdentityDimension): string[] {
  const value = doc[dimension.field];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}
