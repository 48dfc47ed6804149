// The studio's board, pack and symbol edits: each writes the files it should, refuses bad input
// at its field with a sentence (nothing written), and `playProblems` finds what is wrong in
// files that came in already broken.

import { describe, expect, it } from 'vitest';
import type { GameFileMap } from '../../card-schema/studio/game-files';
import {
  addPhase,
  addResource,
  addZone,
  boardOf,
  movePhase,
  phaseNames,
  removePhase,
  removeResource,
  removeZone,
  renamePhase,
  setBoardNumber,
  setMulligan,
  setResource,
  setZone,
} from '../../card-schema/studio/board-edits';
import {
  addPack,
  addRarityValue,
  addSlot,
  packsOf,
  rarityOf,
  removePack,
  removeRarity,
  removeRarityValue,
  removeSlot,
  setPack,
  setRarity,
  setSlot,
} from '../../card-schema/studio/pack-edits';
import { type EditResult } from '../../card-schema/studio/play-edit-shared';
import { playProblems } from '../../card-schema/studio/play-problems';
import { addSymbol, removeSymbol, renameSymbol, setSymbolLabel, symbolsOf } from '../../card-schema/studio/symbol-edits';

// A fixed game (the tutorial's board as documented), so these tests do not follow edits of the
// tutorial's files.
const system: Record<string, unknown> = {
  formatVersion: 3,
  id: 'lantern-watch',
  name: 'Lantern Watch',
  version: '0.1.0',
  card: { widthMm: 63, heightMm: 88 },
  cardTypes: [
    { id: 'keeper', label: 'Keeper' },
    { id: 'lamplighter', label: 'Lamplighter' },
  ],
  layouts: {},
  deck: { sections: [] },
  board: {
    zones: [
      { id: 'deck', label: 'Deck', kind: 'deck' },
      { id: 'hand', label: 'Hand', kind: 'hand' },
      { id: 'streets', label: 'Streets', kind: 'board' },
      { id: 'burnt-out', label: 'Burnt out', kind: 'discard' },
    ],
    deckSection: 'watch',
    leaderSection: 'keeper',
    openingHand: 5,
    mulligan: 'london',
    drawPerTurn: 1,
    emptyDeck: 'cannot-draw',
    resources: [{ id: 'oil', label: 'Oil', start: { leaderField: 'oil' }, regen: { leaderField: 'wick' }, max: 10, min: 0 }],
    phases: ['Dusk', 'Draw', 'Hang lanterns', 'Night', 'Dawn'],
  },
};
const base: GameFileMap = { 'system.json': system };

function ok(result: EditResult): GameFileMap {
  if (!result.ok) throw new Error(`refused at ${result.field}: ${result.message}`);
  return result.files;
}
const board = (files: GameFileMap) => boardOf(files);

