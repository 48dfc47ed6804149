// The Reference & exports panel's state: the glossary (grouped by category, filtered), optional
// rules, tables and the Cockatrice export as the studio's files hold them, the drafts of the
// forms that add something, and the sentence of each refused edit at the field it concerns.
// Every edit goes through the pure edits of card-schema/studio/ (glossary-edits.ts,
// optional-rule-edits.ts, reference-table-edits.ts, cockatrice-export-edits.ts) and is one
// undo step; a refused one writes nothing, and an edit that changes nothing makes no step.

import { isObject, systemJson, cardTypesOf, type GameFileMap } from '../../../card-schema/studio/game-files';
import * as glossaryEdits from '../../../card-schema/studio/glossary-edits';
import * as ruleEdits from '../../../card-schema/studio/optional-rule-edits';
import * as tableEdits from '../../../card-schema/studio/reference-table-edits';
import * as cockatriceEdits from '../../../card-schema/studio/cockatrice-export-edits';
import type { GlossaryEntryForm } from '../../../card-schema/studio/glossary-edits';
import type { OptionalRuleForm } from '../../../card-schema/studio/optional-rule-edits';
import type { ReferenceEditResult } from '../../../card-schema/studio/reference-shared';

/** What the panel needs of the studio (StudioModel has it). */
export interface StudioEditor {
  readonly files: GameFileMap | null;
  edit(label: string, files: GameFileMap): void;
}

type Edit = (files: GameFileMap) => ReferenceEditResult;

export class ReferencePanelModel {
  /** Refusals by field: `glossary-new`, `glossary:3:term`, `rule:0:id`, `table:1:cell:2:0`, `prop:pt:name`… */
  problems = $state<Record<string, string>>({});
  /** What the glossary is filtered on (term, category or text). */
  filter = $state('');
  newEntry = $state<GlossaryEntryForm>({ term: '', category: '', text: '' });
  newProp = $state({ name: '', template: '' });

  readonly glossary = $derived.by(() => (this.studio.files ? glossaryEdits.glossaryOf(this.studio.files) : []));
  readonly groups = $derived(glossaryEdits.groupGlossary(this.glossary, this.filter));
  readonly categories = $derived(glossaryEdits.glossaryCategories(this.glossary));
  readonly shownCount = $derived(this.groups.reduce((sum, group) => sum + group.entries.length, 0));
  readonly optionalRules = $derived.by(() => (this.studio.files ? ruleEdits.optionalRulesOf(this.studio.files) : []));
  readonly tables = $derived.by(() => (this.studio.files ? tableEdits.tablesOf(this.studio.files) : []));
  readonly cockatrice = $derived.by<cockatriceEdits.CockatriceForm>(() =>
    this.studio.files ? cockatriceEdits.cockatriceFormOf(this.studio.files) : { props: [], colors: {}, tableRows: {} },
  );
  /** The identity's values (whose letters `colors` sets), without the neutral ones (they have none). */
  readonly identityValues = $derived.by(() => {
    const identity = this.studio.files ? systemJson(this.studio.files).identity : undefined;
    const values = isObject(identity) && Array.isArray(identity.values) ? identity.values.filter(isObject) : [];
    return values
      .filter((value) => value.neutral !== true && typeof value.id === 'string')
      .map((value) => ({ id: String(value.id), label: typeof value.label === 'string' ? value.label : String(value.id) }));
  });
  readonly cardTypes = $derived.by(() =>
    this.studio.files
      ? cardTypesOf(this.studio.files)
          .filter((type) => typeof type.id === 'string')
          .map((type) => ({ id: String(type.id), label: typeof type.label === 'string' ? type.label : String(type.id) }))
      : [],
  );

  constructor(private readonly studio: StudioEditor) {}

  /** The refusals whose key starts with `prefix` (a table's, say), in the order they came. */
  problemsUnder(prefix: string): string[] {
    return Object.entries(this.problems)
      .filter(([key]) => key.startsWith(prefix))
      .map(([, problem]) => problem);
  }

