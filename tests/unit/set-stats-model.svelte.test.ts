// The Set statistics dialog's model: chart rows and notes from one setStats answer, an empty
// set, and a failed call shown as a problem.

import { describe, expect, it, vi } from 'vitest';
import type { SetStats } from '../../src-main/api/contract';
import { SetStatsModel } from '../../src-renderer/src/library/set-stats.svelte';

vi.mock('../../src-renderer/src/api/client', () => ({
  api: {},
  errorMessage: (error: unknown) => (error instanceof Error ? error.message : String(error)),
}));

const answer: SetStats = {
  setId: 's1',
  setName: 'Ember',
  systemId: 'g',
  cards: 3,
  types: [
    { type: 'creature', label: 'Creature', count: 2 },
    { type: 'spell', label: 'Spell', count: 1 },
  ],
  cost: { field: 'cost', label: 'Mana cost', buckets: [{ label: '0', min: 0, max: 0, count: 2 }], without: 1 },
  identity: {
    label: 'Color',
    values: [
      { id: 'red', label: 'Red', color: '#c00', count: 2 },
      { id: 'blue', label: 'Blue', color: '#00c', count: 1 },
    ],
    multi: 1,
    none: 1,
  },
  rarity: {
    label: 'Rarity',
    values: [
      { id: 'common', label: 'Common', color: '#777', count: 2 },
      { id: 'rare', label: 'Rare', color: '#ca2', count: 0 },
    ],
    none: 1,
  },
};

describe('SetStatsModel', () => {
  it('turns the answer into labelled bars and notes', async () => {
    const asked: string[] = [];
    const model = new SetStatsModel('s1', async (setId) => {
      asked.push(setId);
      return answer;
    });
    await model.load();
    expect(asked).toEqual(['s1']);
    expect(model.empty).toBe(false);
    expect(model.typeBars).toEqual([
      { key: 'creature', label: 'Creature', count: 2 },
      { key: 'spell', label: 'Spell', count: 1 },
    ]);
    expect(model.identityBars[0]).toEqual({ key: 'red', label: 'Red', count: 2, color: '#c00' });
    expect(model.identityNote).toBe('1 card with more than one color, counted under each. 1 card without one.');
    expect(model.costNote).toBe('1 card without Mana cost');
    expect(model.rarityBars).toEqual([
      { key: 'common', label: 'Common', count: 2, color: '#777' },
      { key: 'rare', label: 'Rare', count: 0, color: '#ca2' },
    ]);
    expect(model.rarityNote).toBe('1 card without a rarity.');
  });

  it('knows an empty set, and shows a failed call as a problem', async () => {
    const empty = new SetStatsModel('s2', async () => ({
      ...answer,
      cards: 0,
      cost: undefined,
      identity: undefined,
      rarity: undefined,
    }));
    await empty.load();
    expect(empty.empty).toBe(true);
    expect(empty.identityBars).toEqual([]);
    expect(empty.costNote).toBe('');
    expect(empty.rarityBars).toEqual([]);
    expect(empty.rarityNote).toBe('');
    const failing = new SetStatsModel('s3', async () => {
      throw new Error('No card set with id "s3"');
    });
    await failing.load();
    expect(failing.problem).toBe('No card set with id "s3"');
    expect(failing.stats).toBeNull();
  });
});
