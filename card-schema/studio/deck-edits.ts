// Edits of a game's `deck` (sections, rules, play formats) as the studio makes them: each takes
// the files and returns the files after the edit, or refuses with one sentence and changes
// nothing. A refusal says what to do instead ("rules X and Y name Watch: change them first"),
// and an edit with effects beyond the file (the default format changing) says so in `note`.

import type { DeckRule } from '../deck/format';
import { describeRule } from '../deck/describe-rule';
import type { GameSystem } from '../system/format';
import {
  GAME_ID,
  GAME_ID_RULE,
  cardTypesOf,
  isObject,
  partOf,
  systemJson,
  typeSchemaOf,
  withPart,
  type GameFileMap,
  type Json,
} from './game-files';
import { deckOf, listOf, ruleProblems, type DeckContext, type RuleKind } from './deck-rule-problems';

export * from './deck-rule-problems';

export type DeckEdit = { ok: true; files: GameFileMap; note?: string } | { ok: false; problem: string };

const refuse = (problem: string): DeckEdit => ({ ok: false, problem });
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const sectionsOf = (files: GameFileMap): Json[] => listOf(deckOf(files), 'sections');
export const rulesOf = (files: GameFileMap): Json[] => listOf(deckOf(files), 'rules');
export const formatsOf = (files: GameFileMap): Json[] => listOf(deckOf(files), 'formats');

/**
 * A deep copy as plain JSON, with no `undefined` left (forms hand over proxies and cleared fields);
 * also the copy an edit may change (card-schema has no structuredClone in its lib).
 */
const plain = (value: Json): Json => JSON.parse(JSON.stringify(value)) as Json;

/** The files with `deck` changed; `change` gets a copy it may keep or modify. */
function withDeck(files: GameFileMap, change: (deck: Json) => Json): GameFileMap {
  return withPart(files, 'deck', change(plain(deckOf(files))));
}

function withList(files: GameFileMap, key: 'sections' | 'rules' | 'formats', change: (list: Json[]) => Json[]): GameFileMap {
  return withDeck(files, (deck) => ({ ...deck, [key]: change(listOf(deck, key)) }));
}

/** `value` set at `key`, or the key gone when `value` is empty text, false or undefined. */
function setOrDrop(target: Json, key: string, value: unknown): void {
  if (value === undefined || value === '' || value === false) delete target[key];
  else target[key] = value;
}

