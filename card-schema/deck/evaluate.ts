// Deck legality: evaluates a system's declarative deck rules against a deck. Pure and linear in
// the deck's size, so the deck builder can run it on every change. Each rule yields at most one
// violation naming every card involved (copy limits and complete sets: one per card, so each can
// be fixed alone).
// Rules scoped to play formats apply only when the deck is in one of them.

import type { CardDocument, GameSystem, IdentityDimension } from '../system/format';
import { cardMatches, fieldValue } from './card-match';
import { own } from '../own-keys';
import { enumText } from '../system/enum-labels';
import { fieldLabel } from './field-label';
import { cardPasses, judgeCard, prepareChecks, type CheckOutcome } from './identity-checks';
import type {
  AllowedTypesRule,
  CardMatch,
  CardsMatchRule,
  CompleteSetRule,
  CopyLimitRule,
  Deck,
  DeckEntry,
  DeckReport,
  DeckRule,
  IdentityRule,
  IdentitySubsetRule,
  PlayFormat,
  PrerequisiteRule,
  QuotaRule,
  RequiresRule,
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

/** The play format a deck is judged in: its own, else the system's first; undefined if none. */
export function deckFormatOf(system: GameSystem, deck: Pick<Deck, 'format'>): PlayFormat | undefined {
  const formats = system.deck.formats ?? [];
  return deck.format === undefined ? formats[0] : formats.find((format) => format.id === deck.format);
}

export function evaluateDeck(
  system: GameSystem,
  deck: Pick<Deck, 'systemId' | 'sections' | 'format'>,
  lookup: CardLookup,
): DeckReport {
  const sections = deck.sections ?? {};
  // Section ids may be named like Object.prototype members ("constructor"): read them with
  // `own`, and build counts with fromEntries so every id, even "__proto__", is an own key.
  const counts: Record<string, number> = Object.fromEntries(
    system.deck.sections.map((section) => [section.id, total(own(sections, section.id))]),
  );
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
  const format = deckFormatOf(system, deck);
  if (deck.format !== undefined && !format) violations.push(unknownFormat(system, deck.format));
  if (format) violations.push(...formatLists(context, format));
  system.deck.rules.forEach((rule, index) => {
    if (rule.formats && !(format && rule.formats.includes(format.id))) return;
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
      case 'identity':
        violations.push(...identity(context, rule, id));
        break;
      case 'quota':
        violations.push(...quota(context, rule, id));
        break;
      case 'requires':
        violations.push(...requires(context, rule, id));
        break;
      case 'cardsMatch':
        violations.push(...cardsMatch(context, rule, id));
        break;
      case 'prerequisite':
        violations.push(...prerequisite(context, rule, id));
        break;
      case 'completeSet':
        violations.push(...completeSet(context, rule, id));
        break;
    }
  });
  const report: DeckReport = { legal: violations.length === 0, counts, violations: oneLeaderRequest(violations) };
  if (format) report.format = format.id;
  return report;
}

/** Every identity rule asks for the leader it reads; one "Choose a Hero" per leader section is enough. */
function oneLeaderRequest(violations: Violation[]): Violation[] {
  const asked = new Set<string | undefined>();
  return violations.filter((violation) => {
    if (violation.code !== 'MISSING_LEADER') return true;
    if (asked.has(violation.section)) return false;
    asked.add(violation.section);
    return true;
  });
}

/** Every entry of the given sections (all of the system's sections when absent), with its card. */
function entriesOf(
  context: Context,
  sectionIds: readonly string[] | undefined,
): { entry: DeckEntry; doc: CardDocument | undefined }[] {
  const ids = sectionIds ?? context.system.deck.sections.map((section) => section.id);
  const result: { entry: DeckEntry; doc: CardDocument | undefined }[] = [];
  for (const sectionId of ids)
    for (const entry of own(context.sections, sectionId) ?? []) result.push({ entry, doc: context.lookup(entry.cardId) });
  return result;
}

/** "Deck has" for one section, "The deck has" for several. */
function whereLabel(context: Context, sectionIds: readonly string[] | undefined): string {
  return sectionIds?.length === 1 ? sectionLabel(context.system, sectionIds[0]) : 'The deck';
}

