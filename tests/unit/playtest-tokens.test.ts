// Tokens the game defines (board.tokens): made from the library's token cards onto a board zone,
// gone when they leave it, undoable, saved and replayed. muhq's rules, quoted from its rulebook.

import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cardMatches } from '../../card-schema/deck/card-match';
import { applyAction, createPlaytest, undo } from '../../card-schema/playtest/engine';
import type { PlaytestState } from '../../card-schema/playtest/playtest-state';
import { replayStates } from '../../card-schema/playtest/replay';
import { readSavedPlaytest, writeSavedPlaytest } from '../../card-schema/playtest/saved';
import { GameSystemLoadError, loadGameSystem } from '../../src-main/services/game-systems';
import { loadSamples } from './systems/harness';

const muhq = loadSamples('muhq');
const deck = muhq.decks.get('deck-legal.json') ?? [...muhq.decks.values()][0];
const lookup = (id: string) => muhq.docs.get(id);
const tokenCards = [...muhq.docs.entries()].filter(([, doc]) => cardMatches(doc, muhq.system.board.tokens!.match));

function start(): PlaytestState {
  const state = createPlaytest(muhq.system, deck, lookup, 3);
  return state.awaitingKeep ? applyAction(state, { type: 'keep' }) : state;
}

function skeleton(state: PlaytestState): PlaytestState {
  const [cardId, doc] = tokenCards.find(([, d]) => d.name === 'Skeleton')!;
  return applyAction(state, { type: 'createToken', cardId, doc, to: 'map', at: { x: 0.5, y: 0.5 } });
}

describe('tokens', () => {
  it("muhq's game declares its token cards; the sample library has some", () => {
    // "Representations of cards created during the game are called **tokens**"
    expect(muhq.system.board.tokens).toEqual({ match: { types: ['token'] } });
    expect(tokenCards.map(([, doc]) => doc.name)).toContain('Skeleton');
  });

  it('creates a new instance on a board zone, logged, each with its own id', () => {
    let state = skeleton(start());
    state = skeleton(state);
    expect(state.zones.map.slice(-2)).toEqual(['t1', 't2']);
    expect(state.cards.t1).toMatchObject({ name: 'Skeleton', type: 'token', token: true });
    expect(state.table.t1).toEqual({ at: { x: 0.5, y: 0.5 } });
    expect(state.log.at(-1)).toBe('Created a Skeleton token on the Map.');
  });

  it('a token leaving the board ceases to exist; undo brings it back, and undoing its creation removes it', () => {
    // "If a **token** would be put into a **discard pile** or **deck**, instead remove it from the game"
    const made = skeleton(start());
    const gone = applyAction(made, { type: 'move', instanceId: 't1', to: 'discard' });
    expect(gone.zones.discard).not.toContain('t1');
    expect(Object.values(gone.zones).flat()).not.toContain('t1');
    expect(gone.cards.t1).toBeUndefined();
    expect(gone.log.at(-1)).toBe('Skeleton (a token) left the Map for the Discard pile and ceased to exist.');
    const back = undo(gone);
    expect(back.zones.map).toContain('t1');
    expect(back.cards.t1.name).toBe('Skeleton');
    const none = undo(back);
    expect(none.cards.t1).toBeUndefined();
    expect(none.zones.map).not.toContain('t1');
  });

  it('refuses a card that is not a token, and a zone that is not a board', () => {
    const state = start();
    const [cardId, doc] = [...muhq.docs.entries()].find(([, d]) => d.type === 'unit')!;
    expect(() => applyAction(state, { type: 'createToken', cardId, doc, to: 'map' })).toThrow(/is not a token card of this game/);
    const [tokenId, token] = tokenCards[0];
    expect(() => applyAction(state, { type: 'createToken', cardId: tokenId, doc: token, to: 'hand' })).toThrow(
      /Tokens are put on a board zone; the Hand is a hand/,
    );
  });

  it('keeps tokens through save and resume, and replays them exactly', () => {
    let state = skeleton(skeleton(start()));
    state = applyAction(state, { type: 'move', instanceId: 't1', to: 'hand' });
    state = undo(skeleton(state));
    const resumed = readSavedPlaytest(writeSavedPlaytest(state, new Date('2026-11-27T09:00:00Z'))).state;
    expect(resumed).toEqual(state);
    expect(replayStates(muhq.system, deck, lookup, resumed).at(-1)).toEqual(state);
    // Undo after resume still brings the ceased token back.
    expect(undo(resumed).cards.t1.name).toBe('Skeleton');
  });
});

describe('the loader', () => {
  const root = mkdtempSync(join(tmpdir(), 'cw-tokens-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  function muhqWith(tokens: unknown): string {
    const dir = join(root, `muhq-${Math.random().toString(36).slice(2)}`);
    cpSync(join(resolve(import.meta.dirname, '../..'), 'card-schema/systems/muhq'), dir, { recursive: true });
    const file = join(dir, 'system.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as { board: Record<string, unknown> };
    json.board.tokens = tokens;
    writeFileSync(file, JSON.stringify(json));
    return dir;
  }

  it('refuses an unknown field in the token match, naming its path', () => {
    expect(() => loadGameSystem(muhqWith({ match: { type: ['token'] } }))).toThrow(GameSystemLoadError);
    expect(() => loadGameSystem(muhqWith({ match: { type: ['token'] } }))).toThrow(
      /system\.json at \/board\/tokens\/match\/type: is not a known field of the game-system format/,
    );
  });

  it('refuses a token type no card type has, naming its path', () => {
    expect(() => loadGameSystem(muhqWith({ match: { types: ['tokn'] } }))).toThrow(/\/board\/tokens\/match\/types\/0/);
  });
});
