// The deck builder's quick-add box (decks/quick-add.ts): counts before or after the name, and
// names with typos ranked so the intended card comes first.

import { describe, expect, it } from 'vitest';
import { candidateQueries, parseQuickAdd, rankByName } from '../../src-renderer/src/decks/quick-add';

describe('quick add', () => {
  it('reads a count before or after the name', () => {
    expect(parseQuickAdd('3 fire bolt')).toEqual({ count: 3, name: 'fire bolt' });
    expect(parseQuickAdd('2x Fire Bolt')).toEqual({ count: 2, name: 'Fire Bolt' });
    expect(parseQuickAdd('fire bolt x2')).toEqual({ count: 2, name: 'fire bolt' });
    expect(parseQuickAdd('Fire Bolt')).toEqual({ count: 1, name: 'Fire Bolt' });
    expect(parseQuickAdd('  ')).toBeNull();
    expect(parseQuickAdd('500 bolts')).toEqual({ count: 99, name: 'bolts' });
  });

  it('ranks the closest name first, typos included', () => {
    const names = ['Fire Ant', 'Firebolt Sage', 'Fire Bolt', 'Frost Bolt'];
    expect(rankByName('fier bolt', names, (n) => n)[0]).toBe('Fire Bolt');
    expect(rankByName('fire bolt', names, (n) => n)[0]).toBe('Fire Bolt');
    expect(rankByName('frost', names, (n) => n)[0]).toBe('Frost Bolt');
  });

  it('loosens the search for typos to word prefixes', () => {
    expect(candidateQueries('fier bolt')).toEqual(['fier bolt', 'fi bo', 'fi']);
  });
});