  /** The fields a template names that no card type has (the property is then left out of every card). */
  unknownFields(template: string): string[] {
    return this.studio.files ? cockatriceEdits.unknownTemplateFields(this.studio.files, template) : [];
  }

  /**
   * Runs one edit: its refusal stays at `key`; otherwise it is one undo step (none when it
   * changes nothing). Adding, moving or removing something renumbers the rows, so `structural`
   * edits clear every refusal.
   */
  apply(key: string, label: string, edit: Edit, structural = false): boolean {
    const files = this.studio.files;
    if (!files) return false;
    const result = edit(files);
    if ('problem' in result) {
      this.problems = { ...this.problems, [key]: result.problem };
      return false;
    }
    if (structural) this.problems = {};
    else if (key in this.problems) {
      const { [key]: _gone, ...rest } = this.problems;
      this.problems = rest;
    }
    if (JSON.stringify(result.files['system.json']) !== JSON.stringify(files['system.json']))
      this.studio.edit(label, result.files);
    return true;
  }

  // Glossary

  addEntry(): boolean {
    const entry = { ...this.newEntry };
    const added = this.apply('glossary-new', `Add "${entry.term.trim()}" to the glossary`, (files) =>
      glossaryEdits.addGlossaryEntry(files, entry),
    );
    // The category stays for the next entry of it, spelled as the glossary has it.
    const typed = entry.category.trim().toLowerCase();
    const category = this.categories.find((name) => name.toLowerCase() === typed) ?? entry.category.trim();
    if (added) this.newEntry = { term: '', category, text: '' };
    return added;
  }

  setEntry(index: number, key: keyof GlossaryEntryForm, value: string): boolean {
    const what = key === 'text' ? 'text' : key;
    return this.apply(`glossary:${index}:${key}`, `Change a glossary ${what}`, (files) =>
      glossaryEdits.setGlossaryEntry(files, index, { [key]: value }),
    );
  }

  /** Whether the entry has another of its category before (-1) or after (1) it in the glossary. */
  canMoveEntry(index: number, delta: -1 | 1): boolean {
    const category = this.glossary[index]?.category;
    const rest = delta < 0 ? this.glossary.slice(0, index) : this.glossary.slice(index + 1);
    return rest.some((entry) => entry.category === category);
  }

  moveEntry(index: number, delta: -1 | 1): boolean {
    return this.apply(
      `glossary:${index}:move`,
      'Move a glossary entry',
      (files) => glossaryEdits.moveGlossaryEntry(files, index, delta),
      true,
    );
  }

  removeEntry(index: number): boolean {
    return this.apply(
      `glossary:${index}:remove`,
      'Remove a glossary entry',
      (files) => glossaryEdits.removeGlossaryEntry(files, index),
      true,
    );
  }

  renameCategory(from: string, to: string): boolean {
    return this.apply(
      `category:${from}`,
      `Rename the glossary category "${from}"`,
      (files) => glossaryEdits.renameGlossaryCategory(files, from, to),
      true,
    );
  }

  // Optional rules

  addRule(): boolean {
    return this.apply('rule-new', 'Add an optional rule', (files) => ruleEdits.addOptionalRule(files), true);
  }

  setRule(index: number, key: keyof OptionalRuleForm, value: string): boolean {
    return this.apply(`rule:${index}:${key}`, "Change an optional rule's " + (key === 'label' ? 'name' : key), (files) =>
      ruleEdits.setOptionalRule(files, index, { [key]: value }),
    );
  }

  moveRule(index: number, delta: -1 | 1): boolean {
    return this.apply(
      `rule:${index}:move`,
      'Move an optional rule',
      (files) => ruleEdits.moveOptionalRule(files, index, delta),
      true,
    );
  }

  removeRule(index: number): boolean {
    return this.apply(
      `rule:${index}:remove`,
      'Remove an optional rule',
      (files) => ruleEdits.removeOptionalRule(files, index),
      true,
    );
  }

  // Tables

  addTable(): boolean {
    return this.apply('table-new', 'Add a table', (files) => tableEdits.addTable(files), true);
  }