function singleSection(sectionIds: readonly string[] | undefined): { section?: string } {
  return sectionIds?.length === 1 ? { section: sectionIds[0] } : {};
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

/**
 * "A", "A and B", "A, B and C" — with "and N more" past eight names. A name given once per
 * printing (three alternate arts of "A") is listed once: '"A" (3 printings)'.
 */
function listNames(given: string[]): string {
  const names = oncePerName(given);
  const shown = names.length > 8 ? [...names.slice(0, 8), `${names.length - 8} more`] : names;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** Each text once, in first-seen order, with how many times it came when more than once. */
function oncePerName(names: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => (count === 1 ? name : `${name} (${count} printings)`));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function unknownCards(context: Context): Violation[] {
  const missing: string[] = [];
  const names: string[] = [];
  for (const entries of Object.values(context.sections)) {
    for (const entry of entries) {
      if (context.lookup(entry.cardId) || missing.includes(entry.cardId)) continue;
      missing.push(entry.cardId);
      // A deck stores each card's name when saved: name the deleted card, not its id.
      names.push(entry.name ? `"${entry.name}"` : entry.cardId);
    }
  }
  if (missing.length === 0) return [];
  return [
    {
      code: 'UNKNOWN_CARD',
      rule: 'cards-exist',
      cardIds: missing,
      message: `${plural(missing.length, 'card')} in this deck no longer exist${missing.length === 1 ? 's' : ''} in the library (${listNames(names)}).`,
    },
  ];
}

function sectionSize(context: Context, rule: SectionSizeRule, id: string): Violation[] {
  const count = own(context.counts, rule.section) ?? total(own(context.sections, rule.section));
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
  if (rule.sizes) return allowedSizes(rule.sizes, count, label, base);
  if (rule.min !== undefined && count < rule.min) {
    return [{ ...base, code: 'SECTION_TOO_SMALL', message: `${label} has ${plural(count, 'card')}; it needs ${needs}.` }];
  }
  if (rule.max !== undefined && count > rule.max) {
    // A section the rule keeps empty "needs at most 0" reads as a riddle: say it must be empty.
    const message =
      rule.max === 0
        ? `${label} must be empty here; it has ${plural(count, 'card')}.`
        : `${label} has ${plural(count, 'card')}; it needs ${needs}.`;
    return [{ ...base, code: 'SECTION_TOO_LARGE', message }];
  }
  return [];
}

/** "The resource deck has 0 or exactly 10 cards": the count must be one of the listed sizes. */
function allowedSizes(
  sizes: readonly number[],
  count: number,
  label: string,
  base: { rule: string; section: string; cardIds: string[] },
): Violation[] {
  if (sizes.includes(count)) return [];
  const sorted = [...new Set(sizes)].sort((a, b) => a - b);
  const needs =
    sorted.length === 1 ? `exactly ${sorted[0]}` : `${sorted.slice(0, -1).join(', ')} or ${sorted[sorted.length - 1]}`;
  const code =
    count < sorted[0] ? 'SECTION_TOO_SMALL' : count > sorted[sorted.length - 1] ? 'SECTION_TOO_LARGE' : 'SECTION_WRONG_SIZE';
  return [{ ...base, code, message: `${label} has ${plural(count, 'card')}; it needs ${needs}.` }];
}

function allowedTypes(context: Context, rule: AllowedTypesRule, id: string): Violation[] {
  const allowed = new Set(rule.types);
  const offending = (own(context.sections, rule.section) ?? []).filter((entry, index, entries) => {
    const doc = context.lookup(entry.cardId);
    const first = entries.findIndex((e) => e.cardId === entry.cardId) === index;
    return first && doc !== undefined && !allowed.has(doc.type);
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
  // Group copies by what makes cards "the same": their name (reprints together) or their id.
  const groups = new Map<string, { count: number; cardIds: string[]; docs: (CardDocument | undefined)[] }>();
  for (const { entry, doc } of entriesOf(context, rule.sections)) {
    const key = copyKey(rule, entry.cardId, doc);
    const group = groups.get(key) ?? { count: 0, cardIds: [], docs: [] };
    group.count += entry.count;
    if (!group.cardIds.includes(entry.cardId)) {
      group.cardIds.push(entry.cardId);
      group.docs.push(doc);
    }
    groups.set(key, group);
  }
  const violations: Violation[] = [];
  for (const group of groups.values()) {
    // Prints of one name may carry different limits: the strictest applies, whatever the order.
    const max = Math.min(...group.docs.map((doc) => copyLimitFor(rule, doc)));
    if (group.count > max) {
      const doc = group.docs.find((d) => d !== undefined);
      const message =
        rule.by && doc
          ? `${distinctNames(context, group.cardIds)}: ${copiesOf(group.count)} of ${keyLabel(context, rule.by, doc)}; at most ${max} ${max === 1 ? 'is' : 'are'} allowed.`
          : `${cardName(context, group.cardIds[0])} has ${copiesOf(group.count)}; at most ${max} ${max === 1 ? 'is' : 'are'} allowed.`;
      violations.push({ code: 'TOO_MANY_COPIES', rule: id, cardIds: group.cardIds, message });
    }
  }
  return violations;
}

/**
 * What makes cards "the same" for a copy limit: the values of its `by` fields together (a card
 * lacking one still has a key: the absent value), else its name or id. A card gone from the
 * library is only itself.
 */
function copyKey(rule: CopyLimitRule, cardId: string, doc: CardDocument | undefined): string {
  if (!doc) return `id:${cardId}`;
  if (rule.by) return JSON.stringify(rule.by.map((field) => (field === 'id' ? cardId : (fieldValue(doc, field) ?? null))));
  return rule.countBy === 'id' ? `id:${cardId}` : `name:${doc.name}`;
}

/** "collector number 112", "name Iron Courier and variant foil": the key in words. */
function keyLabel(context: Context, by: readonly string[], doc: CardDocument): string {
  const parts = by.map((field) => {
    const value = field === 'id' ? undefined : fieldValue(doc, field);
    const shown = Array.isArray(value) ? value.join('/') : value === undefined || value === null ? 'none' : String(value);
    return `${fieldLabel(context.system, field)} ${field === 'id' ? '' : shown}`.trim();
  });
  return listNames(parts);
}

/** The cards' names, each once however many printings share it: '"Iron Courier" (2 printings) and "Iron Carrier"'. */
function distinctNames(context: Context, cardIds: readonly string[]): string {
  return listNames([...new Set(cardIds)].map((cardId) => cardName(context, cardId)));
}

/** A card's own limit field wins, then the first matching override, then the rule's max. */
export function copyLimitFor(rule: CopyLimitRule, doc: CardDocument | undefined): number {
  if (!doc) return rule.max;
  if (rule.limitField !== undefined) {
    const own = fieldValue(doc, rule.limitField);
    if (typeof own === 'number') return own;
  }
  return rule.overrides?.find((override) => cardMatches(doc, override.match))?.max ?? rule.max;
}

function unknownFormat(system: GameSystem, formatId: string): Violation {
  const formats = (system.deck.formats ?? []).map((format) => `"${format.label}"`);
  return {
    code: 'UNKNOWN_FORMAT',
    rule: 'format',
    cardIds: [],
    message: `This deck is set to the format "${formatId}", which ${system.name} does not have (${formats.length ? `formats: ${formats.join(', ')}` : 'it has no formats'}).`,
  };
}

/**
 * The format's ban list and restricted list over the whole deck. Entries are card names
 * (counted by name) or card matches (format v3: the matching cards counted together).
 */
function formatLists(context: Context, format: PlayFormat): Violation[] {
  if (!format.banned?.length && !format.restricted?.length) return [];
  const bannedNames = new Set<string>();
  const bannedMatches: CardMatch[] = [];
  for (const item of format.banned ?? []) {
    if (typeof item === 'string') bannedNames.add(item);
    else bannedMatches.push(item);
  }
  const bannedIds: string[] = [];
  const restricted = format.restricted ?? [];
  const held = restricted.map(() => ({ count: 0, cardIds: [] as string[] }));
  for (const { entry, doc } of entriesOf(context, undefined)) {
    if (!doc) continue;
    const isBanned = bannedNames.has(doc.name) || bannedMatches.some((match) => cardMatches(doc, match));
    if (isBanned && !bannedIds.includes(entry.cardId)) bannedIds.push(entry.cardId);
    restricted.forEach((limit, i) => {
      if (!('match' in limit ? cardMatches(doc, limit.match) : doc.name === limit.name)) return;
      held[i].count += entry.count;
      if (!held[i].cardIds.includes(entry.cardId)) held[i].cardIds.push(entry.cardId);
    });
  }
  const rule = `format:${format.id}`;
  const violations: Violation[] = [];
  if (bannedIds.length > 0) {
    const names = bannedIds.map((cardId) => cardName(context, cardId));
    violations.push({
      code: 'BANNED_CARD',
      rule,
      cardIds: bannedIds,
      message: `${listNames(names)} ${new Set(names).size === 1 ? 'is' : 'are'} banned in ${format.label}.`,
    });
  }
  restricted.forEach((limit, i) => {
    const { count, cardIds } = held[i];
    if (count <= limit.max) return;
    const who = 'match' in limit ? distinctNames(context, cardIds) : `"${limit.name}"`;
    violations.push({
      code: 'RESTRICTED_CARD',
      rule,
      cardIds,
      message: `${who} ${'match' in limit && cardIds.length > 1 ? 'have' : 'has'} ${copiesOf(count)}; ${format.label} allows at most ${limit.max}.`,
    });
  });
  return violations;
}

function copiesOf(n: number): string {
  return `${n} ${n === 1 ? 'copy' : 'copies'}`;
}

function quota(context: Context, rule: QuotaRule, id: string): Violation[] {
  let count = 0;
  const cardIds: string[] = [];
  for (const { entry, doc } of entriesOf(context, rule.sections)) {
    if (doc && cardMatches(doc, rule.match)) {
      count += entry.count;
      if (!cardIds.includes(entry.cardId)) cardIds.push(entry.cardId);
    }
  }
  const base = { rule: id, ...singleSection(rule.sections) };
  const has = `${whereLabel(context, rule.sections)} has ${count} ${rule.label}`;
  if (rule.min !== undefined && count < rule.min) {
    return [{ ...base, code: 'QUOTA_TOO_FEW', cardIds: [], message: `${has}; it needs at least ${rule.min}.` }];
  }
  if (rule.max !== undefined && count > rule.max) {
    return [{ ...base, code: 'QUOTA_TOO_MANY', cardIds, message: `${has}; it may have at most ${rule.max}.` }];
  }
  return [];
}

function requires(context: Context, rule: RequiresRule, id: string): Violation[] {
  const min = rule.min ?? 1;
  let count = 0;
  for (const { entry, doc } of entriesOf(context, rule.sections)) if (doc && cardMatches(doc, rule.match)) count += entry.count;
  if (count >= min) return [];
  const needs = min === 1 ? rule.label : `at least ${min} × ${rule.label}`;
  return [
    {
      code: 'REQUIRED_MISSING',
      rule: id,
      ...singleSection(rule.sections),
      cardIds: [],
      message: `${whereLabel(context, rule.sections)} needs ${needs}; it has ${count === 0 ? 'none' : count}.`,
    },
  ];
}

function cardsMatch(context: Context, rule: CardsMatchRule, id: string): Violation[] {
  const offending: string[] = [];
  for (const { entry, doc } of entriesOf(context, rule.sections)) {
    if (doc && !cardMatches(doc, rule.match) && !offending.includes(entry.cardId)) offending.push(entry.cardId);
  }
  if (offending.length === 0) return [];
  const names = offending.map((cardId) => cardName(context, cardId));
  return [
    {
      code: 'CARD_NOT_ALLOWED',
      rule: id,
      ...singleSection(rule.sections),
      cardIds: offending,
      message: `${whereLabel(context, rule.sections)} may only hold ${rule.label}: ${listNames(names)} cannot be there.`,
    },
  ];
}

/**
 * Counts the sections' copies per value of the rule's field against the listed set: each card
 * the deck holds too often (or that is not in the set) is its own violation naming only that
 * card; every card short is named in one "missing" violation, which highlights nothing since
 * the missing cards are not in the deck.
 */
function completeSet(context: Context, rule: CompleteSetRule, id: string): Violation[] {
  const field = rule.field ?? 'name';
  const expected = new Map<string, number>();
  for (const value of rule.cards) expected.set(value, (expected.get(value) ?? 0) + 1);
  const held = new Map<string, { count: number; cardIds: string[] }>();
  for (const { entry, doc } of entriesOf(context, rule.sections)) {
    if (!doc) continue;
    const raw = fieldValue(doc, field);
    const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
    const group = held.get(value) ?? { count: 0, cardIds: [] };
    group.count += entry.count;
    if (!group.cardIds.includes(entry.cardId)) group.cardIds.push(entry.cardId);
    held.set(value, group);
  }
  const base = { rule: id, ...singleSection(rule.sections) };
  const where = whereLabel(context, rule.sections);
  const violations: Violation[] = [];
  for (const [value, group] of held) {
    const wanted = expected.get(value) ?? 0;
    if (group.count <= wanted) continue;
    const shown = value === '' ? cardName(context, group.cardIds[0]) : `"${value}"`;
    const message =
      wanted === 0
        ? `${shown} is not part of ${rule.label}.`
        : `${shown} has ${copiesOf(group.count)}; ${rule.label} has ${wanted === 1 ? 'one' : wanted}.`;
    violations.push({ ...base, code: 'SET_CARD_EXTRA', cardIds: group.cardIds, message });
  }
  const missing: string[] = [];
  for (const [value, wanted] of expected) {
    const short = wanted - (held.get(value)?.count ?? 0);
    if (short > 0) missing.push(short === 1 ? `"${value}"` : `${short} × "${value}"`);
  }
  if (missing.length > 0) {
    violations.push({
      ...base,
      code: 'SET_CARD_MISSING',
      cardIds: [],
      message: `${where} is missing ${listNames(missing)} to be ${rule.label}.`,
    });
  }
  return violations;
}

/** The names a card's prerequisite field lists (a string, or an array of alternatives). */
export function prerequisitesOf(doc: CardDocument, field: string): string[] {
  const value = fieldValue(doc, field);
  if (typeof value === 'string') return value === '' ? [] : [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}

function prerequisite(context: Context, rule: PrerequisiteRule, id: string): Violation[] {
  const entries = entriesOf(context, rule.sections);
  const targetField = rule.targetField ?? 'name';
  const present = new Set<unknown>();
  for (const { doc } of entries) if (doc) present.add(fieldValue(doc, targetField));
  const offending: { cardId: string; needs: string[] }[] = [];
  for (const { entry, doc } of entries) {
    if (!doc || offending.some((o) => o.cardId === entry.cardId)) continue;
    const needs = prerequisitesOf(doc, rule.field);
    if (needs.length > 0 && !needs.some((name) => present.has(name))) offending.push({ cardId: entry.cardId, needs });
  }
  if (offending.length === 0) return [];
  const described = offending.map((o) => `${cardName(context, o.cardId)} needs ${o.needs.map((n) => `"${n}"`).join(' or ')}`);
  return [
    {
      code: 'MISSING_PREREQUISITE',
      rule: id,
      ...singleSection(rule.sections),
      cardIds: offending.map((o) => o.cardId),
      message: `${listNames(described)} in the deck.`,
    },
  ];
}

function identitySubset(context: Context, rule: IdentitySubsetRule, id: string): Violation[] {
  const dimension = context.system.identity;
  if (!dimension) return [];
  const leaderEntry = (own(context.sections, rule.leaderSection) ?? [])[0];
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
    for (const entry of own(context.sections, sectionId) ?? []) {
      const doc = context.lookup(entry.cardId);
      if (!doc) continue;
      const outside = identityOf(doc, dimension).filter((value) => !neutral.has(value) && !allowed.has(value));
      if (outside.length > 0 && !offending.some((o) => o.cardId === entry.cardId))
        offending.push({ cardId: entry.cardId, outside });
    }
  }
  if (offending.length === 0) return [];
  const label = (valueId: string) => dimension.values.find((v) => v.id === valueId)?.label.toLowerCase() ?? valueId;
  const leaderIdentity = [...allowed].filter((v) => !neutral.has(v)).map(label);
  const described = offending.map((o) => `${cardName(context, o.cardId)} (${o.outside.map(label).join('/')})`);
  const verb = new Set(described).size === 1 ? 'is' : 'are';
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

/**
 * The identity rule of format v3: each card of the sections against the leader, field by field.
 * One violation names every card out of identity with, per card, the values that failed.
 */
function identity(context: Context, rule: IdentityRule, id: string): Violation[] {
  const leaderEntry = (own(context.sections, rule.leaderSection) ?? [])[0];
  const leader = leaderEntry ? context.lookup(leaderEntry.cardId) : undefined;
  const leaderLabel = sectionLabel(context.system, rule.leaderSection);
  if (!leader) {
    return [
      {
        code: 'MISSING_LEADER',
        rule: id,
        section: rule.leaderSection,
        cardIds: [],
        message: `Choose a ${leaderLabel}: the other cards must fit it.`,
      },
    ];
  }
  const prepared = prepareChecks(context.system, rule, leader);
  const offending: { cardId: string; outcomes: CheckOutcome[] }[] = [];
  const seen = new Set<string>();
  for (const sectionId of rule.sections) {
    for (const entry of own(context.sections, sectionId) ?? []) {
      const doc = context.lookup(entry.cardId);
      if (!doc || seen.has(entry.cardId)) continue;
      seen.add(entry.cardId);
      const outcomes = judgeCard(prepared, doc);
      if (!cardPasses(rule, outcomes)) offending.push({ cardId: entry.cardId, outcomes });
    }
  }
  if (offending.length === 0) return [];
  // A name printed several times is described once: its printings fail for the same reasons.
  const described = new Map<string, string>();
  for (const o of offending) {
    const name = cardName(context, o.cardId);
    if (described.has(name)) continue;
    const reasons = o.outcomes.filter((outcome) => !outcome.holds).map((outcome) => checkReason(context, leader, outcome));
    described.set(name, `${name} (${reasons.join('; ')})`);
  }
  const ids = offending.map((o) => o.cardId);
  return [
    {
      code: 'IDENTITY_MISMATCH',
      rule: id,
      section: rule.sections.length === 1 ? rule.sections[0] : undefined,
      cardIds: ids,
      message: `${listNames([...described.values()])} ${described.size === 1 ? 'does' : 'do'} not fit ${leader.name}, the ${leaderLabel}.`,
    },
  ];
}

/** "color Blue/Green has none of Kira's color (Red)", "talent Ice is not within Kira's talent (Fire)". */
function checkReason(context: Context, leader: CardDocument, outcome: CheckOutcome): string {
  const { check, leaderValues } = outcome.prepared;
  const dimension = context.system.identity?.field === check.field ? context.system.identity : undefined;
  const label = check.label ?? dimension?.label.toLowerCase() ?? fieldLabel(context.system, check.field);
  // Values read by the game's labels: the identity's own, or enumLabels of the field.
  const labelIn = (field: string) => (v: string) => enumText(context.system, field, v);
  const mine = outcome.values.map(labelIn(check.field)).join('/');
  const theirs = [...leaderValues].map(labelIn(check.leaderField ?? check.field)).join('/') || 'none';
  const leaderLabel =
    check.leaderField && check.leaderField !== check.field ? fieldLabel(context.system, check.leaderField) : label;
  const leaderSide = `${leader.name}'s ${leaderLabel} (${theirs})`;
  return check.mode === 'intersects'
    ? `${label} ${mine} has none of ${leaderSide}`
    : `${label} ${mine} is not within ${leaderSide}`;
}

/** The identity values a card declares (an array field, or a single string). */
export function identityOf(doc: CardDocument, dimension: IdentityDimension): string[] {
  const value = own(doc, dimension.field);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}
