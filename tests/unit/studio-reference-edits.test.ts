// The studio's Reference & exports edits on system.json: glossary entries (grouped by category,
// one term per category), optional rules and tables (ids, rows as long as the columns) and the
// Cockatrice export's properties, letters and table rows. A refused edit says which field and
// why; what is written loads, and empty parts are removed rather than written empty.

import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { systemJson, type GameFileMap, type Json } from '../../card-schema/studio/game-files';
import * as edits from '../../card-schema/studio/reference-edits';
import { loadGameSystem } from '../../src-main/services/game-systems';

const OSMCG = resolve(import.meta.dirname, '../../card-schema/systems/osmcg');
const LANTERN = resolve(import.meta.dirname, '../../docs/tutorial/lantern-watch');
const read = (dir: string, path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8')) as unknown;
/** OSMCG's system.json alone: it has a long glossary, tables and a Cockatrice export. */
const OSMCG_FILES: GameFileMap = { 'system.json': read(OSMCG, 'system.json') };
const LANTERN_FILES: GameFileMap = Object.fromEntries(
  ['system.json', 'layouts.json', 'schemas/definitions.json', 'schemas/keeper.schema.json', 'schemas/lantern.schema.json'].map(
    (path) => [path, read(LANTERN, path)],
  ),
);
/** A game with no reference and no exports at all. */
const BARE: GameFileMap = (() => {
  const { reference: _r, exports: _e, ...system } = systemJson(LANTERN_FILES);
  return { ...LANTERN_FILES, 'system.json': system };
})();

function ok(result: edits.ReferenceEditResult): GameFileMap {
  if ('problem' in result) throw new Error(result.problem);
  return result.files;
}
const problem = (result: edits.ReferenceEditResult) => ('problem' in result ? result.problem : undefined);
const system = (files: GameFileMap) => systemJson(files);
const reference = (files: GameFileMap) => system(files).reference as Json | undefined;

describe('the glossary', () => {
  it('groups entries by category in order of first appearance and filters on term, category and text', () => {
    const groups = edits.groupGlossary(edits.glossaryOf(OSMCG_FILES));
    expect(groups.map((group) => group.category)).toEqual(['Keyword', 'Status', 'Marker', 'Term']);
    expect(groups.reduce((sum, group) => sum + group.entries.length, 0)).toBe(46);
    const filtered = edits.groupGlossary(edits.glossaryOf(OSMCG_FILES), 'STATUS');
    expect(filtered.map((group) => group.category)).toContain('Status');
    expect(edits.groupGlossary(edits.glossaryOf(OSMCG_FILES), 'no such words at all')).toEqual([]);
    // Each entry keeps its index in the file, what the edits take.
    const first = groups[1].entries[0];
    expect(edits.glossaryOf(OSMCG_FILES)[first.index]).toEqual(first.entry);
  });

  it('adds an entry at the end of its category, spelled as the category is, and refuses a term twice in one category', () => {
    const entries = edits.glossaryOf(OSMCG_FILES);
    const next = ok(edits.addGlossaryEntry(OSMCG_FILES, { term: ' Burrow ', category: 'status', text: 'Hidden. ' }));
    const after = edits.glossaryOf(next);
    const lastStatus = entries.findLastIndex((entry) => entry.category === 'Status');
    expect(after[lastStatus + 1]).toEqual({ term: 'Burrow', category: 'Status', text: 'Hidden.' });
    expect(after).toHaveLength(entries.length + 1);

    const taken = entries.find((entry) => entry.category === 'Keyword')!;
    expect(problem(edits.addGlossaryEntry(OSMCG_FILES, { term: taken.term.toUpperCase(), category: 'Keyword', text: '' }))).toBe(
      `The term "${taken.term.toUpperCase()}" is already in the category "Keyword"`,
    );
    // The same term in another category is another entry.
    expect(
      edits.glossaryOf(ok(edits.addGlossaryEntry(OSMCG_FILES, { term: taken.term, category: 'Rule', text: 'x' }))).at(-1),
    ).toEqual({ term: taken.term, category: 'Rule', text: 'x' });
    expect(problem(edits.addGlossaryEntry(OSMCG_FILES, { term: ' ', category: 'Keyword', text: '' }))).toBe(
      'A glossary entry needs a term',
    );
    expect(problem(edits.addGlossaryEntry(OSMCG_FILES, { term: 'Glow', category: '', text: '' }))).toMatch(/needs a category/);
  });

  it('changes, moves within its category, and removes an entry; the last one removes the reference', () => {
    const entries = edits.glossaryOf(OSMCG_FILES);
    const keywords = entries.flatMap((entry, index) => (entry.category === 'Keyword' ? [index] : []));
    const changed = ok(edits.setGlossaryEntry(OSMCG_FILES, keywords[0], { text: 'New text.' }));
    expect(edits.glossaryOf(changed)[keywords[0]].text).toBe('New text.');
    expect(problem(edits.setGlossaryEntry(OSMCG_FILES, keywords[0], { term: entries[keywords[1]].term }))).toMatch(
      /already in the category "Keyword"/,
    );
    // Keeping its own term is no clash.
    expect(problem(edits.setGlossaryEntry(OSMCG_FILES, keywords[0], { term: entries[keywords[0]].term }))).toBeUndefined();

    const down = edits.glossaryOf(ok(edits.moveGlossaryEntry(OSMCG_FILES, keywords[0], 1)));
    expect(down[keywords[0]]).toEqual(entries[keywords[1]]);
    expect(down[keywords[1]]).toEqual(entries[keywords[0]]);
    expect(problem(edits.moveGlossaryEntry(OSMCG_FILES, keywords[0], -1))).toMatch(/already first in "Keyword"/);

    const removed = ok(edits.removeGlossaryEntry(OSMCG_FILES, 0));
    expect(edits.glossaryOf(removed)).toEqual(entries.slice(1));

    const one = ok(edits.addGlossaryEntry(BARE, { term: 'Glow X', category: 'Keyword', text: 'Light.' }));
    expect(reference(one)).toEqual({ glossary: [{ term: 'Glow X', category: 'Keyword', text: 'Light.' }] });
    expect('reference' in system(ok(edits.removeGlossaryEntry(one, 0)))).toBe(false);
  });

  it('renames a category on all its entries, refusing a merge that would hold a term twice', () => {
    const renamed = ok(edits.renameGlossaryCategory(OSMCG_FILES, 'Marker', 'Token'));
    const categories = edits.glossaryCategories(edits.glossaryOf(renamed));
    expect(categories).toContain('Token');
    expect(categories).not.toContain('Marker');
    const merged = ok(edits.renameGlossaryCategory(OSMCG_FILES, 'Marker', 'status'));
    expect(edits.glossaryCategories(edits.glossaryOf(merged))).toEqual(['Keyword', 'Status', 'Term']);
    const files = ok(edits.addGlossaryEntry(OSMCG_FILES, { term: 'Shared', category: 'Marker', text: '' }));
    const both = ok(edits.addGlossaryEntry(files, { term: 'Shared', category: 'Status', text: '' }));
    expect(problem(edits.renameGlossaryCategory(both, 'Marker', 'Status'))).toBe(
      'The term "Shared" is already in the category "Status"',
    );
  });
});

describe('optional rules', () => {
  it('adds a rule with a free id, checks ids and names, and moves and removes rules', () => {
    const one = ok(edits.addOptionalRule(BARE));
    const two = ok(edits.addOptionalRule(one));
    expect(edits.optionalRulesOf(two)).toEqual([
      { id: 'rule-1', label: 'Optional rule 1', description: '' },
      { id: 'rule-2', label: 'Optional rule 2', description: '' },
    ]);
    expect(problem(edits.setOptionalRule(two, 1, { id: 'rule-1' }))).toBe('Another optional rule has the id "rule-1"');
    expect(problem(edits.setOptionalRule(two, 1, { id: 'Long Night' }))).toMatch(/^The optional rule's id is lowercase/);
    expect(problem(edits.setOptionalRule(two, 1, { id: 'a'.repeat(61) }))).toMatch(/at most 60 characters/);
    expect(problem(edits.setOptionalRule(two, 1, { label: ' ' }))).toBe('The optional rule "rule-2" needs a name');
    const named = ok(edits.setOptionalRule(two, 1, { id: 'long-night', label: 'Long Night', description: ' Six Nights. ' }));
    expect(edits.optionalRulesOf(named)[1]).toEqual({ id: 'long-night', label: 'Long Night', description: 'Six Nights.' });
    const up = ok(edits.moveOptionalRule(named, 1, -1));
    expect(edits.optionalRulesOf(up).map((rule) => rule.id)).toEqual(['long-night', 'rule-1']);
    expect(problem(edits.moveOptionalRule(up, 1, 1))).toBe('The optional rule is already last');
    const gone = ok(edits.removeOptionalRule(ok(edits.removeOptionalRule(up, 0)), 0));
    expect('reference' in system(gone)).toBe(false);
  });
});

describe('tables', () => {
  it('adds a table, edits its texts, and keeps every row as long as the columns', () => {
    let files = ok(edits.addTable(BARE));
    expect(edits.tablesOf(files)).toEqual([
      { id: 'table-1', title: 'Table 1', description: '', columns: ['Column 1', 'Column 2'], rows: [['', '']] },
    ]);
    files = ok(edits.setTableText(files, 0, 'id', 'night-track'));
    files = ok(edits.setTableText(files, 0, 'title', 'Night track'));
    files = ok(edits.setTableText(files, 0, 'description', 'How dark.'));
    expect(problem(edits.setTableText(files, 0, 'title', ''))).toBe('The table "night-track" needs a title');
    expect(problem(edits.setTableText(files, 0, 'id', 'Night'))).toMatch(/^The table's id is lowercase/);
    expect(problem(edits.setTableText(ok(edits.addTable(files)), 1, 'id', 'night-track'))).toBe(
      'Another table has the id "night-track"',
    );
    files = ok(edits.setTableColumn(files, 0, 0, 'Night'));
    files = ok(edits.setTableColumn(files, 0, 1, 'Darkness'));
    expect(problem(edits.setTableColumn(files, 0, 1, ' '))).toBe('Column 2 of "Night track" needs a heading');
    files = ok(edits.setTableCell(files, 0, 0, 0, '1'));
    files = ok(edits.setTableCell(files, 0, 0, 1, '2'));
    files = ok(edits.addTableRow(files, 0));
    files = ok(edits.setTableCell(files, 0, 1, 0, '2'));
    files = ok(edits.setTableCell(files, 0, 1, 1, 'pitch black'));
    expect(edits.tablesOf(files)[0]).toMatchObject({
      columns: ['Night', 'Darkness'],
      rows: [
        [1, 2],
        [2, 'pitch black'],
      ],
    });
    files = ok(edits.addTableColumn(files, 0));
    expect(edits.tablesOf(files)[0].rows).toEqual([
      [1, 2, ''],
      [2, 'pitch black', ''],
    ]);
    files = ok(edits.moveTableColumn(files, 0, 2, -1));
    expect(edits.tablesOf(files)[0].columns).toEqual(['Night', 'Column 3', 'Darkness']);
    files = ok(edits.removeTableColumn(files, 0, 1));
    files = ok(edits.moveTableRow(files, 0, 1, -1));
    expect(edits.tablesOf(files)[0].rows).toEqual([
      [2, 'pitch black'],
      [1, 2],
    ]);
    files = ok(edits.removeTableRow(files, 0, 0));
    expect(reference(files)).toEqual({
      tables: [
        { id: 'night-track', title: 'Night track', description: 'How dark.', columns: ['Night', 'Darkness'], rows: [[1, 2]] },
      ],
    });
    // An empty description is removed; the last column stays.
    files = ok(edits.setTableText(files, 0, 'description', ''));
    expect('description' in (reference(files)!.tables as Json[])[0]).toBe(false);
    files = ok(edits.removeTableColumn(files, 0, 0));
    expect(problem(edits.removeTableColumn(files, 0, 0))).toBe('The table "night-track" needs at least one column');
    expect('reference' in system(ok(edits.removeTable(files, 0)))).toBe(false);
  });

  it('keeps a text cell text and a number cell a number', () => {
    expect(edits.cellValue('2', 'two')).toBe('2');
    expect(edits.cellValue('3', 2)).toBe(3);
    expect(edits.cellValue('3', '')).toBe(3);
    expect(edits.cellValue('1–3', 2)).toBe('1–3');
    expect(edits.cellValue('007', undefined)).toBe('007');
  });

  it("edits OSMCG's tables where they are, leaving the others alone", () => {
    const before = edits.tablesOf(OSMCG_FILES);
    const after = edits.tablesOf(ok(edits.setTableCell(OSMCG_FILES, 0, 0, 0, '1v1')));
    expect(after[0].rows[0][0]).toBe('1v1');
    expect(after.slice(1)).toEqual(before.slice(1));
  });
});

describe('the Cockatrice export', () => {
  it('adds, changes, renames in place and removes properties; empty maps and objects are removed', () => {
    expect(edits.cockatriceFormOf(OSMCG_FILES).props).toEqual([
      { name: 'manacost', template: '{cost}' },
      { name: 'pt', template: '{atk}/{hp}' },
    ]);
    let files = ok(edits.addCockatriceProp(OSMCG_FILES, 'loyalty', '{hp}'));
    expect(problem(edits.addCockatriceProp(files, 'loyalty', '{hp}'))).toBe('The export has a property "loyalty" already');
    expect(problem(edits.addCockatriceProp(files, 'a:b', '{hp}'))).toMatch(/^A property name is letters/);
    expect(problem(edits.addCockatriceProp(files, 'side', ' '))).toBe('The property "side" needs a template, like "{cost}"');
    expect(problem(edits.addCockatriceProp(files, 'side', 'x'.repeat(501)))).toBe(
      'The template of "side" has at most 500 characters',
    );
    files = ok(edits.renameCockatriceProp(files, 'manacost', 'cost'));
    files = ok(edits.setCockatriceProp(files, 'pt', '{atk} / {hp}'));
    expect(edits.cockatriceFormOf(files).props).toEqual([
      { name: 'cost', template: '{cost}' },
      { name: 'pt', template: '{atk} / {hp}' },
      { name: 'loyalty', template: '{hp}' },
    ]);
    expect(problem(edits.renameCockatriceProp(files, 'cost', 'pt'))).toBe('The export has a property "pt" already');

    const bare = ok(edits.addCockatriceProp(BARE, 'pt', '{light}'));
    expect(system(bare).exports).toEqual({ cockatrice: { props: { pt: '{light}' } } });
    expect('exports' in system(ok(edits.removeCockatriceProp(bare, 'pt')))).toBe(false);
  });

  it('names the fields a template names that no card type has', () => {
    expect(edits.unknownTemplateFields(OSMCG_FILES, '{cost}')).toEqual(expect.any(Array));
    expect(edits.unknownTemplateFields(LANTERN_FILES, '{name} {light} {nope}')).toEqual(['nope']);
  });

  it('sets identity letters and table rows, back to the defaults when cleared', () => {
    let files = ok(edits.setCockatriceColor(OSMCG_FILES, 'red', 'Rd'));
    expect(edits.cockatriceFormOf(files).colors.red).toBe('Rd');
    expect(problem(edits.setCockatriceColor(files, 'red', 'ABCDEF'))).toMatch(/at most 5 characters/);
    expect(problem(edits.setCockatriceColor(files, 'purple', 'P'))).toBe('The identity has no value "purple"');
    files = ok(edits.setCockatriceColor(files, 'red', ''));
    expect('red' in edits.cockatriceFormOf(files).colors).toBe(false);

    files = ok(edits.setCockatriceTableRow(files, 'hero', 1));
    expect(edits.cockatriceFormOf(files).tableRows.hero).toBe(1);
    files = ok(edits.setCockatriceTableRow(files, 'hero', undefined));
    expect('hero' in edits.cockatriceFormOf(files).tableRows).toBe(false);
    expect(problem(edits.setCockatriceTableRow(files, 'hero', 4))).toMatch(/is 0, 1, 2 or 3/);
    expect(problem(edits.setCockatriceTableRow(files, 'dragon', 2))).toBe('The game has no card type "dragon"');
  });
});

describe('what the forms write', () => {
  it('loads: OSMCG after an edit of every kind', () => {
    let files = OSMCG_FILES;
    files = ok(edits.addGlossaryEntry(files, { term: 'Burrow', category: 'Status', text: 'Hidden.' }));
    files = ok(edits.renameGlossaryCategory(files, 'Marker', 'Token'));
    files = ok(edits.addOptionalRule(files));
    files = ok(edits.setOptionalRule(files, 0, { id: 'long-game', label: 'Long game', description: '' }));
    files = ok(edits.addTable(files));
    files = ok(edits.addTableColumn(files, 0));
    files = ok(edits.addTableRow(files, 0));
    files = ok(edits.setTableCell(files, 0, 0, 0, '12'));
    files = ok(edits.addCockatriceProp(files, 'side', '{name}'));
    files = ok(edits.setCockatriceColor(files, 'black', 'K'));
    files = ok(edits.setCockatriceTableRow(files, 'terrain', 1));
    const dir = mkdtempSync(join(tmpdir(), 'cardwright-reference-'));
    try {
      cpSync(OSMCG, dir, { recursive: true });
      writeFileSync(join(dir, 'system.json'), JSON.stringify(files['system.json'], null, 2));
      const loaded = loadGameSystem(dir);
      expect(loaded.reference?.optionalRules).toEqual([{ id: 'long-game', label: 'Long game', description: '' }]);
      expect(loaded.exports?.cockatrice?.props?.side).toBe('{name}');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
