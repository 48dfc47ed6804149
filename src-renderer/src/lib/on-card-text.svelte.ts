// Typing on the card: which text box of the preview is being edited and what its editor shows.
// Every keystroke goes to the card at once through the target (the editor's form path, so
// validation, undo and the form follow); Tab and Shift+Tab move through the boxes in reading
// order, Esc puts back the value the box had when it was opened. The boxes come from
// editableTexts (card-schema/layout/editable-text.ts).

import { editableValue, typedValue, type EditableText } from '../../../card-schema/layout/editable-text';
import { sameJson } from '../../../card-schema/system/resolve-schema';

/** Where typed text goes: the card being edited. */
export interface OnCardTextTarget {
  /** The card field's current value. */
  value(field: string): unknown;
  /** Writes the field (undefined removes it), as its form field would. */
  set(field: string, value: unknown): void;
  /** The user typed into the field at `pointer`: its validation messages may show. */
  touch?(pointer: string): void;
}

export class OnCardTextModel {
  /** The layout element (its index) being edited, or null. */
  editingIndex: number | null = $state(null);
  /** The text as typed; what the editor shows while it still means the card's value. */
  private draft = $state('');
  /** The value the field had when its box was opened, for Esc. */
  private original: unknown = undefined;

  /** The box being edited, while it is still on the card. */
  readonly editing = $derived.by(() => this.boxes().find((box) => box.index === this.editingIndex) ?? null);

  /**
   * The editor's text: the draft while it still reads as the field's value (so "1." or a
   * trailing space survive), else the value itself (Undo changed it underneath).
   */
  readonly text = $derived.by(() => {
    const box = this.editing;
    if (!box) return '';
    const current = this.target().value(box.field);
    return sameJson(typedValue(box, this.draft), current) ? this.draft : editableValue(current);
  });

  constructor(
    private readonly boxes: () => EditableText[],
    private readonly target: () => OnCardTextTarget,
  ) {}

  /** Opens the box of layout element `index` (the one being edited, if any, keeps what was typed). */
  open(index: number): void {
    const box = this.boxes().find((candidate) => candidate.index === index);
    if (!box) return;
    const value = this.target().value(box.field);
    this.original = value;
    this.draft = editableValue(value);
    this.editingIndex = index;
  }

  /** The editor's text changed: the card gets it at once. */
  input(text: string): void {
    const box = this.editing;
    if (!box) return;
    this.draft = text;
    this.target().touch?.(box.pointer);
    const next = typedValue(box, text);
    if (!sameJson(next, this.target().value(box.field))) this.target().set(box.field, next);
  }

  /** Done with the box: what was typed stays (it is already on the card). */
  commit(): void {
    this.editingIndex = null;
  }

  /** Esc: the field gets back the value it had when the box was opened. */
  cancel(): void {
    const box = this.editing;
    if (box && !sameJson(this.target().value(box.field), this.original)) this.target().set(box.field, this.original);
    this.editingIndex = null;
  }

  /**
   * Tab (+1) or Shift+Tab (−1): commits and opens the next box in reading order. False at
   * either end, where the editor closes.
   */
  step(direction: 1 | -1): boolean {
    const boxes = this.boxes();
    const at = boxes.findIndex((box) => box.index === this.editingIndex);
    const next = at === -1 ? undefined : boxes[at + direction];
    this.commit();
    if (!next) return false;
    this.open(next.index);
    return true;
  }
}
