// The studio's Reference & exports edits on system.json: glossary entries (grouped by category,
// one term per category), optional rules and tables (ids, rows as long as the columns) and the
// Cockatrice export's properties, letters and table rows. A refused edit says which field and
// why; what is written loads, and empty parts are removed rather than written empty.

import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { systemJson, type GameFileMap, type Json } from '../../card-schema/studio/game-files';
import * as glossaryEdits from '../../card-schema/studio/glossary-edits';
import * as ruleEdits from '../../card-schema/studio/optional-rule-edits';
import * as tableEdits from '../../card-schema/studio/reference-table-edits';
import * as cockatriceEdits from '../../card-schema/studio/cockatrice-export-edits';
import type { ReferenceEditResult } from '../../card-schema/studio/reference-shared';
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

function ok(result: ReferenceEditResult): GameFileMap {
  if ('problem' in result) throw new Error(result.problem);
  return result.files;
}
const problem = (result: ReferenceEditResult) => ('problem' in result ? result.problem : undefined);
const system = (files: GameFileMap) => systemJson(files);
const reference = (files: GameFileMap) => system(files).reference as Json | undefined;

describe('the glossary', () => {
  it('groups entries by category in order of first appearance and filters on term, category and text', () => {
    const groups = glossaryEdits.groupGlossary(glossaryEdits.glossaryOf(OSMCG_FILES));
    expect(groups.map((group) => group.category)).toEqual(['Keyword', 'Status', 'Marker', 'Term']);
    expect(groups.reduce((sum, group) => sum + group.entries.length, 0)).toBe(46);
    const filtered = glossaryEdits.groupGlossary(glossaryEdits.glossaryOf(OSMCG_FILES), 'STATUS');
    expect(filtered.map((group) => group.category)).toContain('Status');
    expect(glossaryEdits.groupGlossary(glossaryEdits.glossaryOf(OSMCG_FILES), 'no such words at all')).toEqual([]);
    // Each entry keeps its index in the file, what the edits take.
    const first = groups[1].entries[0];
    expect(glossaryEdits.glossaryOf(OSMCG_FILES)[first.index]).toEqual(first.entry);
  });

  it('adds an entry at the end of its category, spelled as the category is, and refuses a term twice in one category', () => {
    const entries = glossaryEdits.glossaryOf(OSMCG_FILES);
    const next = ok(glossaryEdits.addGlossaryEntry(OSMCG_FILES, { term: ' Burrow ', category: 'status', text: 'Hidden. ' }));
    const after = glossaryEdits.glossaryOf(next);
    const lastStatus = entries.findLastIndex((entry) => entry.category === 'Status');
    expect(after[lastStatus + 1]).toEqual({ term: 'Burrow', category: 'Status', text: 'Hidden.' });
    expect(after).toHaveLength(entries.length + 1);

    const taken = entries.find((entry) => entry.category === 'Keyword')!;
    expect(
      problem(glossaryEdits.addGlossaryEntry(OSMCG_FILES, { term: taken.term.toUpperCase(), category: 'Keyword', text: '' })),
    ).toBe(`The term "${taken.term.toUpperCase()}" is already in the category "Keyword"`);
    // The same term in another category is another entry.
    expect(
      glossaryEdits
        .glossaryOf(ok(glossaryEdits.addGlossaryEntry(OSMCG_FILES, { term: taken.term, category: 'Rule', text: 'x' })))
        .at(-1),
    ).toEqual({ term: taken.term, category: 'Rule', text: 'x' });
    expect(problem(glossaryEdits.addGlossaryEntry(OSMCG_FILES, { term: ' ', category: 'Keyword', text: '' }))).toBe(
      'A glossary entry needs a term',
    );
    expect(problem(glossaryEdits.addGlossaryEntry(OSMCG_FILES, { term: 'Glow', category: '', text: '' }))).toMatch(
      /needs a category/,
    );
  });

  it('changes, moves within its category, and removes an entry; the last one removes the reference', () => {
    const entries = glossaryEdits.glossaryOf(OSMCG_FILES);
    const keywords = entries.flatMap((entry, index) => (entry.category === 'Keyword' ? [index] : []));
    const changed = ok(glossaryEdits.setGlossaryEntry(OSMCG_FILES, keywords[0], { text: 'New text.' }));
    expect(glossaryEdits.glossaryOf(changed)[keywords[0]].text).toBe('New text.');
    expect(problem(glossaryEdits.setGlossaryEntry(OSMCG_FILES, keywords[0], { term: entries[keywords[1]].term }))).toMatch(
      /already in the category "Keyword"/,
    );
    // Keeping its own term is no clash.
    expect(
      problem(glossaryEdits.setGlossaryEntry(OSMCG_FILES, keywords[0], { term: entries[keywords[0]].term })),
    ).toBeUndefined();

    const down = glossaryEdits.glossaryOf(ok(glossaryEdits.moveGlossaryEntry(OSMCG_FILES, keywords[0], 1)));
    expect(down[keywords[0]]).toEqual(entries[keywords[1]]);
    expect(down[keywords[1]]).toEqual(entries[keywords[0]]);
    expect(problem(glossaryEdits.moveGlossaryEntry(OSMCG_FILES, keywords[0], -1))).toMatch(/already first in "Keyword"/);

    const removed = ok(glossaryEdits.removeGlossaryEntry(OSMCG_FILES, 0));
    expect(glossaryEdits.glossaryOf(removed)).toEqual(entries.slice(1));

    const one = ok(glossaryEdits.addGlossaryEntry(BARE, { term: 'Glow X', category: 'Keyword', text: 'Light.' }));
    expect(reference(one)).toEqual({ glossary: [{ term: 'Glow X', category: 'Keyword', text: 'Light.' }] });
    expect('reference' in system(ok(glossaryEdits.removeGlossaryEntry(one, 0)))).toBe(false);
  });

  it('renames a category on all its entries, refusing a merge that would hold a term twice', () => {
    const renamed = ok(glossaryEdits.renameGlossaryCategory(OSMCG_FILES, 'Marker', 'Token'));
    const categories = glossaryEdits.glossaryCategories(glossaryEdits.glossaryOf(renamed));
    expect(categories).toContain('Token');
    expect(categories).not.toContain('Marker');
    const merged = ok(glossaryEdits.renameGlossaryCategory(OSMCG_FILES, 'Marker', 'status'));
    expect(glossaryEdits.glossaryCategories(glossaryEdits.glossaryOf(merged))).toEqual(['Keyword', 'Status', 'Term']);
    const files = ok(glossaryEdits.addGlossaryEntry(OSMCG_FILES, { term: 'Shared', category: 'Marker', text: '' }));
    const both = ok(glossaryEdits.addGlossaryEntry(files, { term: 'Shared', category: 'Status', text: '' }));
    expect(problem(glossaryEdits.renameGlossaryCategory(both, 'Marker', 'Status'))).toBe(
      'The term "Shared" is already in the category "Status"',
    );
  });
});

