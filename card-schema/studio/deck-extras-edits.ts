// Edits of the parts of a game's `deck` beyond sections, rules and formats, as the studio's forms
// make them: generators (decks built from the library in one click), the deck builder's hints and
// the draft (format-match-edits.ts has the formats' lists by card match). Each takes the
// files and returns them after the edit, or refuses with one sentence naming the field and changes
// nothing. Limits are the format's (game-system.schema.json), so the loader takes what is written;
// keys a form does not show are kept.

import { GAME_ID, GAME_ID_RULE, isObject, withPart, type GameFileMap, type Json } from './game-files';
import { deckOf, listOf, matchProblem, type DeckContext } from './deck-rule-problems';
import type { DeckEdit } from './deck-edits';

const refuse = (problem: string): DeckEdit => ({ ok: false, problem });
export const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const isCount = (value: unknown, least = 0): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= least;
const quoteList = (ids: readonly string[]): string => ids.map((id) => `"${id}"`).join(', ') || 'none';

/** The format's limits for these parts (game-system.schema.json). */
export const LIMITS = { stats: 8, pileSize: 100, maxPicks: 1000, players: 12 } as const;

/** The files with `deck[key]` set, or the key gone when `value` is undefined; other keys stay. */
export function withDeckKey(files: GameFileMap, key: string, value: unknown): GameFileMap {
  const deck = plain(deckOf(files));
  if (value === undefined) delete deck[key];
  else deck[key] = plain(value);
  return withPart(files, 'deck', deck);
}