function moved<T>(list: readonly T[], from: number, delta: number): T[] {
  const to = from + delta;
  if (from < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

function idProblem(noun: string, id: string, taken: readonly string[]): string | undefined {
  if (id === '') return `Give the ${noun} an id.`;
  if (!GAME_ID.test(id) || id.length > 60) return `A ${noun} id is ${GAME_ID_RULE} (at most 60).`;
  if (taken.includes(id)) return `There is a ${noun} "${id}" already.`;
  return undefined;
}

const labelOf = (item: Json | undefined, id: string): string => text(item?.label) || id;

/** "a", "a and b", "a, b and c". */
export function joinAnd(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

// ---------------------------------------------------------------------------------- sections

export interface SectionPatch {
  label?: string;
  description?: string;
  types?: string[];
  leader?: boolean;
  extra?: boolean;
}

export function addSection(files: GameFileMap, section: { id: string; label: string }): DeckEdit {
  const id = section.id.trim();
  const problem = idProblem(
    'section',
    id,
    sectionsOf(files).map((s) => text(s.id)),
  );
  if (problem) return refuse(problem);
  if (section.label.trim() === '') return refuse('Give the section a label: the deck builder shows it.');
  return { ok: true, files: withList(files, 'sections', (list) => [...list, { id, label: section.label.trim(), types: [] }]) };
}

export function updateSection(files: GameFileMap, id: string, patch: SectionPatch, context: DeckContext): DeckEdit {
  if (!sectionsOf(files).some((s) => s.id === id)) return refuse(`There is no section "${id}".`);
  if (patch.label !== undefined && patch.label.trim() === '')
    return refuse('Give the section a label: the deck builder shows it.');
  const unknownType = patch.types?.find((type) => !context.types.some((t) => t.id === type));
  if (unknownType !== undefined) return refuse(`There is no card type "${unknownType}".`);
  return {
    ok: true,
    files: withList(files, 'sections', (list) =>
      list.map((section) => {
        if (section.id !== id) return section;
        const next = { ...section };
        if (patch.label !== undefined) next.label = patch.label.trim();
        if (patch.types !== undefined) next.types = [...patch.types];
        if ('description' in patch) setOrDrop(next, 'description', patch.description?.trim());
        if ('leader' in patch) setOrDrop(next, 'leader', patch.leader);
        if ('extra' in patch) setOrDrop(next, 'extra', patch.extra);
        return next;
      }),
    ),
  };
}

export function moveSection(files: GameFileMap, id: string, delta: -1 | 1): DeckEdit {
  const list = sectionsOf(files);
  return {
    ok: true,
    files: withList(files, 'sections', () =>
      moved(
        list,
        list.findIndex((s) => s.id === id),
        delta,
      ),
    ),
  };
}

/** What in the game names section `id`, in words ("rule \"twenty-lanterns\"", "the board's deck section"). */
export function sectionUses(files: GameFileMap, id: string): string[] {
  const uses: string[] = [];
  rulesOf(files).forEach((rule, index) => {
    const named = [rule.section, rule.leaderSection, ...(Array.isArray(rule.sections) ? rule.sections : [])];
    if (named.includes(id)) uses.push(`rule "${text(rule.id) || `${text(rule.kind)}#${index}`}"`);
  });
  const deck = deckOf(files);
  for (const generator of listOf(deck, 'generators'))
    if (listOf(generator, 'fill').some((fill) => fill.section === id))
      uses.push(`deck template "${labelOf(generator, text(generator.id))}"`);
  if (isObject(deck.draft) && deck.draft.section === id) uses.push('the draft');
  const board = partOf(files, 'board');
  if (isObject(board)) {
    if (board.deckSection === id) uses.push("the board's deck section");
    if (board.leaderSection === id) uses.push("the board's leader section");
    for (const zone of listOf(board, 'zones')) if (zone.section === id) uses.push(`board zone "${labelOf(zone, text(zone.id))}"`);
  }
  return uses;
}

export function removeSection(files: GameFileMap, id: string): DeckEdit {
  const sections = sectionsOf(files);
  const section = sections.find((s) => s.id === id);
  if (!section) return refuse(`There is no section "${id}".`);
  const label = labelOf(section, id);
  if (sections.length === 1) return refuse('A deck needs at least one section.');
  const uses = sectionUses(files, id);
  if (uses.length > 0)
    return refuse(`${label} is named by ${joinAnd(uses)}: change or remove ${uses.length === 1 ? 'it' : 'them'} first.`);
  return {
    ok: true,
    files: withList(files, 'sections', (list) => list.filter((s) => s.id !== id)),
    note: `Cards that decks keep in ${label} are no longer in a section of the game.`,
  };
}

// ------------------------------------------------------------------------------------- rules

/** "sectionSize" → "section-size", "section-size-2", … whichever is free. */
export function freeRuleId(kind: string, taken: readonly string[]): string {
  const stem = kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  if (!taken.includes(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.includes(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** A new rule of `kind` that already loads: it names the game's first sections, types and fields. */
export function newRule(kind: RuleKind, context: DeckContext, takenIds: readonly string[]): Json {
  const id = freeRuleId(kind, takenIds);
  const leader = context.sections.find((s) => s.leader);
  const others = context.sections.filter((s) => s !== leader);
  const main = others[0] ?? context.sections[0];
  const sectionId = main?.id ?? '';
  const type = context.types[0];
  const match = type ? { types: [type.id] } : {};
  const field = context.fields.find((f) => f !== 'name' && f !== 'type') ?? 'name';
  switch (kind) {
    case 'sectionSize':
      return { id, kind, section: sectionId, min: 40, max: 40 };
    case 'allowedTypes':
      return { id, kind, section: sectionId, types: type ? [type.id] : [] };
    case 'copyLimit':
      return { id, kind, max: 4 };
    case 'identitySubset':
      return { id, kind, leaderSection: leader?.id ?? sectionId, sections: others.map((s) => s.id) };
    case 'identity':
      return {
        id,
        kind,
        leaderSection: leader?.id ?? sectionId,
        sections: others.map((s) => s.id),
        checks: [{ field: context.identityField ?? field, mode: 'subset' }],
      };
    case 'quota':
      return { id, kind, match, label: type ? `${type.label} cards` : 'cards', max: 10 };
    case 'requires':
      return { id, kind, match, label: type ? `a ${type.label}` : 'a card' };
    case 'cardsMatch':
      return { id, kind, match, label: type ? `${type.label} cards` : 'cards' };
    case 'prerequisite':
      return { id, kind, field };
    case 'completeSet':
      return { id, kind, label: 'the full set', cards: ['A card'] };
  }
}

/** The ids rules are known by (deck/evaluate.ts ruleId): their own, else `<kind>#<position>`. */
export const ruleIdAt = (rule: Json, index: number): string => text(rule.id) || `${text(rule.kind)}#${index}`;

const otherIds = (files: GameFileMap, index: number): string[] =>
  rulesOf(files).flatMap((rule, i) => (i !== index && typeof rule.id === 'string' ? [rule.id] : []));

export function addRule(files: GameFileMap, kind: RuleKind, context: DeckContext): DeckEdit & { index?: number } {
  const rules = rulesOf(files);
  const rule = newRule(kind, context, otherIds(files, -1));
  if (kind === 'identitySubset' && !context.identityField)
    return refuse('The game declares no identity: add a "Fits the leader (by fields)" rule instead.');
  return { ok: true, files: withList(files, 'rules', (list) => [...list, rule]), index: rules.length };
}

/** Writes `rule` at `index` when it has no problem; refuses with the first one otherwise. */
export function updateRule(files: GameFileMap, index: number, rule: Json, context: DeckContext): DeckEdit {
  if (index < 0 || index >= rulesOf(files).length) return refuse('That rule is gone (undone or removed).');
  const problem = Object.values(ruleProblems(rule, context, otherIds(files, index)))[0];
  if (problem) return refuse(problem);
  const written = plain(rule);
  return { ok: true, files: withList(files, 'rules', (list) => list.map((current, i) => (i === index ? written : current))) };
}

export function removeRule(files: GameFileMap, index: number): DeckEdit {
  if (index < 0 || index >= rulesOf(files).length) return refuse('That rule is gone (undone or removed).');
  return { ok: true, files: withList(files, 'rules', (list) => list.filter((_, i) => i !== index)) };
}

export function moveRule(files: GameFileMap, index: number, delta: -1 | 1): DeckEdit {
  return { ok: true, files: withList(files, 'rules', (list) => moved(list, index, delta)) };
}

/**
 * What the rule means, in Cardwright's words even when the designer wrote a description (the
 * form shows both). Sections and formats come from the files, so the words follow every edit;
 * card types from the loaded game when there is one (its schemas have their definitions, for
 * field titles). A rule too incomplete to describe says so instead.
 */
export function ruleWords(files: GameFileMap, rule: Json, loaded?: GameSystem): string {
  const cardTypes =
    loaded?.cardTypes ??
    cardTypesOf(files).map((type) => ({
      ...type,
      label: text(type.label) || text(type.id),
      schema: typeSchemaOf(files, text(type.id)) ?? {},
    }));
  const identity = systemJson(files).identity;
  // describeRule reads only these parts of a game: its card types, sections and identity.
  const view = {
    cardTypes,
    identity: isObject(identity) ? identity : undefined,
    deck: { sections: sectionsOf(files), rules: [] },
  };
  try {
    return describeRule(view as unknown as GameSystem, { ...rule, description: '' } as unknown as DeckRule);
  } catch {
    return 'This rule is not complete yet.';
  }
}

/** A rule typed as JSON: it must parse to an object of the same kind; nothing else is judged here. */
export function parseRuleJson(source: string, kind: string): { rule: Json } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return { problem: `The JSON does not parse: ${error instanceof Error ? error.message : String(error)}.` };
  }
  if (!isObject(value)) return { problem: 'A rule is a JSON object: { "kind": … }.' };
  if (value.kind !== kind)
    return { problem: `The rule stays a ${kind} rule ("kind": "${kind}"); add a new rule for another kind.` };
  return { rule: value };
}

// ----------------------------------------------------------------------------------- formats

export function addFormat(files: GameFileMap, format: { id: string; label: string }): DeckEdit {
  const id = format.id.trim();
  const formats = formatsOf(files);
  const problem = idProblem(
    'format',
    id,
    formats.map((f) => text(f.id)),
  );
  if (problem) return refuse(problem);
  if (format.label.trim() === '') return refuse('Give the format a label: players choose it by this name.');
  return {
    ok: true,
    files: withList(files, 'formats', (list) => [...list, { id, label: format.label.trim() }]),
    note: formats.length === 0 ? `Decks that choose no format play ${format.label.trim()}.` : undefined,
  };
}

function withFormat(files: GameFileMap, id: string, change: (format: Json) => Json | string): DeckEdit {
  const format = formatsOf(files).find((f) => f.id === id);
  if (!format) return refuse(`There is no format "${id}".`);
  const next = change(plain(format));
  if (typeof next === 'string') return refuse(next);
  return { ok: true, files: withList(files, 'formats', (list) => list.map((f) => (f.id === id ? next : f))) };
}

/** Label and description; the id stays, since decks store it. */
export function updateFormat(files: GameFileMap, id: string, patch: { label?: string; description?: string }): DeckEdit {
  return withFormat(files, id, (format) => {
    if (patch.label !== undefined) {
      if (patch.label.trim() === '') return 'Give the format a label: players choose it by this name.';
      format.label = patch.label.trim();
    }
    if ('description' in patch) setOrDrop(format, 'description', patch.description?.trim());
    return format;
  });
}

export function removeFormat(files: GameFileMap, id: string): DeckEdit {
  const formats = formatsOf(files);
  const index = formats.findIndex((f) => f.id === id);
  if (index < 0) return refuse(`There is no format "${id}".`);
  const label = labelOf(formats[index], id);
  const scoped = rulesOf(files).flatMap((rule, i) =>
    Array.isArray(rule.formats) && rule.formats.includes(id) ? [`"${ruleIdAt(rule, i)}"`] : [],
  );
  if (scoped.length > 0)
    return refuse(
      `${scoped.length === 1 ? 'Rule' : 'Rules'} ${joinAnd(scoped)} ${scoped.length === 1 ? 'applies' : 'apply'} in ${label}: change ${scoped.length === 1 ? 'its' : 'their'} formats first.`,
    );
  const next = formats.filter((f) => f.id !== id);
  let note = `Decks set to ${label} will name a format the game does not have.`;
  if (index === 0 && next.length > 0) note += ` Decks that chose no format now play ${labelOf(next[0], text(next[0].id))}.`;
  return { ok: true, files: withList(files, 'formats', () => next), note };
}

export function moveFormat(files: GameFileMap, id: string, delta: -1 | 1): DeckEdit {
  const list = formatsOf(files);
  const next = moved(
    list,
    list.findIndex((f) => f.id === id),
    delta,
  );
  const note =
    next[0] !== list[0] && next[0] ? `Decks that chose no format now play ${labelOf(next[0], text(next[0].id))}.` : undefined;
  return { ok: true, files: withList(files, 'formats', () => next), note };
}

export function banCard(files: GameFileMap, formatId: string, name: string): DeckEdit {
  const card = name.trim();
  return withFormat(files, formatId, (format) => {
    if (card === '') return 'Type the name of the card to ban.';
    const banned = Array.isArray(format.banned) ? format.banned : [];
    if (banned.includes(card)) return `"${card}" is banned in ${labelOf(format, formatId)} already.`;
    return { ...format, banned: [...banned, card] };
  });
}

/** Takes the ban list's entry `index` off (a name or a card match); an empty list goes. */
export function unbanEntry(files: GameFileMap, formatId: string, index: number): DeckEdit {
  return withFormat(files, formatId, (format) => {
    const banned = (Array.isArray(format.banned) ? format.banned : []).filter((_, i) => i !== index);
    setOrDrop(format, 'banned', banned.length ? banned : undefined);
    return format;
  });
}

/** At most `max` copies of the card named `name`; a name restricted already gets the new limit. */
export function restrictCard(files: GameFileMap, formatId: string, name: string, max: number): DeckEdit {
  const card = name.trim();
  return withFormat(files, formatId, (format) => {
    if (card === '') return 'Type the name of the card to restrict.';
    if (!Number.isInteger(max) || max < 0) return 'A restricted card may have a whole number of 0 or more copies.';
    const list: unknown[] = Array.isArray(format.restricted) ? format.restricted : [];
    const at = list.findIndex((entry) => isObject(entry) && entry.name === card);
    const entry = { name: card, max };
    format.restricted = at < 0 ? [...list, entry] : list.map((e, i) => (i === at ? entry : e));
    return format;
  });
}

export function unrestrictEntry(files: GameFileMap, formatId: string, index: number): DeckEdit {
  return withFormat(files, formatId, (format) => {
    const list = (Array.isArray(format.restricted) ? format.restricted : []).filter((_, i) => i !== index);
    setOrDrop(format, 'restricted', list.length ? list : undefined);
    return format;
  });
}
