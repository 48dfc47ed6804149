// The library's multi-selection (library/card-selection.svelte.ts) and the lines the print
// dialog shows for each source (print/print-source.ts).

import { describe, expect, it } from 'vitest';
import { CardSelection } from '../../src-renderer/src/library/card-selection.svelte';
import { deckTarget, searchTarget, selectionTarget, setTarget } from '../../src-renderer/src/print/print-source';

const listed = ['a', 'b', 'c', 'd', 'e'];

describe('CardSelection', () => {
  it('a plain click selects one card; Ctrl/Cmd-click toggles cards in and out', () => {
    const selection = new CardSelection();
    selection.select('b', listed);
    expect([...selection.ids]).toEqual(['b']);
    selection.select('d', listed, { toggle: true });
    selection.select('a', listed, { toggle: true });
    expect(selection.count).toBe(3);
    expect(selection.current).toBe('a');
    selection.select('a', listed, { toggle: true });
    expect(selection.has('a')).toBe(false);
    expect(selection.current).toBe('d');
    // Printing follows the list's order, not the clicks'.
    expect(selection.inListOrder(listed)).toEqual(['b', 'd']);
    selection.select('c', listed);
    expect([...selection.ids]).toEqual(['c']);
  });

  it('Shift-click selects the range from the last plain or Ctrl click, either way round', () => {
    const selection = new CardSelection();
    selection.select('d', listed);
    selection.select('b', listed, { range: true });
    expect(selection.inListOrder(listed)).toEqual(['b', 'c', 'd']);
    selection.select('e', listed, { range: true });
    expect(selection.inListOrder(listed)).toEqual(['d', 'e']);
    selection.select('a', listed, { toggle: true });
    selection.select('b', listed, { range: true, toggle: true });
    expect(selection.inListOrder(listed)).toEqual(['a', 'b', 'd', 'e']);
  });

  it('selects every listed card, and drops cards a new search no longer lists', () => {
    const selection = new CardSelection();
    selection.select('c', listed);
    selection.selectAll(listed);
    expect(selection.count).toBe(5);
    expect(selection.current).toBe('c');
    selection.retain(['a', 'b']);
    expect(selection.inListOrder(listed)).toEqual(['a', 'b']);
    expect(selection.current).toBe('b');
    selection.clear();
    expect(selection.count).toBe(0);
    expect(selection.current).toBeNull();
  });
});

describe('print targets', () => {
  it('say what will print', () => {
    expect(deckTarget('d1', 'Ember', 31).description).toBe('Deck “Ember”: 31 cards');
    expect(setTarget({ id: 's1', name: 'Core', cardCount: 61 })).toEqual({
      source: { kind: 'set', setId: 's1' },
      description: 'Set “Core”: 61 cards',
    });
    const search = searchTarget({
      query: ' ember ',
      systemId: 'osmcg',
      types: [],
      total: 24,
      totalExact: true,
      scopeName: 'All cards',
    });
    expect(search.description).toBe('Search “ember”: 24 cards');
    expect(search.source).toEqual({ kind: 'search', query: ' ember ', systemId: 'osmcg', setId: undefined, types: undefined });
    expect(
      searchTarget({
        query: '',
        systemId: 'osmcg',
        types: ['unit'],
        total: 1000,
        totalExact: false,
        scopeName: 'All cards of “OSMCG”',
      }).description,
    ).toBe('All cards of “OSMCG” (filtered by type): more than 1,000 cards');
    expect(selectionTarget(['a', 'b', 'c']).description).toBe('3 selected cards');
    expect(selectionTarget(['a']).description).toBe('1 selected card');
  });
});