function moved<T>(list: readonly T[], from: number, delta: number): T[] {
  const to = from + delta;
  if (from < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

const fieldKnown = (context: DeckContext, field: string) => context.fields.includes(field.split('.')[0]);
const defaultSection = (context: DeckContext) => (context.sections.find((s) => !s.leader) ?? context.sections[0])?.id;

// -------------------------------------------------------------------------------- generators

export const generatorsOf = (files: GameFileMap): Json[] => listOf(deckOf(files), 'generators');

/** A fill that loads: the first section that is not the leader's, every card, once. */
export function newFill(context: DeckContext): Json {
  return { section: defaultSection(context) ?? '', match: {}, copies: 1 };
}

/** The problems of one fill, by its key: section, copies, match. */
export function fillProblems(fill: Json, context: DeckContext): Partial<Record<'section' | 'copies' | 'match', string>> {
  const problems: Partial<Record<'section' | 'copies' | 'match', string>> = {};
  const sectionIds = context.sections.map((s) => s.id);
  if (typeof fill.section !== 'string' || !sectionIds.includes(fill.section))
    problems.section =
      fill.section === undefined || fill.section === ''
        ? 'Choose the section the cards go to.'
        : `There is no section "${String(fill.section)}" (sections: ${quoteList(sectionIds)}).`;
  const copies = fill.copies;
  if (isObject(copies)) {
    if (typeof copies.field !== 'string' || copies.field === '') problems.copies = 'Choose the card field that holds the copies.';
    else if (!fieldKnown(context, copies.field)) problems.copies = `No card type has a field "${copies.field}".`;
  } else if (!isCount(copies, 1)) problems.copies = 'Copies are a whole number of 1 or more, or a card field.';
  const match = matchProblem(fill.match, context);
  if (match) problems.match = match;
  return problems;
}

function withGenerator(files: GameFileMap, id: string, change: (generator: Json) => Json | string): DeckEdit {
  const generators = generatorsOf(files);
  const generator = generators.find((g) => g.id === id);
  if (!generator) return refuse(`There is no generator "${id}".`);
  const next = change(plain(generator));
  if (typeof next === 'string') return refuse(next);
  return {
    ok: true,
    files: withDeckKey(
      files,
      'generators',
      generators.map((g) => (g.id === id ? next : g)),
    ),
  };
}

export function addGenerator(files: GameFileMap, generator: { id: string; label: string }, context: DeckContext): DeckEdit {
  const id = generator.id.trim();
  const generators = generatorsOf(files);
  if (id === '') return refuse('Give the generator an id.');
  if (!GAME_ID.test(id) || id.length > 60) return refuse(`A generator id is ${GAME_ID_RULE} (at most 60).`);
  if (generators.some((g) => g.id === id)) return refuse(`There is a generator "${id}" already.`);
  if (generator.label.trim() === '') return refuse('Give the generator a label: the Decks view shows it on its button.');
  if (context.sections.length === 0) return refuse('Add a deck section first: a generator fills one.');
  const added = { id, label: generator.label.trim(), fill: [newFill(context)] };
  return { ok: true, files: withDeckKey(files, 'generators', [...generators, added]) };
}

/** Label and description; the id stays. */
export function updateGenerator(files: GameFileMap, id: string, patch: { label?: string; description?: string }): DeckEdit {
  return withGenerator(files, id, (generator) => {
    if (patch.label !== undefined) {
      if (patch.label.trim() === '') return 'Give the generator a label: the Decks view shows it on its button.';
      generator.label = patch.label.trim();
    }
    if ('description' in patch) {
      const description = patch.description?.trim();
      if (description) generator.description = description;
      else delete generator.description;
    }
    return generator;
  });
}

export function removeGenerator(files: GameFileMap, id: string): DeckEdit {
  const generators = generatorsOf(files);
  if (!generators.some((g) => g.id === id)) return refuse(`There is no generator "${id}".`);
  const next = generators.filter((g) => g.id !== id);
  return { ok: true, files: withDeckKey(files, 'generators', next.length ? next : undefined) };
}

export function moveGenerator(files: GameFileMap, id: string, delta: -1 | 1): DeckEdit {
  const generators = generatorsOf(files);
  const next = moved(
    generators,
    generators.findIndex((g) => g.id === id),
    delta,
  );
  return { ok: true, files: withDeckKey(files, 'generators', next) };
}

/** Writes fill `index` of generator `id` (the fill count adds one); refuses with the fill's first problem. */
export function setFill(files: GameFileMap, id: string, index: number, fill: Json, context: DeckContext): DeckEdit {
  const problem = Object.values(fillProblems(fill, context))[0];
  return withGenerator(files, id, (generator) => {
    const fills = listOf(generator, 'fill');
    if (index < 0 || index > fills.length) return 'That fill is gone (undone or removed).';
    if (problem) return problem;
    generator.fill = index === fills.length ? [...fills, plain(fill)] : fills.map((f, i) => (i === index ? plain(fill) : f));
    return generator;
  });
}

export function removeFill(files: GameFileMap, id: string, index: number): DeckEdit {
  return withGenerator(files, id, (generator) => {
    const fills = listOf(generator, 'fill');
    if (index < 0 || index >= fills.length) return 'That fill is gone (undone or removed).';
    if (fills.length === 1) return 'A generator fills at least one section: remove the generator instead.';
    generator.fill = fills.filter((_, i) => i !== index);
    return generator;
  });
}

// ------------------------------------------------------------------------------ builder hints

export const builderOf = (files: GameFileMap): Json => {
  const builder = deckOf(files).builder;
  return isObject(builder) ? builder : {};
};

function withBuilder(files: GameFileMap, change: (builder: Json) => Json | string): DeckEdit {
  const next = change(plain(builderOf(files)));
  if (typeof next === 'string') return refuse(next);
  return { ok: true, files: withDeckKey(files, 'builder', Object.keys(next).length ? next : undefined) };
}

const HINT_NOUN = { costField: 'The cost field', distinguishBy: 'The field that tells printings apart' } as const;

/** The cost field or the field telling printings apart; '' removes it. */
export function setBuilderField(
  files: GameFileMap,
  key: 'costField' | 'distinguishBy',
  field: string,
  context: DeckContext,
): DeckEdit {
  const value = field.trim();
  if (value !== '' && !fieldKnown(context, value)) return refuse(`${HINT_NOUN[key]}: no card type has a field "${value}".`);
  return withBuilder(files, (builder) => {
    if (value === '') delete builder[key];
    else builder[key] = value;
    return builder;
  });
}

export function addBuilderStat(files: GameFileMap, field: string, context: DeckContext): DeckEdit {
  const value = field.trim();
  return withBuilder(files, (builder) => {
    const stats = Array.isArray(builder.stats) ? builder.stats : [];
    if (value === '') return 'Choose the card field to show.';
    if (!fieldKnown(context, value)) return `No card type has a field "${value}".`;
    if (stats.includes(value)) return `The pool shows ${value} already.`;
    if (stats.length >= LIMITS.stats) return `The pool shows at most ${LIMITS.stats} stats: remove one first.`;
    builder.stats = [...stats, value];
    return builder;
  });
}

export function removeBuilderStat(files: GameFileMap, index: number): DeckEdit {
  return withBuilder(files, (builder) => {
    const stats = (Array.isArray(builder.stats) ? builder.stats : []).filter((_, i) => i !== index);
    if (stats.length) builder.stats = stats;
    else delete builder.stats;
    return builder;
  });
}

export function moveBuilderStat(files: GameFileMap, index: number, delta: -1 | 1): DeckEdit {
  return withBuilder(files, (builder) => {
    builder.stats = moved(Array.isArray(builder.stats) ? builder.stats : [], index, delta);
    return builder;
  });
}

// -------------------------------------------------------------------------------------- draft

export const draftOf = (files: GameFileMap): Json | undefined => {
  const draft = deckOf(files).draft;
  return isObject(draft) ? draft : undefined;
};

/** A draft that loads: the first section that is not the leader's, every card, muhq's numbers. */
export function newDraft(context: DeckContext): Json {
  return { section: defaultSection(context) ?? '', pileSize: 10, maxPicks: 25, players: { min: 2, max: 6 }, eligible: {} };
}

export type DraftKey = 'section' | 'pileSize' | 'maxPicks' | 'playersMin' | 'playersMax' | 'eligible';

/** The problems of a draft setup, by the control they are about. */
export function draftProblems(draft: Json, context: DeckContext): Partial<Record<DraftKey, string>> {
  const problems: Partial<Record<DraftKey, string>> = {};
  const sectionIds = context.sections.map((s) => s.id);
  if (typeof draft.section !== 'string' || !sectionIds.includes(draft.section))
    problems.section =
      draft.section === undefined || draft.section === ''
        ? 'Choose the section the drafted cards go to.'
        : `There is no section "${String(draft.section)}" (sections: ${quoteList(sectionIds)}).`;
  const within = (value: unknown, most: number): value is number => isCount(value, 1) && value <= most;
  if (!within(draft.pileSize, LIMITS.pileSize))
    problems.pileSize = `A pile holds a whole number of 1 to ${LIMITS.pileSize} cards.`;
  if (!within(draft.maxPicks, LIMITS.maxPicks))
    problems.maxPicks = `Each player picks a whole number of 1 to ${LIMITS.maxPicks} cards.`;
  const players = isObject(draft.players) ? draft.players : {};
  if (!isCount(players.min, 1)) problems.playersMin = 'At least 1 player: give a whole number.';
  if (!within(players.max, LIMITS.players))
    problems.playersMax = `A draft has a whole number of 1 to ${LIMITS.players} players at most.`;
  else if (isCount(players.min, 1) && players.min > players.max)
    problems.playersMax = `A draft no table can play: at least ${players.min} and at most ${players.max} players.`;
  const match = matchProblem(draft.eligible, context);
  if (match) problems.eligible = match;
  return problems;
}

export function addDraft(files: GameFileMap, context: DeckContext): DeckEdit {
  if (draftOf(files)) return refuse('The game has a draft already.');
  if (context.sections.length === 0) return refuse('Add a deck section first: the draft fills one.');
  return { ok: true, files: withDeckKey(files, 'draft', newDraft(context)) };
}

/** Writes the whole draft setup when it has no problem; refuses with the first one otherwise. */
export function setDraft(files: GameFileMap, draft: Json, context: DeckContext): DeckEdit {
  const problem = Object.values(draftProblems(draft, context))[0];
  if (problem) return refuse(problem);
  return { ok: true, files: withDeckKey(files, 'draft', draft) };
}

export function removeDraft(files: GameFileMap): DeckEdit {
  if (!draftOf(files)) return refuse('The game has no draft.');
  return { ok: true, files: withDeckKey(files, 'draft', undefined) };
}
