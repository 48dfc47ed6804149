// The studio's Deck panel model over a StudioModel with a stubbed API: each rule's decks from the
// live check, a rule form that refuses min above max and writes nothing until it is valid, the
// JSON text area, sections and formats edited as undoable steps with refusals where they were made.

import { flushSync } from 'svelte';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { GameEditReport } from '../../src-main/api/contract';
import { formatsOf, rulesOf, sectionsOf } from '../../card-schema/studio/deck-edits';
import type { GameFileMap } from '../../card-schema/studio/game-files';
import { StudioModel, type StudioDeps } from '../../src-renderer/src/studio/studio.svelte';
import { DeckRulesPanelModel } from '../../src-renderer/src/studio/deck-rules-panel.svelte';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, errorMessage: (error: Error) => error.message }));

const DIR = 'docs/tutorial/lantern-watch';
const read = (path: string): unknown => JSON.parse(readFileSync(`${DIR}/${path}`, 'utf8'));
const FILES: GameFileMap = {
  'system.json': read('system.json'),
  'schemas/keeper.schema.json': read('schemas/keeper.schema.json'),
  'schemas/lantern.schema.json': read('schemas/lantern.schema.json'),
  'schemas/definitions.json': read('schemas/definitions.json'),
};

function report(decks: GameEditReport['decks']): GameEditReport {
  return { cardsChecked: 0, newlyInvalid: [], invalidCount: 0, moved: [], movedCount: 0, decks };
}

async function setup(decks: GameEditReport['decks'] = []) {
  const checkGameEdit = vi.fn(async () => report(decks));
  const deps = {
    api: {
      getGameFiles: vi.fn(async () => ({ systemId: 'lantern-watch', files: FILES, builtIn: false })),
      checkGameEdit,
      saveGameEdit: vi.fn(),
    },
    errorMessage: (error: unknown) => String(error),
    saved: () => {},
    checkDelayMs: 0,
  } as unknown as StudioDeps;
  const studio = new StudioModel('lantern-watch', deps);
  await studio.load();
  await studio.runCheck();
  const model = new DeckRulesPanelModel(studio);
  return { studio, model, checkGameEdit };
}

const files = (studio: StudioModel): GameFileMap => studio.files as GameFileMap;