describe('optional rules', () => {
  it('adds a rule with a free id, checks ids and names, and moves and removes rules', () => {
    const one = ok(ruleEdits.addOptionalRule(BARE));
    const two = ok(ruleEdits.addOptionalRule(one));
    expect(ruleEdits.optionalRulesOf(two)).toEqual([
      { id: 'rule-1', label: 'Optional rule 1', description: '' },
      { id: 'rule-2', label: 'Optional rule 2', description: '' },
    ]);
    expect(problem(ruleEdits.setOptionalRule(two, 1, { id: 'rule-1' }))).toBe('Another optional rule has the id "rule-1"');
    expect(problem(ruleEdits.setOptionalRule(two, 1, { id: 'Long Night' }))).toMatch(/^The optional rule's id is lowercase/);
    expect(problem(ruleEdits.setOptionalRule(two, 1, { id: 'a'.repeat(61) }))).toMatch(/at most 60 characters/);
    expect(problem(ruleEdits.setOptionalRule(two, 1, { label: ' ' }))).toBe('The optional rule "rule-2" needs a name');
    const named = ok(ruleEdits.setOptionalRule(two, 1, { id: 'long-night', label: 'Long Night', description: ' Six Nights. ' }));
    expect(ruleEdits.optionalRulesOf(named)[1]).toEqual({ id: 'long-night', label: 'Long Night', description: 'Six Nights.' });
    const up = ok(ruleEdits.moveOptionalRule(named, 1, -1));
    expect(ruleEdits.optionalRulesOf(up).map((rule) => rule.id)).toEqual(['long-night', 'rule-1']);
    expect(problem(ruleEdits.moveOptionalRule(up, 1, 1))).toBe('The optional rule is already last');
    const gone = ok(ruleEdits.removeOptionalRule(ok(ruleEdits.removeOptionalRule(up, 0)), 0));
    expect('reference' in system(gone)).toBe(false);
  });
});

describe('tables', () => {
  it('adds a table, edits its texts, and keeps every row as long as the columns', () => {
    let files = ok(tableEdits.addTable(BARE));
    expect(tableEdits.tablesOf(files)).toEqual([
      { id: 'table-1', title: 'Table 1', description: '', columns: ['Column 1', 'Column 2'], rows: [['', '']] },
    ]);
    files = ok(tableEdits.setTableText(files, 0, 'id', 'night-track'));
    files = ok(tableEdits.setTableText(files, 0, 'title', 'Night track'));
    files = ok(tableEdits.setTableText(files, 0, 'description', 'How dark.'));
    expect(problem(tableEdits.setTableText(files, 0, 'title', ''))).toBe('The table "night-track" needs a title');
    expect(problem(tableEdits.setTableText(files, 0, 'id', 'Night'))).toMatch(/^The table's id is lowercase/);
    expect(problem(tableEdits.setTableText(ok(tableEdits.addTable(files)), 1, 'id', 'night-track'))).toBe(
      'Another table has the id "night-track"',
    );
    files = ok(tableEdits.setTableColumn(files, 0, 0, 'Night'));
    files = ok(tableEdits.setTableColumn(files, 0, 1, 'Darkness'));
    expect(problem(tableEdits.setTableColumn(files, 0, 1, ' '))).toBe('Column 2 of "Night track" needs a heading');
    files = ok(tableEdits.setTableCell(files, 0, 0, 0, '1'));
    files = ok(tableEdits.setTableCell(files, 0, 0, 1, '2'));
    files = ok(tableEdits.addTableRow(files, 0));
    files = ok(tableEdits.setTableCell(files, 0, 1, 0, '2'));
    files = ok(tableEdits.setTableCell(files, 0, 1, 1, 'pitch black'));
    expect(tableEdits.tablesOf(files)[0]).toMatchObject({
      columns: ['Night', 'Darkness'],
      rows: [
        [1, 2],
        [2, 'pitch black'],
      ],
    });
    files = ok(tableEdits.addTableColumn(files, 0));
    expect(tableEdits.tablesOf(files)[0].rows).toEqual([
      [1, 2, ''],
      [2, 'pitch black', ''],
    ]);
    files = ok(tableEdits.moveTableColumn(files, 0, 2, -1));
    expect(tableEdits.tablesOf(files)[0].columns).toEqual(['Night', 'Column 3', 'Darkness']);
    files = ok(tableEdits.removeTableColumn(files, 0, 1));
    files = ok(tableEdits.moveTableRow(files, 0, 1, -1));
    expect(tableEdits.tablesOf(files)[0].rows).toEqual([
      [2, 'pitch black'],
      [1, 2],
    ]);
    files = ok(tableEdits.removeTableRow(files, 0, 0));
    expect(reference(files)).toEqual({
      tables: [
        { id: 'night-track', title: 'Night track', description: 'How dark.', columns: ['Night', 'Darkness'], rows: [[1, 2]] },
      ],
    });
    // An empty description is removed; the last column stays.
    files = ok(tableEdits.setTableText(files, 0, 'description', ''));
    expect('description' in (reference(files)!.tables as Json[])[0]).toBe(false);
    files = ok(tableEdits.removeTableColumn(files, 0, 0));
    expect(problem(tableEdits.removeTableColumn(files, 0, 0))).toBe('The table "night-track" needs at least one column');
    expect('reference' in system(ok(tableEdits.removeTable(files, 0)))).toBe(false);
  });

  it('keeps a text cell text and a number cell a number', () => {
    expect(tableEdits.cellValue('2', 'two')).toBe('2');
    expect(tableEdits.cellValue('3', 2)).toBe(3);
    expect(tableEdits.cellValue('3', '')).toBe(3);
    expect(tableEdits.cellValue('1–3', 2)).toBe('1–3');
    expect(tableEdits.cellValue('007', undefined)).toBe('007');
  });

  it("edits OSMCG's tables where they are, leaving the others alone", () => {
    const before = tableEdits.tablesOf(OSMCG_FILES);
    const after = tableEdits.tablesOf(ok(tableEdits.setTableCell(OSMCG_FILES, 0, 0, 0, '1v1')));
    expect(after[0].rows[0][0]).toBe('1v1');
    expect(after.slice(1)).toEqual(before.slice(1));
  });
});

describe('the Cockatrice export', () => {
  it('adds, changes, renames in place and removes properties; empty maps and objects are removed', () => {
    expect(cockatriceEdits.cockatriceFormOf(OSMCG_FILES).props).toEqual([
      { name: 'manacost', template: '{cost}' },
      { name: 'pt', template: '{atk}/{hp}' },
    ]);
    let files = ok(cockatriceEdits.addCockatriceProp(OSMCG_FILES, 'loyalty', '{hp}'));
    expect(problem(cockatriceEdits.addCockatriceProp(files, 'loyalty', '{hp}'))).toBe(
      'The export has a property "loyalty" already',
    );
    expect(problem(cockatriceEdits.addCockatriceProp(files, 'a:b', '{hp}'))).toMatch(/^A property name is letters/);
    expect(problem(cockatriceEdits.addCockatriceProp(files, 'side', ' '))).toBe(
      'The property "side" needs a template, like "{cost}"',
    );
    expect(problem(cockatriceEdits.addCockatriceProp(files, 'side', 'x'.repeat(501)))).toBe(
      'The template of "side" has at most 500 characters',
    );
    files = ok(cockatriceEdits.renameCockatriceProp(files, 'manacost', 'cost'));
    files = ok(cockatriceEdits.setCockatriceProp(files, 'pt', '{atk} / {hp}'));
    expect(cockatriceEdits.cockatriceFormOf(files).props).toEqual([
      { name: 'cost', template: '{cost}' },
      { name: 'pt', template: '{atk} / {hp}' },
      { name: 'loyalty', template: '{hp}' },
    ]);
    expect(problem(cockatriceEdits.renameCockatriceProp(files, 'cost', 'pt'))).toBe('The export has a property "pt" already');

    const bare = ok(cockatriceEdits.addCockatriceProp(BARE, 'pt', '{light}'));
    expect(system(bare).exports).toEqual({ cockatrice: { props: { pt: '{light}' } } });
    expect('exports' in system(ok(cockatriceEdits.removeCockatriceProp(bare, 'pt')))).toBe(false);
  });

  it('names the fields a template names that no card type has', () => {
    expect(cockatriceEdits.unknownTemplateFields(OSMCG_FILES, '{cost}')).toEqual(expect.any(Array));
    expect(cockatriceEdits.unknownTemplateFields(LANTERN_FILES, '{name} {light} {nope}')).toEqual(['nope']);
  });

  it('sets identity letters and table rows, back to the defaults when cleared', () => {
    let files = ok(cockatriceEdits.setCockatriceColor(OSMCG_FILES, 'red', 'Rd'));
    expect(cockatriceEdits.cockatriceFormOf(files).colors.red).toBe('Rd');
    expect(problem(cockatriceEdits.setCockatriceColor(files, 'red', 'ABCDEF'))).toMatch(/at most 5 characters/);
    expect(problem(cockatriceEdits.setCockatriceColor(files, 'purple', 'P'))).toBe('The identity has no value "purple"');
    files = ok(cockatriceEdits.setCockatriceColor(files, 'red', ''));
    expect('red' in cockatriceEdits.cockatriceFormOf(files).colors).toBe(false);

    files = ok(cockatriceEdits.setCockatriceTableRow(files, 'hero', 1));
    expect(cockatriceEdits.cockatriceFormOf(files).tableRows.hero).toBe(1);
    files = ok(cockatriceEdits.setCockatriceTableRow(files, 'hero', undefined));
    expect('hero' in cockatriceEdits.cockatriceFormOf(files).tableRows).toBe(false);
    expect(problem(cockatriceEdits.setCockatriceTableRow(files, 'hero', 4))).toMatch(/is 0, 1, 2 or 3/);
    expect(problem(cockatriceEdits.setCockatriceTableRow(files, 'dragon', 2))).toBe('The game has no card type "dragon"');
  });
});

describe('what the forms write', () => {
  it('loads: OSMCG after an edit of every kind', () => {
    let files = OSMCG_FILES;
    files = ok(glossaryEdits.addGlossaryEntry(files, { term: 'Burrow', category: 'Status', text: 'Hidden.' }));
    files = ok(glossaryEdits.renameGlossaryCategory(files, 'Marker', 'Token'));
    files = ok(ruleEdits.addOptionalRule(files));
    files = ok(ruleEdits.setOptionalRule(files, 0, { id: 'long-game', label: 'Long game', description: '' }));
    files = ok(tableEdits.addTable(files));
    files = ok(tableEdits.addTableColumn(files, 0));
    files = ok(tableEdits.addTableRow(files, 0));
    files = ok(tableEdits.setTableCell(files, 0, 0, 0, '12'));
    files = ok(cockatriceEdits.addCockatriceProp(files, 'side', '{name}'));
    files = ok(cockatriceEdits.setCockatriceColor(files, 'black', 'K'));
    files = ok(cockatriceEdits.setCockatriceTableRow(files, 'terrain', 1));
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
