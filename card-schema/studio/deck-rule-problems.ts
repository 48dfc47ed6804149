// What is wrong with one deck rule, said at the field that is wrong, before the studio writes it:
// the loader would refuse the whole game for most of these (an unknown section, a type no card
// has) and the rest are rules no deck can meet (at least 40 and at most 30 cards). The studio's
// forms show each sentence beside its control and write nothing while any is left.

import {
  GAME_ID,
  GAME_ID_RULE,
  cardTypesOf,
  isObject,
  partOf,
  systemJson,
  typeSchemaOf,
  type GameFileMap,
  type Json,
} from './game-files';

/** What a rule may name in the game being edited, read from its files (always current). */
export interface DeckContext {
  sections: { id: string; label: string; leader: boolean }[];
  types: { id: string; label: string }[];
  /** Card fields a rule may read: every card type's fields, with `name` and `type`. */
  fields: string[];
  formats: { id: string; label: string }[];
  /** The game's identity field; undefined when the game declares no identity. */
  identityField?: string;
}

/** One sentence per problem, keyed by the rule's property it is about ("min", "section", …; "rule" for the whole). */
export type RuleProblems = Partial<Record<string, string>>;

export const RULE_KINDS = [
  { kind: 'sectionSize', label: 'Section size' },
  { kind: 'allowedTypes', label: 'Allowed card types' },
  { kind: 'copyLimit', label: 'Copy limit' },
  { kind: 'identitySubset', label: "Leader's identity" },
  { kind: 'identity', label: 'Fits the leader (by fields)' },
  { kind: 'quota', label: 'Quota of matching cards' },
  { kind: 'requires', label: 'Required cards' },
  { kind: 'cardsMatch', label: 'Every card must match' },
  { kind: 'prerequisite', label: 'Prerequisite cards' },
  { kind: 'completeSet', label: 'Complete set' },
] as const;
export type RuleKind = (typeof RULE_KINDS)[number]['kind'];

export const isRuleKind = (kind: unknown): kind is RuleKind => RULE_KINDS.some((entry) => entry.kind === kind);

/** The keys each kind may have besides id, description and formats (the format refuses others). */
const KEYS: Record<RuleKind, readonly string[]> = {
  sectionSize: ['section', 'min', 'max', 'sizes'],
  allowedTypes: ['section', 'types'],
  copyLimit: ['sections', 'max', 'countBy', 'by', 'overrides', 'limitField'],
  identitySubset: ['leaderSection', 'sections'],
  identity: ['leaderSection', 'sections', 'combine', 'checks'],
  quota: ['sections', 'match', 'label', 'min', 'max'],
  requires: ['sections', 'match', 'label', 'min'],
  cardsMatch: ['sections', 'match', 'label'],
  prerequisite: ['sections', 'field', 'targetField'],
  completeSet: ['sections', 'field', 'cards', 'label'],
};

export function deckOf(files: GameFileMap): Json {
  const deck = partOf(files, 'deck');
  return isObject(deck) ? deck : {};
}

