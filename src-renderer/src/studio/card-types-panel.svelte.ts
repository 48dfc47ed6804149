// The Card types panel's state: which type is selected, the new-type form, the field being
// edited with its form values and problems, and the type's schema as JSON (the Advanced view).
// Every change goes through studio.edit as one undoable step, and only once it is valid: the
// problems stay at their inputs and the files are untouched until then. The edits themselves are
// pure functions on the game's files (card-schema/studio/card-type-edits.ts, field-edits.ts).

import {
  addCardType,
  cardTypeRemovalProblem,
  moveCardType,
  removeCardType,
  setCardTypeDescription,
  setCardTypeLabel,
  typeIdProblem,
  typeLabelProblem,
} from '../../../card-schema/studio/card-type-edits';
import {
  addField,
  copyableFields,
  copyField,
  fieldEditProblems,
  moveField,
  removeField,
  schemaFromText,
  typeFieldsOf,
  updateField,
  NAME_FIELD,
} from '../../../card-schema/studio/field-edits';
import type { FieldProblem, FieldProblemAt } from '../../../card-schema/studio/field-problems';
import { newField, type FieldKind, type FieldSpec } from '../../../card-schema/studio/field-spec';
import { cardTypesOf, typeSchemaOf, withTypeSchema, type GameFileMap } from '../../../card-schema/studio/game-files';
import { confirmDialog, type ConfirmOptions } from '../lib/dialog.svelte';
import { draftOf, draftToSpec, withKind, type FieldDraft } from './field-draft';
import type { StudioModel } from './studio.svelte';

export interface CardTypesPanelDeps {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}

export interface TypeRow {
  id: string;
  label: string;
}

/** The field form: a new field, or the field named `oldName`. */
export interface FieldEditing {
  oldName?: string;
  draft: FieldDraft;
}

export const KIND_LABELS: Record<FieldKind, string> = {
  text: 'Text (one line)',
  rulesText: 'Rules text (several lines, {symbols})',
  number: 'Number',
  choice: 'Choice',
  multiChoice: 'Several choices',
  image: 'Image',
  keywords: 'Keywords',
  cardRef: 'Another card',
  yesNo: 'Yes / no',
  advanced: 'Advanced (JSON Schema)',
};

export class CardTypesPanelModel {
  selectedId = $state<string | null>(null);
  newTypeId = $state('');
  newTypeLabel = $state('');
  /** Whether Add type was tried: from then on an empty id or name is shown as a problem. */
  newTypeTried = $state(false);
  /** A sentence about the type list (a type that cannot be removed). */
  typeProblem = $state<string | null>(null);
  editing = $state<FieldEditing | null>(null);
  /** Whether Save was tried on the field form: from then on a missing name shows too. */
  fieldTried = $state(false);
  advancedOpen = $state(false);
  advancedText = $state('');
  advancedProblem = $state<string | null>(null);

  private readonly deps: CardTypesPanelDeps;

  constructor(
    readonly studio: StudioModel,
    deps: Partial<CardTypesPanelDeps> = {},
  ) {
    this.deps = { confirm: confirmDialog, ...deps };
  }

  /** The studio's files (a getter: the deriveds below read it lazily, after construction). */
  get files(): GameFileMap {
    return this.studio.files ?? {};
  }
  readonly types = $derived<TypeRow[]>(
    cardTypesOf(this.files).map((type) => ({ id: String(type.id), label: String(type.label ?? type.id) })),
  );
  /** The selected type: the one chosen while it exists, else the first. */
  readonly selected = $derived<TypeRow | undefined>(this.types.find((type) => type.id === this.selectedId) ?? this.types[0]);
  readonly fields = $derived<FieldSpec[]>(this.selected ? typeFieldsOf(this.files, this.selected.id) : []);
  /** Fields of the other types this one lacks, to copy instead of typing again. */
  readonly copyable = $derived(this.selected ? copyableFields(this.files, this.selected.id) : []);
  readonly description = $derived.by(() => {
    const description = this.selected ? typeSchemaOf(this.files, this.selected.id)?.description : undefined;
    return typeof description === 'string' ? description : '';
  });

