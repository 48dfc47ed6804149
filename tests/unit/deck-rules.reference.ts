// A deliberately plain reference implementation of the deck rules, written from the
// documentation in card-schema/deck/format.ts (not from the evaluator). Property tests compare
// `evaluateDeck` with it. It recomputes everything per rule with simple loops and shares no code
// with card-schema/deck/evaluate.ts or card-match.ts. Messages are not modelled: only what a
// violation is (code), which rule raised it and which cards it names.

import type { CardMatch, Deck, DeckEntry, DeckRule, PlayFormat } from '../../card-schema/deck/format';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';

export interface RefViolation {
  code: string;
  rule: string;
  /** Distinct card ids, sorted. */
  cardIds: string[];
}

export interface RefReport {
  legal: boolean;
  counts: Record<string, number>;
  format?: string;
  violations: RefViolation[];
}

type Lookup = (cardId: string) => CardDocument | undefined;
type DeckLike = Pick<Deck, 'systemId' | 'sections' | 'format'>;

/** One entry of the deck together with its library card (undefined when the card is gone). */
interface Item {
  cardId: string;
  count: number;
  doc: CardDocument | undefined;
}

function violation(code: string, rule: string, cardIds: string[]): RefViolation {
  const distinct: string[] = [];
  for (const id of cardIds) if (distinct.indexOf(id) < 0) distinct.push(id);
  distinct.sort();
  return { code, rule, cardIds: distinct };
}

/** Reads a field; "a.b" reads the nested object a's field b. */
function read(doc: CardDocument, field: string): unknown {
  const parts = field.split('.');
  let value: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    if (value === null || value === undefined || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[parts[i]];
  }
  return value;
}

function isAbsentOrEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (value === '') return true;
  if (Array.isArray(value) && value.length === 0) return true;
  return false;
}

/** "Equal to this value (an array field: contains it)." */
function fieldHas(value: unknown, wanted: unknown): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (value[i] === wanted) return true;
    return false;
  }
  return value === wanted;
}

/** Every condition given must hold. */
export function refMatches(doc: CardDocument, match: CardMatch): boolean {
  if (match.types !== undefined) {
    let found = false;
    for (const t of match.types) if (t === doc.type) found = true;
    if (!found) return false;
  }
  if (match.names !== undefined) {
    let found = false;
    for (const n of match.names) if (n === doc.name) found = true;
    if (!found) return false;
  }
  for (const condition of match.where ?? []) {
    const value = read(doc, condition.field);
    if (condition.exists === true && isAbsentOrEmpty(value)) return false;
    if (condition.exists === false && !isAbsentOrEmpty(value)) return false;
    if (condition.equals !== undefined && !fieldHas(value, condition.equals)) return false;
    if (condition.in !== undefined) {
      let any = false;
      for (const candidate of condition.in) if (fieldHas(value, candidate)) any = true;
      if (!any) return false;
    }
  }
  return true;
}

/** The system's own sections, in order. */
function systemSectionIds(system: GameSystem): string[] {
  const ids: string[] = [];
  for (const section of system.deck.sections) ids.push(section.id);
  return ids;
}

/** Entries of the named sections ("all sections when absent" = all of the system's sections). */
function itemsOf(system: GameSystem, deck: DeckLike, lookup: Lookup, sections: string[] | undefined): Item[] {
  const ids = sections === undefined ? systemSectionIds(system) : sections;
  const items: Item[] = [];
  for (const sectionId of ids) {
    const entries: DeckEntry[] = (deck.sections ?? {})[sectionId] ?? [];
    for (const entry of entries) items.push({ cardId: entry.cardId, count: entry.count, doc: lookup(entry.cardId) });
  }
  return items;
}

function sectionTotal(deck: DeckLike, sectionId: string): number {
  let sum = 0;
  for (const entry of (deck.sections ?? {})[sectionId] ?? []) sum += entry.count;
  return sum;
}

/** Identity values a card declares: an array of value ids or a single one. */
function identityValues(doc: CardDocument, field: string): string[] {
  const value = doc[field];
  const result: string[] = [];
  if (typeof value === 'string') result.push(value);
  if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') result.push(v);
  return result;
}

/** Texts a field holds: one text or number, or a list of them; empty texts ignored. */
function texts(doc: CardDocument, field: string): string[] {
  const value = read(doc, field);
  const list = Array.isArray(value) ? value : [value];
  const result: string[] = [];
  for (const v of list) {
    if (typeof v === 'string' && v !== '') result.push(v);
    if (typeof v === 'number') result.push(String(v));
  }
  return result;
}