export function listOf(owner: Json, key: string): Json[] {
  const list = owner[key];
  return Array.isArray(list) ? list.filter(isObject) : [];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The context from the files; `moreFields` adds fields the files do not show directly (the loaded
 * game's, whose schemas have their shared definitions resolved).
 */
export function deckContextOf(files: GameFileMap, moreFields: Iterable<string> = []): DeckContext {
  const deck = deckOf(files);
  const fields = new Set<string>(['name', 'type']);
  const types = cardTypesOf(files).map((type) => {
    const id = text(type.id);
    const properties = typeSchemaOf(files, id)?.properties;
    if (isObject(properties)) for (const field of Object.keys(properties)) fields.add(field);
    return { id, label: text(type.label) || id };
  });
  for (const field of moreFields) fields.add(field);
  const identity = systemJson(files).identity;
  return {
    sections: listOf(deck, 'sections').map((s) => ({
      id: text(s.id),
      label: text(s.label) || text(s.id),
      leader: s.leader === true,
    })),
    types,
    fields: [...fields].sort(),
    formats: listOf(deck, 'formats').map((f) => ({ id: text(f.id), label: text(f.label) || text(f.id) })),
    identityField: isObject(identity) && typeof identity.field === 'string' ? identity.field : undefined,
  };
}

const quoteList = (ids: readonly string[]): string => ids.map((id) => `"${id}"`).join(', ') || 'none';
const isCount = (value: unknown, least = 0): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= least;

/** The problems of `rule`; `otherIds` are the ids of the game's other rules. */
export function ruleProblems(rule: Json, context: DeckContext, otherIds: readonly string[] = []): RuleProblems {
  const problems: RuleProblems = {};
  const say = (key: string, sentence: string) => {
    problems[key] ??= sentence;
  };
  const kind = rule.kind;
  if (!isRuleKind(kind)) {
    say('kind', `"${String(kind)}" is not a kind of deck rule (kinds: ${RULE_KINDS.map((k) => k.kind).join(', ')}).`);
    return problems;
  }
  const sectionIds = context.sections.map((s) => s.id);
  const fieldKnown = (field: string) => field === 'id' || context.fields.includes(field.split('.')[0]);

  const needSection = (key: string, required: boolean) => {
    const value = rule[key];
    if (value === undefined) {
      if (required) say(key, 'Choose a section.');
    } else if (typeof value !== 'string' || !sectionIds.includes(value))
      say(key, `There is no section "${String(value)}" (sections: ${quoteList(sectionIds)}).`);
  };
  const needSections = (key: string, required: boolean) => {
    const value = rule[key];
    if (value === undefined) {
      if (required) say(key, 'Choose at least one section.');
    } else if (!Array.isArray(value) || value.length === 0)
      say(key, required ? 'Choose at least one section.' : 'Choose at least one section, or none for the whole deck.');
    else {
      const unknown = value.find((id) => typeof id !== 'string' || !sectionIds.includes(id));
      if (unknown !== undefined) say(key, `There is no section "${String(unknown)}" (sections: ${quoteList(sectionIds)}).`);
    }
  };
  const needField = (key: string, required: boolean) => {
    const value = rule[key];
    if (value === undefined) {
      if (required) say(key, 'Choose a card field.');
    } else if (typeof value !== 'string' || value === '') say(key, 'Choose a card field.');
    else if (!fieldKnown(value)) say(key, `No card type has a field "${value}".`);
  };
  const needLabel = () => {
    if (typeof rule.label !== 'string' || rule.label.trim() === '')
      say('label', 'Say what the cards are called, for messages ("rare Lanterns").');
  };
  const needCount = (key: string, least = 0) => {
    const value = rule[key];
    if (value !== undefined && !isCount(value, least)) say(key, `Give a whole number of ${least} or more.`);
  };
  const needRange = (noun: string) => {
    needCount('min', kind === 'requires' ? 1 : 0);
    needCount('max');
    const { min, max } = rule;
    if (isCount(min) && isCount(max) && min > max)
      say('max', `A rule no deck can meet: at least ${min} and at most ${max} ${noun}.`);
  };
  const needMatch = (key: string, match: unknown): void => {
    const problem = matchProblem(match, context);
    if (problem) say(key, problem);
  };

  // What every rule may have.
  if (rule.id !== undefined) {
    if (typeof rule.id !== 'string' || !GAME_ID.test(rule.id)) say('id', `A rule id is ${GAME_ID_RULE}.`);
    else if (otherIds.includes(rule.id)) say('id', `Another rule has the id "${rule.id}": each id names one rule.`);
  }
  if (rule.description !== undefined && typeof rule.description !== 'string') say('description', 'The description is text.');
  if (rule.formats !== undefined) {
    const formatIds = context.formats.map((f) => f.id);
    if (!Array.isArray(rule.formats) || rule.formats.length === 0)
      say('formats', 'Choose at least one format, or none for every format.');
    else {
      const unknown = rule.formats.find((id) => typeof id !== 'string' || !formatIds.includes(id));
      if (unknown !== undefined)
        say('formats', `There is no play format "${String(unknown)}" (formats: ${quoteList(formatIds)}).`);
    }
  }
  const allowed = new Set(['kind', 'id', 'description', 'formats', ...KEYS[kind]]);
  const stray = Object.keys(rule).find((key) => !allowed.has(key));
  if (stray !== undefined) say('rule', `A ${kind} rule has no "${stray}" (it may have: ${KEYS[kind].join(', ')}).`);

  switch (kind) {
    case 'sectionSize': {
      needSection('section', true);
      const { sizes, min, max } = rule;
      if (sizes !== undefined) {
        if (min !== undefined || max !== undefined)
          say('sizes', 'Give the sizes the section may have, or a minimum and maximum: not both.');
        else if (!Array.isArray(sizes) || sizes.length === 0) say('sizes', 'List at least one size ("0, 10").');
        else {
          const bad = sizes.find((size) => !isCount(size));
          if (bad !== undefined) say('sizes', `Sizes are whole numbers of 0 or more; ${JSON.stringify(bad)} is not.`);
        }
      } else if (min === undefined && max === undefined) say('min', 'Give a minimum, a maximum or both.');
      needRange('cards');
      break;
    }
    case 'allowedTypes': {
      needSection('section', true);
      const types = rule.types;
      if (!Array.isArray(types) || types.length === 0) say('types', 'Choose at least one card type.');
      else {
        const typeIds = context.types.map((t) => t.id);
        const unknown = types.find((id) => typeof id !== 'string' || !typeIds.includes(id));
        if (unknown !== undefined) say('types', `There is no card type "${String(unknown)}" (types: ${quoteList(typeIds)}).`);
      }
      break;
    }
    case 'copyLimit': {
      needSections('sections', false);
      if (!isCount(rule.max)) say('max', 'Give the most copies allowed: a whole number of 0 or more.');
      if (rule.countBy !== undefined && rule.countBy !== 'name' && rule.countBy !== 'id')
        say('countBy', 'Count copies by "name" or by "id".');
      if (rule.by !== undefined) {
        if (rule.countBy !== undefined) say('by', 'Say what counts as the same card once: by fields, or countBy, not both.');
        else if (!Array.isArray(rule.by) || rule.by.length === 0) say('by', 'Choose at least one field.');
        else {
          const unknown = rule.by.find((field) => typeof field !== 'string' || !fieldKnown(field));
          if (unknown !== undefined) say('by', `No card type has a field "${String(unknown)}".`);
        }
      }
      needField('limitField', false);
      if (rule.overrides !== undefined) {
        if (!Array.isArray(rule.overrides)) say('overrides', 'Overrides are a list of { "match": …, "max": … }.');
        else
          rule.overrides.forEach((override: unknown, i) => {
            if (!isObject(override) || !isCount(override.max)) say('overrides', `Override ${i + 1} needs a "max" of 0 or more.`);
            else needMatch('overrides', isObject(override) ? override.match : undefined);
          });
      }
      break;
    }
    case 'identitySubset':
      if (!context.identityField)
        say('rule', 'The game declares no identity, so there is nothing to stay within: use an identity rule by fields.');
      needSection('leaderSection', true);
      needSections('sections', true);
      break;
    case 'identity': {
      needSection('leaderSection', true);
      needSections('sections', true);
      if (rule.combine !== undefined && rule.combine !== 'all' && rule.combine !== 'any')
        say('combine', 'Combine the checks with "all" or "any".');
      const checks = rule.checks;
      if (!Array.isArray(checks) || checks.length === 0) say('checks', 'Add at least one check.');
      else
        checks.forEach((check: unknown, i) => {
          const problem = checkProblem(check, fieldKnown);
          if (problem) say('checks', `Check ${i + 1}: ${problem}`);
        });
      break;
    }
    case 'quota':
      needSections('sections', false);
      needMatch('match', rule.match);
      needLabel();
      if (rule.min === undefined && rule.max === undefined) say('min', 'Give a minimum, a maximum or both.');
      needRange(typeof rule.label === 'string' && rule.label.trim() ? rule.label.trim() : 'matching cards');
      break;
    case 'requires':
      needSections('sections', false);
      needMatch('match', rule.match);
      needLabel();
      needCount('min', 1);
      break;
    case 'cardsMatch':
      needSections('sections', false);
      needMatch('match', rule.match);
      needLabel();
      break;
    case 'prerequisite':
      needSections('sections', false);
      needField('field', true);
      needField('targetField', false);
      break;
    case 'completeSet': {
      needSections('sections', false);
      needField('field', false);
      needLabel();
      const cards = rule.cards;
      if (!Array.isArray(cards) || cards.length === 0) say('cards', 'List at least one card.');
      else if (cards.some((card) => typeof card !== 'string' || card.trim() === ''))
        say('cards', 'Every listed card is a non-empty name.');
      break;
    }
  }
  return problems;
}

/** What is wrong with a CardMatch, in one sentence; undefined when nothing is. */
export function matchProblem(match: unknown, context: DeckContext): string | undefined {
  if (!isObject(match)) return 'Say which cards: a card match is an object ({} for every card).';
  const stray = Object.keys(match).find((key) => !['types', 'names', 'where'].includes(key));
  if (stray !== undefined) return `A card match has no "${stray}" (it may have types, names and where).`;
  const typeIds = context.types.map((t) => t.id);
  if (match.types !== undefined) {
    if (!Array.isArray(match.types) || match.types.length === 0) return 'Choose at least one card type, or none for every type.';
    const unknown = match.types.find((id) => typeof id !== 'string' || !typeIds.includes(id));
    if (unknown !== undefined) return `There is no card type "${String(unknown)}" (types: ${quoteList(typeIds)}).`;
  }
  if (match.names !== undefined) {
    if (!Array.isArray(match.names) || match.names.length === 0) return 'List at least one card name, or none for every name.';
    if (match.names.some((name) => typeof name !== 'string' || name.trim() === '')) return 'Every card name is non-empty text.';
  }
  if (match.where !== undefined) {
    if (!Array.isArray(match.where) || match.where.length === 0) return 'Add at least one field condition, or none.';
    for (const condition of match.where as unknown[]) {
      if (!isObject(condition) || typeof condition.field !== 'string' || condition.field === '')
        return 'Every condition names a card field.';
      if (!context.fields.includes(condition.field.split('.')[0])) return `No card type has a field "${condition.field}".`;
      if (condition.equals === undefined && condition.in === undefined && condition.exists === undefined)
        return `Say what ${condition.field} must be: equal to a value, one of some values, or present.`;
      if (condition.equals !== undefined && !['string', 'number', 'boolean'].includes(typeof condition.equals))
        return `${condition.field} equals a text, a number or true/false.`;
      if (condition.in !== undefined && (!Array.isArray(condition.in) || condition.in.length === 0))
        return `List at least one value ${condition.field} may be.`;
      if (condition.exists !== undefined && typeof condition.exists !== 'boolean') return `"exists" is true or false.`;
    }
  }
  return undefined;
}

function checkProblem(check: unknown, fieldKnown: (field: string) => boolean): string | undefined {
  if (!isObject(check)) return 'a check is { "field": …, "mode": "subset" | "intersects" }.';
  if (typeof check.field !== 'string' || check.field === '') return 'choose the card field it compares.';
  if (!fieldKnown(check.field)) return `no card type has a field "${check.field}".`;
  if (check.leaderField !== undefined && (typeof check.leaderField !== 'string' || !fieldKnown(check.leaderField)))
    return `no card type has a field "${String(check.leaderField)}".`;
  if (check.mode !== 'subset' && check.mode !== 'intersects') return 'choose a mode: "subset" or "intersects".';
  if (check.neutral !== undefined && (!Array.isArray(check.neutral) || check.neutral.some((v) => typeof v !== 'string')))
    return 'neutral values are a list of texts.';
  return undefined;
}