  readonly newTypeProblems = $derived.by(() => {
    const id = this.newTypeId.trim();
    const label = this.newTypeLabel.trim();
    return {
      id: id === '' && !this.newTypeTried ? undefined : typeIdProblem(this.files, id),
      label: label === '' && !this.newTypeTried ? undefined : typeLabelProblem(label),
    };
  });

  /** The field form's spec and every problem with it, typing first. */
  readonly fieldCheck = $derived.by((): { spec: FieldSpec; problems: FieldProblem[] } | null => {
    const editing = this.editing;
    if (!editing || !this.selected) return null;
    const { spec, problems } = draftToSpec(editing.draft);
    return { spec, problems: [...problems, ...fieldEditProblems(this.files, this.selected.id, spec, editing.oldName)] };
  });

  /** The first problem at an input, as shown there (a missing name only once Save was tried). */
  problemAt(at: FieldProblemAt): string | undefined {
    const problems = this.fieldCheck?.problems ?? [];
    const hideEmptyName = !this.fieldTried && this.editing?.draft.name.trim() === '';
    return problems.find((problem) => problem.at === at && !(at === 'name' && hideEmptyName))?.message;
  }

  select(id: string): void {
    if (this.selected?.id === id) return;
    this.selectedId = id;
    this.editing = null;
    this.typeProblem = null;
    this.closeAdvanced();
  }

  // ----- card types

  /** The new type's id follows its name until an id is typed. */
  setNewTypeLabel(label: string): void {
    const follows = this.newTypeId === slugOf(this.newTypeLabel);
    this.newTypeLabel = label;
    if (follows) this.newTypeId = slugOf(label);
  }

  addType(): boolean {
    this.newTypeTried = true;
    const id = this.newTypeId.trim();
    const label = this.newTypeLabel.trim();
    if (typeIdProblem(this.files, id) || typeLabelProblem(label)) return false;
    this.studio.edit(`Add card type ${label}`, addCardType(this.files, { id, label }));
    this.newTypeId = '';
    this.newTypeLabel = '';
    this.newTypeTried = false;
    this.select(id);
    return true;
  }

  moveType(id: string, by: number): void {
    this.studio.edit('Reorder card types', moveCardType(this.files, id, by));
  }

  async removeType(id: string): Promise<void> {
    const label = this.types.find((type) => type.id === id)?.label ?? id;
    this.typeProblem = cardTypeRemovalProblem(this.files, id) ?? null;
    if (this.typeProblem) return;
    const confirmed = await this.deps.confirm({
      title: `Remove ${label}?`,
      message: `The card type ${label}, its schema and its layout leave the game. Cards of this type stop loading once you save; Undo brings the type back.`,
      confirmLabel: 'Remove type',
      danger: true,
    });
    if (!confirmed || !this.types.some((type) => type.id === id)) return;
    this.studio.edit(`Remove card type ${label}`, removeCardType(this.files, id));
    if (this.selectedId === id) this.selectedId = null;
  }

  /** The selected type's name; an empty one is refused (the input shows why). */
  setLabel(label: string): string | undefined {
    const problem = typeLabelProblem(label);
    if (problem || !this.selected || label.trim() === this.selected.label) return problem;
    this.studio.edit(`Rename card type ${this.selected.label}`, setCardTypeLabel(this.files, this.selected.id, label));
    return undefined;
  }

  setDescription(description: string): void {
    if (!this.selected || description.trim() === this.description) return;
    this.studio.edit(`Describe ${this.selected.label}`, setCardTypeDescription(this.files, this.selected.id, description));
  }

  // ----- fields

  startNewField(): void {
    this.fieldTried = false;
    this.editing = { draft: draftOf(newField('text', { name: '' })) };
  }

