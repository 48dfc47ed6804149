// The Play panel's state: the board, rarity and pack panels edit the studio's files through the
// pure edits of card-schema/studio/board-edits.ts and pack-edits.ts. An edit that is refused
// writes nothing and leaves its sentence at the field it concerns until that field is edited
// again; problems in the files as they are (a broken import) show at their fields too.

import type { EditResult, PlayProblem } from '../../../card-schema/studio/play-edit-shared';
import { playProblems, problemAt } from '../../../card-schema/studio/play-problems';
import type { GameFileMap } from '../../../card-schema/studio/game-files';

/** What the panel needs of the studio (StudioModel has it). */
export interface StudioEditor {
  readonly files: GameFileMap | null;
  edit(label: string, files: GameFileMap): void;
}

/** Fields of the forms that add something, cleared once it was added. */
export interface Drafts {
  zoneId: string;
  zoneLabel: string;
  zoneKind: 'deck' | 'hand' | 'board' | 'discard' | 'exile' | 'other';
  resourceId: string;
  resourceLabel: string;
  phase: string;
  rarityValueId: string;
  rarityValueLabel: string;
  rarityValueColor: string;
  packId: string;
  packLabel: string;
  counterId: string;
  counterLabel: string;
  tallyLabel: string;
  goalLabel: string;
  modeId: string;
  modeLabel: string;
}

const emptyDrafts = (): Drafts => ({
  zoneId: '',
  zoneLabel: '',
  zoneKind: 'board',
  resourceId: '',
  resourceLabel: '',
  phase: '',
  rarityValueId: '',
  rarityValueLabel: '',
  rarityValueColor: '',
  packId: '',
  packLabel: '',
  counterId: '',
  counterLabel: '',
  tallyLabel: '',
  goalLabel: '',
  modeId: '',
  modeLabel: '',
});

export class PlayPanelModel {
  drafts = $state<Drafts>(emptyDrafts());
  /** Refusals of the last edit at each field, by field key (the edits' `field`). */
  refusals = $state<Record<string, string>>({});
  readonly problems = $derived.by<PlayProblem[]>(() => (this.studio.files ? playProblems(this.studio.files) : []));

  constructor(private readonly studio: StudioEditor) {}

  get files(): GameFileMap | null {
    return this.studio.files;
  }

  /** The sentence to show at `field`: the refused edit's, else the files' own problem there. */
  problem(field: string): string | undefined {
    return this.refusals[field] ?? problemAt(this.problems, field);
  }

  /**
   * Applies an edit made from the current files: writes it as one undoable step, or keeps its
   * refusal at its field. `fields` are cleared first (the refusal of an earlier try there is stale).
   */
  apply(label: string, edit: (files: GameFileMap) => EditResult, ...fields: string[]): boolean {
    const files = this.studio.files;
    if (!files) return false;
    const result = edit(files);
    const refusals = { ...this.refusals };
    for (const field of fields) delete refusals[field];
    if (!result.ok) {
      refusals[result.field] = result.message;
      this.refusals = refusals;
      return false;
    }
    this.refusals = refusals;
    this.studio.edit(label, result.files);
    return true;
  }

  /** Like `apply`, then empties the named drafts (the add form is ready for the next one). */
  add(label: string, edit: (files: GameFileMap) => EditResult, fields: string[], drafts: (keyof Drafts)[]): boolean {
    const added = this.apply(label, edit, ...fields);
    if (added) {
      const reset = emptyDrafts();
      const next = { ...this.drafts };
      for (const key of drafts) (next as Record<keyof Drafts, string>)[key] = reset[key];
      this.drafts = next;
    }
    return added;
  }
}