/** Names a prerequisite field lists: one name, or an array of alternatives; empty names ignored. */
function prerequisiteNames(doc: CardDocument, field: string): string[] {
  const value = read(doc, field);
  const result: string[] = [];
  if (typeof value === 'string' && value !== '') result.push(value);
  if (Array.isArray(value)) for (const v of value) if (typeof v === 'string' && v !== '') result.push(v);
  return result;
}

/** The format the deck is judged in: its own, else the first one listed. */
function formatOf(system: GameSystem, deck: DeckLike): PlayFormat | undefined {
  const formats = system.deck.formats ?? [];
  if (deck.format === undefined) return formats.length > 0 ? formats[0] : undefined;
  for (const format of formats) if (format.id === deck.format) return format;
  return undefined;
}

function ruleApplies(rule: DeckRule, format: PlayFormat | undefined): boolean {
  if (rule.formats === undefined) return true;
  if (format === undefined) return false;
  for (const id of rule.formats) if (id === format.id) return true;
  return false;
}

function evaluateRule(system: GameSystem, deck: DeckLike, lookup: Lookup, rule: DeckRule, id: string): RefViolation[] {
  const out: RefViolation[] = [];
  switch (rule.kind) {
    case 'sectionSize': {
      const count = sectionTotal(deck, rule.section);
      if (rule.sizes !== undefined) {
        // "The only counts the section may hold": below all of them is too small, above all too large.
        let listed = false;
        let below = true;
        let above = true;
        for (const size of rule.sizes) {
          if (size === count) listed = true;
          if (count >= size) below = false;
          if (count <= size) above = false;
        }
        if (listed) break;
        const code = below ? 'SECTION_TOO_SMALL' : above ? 'SECTION_TOO_LARGE' : 'SECTION_WRONG_SIZE';
        out.push(violation(code, id, []));
        break;
      }
      if (rule.min !== undefined && count < rule.min) out.push(violation('SECTION_TOO_SMALL', id, []));
      else if (rule.max !== undefined && count > rule.max) out.push(violation('SECTION_TOO_LARGE', id, []));
      break;
    }
    case 'allowedTypes': {
      const bad: string[] = [];
      for (const item of itemsOf(system, deck, lookup, [rule.section])) {
        if (item.doc !== undefined && rule.types.indexOf(item.doc.type) < 0) bad.push(item.cardId);
      }
      if (bad.length > 0) out.push(violation('TYPE_NOT_ALLOWED', id, bad));
      break;
    }
    case 'copyLimit': {
      const items = itemsOf(system, deck, lookup, rule.sections);
      // The "same card" key: its name (reprints together) or its id; a missing card only has its id.
      // With `by`: the listed fields' values together (absent values included); "id" is the card id.
      const keyOf = (item: Item): string => {
        if (item.doc === undefined) return 'id ' + item.cardId;
        if (rule.by !== undefined) {
          let key = 'by';
          for (const field of rule.by) {
            const value = field === 'id' ? item.cardId : read(item.doc, field);
            key += ' | ' + JSON.stringify(value === undefined ? null : value);
          }
          return key;
        }
        return rule.countBy === 'id' ? 'id ' + item.cardId : 'name ' + item.doc.name;
      };
      const seen: string[] = [];
      for (const item of items) if (seen.indexOf(keyOf(item)) < 0) seen.push(keyOf(item));
      for (const key of seen) {
        let count = 0;
        const ids: string[] = [];
        const limitOf = (doc: CardDocument | undefined): number => {
          if (doc === undefined) return rule.max;
          const own = rule.limitField === undefined ? undefined : read(doc, rule.limitField);
          if (typeof own === 'number') return own;
          for (const override of rule.overrides ?? []) if (refMatches(doc, override.match)) return override.max;
          return rule.max;
        };
        // Prints of one name may carry different limits: the strictest print decides.
        let limit = Infinity;
        for (const item of items) {
          if (keyOf(item) !== key) continue;
          count += item.count;
          ids.push(item.cardId);
          limit = Math.min(limit, limitOf(item.doc));
        }
        if (count > limit) out.push(violation('TOO_MANY_COPIES', id, ids));
      }
      break;
    }
    case 'identitySubset': {
      const dimension = system.identity;
      if (dimension === undefined) break;
      const leaderEntries = (deck.sections ?? {})[rule.leaderSection] ?? [];
      const leader = leaderEntries.length > 0 ? lookup(leaderEntries[0].cardId) : undefined;
      if (leader === undefined) {
        out.push(violation('MISSING_LEADER', id, []));
        break;
      }
      const leaderValues = identityValues(leader, dimension.field);
      const bad: string[] = [];
      for (const item of itemsOf(system, deck, lookup, rule.sections)) {
        if (item.doc === undefined) continue;
        for (const value of identityValues(item.doc, dimension.field)) {
          let neutral = false;
          for (const v of dimension.values) if (v.id === value && v.neutral) neutral = true;
          if (!neutral && leaderValues.indexOf(value) < 0) bad.push(item.cardId);
        }
      }
      if (bad.length > 0) out.push(violation('IDENTITY_MISMATCH', id, bad));
      break;
    }
    case 'identity': {
      const leaderEntries = (deck.sections ?? {})[rule.leaderSection] ?? [];
      const leader = leaderEntries.length > 0 ? lookup(leaderEntries[0].cardId) : undefined;
      if (leader === undefined) {
        out.push(violation('MISSING_LEADER', id, []));
        break;
      }
      const bad: string[] = [];
      for (const item of itemsOf(system, deck, lookup, rule.sections)) {
        if (item.doc === undefined) continue;
        // Each check that applies (the card has values besides neutral ones) holds or fails.
        let applied = 0;
        let held = 0;
        for (const check of rule.checks) {
          const neutral: string[] = [...(check.neutral ?? [])];
          if (system.identity !== undefined && system.identity.field === check.field)
            for (const v of system.identity.values) if (v.neutral) neutral.push(v.id);
          const mine = texts(item.doc, check.field).filter((v) => neutral.indexOf(v) < 0);
          if (mine.length === 0) continue;
          const theirs = texts(leader, check.leaderField === undefined ? check.field : check.leaderField);
          let inside = 0;
          for (const v of mine) if (theirs.indexOf(v) >= 0) inside++;
          applied++;
          if (check.mode === 'subset' ? inside === mine.length : inside > 0) held++;
        }
        const fits = applied === 0 || (rule.combine === 'any' ? held > 0 : held === applied);
        if (!fits) bad.push(item.cardId);
      }
      if (bad.length > 0) out.push(violation('IDENTITY_MISMATCH', id, bad));
      break;
    }
    case 'quota': {
      let count = 0;
      const ids: string[] = [];
      for (const item of itemsOf(system, deck, lookup, rule.sections)) {
        if (item.doc !== undefined && refMatches(item.doc, rule.match)) {
          count += item.count;
          ids.push(item.cardId);
        }
      }
      if (rule.min !== undefined && count < rule.min) out.push(violation('QUOTA_TOO_FEW', id, []));
      else if (rule.max !== undefined && count > rule.max) out.push(violation('QUOTA_TOO_MANY', id, ids));
      break;
    }
    case 'requires': {
      let count = 0;
      for (const item of itemsOf(system, deck, lookup, rule.sections)) {
        if (item.doc !== undefined && refMatches(item.doc, rule.match)) count += item.count;
      }
      if (count < (rule.min === undefined ? 1 : rule.min)) out.push(violation('REQUIRED_MISSING', id, []));
      break;
    }
    case 'cardsMatch': {
      const bad: string[] = [];
      for (const item of itemsOf(system, deck, lookup, rule.sections)) {
        if (item.doc !== undefined && !refMatches(item.doc, rule.match)) bad.push(item.cardId);
      }
      if (bad.length > 0) out.push(violation('CARD_NOT_ALLOWED', id, bad));
      break;
    }
    case 'prerequisite': {
      const items = itemsOf(system, deck, lookup, rule.sections);
      const target = rule.targetField === undefined ? 'name' : rule.targetField;
      const bad: string[] = [];
      for (const item of items) {
        if (item.doc === undefined) continue;
        const needs = prerequisiteNames(item.doc, rule.field);
        if (needs.length === 0) continue;
        // Any card of the sections counts, the card itself included (as the evaluator does).
        let satisfied = false;
        for (const other of items) {
          if (other.doc === undefined) continue;
          const value = read(other.doc, target);
          for (const name of needs) if (value === name) satisfied = true;
        }
        if (!satisfied) bad.push(item.cardId);
      }
      if (bad.length > 0) out.push(violation('MISSING_PREREQUISITE', id, bad));
      break;
    }
    case 'completeSet': {
      // "Cards are matched by field (default name)": a text or number value is the card's key;
      // any other value (absent, a list) matches no listed card.
      const field = rule.field === undefined ? 'name' : rule.field;
      const keyOf = (doc: CardDocument): string => {
        const value = read(doc, field);
        return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      };
      const listed = (key: string): number => rule.cards.filter((card) => card === key).length;
      const items = itemsOf(system, deck, lookup, rule.sections).filter((item) => item.doc !== undefined);
      const keys: string[] = [];
      for (const item of items) if (keys.indexOf(keyOf(item.doc!)) < 0) keys.push(keyOf(item.doc!));
      // "each card held too often is its own violation"
      for (const key of keys) {
        let count = 0;
        const ids: string[] = [];
        for (const item of items) {
          if (keyOf(item.doc!) !== key) continue;
          count += item.count;
          ids.push(item.cardId);
        }
        if (count > listed(key)) out.push(violation('SET_CARD_EXTRA', id, ids));
      }
      let short = false;
      for (const card of rule.cards) {
        let held = 0;
        for (const item of items) if (keyOf(item.doc!) === card) held += item.count;
        if (held < listed(card)) short = true;
      }
      if (short) out.push(violation('SET_CARD_MISSING', id, []));
      break;
    }
  }
  return out;
}

