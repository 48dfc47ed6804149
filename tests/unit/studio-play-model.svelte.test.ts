// The studio's Play and Symbols panel models against a stand-in studio: an accepted edit is one
// labelled step, a refused one writes nothing and leaves its sentence at its field until that
// field is edited again, and an uploaded SVG becomes a symbol only once token and meaning are valid.

import { describe, expect, it } from 'vitest';
import type { GameFileMap } from '../../card-schema/studio/game-files';
import { addZone, boardOf, setBoardNumber } from '../../card-schema/studio/board-edits';
import { PlayPanelModel, type StudioEditor } from '../../src-renderer/src/studio/play-panel.svelte';
import { SymbolsPanelModel, type PickedSvg } from '../../src-renderer/src/studio/symbols-panel.svelte';

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

class FakeStudio implements StudioEditor {
  files = $state.raw<GameFileMap | null>({ 'system.json': system });
  steps: string[] = [];
  edit(label: string, files: GameFileMap): void {
    this.steps.push(label);
    this.files = files;
  }
}

const svgFile = (name: string, text: string, size = text.length): PickedSvg => ({ name, size, text: async () => text });
const TAP = '<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>';

describe('PlayPanelModel', () => {
  it('writes an accepted edit as one step and clears the add form', () => {
    const studio = new FakeStudio();
    const model = new PlayPanelModel(studio);
    model.drafts.zoneLabel = 'Life';
    model.drafts.zoneId = 'life';
    model.drafts.zoneKind = 'other';
    expect(
      model.add(
        'Add zone',
        (f) => addZone(f, { id: model.drafts.zoneId, label: model.drafts.zoneLabel, kind: model.drafts.zoneKind }),
        ['zone-id'],
        ['zoneId', 'zoneLabel'],
      ),
    ).toBe(true);
    expect(studio.steps).toEqual(['Add zone']);
    expect(model.drafts.zoneId).toBe('');
    expect(boardOf(studio.files!).zones).toContainEqual({ id: 'life', label: 'Life', kind: 'other' });
  });

  it('keeps a refusal at its field, writes nothing, and forgets it when the field is edited again', () => {
    const studio = new FakeStudio();
    const model = new PlayPanelModel(studio);
    const before = studio.files;
    expect(model.apply('Change opening hand', (f) => setBoardNumber(f, 'openingHand', -3), 'openingHand')).toBe(false);
    expect(studio.files).toBe(before);
    expect(studio.steps).toEqual([]);
    expect(model.problem('openingHand')).toBe('The opening hand must be a whole number of at least 0.');
    expect(model.apply('Change opening hand', (f) => setBoardNumber(f, 'openingHand', 7), 'openingHand')).toBe(true);
    expect(model.problem('openingHand')).toBeUndefined();
    expect(boardOf(studio.files!).openingHand).toBe(7);
  });

  it('shows problems of the files as they are at their fields', () => {
    const studio = new FakeStudio();
    studio.files = { 'system.json': { ...system, packs: [{ id: 'p', label: 'P', slots: [{ rarity: 'rare', count: 0 }] }] } };
    const model = new PlayPanelModel(studio);
    expect(model.problem('pack:p:slot:0:count')).toBe('Slot 1 draws 0 cards; a slot draws from 1 to 100.');
    studio.files = { 'system.json': system };
    expect(model.problem('pack:p:slot:0:count')).toBeUndefined();
  });
});

describe('SymbolsPanelModel', () => {
  it('turns an uploaded SVG into a pending symbol, its name suggesting the token, and adds it once valid', async () => {
    const studio = new FakeStudio();
    const model = new SymbolsPanelModel(studio);
    await model.upload(svgFile('Tap.svg', TAP));
    expect(model.uploadProblem).toBeNull();
    expect(model.pending).toMatchObject({ fileName: 'Tap.svg', viewBox: '0 0 24 24' });
    expect(model.token).toBe('Tap');
    expect(model.add()).toBe(false);
    expect(model.refusals['symbol-label']).toBe('Say what the symbol means (“Tap”).');
    expect(studio.steps).toEqual([]);
    model.token = 'T';
    model.label = 'Tap';
    expect(model.add()).toBe(true);
    expect(studio.steps).toEqual(['Add symbol {T}']);
    expect(model.pending).toBeNull();
    expect(model.symbols.map(([token, symbol]) => [token, symbol.label])).toEqual([['T', 'Tap']]);

    await model.upload(svgFile('t.svg', TAP));
    model.token = 'T';
    expect(model.tokenProblem).toBe('The game has a symbol {T} already.');
    model.token = 'a b';
    expect(model.tokenProblem).toMatch(/cannot be a symbol's token/);
  });

  it('refuses a file over 256 KB without reading it, and an SVG that cannot be a symbol with its sentence', async () => {
    const studio = new FakeStudio();
    const model = new SymbolsPanelModel(studio);
    await model.upload({ name: 'big.svg', size: 300 * 1024, text: () => Promise.reject(new Error('read')) });
    expect(model.uploadProblem).toBe('“big.svg” is larger than 256 KB; a symbol is a small icon, so save a simpler drawing.');
    await model.upload(svgFile('word.svg', '<svg viewBox="0 0 9 9"><text>T</text></svg>'));
    expect(model.uploadProblem).toBe('“word.svg”: The SVG draws <text>; convert text to paths in your drawing program first.');
    expect(model.pending).toBeNull();
  });

  it('renames, relabels and removes symbols, refusing a taken token at its row', async () => {
    const studio = new FakeStudio();
    const model = new SymbolsPanelModel(studio);
    for (const token of ['T', 'R']) {
      await model.upload(svgFile(`${token}.svg`, TAP));
      model.label = token === 'T' ? 'Tap' : 'Resource';
      model.add();
    }
    expect(model.rename('R', 'T')).toBe(false);
    expect(model.refusals['symbol:R:token']).toBe('The game has a symbol {T} already.');
    expect(model.rename('R', 'mana')).toBe(true);
    expect(model.refusals['symbol:R:token']).toBeUndefined();
    expect(model.relabel('mana', 'Mana')).toBe(true);
    expect(model.remove('T')).toBe(true);
    expect(model.symbols.map(([token, symbol]) => [token, symbol.label])).toEqual([['mana', 'Mana']]);
    expect(studio.steps).toEqual([
      'Add symbol {T}',
      'Add symbol {R}',
      'Rename symbol {R}',
      'Relabel symbol {mana}',
      'Remove symbol {T}',
    ]);
  });
});
