// Undo/redo for the card editor: snapshots of the document (as JSON). Keystrokes that follow
// each other quickly are one step, so undo takes back a word, not a letter. A gesture (dragging
// the art in the preview) is one step of its own however long it lasts.

export const COALESCE_MS = 800;
const MAX_STEPS = 200;

export class EditHistory {
  private past: string[] = [];
  private future: string[] = [];
  private lastRecordAt = -Infinity;
  /** starting: the next record opens the gesture's step; open: records join that step. */
  private gesture: 'none' | 'starting' | 'open' = 'none';

  constructor(
    private present: string,
    private readonly coalesceMs = COALESCE_MS,
  ) {}

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Notes the document as it is now; a no-op when unchanged (e.g. after undo restored it). */
  record(snapshot: string, now: number): void {
    if (snapshot === this.present) return;
    const canContinue = this.past.length > 0 && this.future.length === 0;
    const continuesLastStep =
      this.gesture === 'open' ? canContinue : this.gesture === 'none' && canContinue && now - this.lastRecordAt < this.coalesceMs;
    if (this.gesture === 'starting') this.gesture = 'open';
    if (!continuesLastStep) {
      this.past.push(this.present);
      if (this.past.length > MAX_STEPS) this.past.shift();
    }
    this.present = snapshot;
    this.future = [];
    this.lastRecordAt = now;
  }

  /** Everything recorded from now until `endGesture` is one step, apart from what came before. */
  beginGesture(): void {
    this.gesture = 'starting';
  }

  /** Ends the gesture's step: the next change starts a step of its own. */
  endGesture(): void {
    this.gesture = 'none';
    this.lastRecordAt = -Infinity;
  }

  /** The next change starts a step of its own however soon it comes (after a save). */
  checkpoint(): void {
    this.lastRecordAt = -Infinity;
  }

  /** The snapshot to restore, or undefined when there is nothing to undo. */
  undo(): string | undefined {
    const previous = this.past.pop();
    if (previous === undefined) return undefined;
    this.future.push(this.present);
    this.present = previous;
    this.lastRecordAt = -Infinity;
    return previous;
  }

  redo(): string | undefined {
    const next = this.future.pop();
    if (next === undefined) return undefined;
    this.past.push(this.present);
    this.present = next;
    this.lastRecordAt = -Infinity;
    return next;
  }
}