describe('board edits', () => {
  it('adds, renames and removes zones, carrying a new id into the parts that name it', () => {
    let files = ok(addZone(base, { id: 'life', label: 'Life', kind: 'other' }));
    expect(board(files).zones).toContainEqual({ id: 'life', label: 'Life', kind: 'other' });
    expect(base['system.json']).toBe(system);

    files = ok(setZone(files, 'life', { deal: { count: { leaderField: 'life' }, faceDown: true } }));
    expect((board(files).zones as unknown[]).at(-1)).toEqual({
      id: 'life',
      label: 'Life',
      kind: 'other',
      deal: { count: { leaderField: 'life' }, faceDown: true },
    });

    const withGoal = {
      ...files,
      'system.json': {
        ...(files['system.json'] as object),
        board: { ...board(files), goals: [{ label: 'Out', result: 'loss', zone: 'life', atMost: 0 }] },
      },
    };
    files = ok(setZone(withGoal, 'life', { id: 'lives', label: ' Lives ' }));
    expect((board(files).goals as { zone: string }[])[0].zone).toBe('lives');
    expect(removeZone(files, 'lives')).toMatchObject({
      ok: false,
      message: 'The goal “Out” uses the zone “Lives”: change that first.',
    });
    files = ok(setZone(files, 'lives', { deal: null }));
    expect((board(files).zones as object[]).at(-1)).toEqual({ id: 'lives', label: 'Lives', kind: 'other' });
  });

  it('refuses bad zones at their field', () => {
    expect(addZone(base, { id: 'hand', label: 'Hand 2', kind: 'hand' })).toEqual({
      ok: false,
      field: 'zone-id',
      message: 'The game has a zone “hand” already.',
    });
    expect(addZone(base, { id: 'Big Zone', label: 'x', kind: 'other' })).toMatchObject({ ok: false, field: 'zone-id' });
    expect(addZone(base, { id: 'x', label: ' ', kind: 'other' })).toMatchObject({ ok: false, field: 'zone-label' });
    expect(setZone(base, 'streets', { id: 'deck' })).toMatchObject({ ok: false, field: 'zone:streets:id' });
    expect(removeZone(base, 'deck')).toMatchObject({
      ok: false,
      message: expect.stringContaining('The board needs a deck zone'),
    });
    expect(setZone(base, 'hand', { kind: 'board' })).toMatchObject({ ok: false, field: 'zone:hand:kind' });
    expect(setZone(base, 'streets', { kind: 'deck', deal: { count: 2, faceDown: false } })).toMatchObject({
      ok: false,
      field: 'zone:streets:deal',
    });
    expect(setZone(base, 'streets', { deal: { count: -1, faceDown: false } })).toMatchObject({
      ok: false,
      message: 'Cards dealt must be a whole number of at least 0.',
    });
    expect(ok(removeZone(base, 'burnt-out'))).not.toBe(base);
  });

  it('sets the opening hand, draws, mulligan and its limits; a hand above the deck size is fine', () => {
    let files = ok(setBoardNumber(base, 'openingHand', 60));
    expect(board(files).openingHand).toBe(60);
    files = ok(setBoardNumber(files, 'openingHand', { leaderField: 'handSize' }));
    expect(board(files).openingHand).toEqual({ leaderField: 'handSize' });
    expect(setBoardNumber(base, 'openingHand', -1)).toEqual({
      ok: false,
      field: 'openingHand',
      message: 'The opening hand must be a whole number of at least 0.',
    });
    expect(setBoardNumber(base, 'drawPerTurn', 1.5)).toMatchObject({ ok: false, field: 'drawPerTurn' });
    expect(setBoardNumber(base, 'drawPerTurn', undefined)).toMatchObject({
      ok: false,
      message: 'Cards drawn per turn needs a number.',
    });
    expect(setBoardNumber(base, 'drawPerTurn', { leaderField: 'x' })).toMatchObject({ ok: false });
    files = ok(setMulligan(base, 'smaller'));
    files = ok(setBoardNumber(files, 'freeMulligans', 1));
    expect(board(files)).toMatchObject({ mulligan: 'smaller', freeMulligans: 1 });
    files = ok(setMulligan(files, 'none'));
    expect(board(files).freeMulligans).toBeUndefined();
    files = ok(setBoardNumber(files, 'maxMulligans', undefined));
    expect('maxMulligans' in board(files)).toBe(false);
  });

  it('edits resources with start, gain, most and least, refusing contradictions', () => {
    let files = ok(addResource(base, { id: 'life', label: 'Life' }));
    files = ok(setResource(files, 'life', { label: 'Life', start: 20, min: 0, max: 30 }));
    expect((board(files).resources as object[]).at(-1)).toEqual({ id: 'life', label: 'Life', start: 20, min: 0, max: 30 });
    expect(setResource(files, 'life', { label: 'Life', start: 20, min: 40, max: 30 })).toEqual({
      ok: false,
      field: 'resource:life:min',
      message: 'The least (40) is above the most (30).',
    });
    expect(setResource(files, 'life', { label: 'Life', start: 40, max: 30 })).toMatchObject({
      ok: false,
      field: 'resource:life:start',
    });
    expect(setResource(files, 'life', { label: 'Life', start: -1, min: 0 })).toMatchObject({
      ok: false,
      field: 'resource:life:start',
    });
    expect(setResource(files, 'oil', { label: 'Oil', start: { leaderField: '' } })).toMatchObject({
      ok: false,
      field: 'resource:oil:start',
    });
    expect(addResource(files, { id: 'oil', label: 'Oil' })).toMatchObject({ ok: false, field: 'resource-id' });
    files = ok(removeResource(files, 'life'));
    expect((board(files).resources as object[]).length).toBe(1);
  });

  it('edits the phases: plain names, or objects once any phase has steps', () => {
    let files = ok(addPhase(base, 'Last call'));
    expect(phaseNames(files).at(-1)).toBe('Last call');
    expect(addPhase(files, 'dusk')).toMatchObject({
      ok: false,
      field: 'phase-new',
      message: 'The turn has a phase “dusk” already.',
    });
    files = ok(renamePhase(files, 0, 'Evening'));
    files = ok(movePhase(files, 0, 1));
    expect(phaseNames(files).slice(0, 2)).toEqual(['Draw', 'Evening']);
    files = ok(removePhase(files, 1));
    expect(phaseNames(files)).toEqual(['Draw', 'Hang lanterns', 'Night', 'Dawn', 'Last call']);

    const stepped = {
      'system.json': { ...system, board: { ...board(base), phases: [{ id: 'draw', label: 'Draw', steps: [{ draw: 'turn' }] }] } },
    };
    files = ok(addPhase(stepped, 'Main'));
    expect(board(files).phases).toEqual([
      { id: 'draw', label: 'Draw', steps: [{ draw: 'turn' }] },
      { id: 'main', label: 'Main' },
    ]);
    files = ok(renamePhase(files, 0, 'Draw step'));
    expect((board(files).phases as object[])[0]).toEqual({ id: 'draw', label: 'Draw step', steps: [{ draw: 'turn' }] });
    expect(removePhase(stepped, 0)).toMatchObject({ ok: false, message: 'A turn needs at least one phase.' });
  });
});