describe('DeckRulesPanelModel', () => {
  it('shows each rule in words with the decks it accepts and refuses', async () => {
    const { studio, model } = await setup([
      { deckId: 'a', name: 'Ember starter', legalBefore: true, legalAfter: true, brokenRules: [], messages: [] },
      {
        deckId: 'b',
        name: 'Test deck',
        legalBefore: true,
        legalAfter: false,
        brokenRules: ['twenty-lanterns'],
        messages: ['Watch has 9 cards'],
      },
    ]);
    const row = model.rows.find((r) => r.id === 'twenty-lanterns');
    expect(row).toMatchObject({
      words: 'Watch: exactly 20 cards.',
      description: 'The Watch holds exactly 20 cards.',
      accepts: ['Ember starter'],
      refuses: ['Test deck'],
    });
    expect(model.decksNote).toBeNull();
    studio.check = report([]);
    expect(model.decksNote).toBe('No decks of this game yet.');
  });

  it('refuses min above max in the form, writes nothing, then saves a valid range as one undoable step', async () => {
    const { studio, model } = await setup();
    const index = model.rows.findIndex((r) => r.id === 'twenty-lanterns');
    model.openRule(index);
    const editor = model.editor!;
    expect(editor.sizeMode).toBe('exact');
    editor.setSizeMode('range');
    editor.setNumber('min', '40');
    editor.setNumber('max', '30');
    flushSync();
    expect(editor.problems.max).toBe('A rule no deck can meet: at least 40 and at most 30 cards.');
    expect(editor.valid).toBe(false);
    const before = studio.files;
    expect(model.saveRule()).toBe(false);
    expect(studio.files).toBe(before);
    expect(editor.refusal).toBe('A rule no deck can meet: at least 40 and at most 30 cards.');

    editor.setNumber('max', '45');
    expect(model.saveRule()).toBe(true);
    expect(model.editor).toBeNull();
    expect(rulesOf(files(studio))[index]).toMatchObject({ id: 'twenty-lanterns', min: 40, max: 45 });
    expect(model.rows[index].words).toBe('Watch: 40 to 45 cards.');
    studio.undo();
    expect(rulesOf(files(studio))[index]).toMatchObject({ min: 20, max: 20 });
  });

  it('takes sizes as alternatives and a rule as JSON of the same kind', async () => {
    const { studio, model } = await setup();
    const index = model.rows.findIndex((r) => r.id === 'twenty-lanterns');
    model.openRule(index);
    const editor = model.editor!;
    editor.setSizeMode('sizes');
    editor.setSizes('0 or ten');
    expect(editor.problems.sizes).toBe('Sizes are whole numbers of 0 or more; "ten" is not.');
    editor.setSizes('0, 10');
    expect(model.saveRule()).toBe(true);
    expect(rulesOf(files(studio))[index]).toEqual(expect.objectContaining({ sizes: [0, 10] }));
    expect(rulesOf(files(studio))[index]).not.toHaveProperty('min');

    model.openRule(index);
    const json = model.editor!;
    json.showJson();
    json.setJson('{ "kind": "sectionSize", ');
    expect(json.jsonProblem).toMatch(/^The JSON does not parse/);
    expect(model.saveRule()).toBe(false);
    json.setJson('{ "kind": "quota" }');
    expect(json.jsonProblem).toContain('stays a sectionSize rule');
    json.setJson('{ "id": "twenty-lanterns", "kind": "sectionSize", "section": "watch", "min": 18 }');
    expect(json.jsonProblem).toBeNull();
    expect(model.saveRule()).toBe(true);
    expect(rulesOf(files(studio))[index]).toEqual({ id: 'twenty-lanterns', kind: 'sectionSize', section: 'watch', min: 18 });
  });

  it('adds a rule from a kind and opens it; a quota match condition takes the field’s type', async () => {
    const { studio, model } = await setup();
    expect(model.addRule('quota')).toBe(true);
    const editor = model.editor!;
    expect(editor.index).toBe(rulesOf(files(studio)).length - 1);
    editor.matchEditor.addCondition();
    editor.matchEditor.setCondition(0, 'cost', 'equals', '3');
    editor.set('label', 'three-cost Lanterns');
    expect(editor.problems).toEqual({});
    expect(model.saveRule()).toBe(true);
    expect(rulesOf(files(studio)).at(-1)).toMatchObject({
      kind: 'quota',
      match: { types: ['keeper'], where: [{ field: 'cost', equals: 3 }] },
    });
  });

  it('edits sections and formats, keeping a refusal where it was made', async () => {
    const { studio, model } = await setup();
    expect(model.removeSection('watch')).toBe(false);
    expect(model.refusedAt('section:watch')).toContain('Watch is named by rule "twenty-lanterns"');
    expect(model.addSection('reserve', 'Reserve')).toBe(true);
    expect(model.refusal).toBeNull();
    expect(model.toggleSectionType('reserve', 'lantern', true)).toBe(true);
    expect(sectionsOf(files(studio)).at(-1)).toEqual({ id: 'reserve', label: 'Reserve', types: ['lantern'] });

    expect(model.ban('standard', 'Midnight Bell')).toBe(false);
    expect(model.refusedAt('format-ban:standard')).toBe('"Midnight Bell" is banned in Standard already.');
    expect(model.ban('open', 'Old Lamp')).toBe(true);
    expect(formatsOf(files(studio))[1].banned).toEqual(['Old Lamp']);
    expect(model.moveFormat('open', -1)).toBe(true);
    expect(model.note).toBe('Decks that chose no format now play Open.');
    expect(studio.undoLabel).toBe('Move format');
  });
});
