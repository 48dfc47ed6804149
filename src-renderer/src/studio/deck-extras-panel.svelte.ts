// The Deck panel's generators, builder hints and draft (card-schema/studio/deck-extras-edits.ts):
// the game's values from the files being edited, the open fill or draft form (a draft copy that
// its controls change, with its problems at each control), and every change one undoable studio
// edit. A refused edit writes nothing and leaves its sentence where it was made (`refusedAt`).

import type { GameSystem } from '../../../card-schema/system/format';
import type { DeckEdit } from '../../../card-schema/studio/deck-edits';
import { isObject, type Json } from '../../../card-schema/studio/game-files';
import {
  addBuilderStat,
  addDraft,
  addGenerator,
  builderOf,
  draftOf,
  draftProblems,
  fillProblems,
  generatorsOf,
  moveBuilderStat,
  moveGenerator,
  newFill,
  removeBuilderStat,
  removeDraft,
  removeFill,
  removeGenerator,
  setBuilderField,
  setDraft,
  setFill,
  updateGenerator,
} from '../../../card-schema/studio/deck-extras-edits';
import { MatchModel } from './card-match-model';
import type { DeckRulesPanelModel } from './deck-rules-panel.svelte';

/** A number typed in a field: '' clears it; anything else is kept even when wrong, for the problem to name. */
export const typedNumber = (source: string): number | undefined => (source.trim() === '' ? undefined : Number(source));

/** One fill of a generator being edited (`index` = the fill count for a new one). */
export class FillForm {
  value = $state<Json>({});
  readonly problems = $derived.by(() => fillProblems($state.snapshot(this.value), this.deck.context));
  readonly match: MatchModel;

  constructor(
    readonly generatorId: string,
    readonly index: number,
    fill: Json,
    private readonly deck: DeckRulesPanelModel,
  ) {
    this.value = structuredClone(fill);
    this.match = new MatchModel(
      () => this.value.match,
      (match) => (this.value.match = match),
      () => deck.context,
      () => deck.schemas,
      () => this.problems.match,
    );
  }

  get copiesMode(): 'number' | 'field' {
    return isObject(this.value.copies) ? 'field' : 'number';
  }

  setCopiesMode(mode: 'number' | 'field'): void {
    if (mode === this.copiesMode) return;
    this.value.copies = mode === 'field' ? { field: '' } : 1;
  }
}

/** The draft setup being edited. */
export class DraftForm {
  value = $state<Json>({});
  readonly problems = $derived.by(() => draftProblems($state.snapshot(this.value), this.deck.context));
  readonly eligible: MatchModel;

  constructor(
    draft: Json,
    private readonly deck: DeckRulesPanelModel,
  ) {
    this.value = structuredClone(draft);
    this.eligible = new MatchModel(
      () => this.value.eligible,
      (match) => (this.value.eligible = match),
      () => deck.context,
      () => deck.schemas,
      () => this.problems.eligible,
    );
  }

  get players(): Json {
    return isObject(this.value.players) ? this.value.players : {};
  }

  setPlayers(key: 'min' | 'max', source: string): void {
    this.value.players = { ...$state.snapshot(this.players), [key]: typedNumber(source) };
  }
}

export class DeckExtrasModel {
  refusal = $state<{ at: string; message: string } | null>(null);
  fillForm = $state<FillForm | null>(null);
  draftForm = $state<DraftForm | null>(null);

  readonly generators = $derived.by(() => generatorsOf(this.deck.files));
  readonly builder = $derived.by(() => builderOf(this.deck.files));
  readonly draft = $derived.by(() => draftOf(this.deck.files));

  constructor(readonly deck: DeckRulesPanelModel) {}

  get system(): GameSystem | undefined {
    return this.deck.studio.system;
  }

  private apply(label: string, edit: DeckEdit, at: string): boolean {
    if (!edit.ok) {
      this.refusal = { at, message: edit.problem };
      return false;
    }
    this.refusal = null;
    this.deck.studio.edit(label, edit.files);
    return true;
  }

  refusedAt(at: string): string | undefined {
    return this.refusal?.at === at ? this.refusal.message : undefined;
  }

  // Generators

  addGenerator(id: string, label: string): boolean {
    return this.apply(
      `Add generator ${label.trim()}`,
      addGenerator(this.deck.files, { id, label }, this.deck.context),
      'generator-add',
    );
  }

  updateGenerator(id: string, patch: { label?: string; description?: string }): boolean {
    return this.apply('Change generator', updateGenerator(this.deck.files, id, patch), `generator:${id}`);
  }

  moveGenerator(id: string, delta: -1 | 1): boolean {
    this.fillForm = null;
    return this.apply('Move generator', moveGenerator(this.deck.files, id, delta), `generator:${id}`);
  }

  removeGenerator(id: string): boolean {
    if (this.fillForm?.generatorId === id) this.fillForm = null;
    return this.apply('Remove generator', removeGenerator(this.deck.files, id), `generator:${id}`);
  }

  /** Opens fill `index` of generator `id`; the fill count opens a new fill. */
  openFill(id: string, index: number): void {
    const generator = this.generators.find((g) => g.id === id);
    if (!generator) return;
    const fills = Array.isArray(generator.fill) ? generator.fill : [];
    const fill = isObject(fills[index]) ? fills[index] : newFill(this.deck.context);
    this.refusal = null;
    this.fillForm = new FillForm(id, index, fill, this.deck);
  }

  closeFill(): void {
    this.fillForm = null;
  }

  saveFill(): boolean {
    const form = this.fillForm;
    if (!form) return false;
    const edit = setFill(this.deck.files, form.generatorId, form.index, $state.snapshot(form.value), this.deck.context);
    if (!this.apply('Change generator fill', edit, `fill:${form.generatorId}`)) return false;
    this.fillForm = null;
    return true;
  }

  removeFill(id: string, index: number): boolean {
    this.fillForm = null;
    return this.apply('Remove generator fill', removeFill(this.deck.files, id, index), `generator:${id}`);
  }

  // Builder hints

  setBuilderField(key: 'costField' | 'distinguishBy', field: string): boolean {
    return this.apply(
      'Change deck builder hints',
      setBuilderField(this.deck.files, key, field, this.deck.context),
      `builder:${key}`,
    );
  }

  addStat(field: string): boolean {
    return this.apply(`Show ${field} in the pool`, addBuilderStat(this.deck.files, field, this.deck.context), 'builder:stats');
  }

  removeStat(index: number): boolean {
    return this.apply('Remove a pool stat', removeBuilderStat(this.deck.files, index), 'builder:stats');
  }

  moveStat(index: number, delta: -1 | 1): boolean {
    return this.apply('Move a pool stat', moveBuilderStat(this.deck.files, index, delta), 'builder:stats');
  }

  // Draft

  addDraft(): boolean {
    if (!this.apply('Add a draft', addDraft(this.deck.files, this.deck.context), 'draft')) return false;
    this.openDraft();
    return true;
  }

  openDraft(): void {
    if (!this.draft) return;
    this.refusal = null;
    this.draftForm = new DraftForm(this.draft, this.deck);
  }

  closeDraft(): void {
    this.draftForm = null;
  }

  saveDraft(): boolean {
    const form = this.draftForm;
    if (!form) return false;
    if (!this.apply('Change the draft', setDraft(this.deck.files, $state.snapshot(form.value), this.deck.context), 'draft'))
      return false;
    this.draftForm = null;
    return true;
  }

  removeDraft(): boolean {
    this.draftForm = null;
    return this.apply('Remove the draft', removeDraft(this.deck.files), 'draft');
  }
}
