// The deck builder's pool as the API serves it: the request checked against the game (section,
// types, identity values, cost range) and turned into a store query (store/deck-pool.ts), and each
// card of the page given what the pool's columns show, read from the game's system.json.

import { identityOf } from '../../card-schema/deck/evaluate';
import { own } from '../../card-schema/own-keys';
import { isImageRef } from '../../card-schema/system/image-field';
import type { CardRecord, GameSystem } from '../../card-schema/system/format';
import { parseQuery } from '../../card-schema/search/parse';
import { resolveQuery, type ResolveContext } from '../../card-schema/search/resolve';
import type { ApiParsedInput, PoolCard, PoolResult } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { PoolGame, PoolPage, PoolSearch } from '../store/deck-pool';
import { writePoolGame } from '../store/deck-pool';
import type { SqliteDatabase } from '../store/sqlite';
import type { SystemRegistry } from './system-registry';
import { identityRulesOf, poolIdentityRule, type PoolIdentityRule } from '../../card-schema/deck/pool-identity';

export type PoolInput = ApiParsedInput<'searchDeckPool'>;

export function poolGameOf(system: GameSystem): PoolGame {
  const game: PoolGame = { systemId: system.id };
  if (system.identity) game.identity = { field: system.identity.field, values: system.identity.values.map((v) => v.id) };
  if (system.deck.builder?.costField) game.costField = system.deck.builder.costField;
  return game;
}

/** Records every installed game's pool fields now and each game installed later. */
export function trackPoolGames(db: SqliteDatabase, systems: SystemRegistry): void {
  for (const system of systems.list()) writePoolGame(db, poolGameOf(system));
  systems.onInstall((system) => writePoolGame(db, poolGameOf(system)));
}

const quoted = (ids: readonly string[]) => ids.map((value) => `"${value}"`).join(', ');

/** The identity values as a bitmask (value i of the game is bit i), refusing unknown ones by name. */
function maskOf(system: GameSystem, values: readonly string[], what: string): number {
  const identity = system.identity;
  if (!identity) throw new ApiError(`${system.name} has no identity to filter by ${what}`, 'BAD_INPUT');
  const ids = identity.values.map((value) => value.id);
  let mask = 0;
  for (const value of values) {
    const bit = ids.indexOf(value);
    if (bit < 0) {
      throw new ApiError(
        `"${value}" is not a ${identity.label.toLowerCase()} of ${system.name} (${what}; values: ${quoted(ids)})`,
        'BAD_INPUT',
      );
    }
    mask += 2 ** bit;
  }
  return mask;
}

/**
 * The store query for a request, or a BAD_INPUT naming what does not fit the game. The text is
 * the library's query language, resolved against this game (`set:` against `sets`).
 */
export function poolSearchOf(
  system: GameSystem,
  input: PoolInput,
  sets: ResolveContext['sets'] = [],
  leader?: CardRecord,
): PoolSearch {
  const section = system.deck.sections.find((s) => s.id === input.sectionId);
  if (!section) {
    throw new ApiError(
      `${system.name} has no deck section "${input.sectionId}" (sections: ${quoted(system.deck.sections.map((s) => s.id))})`,
      'BAD_INPUT',
    );
  }
  for (const type of input.types ?? []) {
    if (!section.types.includes(type)) {
      throw new ApiError(`${section.label} cannot hold "${type}" cards (types: ${quoted(section.types)})`, 'BAD_INPUT');
    }
  }
  if (input.costMin !== undefined && input.costMax !== undefined && input.costMin > input.costMax) {
    throw new ApiError(`The lowest cost (${input.costMin}) is above the highest (${input.costMax})`, 'BAD_INPUT');
  }
  if ((input.costMin !== undefined || input.costMax !== undefined) && !system.deck.builder?.costField) {
    throw new ApiError(`${system.name} names no cost field (deck.builder.costField) to filter by cost`, 'BAD_INPUT');
  }
  let outsideMask = 0;
  if (input.withinIdentity) {
    const values = system.identity?.values ?? [];
    const allowed = maskOf(system, input.withinIdentity, 'the leader’s identity');
    const neutral = maskOf(
      system,
      values.filter((v) => v.neutral).map((v) => v.id),
      'neutral values',
    );
    const all = values.reduce((mask, _value, bit) => mask + 2 ** bit, 0);
    outsideMask = all - (all & (allowed | neutral));
  }
  const search: PoolSearch = {
    systemId: system.id,
    types: input.types?.length ? input.types : section.types,
    outsideMask,
    anyOfMask: input.identityAny?.length ? maskOf(system, input.identityAny, 'the identity filter') : 0,
    sort: input.sort,
    descending: input.descending,
    limit: input.limit,
  };
  if (input.sort === 'identity' && !system.identity) {
    throw new ApiError(`${system.name} has no identity to sort by`, 'BAD_INPUT');
  }
  if (input.sort === 'cost' && !system.deck.builder?.costField) {
    throw new ApiError(`${system.name} names no cost field (deck.builder.costField) to sort by`, 'BAD_INPUT');
  }
  if (input.leaderId !== undefined) {
    const rules = identityRulesFor(system, section.id, input, leader);
    if (rules.length > 0) search.identityRules = rules;
  }
  if (input.query.trim() !== '') search.query = resolveQuery(parseQuery(input.query), { systems: [system], sets }).games[0];
  if (input.setId !== undefined) search.setId = input.setId;
  if (input.costMin !== undefined) search.costMin = input.costMin;
  if (input.costMax !== undefined) search.costMax = input.costMax;
  if (input.after) search.after = input.after;
  return search;
}

/** The identity rules judging the section, against the leader `input.leaderId` names (checked: it is a card of the game). */
function identityRulesFor(
  system: GameSystem,
  sectionId: string,
  input: PoolInput,
  leader: CardRecord | undefined,
): PoolIdentityRule[] {
  if (!leader || leader.systemId !== system.id) {
    throw new ApiError(`The leader card "${input.leaderId}" is not a card of ${system.name}`, 'BAD_INPUT');
  }
  const formats = system.deck.formats ?? [];
  const format = input.format === undefined ? formats[0] : formats.find((f) => f.id === input.format);
  if (input.format !== undefined && !format) {
    throw new ApiError(
      `${system.name} has no play format "${input.format}" (formats: ${quoted(formats.map((f) => f.id)) || 'none'})`,
      'BAD_INPUT',
    );
  }
  return identityRulesOf(system, sectionId, format).map(({ rule }) => poolIdentityRule(system, rule, leader.doc));
}

function numberField(card: CardRecord, field: string): number | null {
  const value = own(card.doc, field);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** What the pool's row shows of a card, read through the game's fields. */
export function toPoolCard(system: GameSystem, card: CardRecord): PoolCard {
  const builder = system.deck.builder;
  const row: PoolCard = {
    card,
    typeLabel: system.cardTypes.find((t) => t.id === card.doc.type)?.label ?? card.doc.type,
    identity: system.identity ? identityOf(card.doc, system.identity) : [],
    stats: (builder?.stats ?? []).map((field) => numberField(card, field)),
  };
  const cost = builder?.costField ? numberField(card, builder.costField) : null;
  if (cost !== null) row.cost = cost;
  const picture = Object.values(card.doc).find(isImageRef);
  if (picture) row.imageId = picture.id;
  return row;
}

export function toPoolResult(system: GameSystem, page: PoolPage): PoolResult {
  return { ...page, cards: page.cards.map((card) => toPoolCard(system, card)) };
}