describe('rarity and packs', () => {
  it('gives a game rarity and packs, slot by slot', () => {
    let files = ok(setRarity(base, { field: 'rarity', label: 'Rarity' }));
    files = ok(addRarityValue(files, { id: 'rare', label: 'Rare', color: '#c9a227' }));
    expect(rarityOf(files)).toEqual({
      field: 'rarity',
      label: 'Rarity',
      values: [
        { id: 'common', label: 'Common' },
        { id: 'rare', label: 'Rare', color: '#c9a227' },
      ],
    });
    files = ok(addPack(files, { id: 'booster', label: 'Booster' }));
    expect(packsOf(files)).toEqual([{ id: 'booster', label: 'Booster', slots: [{ rarity: 'common', count: 1 }] }]);
    files = ok(addSlot(files, 'booster'));
    files = ok(setSlot(files, 'booster', 1, { count: 1, rarities: ['common', 'rare'], types: [] }));
    files = ok(setSlot(files, 'booster', 0, { count: 6, rarities: [], types: ['lamplighter'], label: 'Lamplighter' }));
    expect(packsOf(files)[0].slots).toEqual([
      { count: 6, match: { types: ['lamplighter'] }, label: 'Lamplighter' },
      { rarity: ['common', 'rare'], count: 1 },
    ]);
    expect(removeRarityValue(files, 'rare')).toMatchObject({
      ok: false,
      message: 'The pack “Booster” has a slot of this rarity: change it first.',
    });
    expect(removeRarity(files)).toMatchObject({ ok: false, field: 'rarity' });
    files = ok(setPack(files, 'booster', { id: 'starter', label: 'Starter', description: 'Seven cards.' }));
    expect(packsOf(files)[0]).toMatchObject({ id: 'starter', label: 'Starter', description: 'Seven cards.' });
    files = ok(removeSlot(files, 'starter', 0));
    expect(removeSlot(files, 'starter', 0)).toMatchObject({ ok: false });
    files = ok(removePack(files, 'starter'));
    expect('packs' in (files['system.json'] as object)).toBe(false);
  });

  it('keeps a slot’s weights and other match conditions while they still apply', () => {
    const withPacks: GameFileMap = {
      'system.json': {
        ...system,
        rarity: {
          field: 'rarity',
          label: 'Rarity',
          values: [
            { id: 'rare', label: 'Rare' },
            { id: 'mythic', label: 'Mythic' },
          ],
        },
        packs: [
          {
            id: 'p',
            label: 'P',
            slots: [
              {
                rarity: ['rare', 'mythic'],
                weights: [7, 1],
                count: 1,
                match: { types: ['x'], where: [{ field: 'cost', equals: 1 }] },
              },
            ],
          },
        ],
      },
    };
    let files = ok(setSlot(withPacks, 'p', 0, { count: 2, rarities: ['rare', 'mythic'], types: [] }));
    expect(packsOf(files)[0].slots).toEqual([
      { rarity: ['rare', 'mythic'], weights: [7, 1], count: 2, match: { where: [{ field: 'cost', equals: 1 }] } },
    ]);
    files = ok(setSlot(files, 'p', 0, { count: 2, rarities: ['rare'], types: [] }));
    expect(packsOf(files)[0].slots).toEqual([{ rarity: 'rare', count: 2, match: { where: [{ field: 'cost', equals: 1 }] } }]);
  });

  it('refuses bad packs and slots at their field', () => {
    const files = ok(addPack(ok(setRarity(base, { field: 'rarity', label: 'Rarity' })), { id: 'booster', label: 'Booster' }));
    expect(addPack(files, { id: 'booster', label: 'Again' })).toMatchObject({
      ok: false,
      field: 'pack-id',
      message: 'The game has a pack “booster” already.',
    });
    expect(setSlot(files, 'booster', 0, { count: 0, rarities: ['common'], types: [] })).toEqual({
      ok: false,
      field: 'pack:booster:slot:0:count',
      message: 'A slot draws from 1 to 100 cards.',
    });
    expect(setSlot(files, 'booster', 0, { count: 1, rarities: ['legendary'], types: [] })).toMatchObject({
      ok: false,
      message: 'The game has no rarity “legendary”.',
    });
    expect(setSlot(files, 'booster', 0, { count: 1, rarities: [], types: [] })).toMatchObject({
      ok: false,
      field: 'pack:booster:slot:0:rarity',
    });
    expect(addRarityValue(files, { id: 'common', label: 'C' })).toMatchObject({ ok: false, field: 'rarity-value-id' });
    expect(addRarityValue(files, { id: 'rare', label: 'Rare', color: 'gold' })).toMatchObject({
      ok: false,
      field: 'rarity-value-color',
    });
  });
});

