// The New game dialog's model with stubbed dependencies: the id following the name until typed,
// a source's size and identity taken over, the checks at each field, and the input it sends.

import { describe, expect, it, vi } from 'vitest';
import type { GameSystem } from '../../card-schema/system/format';
import { NewGameModel, slugOf, type NewGameDeps } from '../../src-renderer/src/games/new-game.svelte';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, errorMessage: (error: Error) => error.message }));

function game(id: string, name: string, extra: Partial<GameSystem> = {}): GameSystem {
  return {
    id,
    name,
    card: { widthMm: 63, heightMm: 88, cornerRadiusMm: 3 },
    cardTypes: [{ id: 'card', label: 'Card' }],
    ...extra,
  } as GameSystem;
}

const TCG = game('starter-tcg', 'Trading card game', {
  identity: {
    field: 'colors',
    label: 'Color',
    values: [
      { id: 'red', label: 'Red', color: '#aa0000' },
      { id: 'grey', label: 'Grey', color: '#777777', neutral: true },
    ],
  },
});
const TAROT = game('starter-tarot', 'Tarot', { card: { widthMm: 70, heightMm: 120, cornerRadiusMm: 4 } });

function stub(createGame = vi.fn(async () => ({ id: 'new' }))) {
  const deps = {
    api: { listStarters: vi.fn(async () => [TCG, TAROT]), createGame },
    installed: () => [game('osmcg', 'OSMCG')],
    errorMessage: (error: unknown) => (error as Error).message,
  };
  return deps as unknown as NewGameDeps & typeof deps;
}

describe('NewGameModel', () => {
  it('makes ids from names', () => {
    expect(slugOf('Ember & Ash: Révolte!')).toBe('ember-ash-revolte');
    expect(slugOf('  ')).toBe('');
  });

  it('starts from the first starter, takes its size and identity, and follows the name with the id until one is typed', async () => {
    const model = new NewGameModel(stub());
    await model.load();
    expect(model.source).toEqual({ kind: 'starter', id: 'starter-tcg' });
    expect(model.identityLabel).toBe('Color');
    model.name = 'Sky Pirates';
    expect(model.id).toBe('sky-pirates');
    model.typedId = 'pirates';
    model.name = 'Sky Pirates 2';
    expect(model.id).toBe('pirates');

    model.choose({ kind: 'starter', id: 'starter-tarot' });
    expect(model.card).toEqual({ widthMm: 70, heightMm: 120, cornerRadiusMm: 4 });
    expect(model.sizeId).toBe('tarot');
    expect(model.resized).toBe(false);
    model.chooseSize('poker');
    expect(model.resized).toBe(true);
  });

  it('checks each field before sending: name, id (pattern and taken), size and identity', async () => {
    const model = new NewGameModel(stub());
    await model.load();
    expect(model.problems.name).toBe('Give the game a name.');
    model.name = 'Mine';
    model.typedId = 'Bad Id';
    expect(model.problems.id).toContain('lowercase letters');
    model.typedId = 'osmcg';
    expect(model.problems.id).toBe('OSMCG has this id already; choose another.');
    model.typedId = 'mine';
    model.card = { ...model.card, widthMm: 10 };
    expect(model.problems.size).toBe('Width and height are 20–300 mm.');
    model.chooseSize('poker');
    model.addIdentityValue();
    expect(model.problems.identity).toBe('Give every value a name.');
    model.relabel(2, 'Sea Blue');
    expect(model.identityValues[2].id).toBe('sea-blue');
    model.relabel(0, 'Crimson'); // a source value keeps its id
    expect(model.identityValues[0].id).toBe('red');
    expect(model.problems).toEqual({});
    expect(model.input()).toEqual({
      from: { starter: 'starter-tcg' },
      id: 'mine',
      name: 'Mine',
      card: { widthMm: 63, heightMm: 88, cornerRadiusMm: 3 },
      identity: {
        label: 'Color',
        values: [
          { id: 'red', label: 'Crimson', color: '#aa0000' },
          { id: 'grey', label: 'Grey', color: '#777777', neutral: true },
          { id: 'sea-blue', label: 'Sea Blue', color: '#7d8590' },
        ],
      },
    });
  });

  it('sends nothing while a field is wrong, and shows a taken id refused by the backend at the id', async () => {
    const refused = Object.assign(new Error('Sky has the id "sky" already; choose another id'), { code: 'CONFLICT' });
    const createGame = vi.fn(async () => {
      throw refused;
    });
    const model = new NewGameModel(stub(createGame));
    await model.load();
    expect(await model.create()).toBeNull();
    expect(createGame).not.toHaveBeenCalled();
    model.name = 'Sky';
    expect(await model.create()).toBeNull();
    expect(createGame).toHaveBeenCalledOnce();
    expect(model.refusal).toEqual({ field: 'id', message: refused.message });
    expect(model.saving).toBe(false);
  });

  it('a copy of an installed game is named after it and sends no identity when the game has none', async () => {
    const model = new NewGameModel(stub());
    await model.load();
    model.choose({ kind: 'game', id: 'osmcg' });
    expect(model.name).toBe('OSMCG (my version)');
    expect(model.input()).toEqual({
      from: { game: 'osmcg' },
      id: 'osmcg-my-version',
      name: 'OSMCG (my version)',
      card: { widthMm: 63, heightMm: 88, cornerRadiusMm: 3 },
    });
  });
});