  setTableText(index: number, key: 'id' | 'title' | 'description', value: string): boolean {
    return this.apply(`table:${index}:${key}`, `Change a table's ${key}`, (files) =>
      tableEdits.setTableText(files, index, key, value),
    );
  }

  moveTable(index: number, delta: -1 | 1): boolean {
    return this.apply(`table:${index}:move`, 'Move a table', (files) => tableEdits.moveTable(files, index, delta), true);
  }

  removeTable(index: number): boolean {
    return this.apply(`table:${index}:remove`, 'Remove a table', (files) => tableEdits.removeTable(files, index), true);
  }

  setColumn(index: number, column: number, name: string): boolean {
    return this.apply(`table:${index}:column:${column}`, 'Rename a table column', (files) =>
      tableEdits.setTableColumn(files, index, column, name),
    );
  }

  addColumn(index: number): boolean {
    return this.apply(`table:${index}:columns`, 'Add a table column', (files) => tableEdits.addTableColumn(files, index), true);
  }

  moveColumn(index: number, column: number, delta: -1 | 1): boolean {
    return this.apply(
      `table:${index}:columns`,
      'Move a table column',
      (files) => tableEdits.moveTableColumn(files, index, column, delta),
      true,
    );
  }

  removeColumn(index: number, column: number): boolean {
    return this.apply(
      `table:${index}:columns`,
      'Remove a table column',
      (files) => tableEdits.removeTableColumn(files, index, column),
      true,
    );
  }

  addRow(index: number): boolean {
    return this.apply(`table:${index}:rows`, 'Add a table row', (files) => tableEdits.addTableRow(files, index), true);
  }

  moveRow(index: number, row: number, delta: -1 | 1): boolean {
    return this.apply(
      `table:${index}:rows`,
      'Move a table row',
      (files) => tableEdits.moveTableRow(files, index, row, delta),
      true,
    );
  }

  removeRow(index: number, row: number): boolean {
    return this.apply(`table:${index}:rows`, 'Remove a table row', (files) => tableEdits.removeTableRow(files, index, row), true);
  }

  setCell(index: number, row: number, column: number, typed: string): boolean {
    return this.apply(`table:${index}:cell:${row}:${column}`, 'Change a table cell', (files) =>
      tableEdits.setTableCell(files, index, row, column, typed),
    );
  }

  // Cockatrice

  addProp(): boolean {
    const { name, template } = this.newProp;
    const added = this.apply(
      'prop-new',
      `Add the Cockatrice property "${name.trim()}"`,
      (files) => cockatriceEdits.addCockatriceProp(files, name, template),
      true,
    );
    if (added) this.newProp = { name: '', template: '' };
    return added;
  }

  renameProp(from: string, to: string): boolean {
    return this.apply(
      `prop:${from}:name`,
      `Rename the Cockatrice property "${from}"`,
      (files) => cockatriceEdits.renameCockatriceProp(files, from, to),
      true,
    );
  }

  setPropTemplate(name: string, template: string): boolean {
    return this.apply(`prop:${name}:template`, `Change the Cockatrice property "${name}"`, (files) =>
      cockatriceEdits.setCockatriceProp(files, name, template),
    );
  }

  removeProp(name: string): boolean {
    return this.apply(
      `prop:${name}:remove`,
      `Remove the Cockatrice property "${name}"`,
      (files) => cockatriceEdits.removeCockatriceProp(files, name),
      true,
    );
  }

  setColor(valueId: string, letters: string): boolean {
    return this.apply(`color:${valueId}`, 'Change a Cockatrice colour letter', (files) =>
      cockatriceEdits.setCockatriceColor(files, valueId, letters),
    );
  }

  /** `''` puts the type back on Cockatrice's default row. */
  setTableRow(typeId: string, row: string): boolean {
    return this.apply(`row:${typeId}`, 'Change a Cockatrice table row', (files) =>
      cockatriceEdits.setCockatriceTableRow(files, typeId, row === '' ? undefined : Number(row)),
    );
  }
}