export function referenceEvaluate(system: GameSystem, deck: DeckLike, lookup: Lookup): RefReport {
  const violations: RefViolation[] = [];
  const counts: Record<string, number> = {};
  for (const sectionId of systemSectionIds(system)) counts[sectionId] = sectionTotal(deck, sectionId);

  if (deck.systemId !== system.id) violations.push(violation('WRONG_SYSTEM', 'system', []));

  // Cards that no longer exist, wherever the deck keeps them.
  const missing: string[] = [];
  for (const sectionId of Object.keys(deck.sections ?? {})) {
    for (const entry of deck.sections[sectionId]) if (lookup(entry.cardId) === undefined) missing.push(entry.cardId);
  }
  if (missing.length > 0) violations.push(violation('UNKNOWN_CARD', 'cards-exist', missing));

  const format = formatOf(system, deck);
  if (deck.format !== undefined && format === undefined) violations.push(violation('UNKNOWN_FORMAT', 'format', []));

  if (format !== undefined) {
    const all = itemsOf(system, deck, lookup, undefined);
    const banned: string[] = [];
    // A ban-list entry is a card name or a card match.
    for (const item of all) {
      if (item.doc === undefined) continue;
      let isBanned = false;
      for (const entry of format.banned ?? []) {
        if (typeof entry === 'string' ? entry === item.doc.name : refMatches(item.doc, entry)) isBanned = true;
      }
      if (isBanned) banned.push(item.cardId);
    }
    if (banned.length > 0) violations.push(violation('BANNED_CARD', 'format:' + format.id, banned));
    for (const limit of format.restricted ?? []) {
      let count = 0;
      const ids: string[] = [];
      for (const item of all) {
        if (item.doc === undefined) continue;
        if ('match' in limit ? refMatches(item.doc, limit.match) : item.doc.name === limit.name) {
          count += item.count;
          ids.push(item.cardId);
        }
      }
      if (count > limit.max) violations.push(violation('RESTRICTED_CARD', 'format:' + format.id, ids));
    }
  }

  // The leader is asked for once per leader section, by the first identity rule that reads it.
  const askedFor: string[] = [];
  for (let index = 0; index < system.deck.rules.length; index++) {
    const rule = system.deck.rules[index];
    if (!ruleApplies(rule, format)) continue;
    const id = rule.id !== undefined ? rule.id : rule.kind + '#' + index;
    for (const v of evaluateRule(system, deck, lookup, rule, id)) {
      if (v.code === 'MISSING_LEADER' && 'leaderSection' in rule) {
        if (askedFor.indexOf(rule.leaderSection) >= 0) continue;
        askedFor.push(rule.leaderSection);
      }
      violations.push(v);
    }
  }

  const report: RefReport = { legal: violations.length === 0, counts, violations };
  if (format !== undefined) report.format = format.id;
  return report;
}
