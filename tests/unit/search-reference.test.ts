// cardMatchesSearch on the sample cards of every game: each query's cards against a filter
// written by hand from what the query says.

import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../card-schema/search/parse';
import { cardMatchesSearch, type SearchableCard } from '../../card-schema/search/reference';
import { resolveQuery } from '../../card-schema/search/resolve';
import { searchTokens } from '../../card-schema/search/tokens';
import type { CardDocument } from '../../card-schema/system/format';
import { samples, systemById, systems, type SampleSearchCard } from './search-samples';

/** Ids of the sample cards the query finds, searching the given games (default: all). */
function found(query: string, systemIds = systems.map((system) => system.id)): string[] {
  const resolved = resolveQuery(parseQuery(query), { systems: systemIds.map(systemById), sets: samples.sets });
  expect(resolved.problems, query).toEqual([]);
  const byGame = new Map(resolved.games.map((game) => [game.systemId, game]));
  return samples.cards
    .filter((card) => {
      const search = byGame.get(card.systemId);
      return search !== undefined && cardMatchesSearch(card, search);
    })
    .map((card) => card.id);
}

function where(test: (doc: CardDocument, card: SampleSearchCard) => boolean, systemId?: string): string[] {
  return samples.cards
    .filter((card) => (systemId === undefined || card.systemId === systemId) && test(card.doc, card))
    .map((card) => card.id);
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const num = (value: unknown): number => (typeof value === 'number' ? value : NaN);
const words = (card: SampleSearchCard): string[] => [...searchTokens(card.doc.name), ...searchTokens(card.searchText)];

describe('cardMatchesSearch on the sample cards', () => {
  it('OSMCG: keywords, colors, costs and stats', () => {
    const haste = where((doc) => list(doc.keywords).some((keyword) => (keyword as { kw: string }).kw === 'Haste'));
    expect(haste.length).toBeGreaterThan(0);
    expect(found('kw:haste', ['osmcg'])).toEqual(haste);
    expect(found('keywords:haste')).toEqual(haste);
    expect(found('type:creature cost<=3 -color:red', ['osmcg'])).toEqual(
      where((doc) => doc.type === 'creature' && num(doc.cost) <= 3 && !list(doc.colors).includes('red'), 'osmcg'),
    );
    expect(found('atk>2 color=red')).toEqual(where((doc) => num(doc.atk) > 2 && list(doc.colors).includes('red')));
    expect(found('inflicts:burn')).toEqual(
      where((doc) => list(doc.inflicts).some((status) => (status as { status: string }).status === 'Burn')),
    );
  });

  it('free words are prefixes of a word of the name or text; minus leaves them out', () => {
    const fire = where((_doc, card) => words(card).some((word) => word.startsWith('fire')));
    expect(fire.length).toBeGreaterThan(0);
    expect(found('fire')).toEqual(fire);
    expect(found('-fire')).toEqual(where((_doc, card) => !fire.includes(card.id)));
    expect(found('FIRE')).toEqual(fire);
  });

  it('a phrase is whole words next to each other', () => {
    expect(found('"ember hound"')).toEqual(where((doc) => doc.name === 'Ember Hound'));
    expect(found('"ember houn"')).toEqual([]);
  });

  it('set: and game:', () => {
    expect(found('set:objective')).toEqual(where((_doc, card) => card.setId === 'osmcg-missions-objectives'));
    expect(found('game:omms')).toEqual(where(() => true, 'omms'));
    expect(found('-set:objective game:osmcg')).toEqual(where((_doc, card) => card.setId === 'osmcg-core'));
  });

  it('MUHQ, Odd Frontier, Miscrits and OMMS fields', () => {
    expect(found('buycost>=3 game:muhq')).toEqual(where((doc) => num(doc.buyCost) >= 3, 'muhq'));
    expect(found('effect:crew')).toEqual(
      where((doc) => list(doc.effects).some((effect) => (effect as { kind: string }).kind === 'crew')),
    );
    expect(found('kw:first game:odd')).toEqual(where((doc) => list(doc.keywords).includes('First Assault'), 'odd-frontier'));
    expect(found('element:fire golden:yes')).toEqual(
      where(
        (doc) => doc.element === 'fire' && list(doc.attacks).some((attack) => (attack as { golden?: boolean }).golden === true),
      ),
    );
    expect(found('rank:k')).toEqual(where((doc) => doc.rank === 'K'));
    expect(found('unit:tank attack>=3')).toEqual(where((doc) => doc.unit === 'Tank' && num(doc.attack) >= 3));
    for (const query of ['effect:crew', 'element:fire golden:yes', 'rank:k', 'inflicts:burn', 'unit:tank attack>=3'])
      expect(found(query).length, query).toBeGreaterThan(0);
  });
});

describe('cardMatchesSearch', () => {
  const card: SearchableCard = {
    doc: { type: 'unit', name: 'Ember', text: 'Tide pool' },
    setId: 's',
    searchText: 'Unit\nTide pool',
  };
  const search = (include: string[][], exclude: string[][] = [], prefix = false) => ({
    systemId: 'g',
    text: { include: include.map((tokens) => ({ tokens, prefix })), exclude: exclude.map((tokens) => ({ tokens, prefix })) },
    fields: [],
  });

  it('never lets a phrase span the name and the text', () => {
    expect(cardMatchesSearch(card, search([['ember'], ['tide']]))).toBe(true);
    expect(cardMatchesSearch(card, search([['ember', 'tide']]))).toBe(false);
    expect(cardMatchesSearch(card, search([['unit', 'tide']]))).toBe(true);
  });

  it('applies set lists and exclusions', () => {
    expect(cardMatchesSearch(card, { ...search([]), setIds: [] })).toBe(false);
    expect(cardMatchesSearch(card, { ...search([]), setIds: ['s'] })).toBe(true);
    expect(cardMatchesSearch(card, { ...search([]), excludeSetIds: ['s'] })).toBe(false);
    expect(cardMatchesSearch(card, search([], [['po']], true))).toBe(false);
  });
});
