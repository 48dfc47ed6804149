// The Reference & exports panel's model on a real StudioModel (the API stubbed): each edit is
// one undo step, a refused one writes nothing and leaves its sentence at its field until that
// field is written, an edit that changes nothing makes no step, and the glossary is grouped and
// filtered as the files change (undo included).

import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { systemJson, type GameFileMap } from '../../card-schema/studio/game-files';
import { ReferencePanelModel } from '../../src-renderer/src/studio/reference-panel.svelte';
import { StudioModel, emptyReport, type StudioDeps } from '../../src-renderer/src/studio/studio.svelte';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, errorMessage: (error: Error) => error.message }));

const FILES: GameFileMap = {
  'system.json': JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../card-schema/systems/osmcg/system.json'), 'utf8'),
  ) as unknown,
};

async function setup() {
  const api = {
    getGameFiles: vi.fn(async () => ({ systemId: 'osmcg', files: FILES, builtIn: false })),
    checkGameEdit: vi.fn(async () => emptyReport()),
    saveGameEdit: vi.fn(),
  };
  const deps = { api, saved: vi.fn(), errorMessage: (error: unknown) => String(error), checkDelayMs: 0 };
  const studio = new StudioModel('osmcg', deps as unknown as Partial<StudioDeps> & Pick<StudioDeps, 'saved'>);
  await studio.load();
  return { studio, model: new ReferencePanelModel(studio) };
}

describe('ReferencePanelModel', () => {
  it('groups and filters the glossary, and follows undo', async () => {
    const { studio, model } = await setup();
    expect(model.groups.map((group) => group.category)).toEqual(['Keyword', 'Status', 'Marker', 'Term']);
    expect(model.shownCount).toBe(46);
    model.filter = 'status';
    expect(model.groups.map((group) => group.category)).toContain('Status');
    expect(model.shownCount).toBeLessThan(46);

    model.filter = '';
    model.newEntry = { term: 'Burrow', category: 'status', text: 'Hidden.' };
    expect(model.addEntry()).toBe(true);
    expect(studio.undoLabel).toBe('Add "Burrow" to the glossary');
    expect(model.glossary).toHaveLength(47);
    // The category stays for the next entry; the term and text are cleared.
    expect(model.newEntry).toEqual({ term: '', category: 'Status', text: '' });
    studio.undo();
    expect(model.glossary).toHaveLength(46);
  });

  it('leaves a refusal at its field, writes nothing, and clears it once the field is written', async () => {
    const { studio, model } = await setup();
    const keyword = model.groups[0].entries;
    expect(model.setEntry(keyword[1].index, 'term', keyword[0].entry.term)).toBe(false);
    expect(model.problems[`glossary:${keyword[1].index}:term`]).toMatch(/already in the category "Keyword"/);
    expect(studio.canUndo).toBe(false);
    expect(model.setEntry(keyword[1].index, 'term', 'Fresh term')).toBe(true);
    expect(model.problems).toEqual({});
    expect(studio.undoLabel).toBe('Change a glossary term');
    expect(model.glossary[keyword[1].index].term).toBe('Fresh term');

    model.newProp = { name: 'bad name', template: '{cost}' };
    expect(model.addProp()).toBe(false);
    expect(model.problems['prop-new']).toMatch(/^A property name is/);
    expect(model.newProp.name).toBe('bad name');
  });

  it('makes no undo step for an edit that changes nothing', async () => {
    const { studio, model } = await setup();
    const entry = model.glossary[0];
    expect(model.setEntry(0, 'term', `${entry.term} `)).toBe(true);
    expect(studio.canUndo).toBe(false);
  });

  it('moves entries only within their category', async () => {
    const { model } = await setup();
    const [first, second] = model.groups[0].entries;
    expect(model.canMoveEntry(first.index, -1)).toBe(false);
    expect(model.canMoveEntry(first.index, 1)).toBe(true);
    expect(model.moveEntry(first.index, 1)).toBe(true);
    expect(model.groups[0].entries[0].entry).toEqual(second.entry);
  });

  it('edits optional rules, tables and the Cockatrice export as undo steps', async () => {
    const { studio, model } = await setup();
    expect(model.optionalRules).toEqual([]);
    model.addRule();
    model.setRule(0, 'label', 'Long game');
    expect(model.setRule(0, 'id', 'Long Game')).toBe(false);
    expect(model.problems['rule:0:id']).toMatch(/lowercase/);
    model.setRule(0, 'id', 'long-game');
    expect(model.optionalRules).toEqual([{ id: 'long-game', label: 'Long game', description: '' }]);

    const tables = model.tables.length;
    model.addTable();
    model.addColumn(tables);
    model.setCell(tables, 0, 2, '7');
    expect(model.tables[tables].rows).toEqual([['', '', 7]]);
    expect(model.setColumn(tables, 0, '')).toBe(false);
    expect(model.problemsUnder(`table:${tables}:`)).toEqual(['Column 1 of "Table 6" needs a heading']);

    model.newProp = { name: 'side', template: '{nope}' };
    expect(model.addProp()).toBe(true);
    expect(model.unknownFields('{nope}')).toEqual(['nope']);
    expect(model.cockatrice.props.map((prop) => prop.name)).toEqual(['manacost', 'pt', 'side']);
    expect(model.identityValues.map((value) => value.id)).toContain('red');
    model.setColor('red', 'Q');
    model.setTableRow('hero', '');
    expect(model.cockatrice.tableRows.hero).toBeUndefined();
    expect(model.cockatrice.colors.red).toBe('Q');
    expect(studio.undoLabel).toBe('Change a Cockatrice table row');

    while (studio.canUndo) studio.undo();
    expect(systemJson(studio.files!)).toEqual(FILES['system.json']);
  });
});
