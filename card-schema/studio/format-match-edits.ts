// A format's ban and restricted lists by card match (format v3) as the studio's forms write them:
// each edit takes the files and returns them after the edit, or refuses with one sentence and
// changes nothing. Entries by name are deck-edits.ts's banCard / restrictCard.

import { isObject, type GameFileMap, type Json } from './game-files';
import { deckOf, listOf, matchProblem, type DeckContext } from './deck-rule-problems';
import type { DeckEdit } from './deck-edits';
import { plain, withDeckKey } from './deck-extras-edits';

const refuse = (problem: string): DeckEdit => ({ ok: false, problem });
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

const formatsIn = (files: GameFileMap): Json[] => listOf(deckOf(files), 'formats');

function withFormatList(files: GameFileMap, id: string, change: (format: Json) => Json | string): DeckEdit {
  const formats = formatsIn(files);
  const format = formats.find((f) => f.id === id);
  if (!format) return refuse(`There is no format "${id}".`);
  const next = change(plain(format));
  if (typeof next === 'string') return refuse(next);
  return {
    ok: true,
    files: withDeckKey(
      files,
      'formats',
      formats.map((f) => (f.id === id ? next : f)),
    ),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Bans every card `match` picks in format `formatId`; `at` replaces the ban list's entry there. */
export function banMatch(files: GameFileMap, formatId: string, match: Json, context: DeckContext, at?: number): DeckEdit {
  const problem = matchProblem(match, context);
  return withFormatList(files, formatId, (format) => {
    if (problem) return problem;
    if (Object.keys(match).length === 0) return 'Say which cards to ban: a match with no condition bans every card.';
    const banned: unknown[] = Array.isArray(format.banned) ? format.banned : [];
    if (banned.some((entry, i) => i !== at && same(entry, match)))
      return `These cards are banned in ${text(format.label) || formatId} already.`;
    format.banned =
      at === undefined || at >= banned.length ? [...banned, plain(match)] : banned.map((e, i) => (i === at ? plain(match) : e));
    return format;
  });
}

/** At most `max` copies of the cards `match` picks, counted together; `at` replaces that entry. */
export function restrictMatch(
  files: GameFileMap,
  formatId: string,
  match: Json,
  max: number,
  context: DeckContext,
  at?: number,
): DeckEdit {
  const problem = matchProblem(match, context);
  return withFormatList(files, formatId, (format) => {
    if (problem) return problem;
    if (!isCount(max)) return 'A restricted card may have a whole number of 0 or more copies.';
    const list: unknown[] = Array.isArray(format.restricted) ? format.restricted : [];
    const entry = { match: plain(match), max };
    const existing = list.findIndex((e, i) => i !== at && isObject(e) && same(e.match, match));
    if (at !== undefined && existing >= 0) return `These cards are restricted in ${text(format.label) || formatId} already.`;
    const index = at ?? (existing >= 0 ? existing : list.length);
    format.restricted = index >= list.length ? [...list, entry] : list.map((e, i) => (i === index ? entry : e));
    return format;
  });
}