describe('symbols', () => {
  const tap = { label: 'Tap', viewBox: '0 0 24 24', path: 'M0 0H24V24Z' };

  it('adds, renames in place, relabels and removes symbols', () => {
    let files = ok(addSymbol(base, 'T', tap));
    files = ok(addSymbol(files, 'R', { label: 'Resource', path: 'M1 1H2V2Z' }));
    files = ok(renameSymbol(files, 'T', 'tap'));
    expect(Object.keys(symbolsOf(files))).toEqual(['tap', 'R']);
    files = ok(setSymbolLabel(files, 'tap', ' Exhaust '));
    expect(symbolsOf(files).tap).toEqual({ ...tap, label: 'Exhaust' });
    files = ok(removeSymbol(ok(removeSymbol(files, 'tap')), 'R'));
    expect('symbols' in (files['system.json'] as object)).toBe(false);
  });

  it('refuses a duplicate or invalid token and an empty meaning', () => {
    const files = ok(addSymbol(base, 'T', tap));
    expect(addSymbol(files, 'T', tap)).toEqual({
      ok: false,
      field: 'symbol-token',
      message: 'The game has a symbol {T} already.',
    });
    expect(addSymbol(files, '{X}', tap)).toMatchObject({
      ok: false,
      field: 'symbol-token',
      message: expect.stringContaining('{{X}} cannot be'),
    });
    expect(addSymbol(files, 'x'.repeat(33), tap)).toMatchObject({ ok: false, field: 'symbol-token' });
    expect(addSymbol(files, '', tap)).toMatchObject({ ok: false, field: 'symbol-token' });
    expect(addSymbol(files, 'Q', { ...tap, label: ' ' })).toMatchObject({ ok: false, field: 'symbol-label' });
    expect(renameSymbol(ok(addSymbol(files, 'R', tap)), 'R', 'T')).toMatchObject({
      ok: false,
      field: 'symbol:R:token',
    });
    expect(renameSymbol(files, 'T', 'a b')).toMatchObject({ ok: false });
  });
});

describe('playProblems', () => {
  it('finds duplicate ids, missing zones, contradicting bounds, empty and unknown slots', () => {
    const broken: GameFileMap = {
      'system.json': {
        ...system,
        board: {
          ...(system.board as object),
          zones: [
            { id: 'hand', label: 'Hand', kind: 'hand' },
            { id: 'hand', label: 'Hand 2', kind: 'other' },
          ],
          openingHand: -2,
          resources: [{ id: 'oil', label: 'Oil', start: 0, min: 5, max: 3 }],
        },
        packs: [{ id: 'p', label: 'P', slots: [{ rarity: 'rare', count: 0 }] }],
      },
    };
    expect(playProblems(broken)).toEqual([
      { field: 'zone:hand:id', message: 'Two zones have the id “hand”; ids must differ.' },
      { field: 'zones', message: 'The board has no deck zone: give one zone the kind “deck”.' },
      { field: 'openingHand', message: 'The opening hand must be a whole number of at least 0.' },
      { field: 'resource:oil:min', message: 'The least (5) is above the most (3).' },
      { field: 'pack:p:slot:0:count', message: 'Slot 1 draws 0 cards; a slot draws from 1 to 100.' },
      { field: 'pack:p:slot:0:rarity', message: 'Slot 1 draws by rarity, but the game has no rarity.' },
    ]);
    expect(playProblems(base)).toEqual([]);
  });
});