  startEdit(name: string): void {
    const spec = this.fields.find((field) => field.name === name);
    if (!spec) return;
    this.fieldTried = false;
    this.editing = { oldName: name, draft: draftOf(spec) };
  }

  cancelField(): void {
    this.editing = null;
  }

  /** Changes the form's values (the inputs call this; nothing is written yet). */
  update(change: Partial<FieldDraft>): void {
    if (this.editing) this.editing = { ...this.editing, draft: { ...this.editing.draft, ...change } };
  }

  setKind(kind: FieldKind): void {
    if (this.editing) this.editing = { ...this.editing, draft: withKind(this.editing.draft, kind) };
  }

  /** Writes the field when the form is valid (one undoable step); false with the problems shown otherwise. */
  saveField(): boolean {
    this.fieldTried = true;
    const check = this.fieldCheck;
    const editing = this.editing;
    const type = this.selected;
    if (!check || !editing || !type || check.problems.length > 0) return false;
    if (editing.oldName === undefined) {
      this.studio.edit(`Add field ${check.spec.name} to ${type.label}`, addField(this.files, type.id, check.spec));
    } else {
      const { files, rename } = updateField(this.files, type.id, editing.oldName, check.spec);
      const label = rename ? `Rename field ${rename.from} to ${rename.to}` : `Edit field ${check.spec.name}`;
      this.studio.edit(label, files, rename ? [rename] : []);
    }
    this.editing = null;
    return true;
  }

  moveField(name: string, by: number): void {
    if (this.selected) this.studio.edit('Reorder fields', moveField(this.files, this.selected.id, name, by));
  }

  canRemoveField(name: string): boolean {
    return name !== NAME_FIELD;
  }

  /** Adds another type's field ("fromType/name") to the selected type, as it is written there. */
  copyField(key: string): void {
    const type = this.selected;
    const found = this.copyable.find((candidate) => `${candidate.fromType}/${candidate.field.name}` === key);
    if (!type || !found) return;
    this.studio.edit(
      `Copy field ${found.field.name} to ${type.label}`,
      copyField(this.files, found.fromType, found.field.name, type.id),
    );
  }

  async removeField(name: string): Promise<void> {
    const type = this.selected;
    if (!type || !this.canRemoveField(name)) return;
    const confirmed = await this.deps.confirm({
      title: `Remove the field ${name}?`,
      message: `${type.label} cards lose their "${name}" value when you save. A layout or rule that names the field stops the game from loading until it is changed too.`,
      confirmLabel: 'Remove field',
      danger: true,
    });
    if (!confirmed || !this.fields.some((field) => field.name === name)) return;
    this.studio.edit(`Remove field ${name} from ${type.label}`, removeField(this.files, type.id, name));
    if (this.editing?.oldName === name) this.editing = null;
  }

  // ----- the type's JSON Schema

  toggleAdvanced(): void {
    if (this.advancedOpen) return this.closeAdvanced();
    const schema = this.selected ? typeSchemaOf(this.files, this.selected.id) : undefined;
    this.advancedText = JSON.stringify(schema ?? {}, null, 2);
    this.advancedProblem = null;
    this.advancedOpen = true;
  }

  closeAdvanced(): void {
    this.advancedOpen = false;
    this.advancedProblem = null;
  }

  /** Applies the schema text when it parses to a schema with properties; says why not otherwise. */
  applyAdvanced(): boolean {
    const type = this.selected;
    if (!type) return false;
    const read = schemaFromText(this.advancedText);
    if ('problem' in read) {
      this.advancedProblem = read.problem;
      return false;
    }
    this.advancedProblem = null;
    this.studio.edit(`Edit the schema of ${type.label}`, withTypeSchema(this.files, type.id, read.schema));
    this.editing = null;
    return true;
  }
}

/** An id from a name: lowercase letters, digits and dashes. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
