// Layout warnings for list rows, worked out just after the rows are shown. Laying a card out in
// full (its text shaped and fitted) costs about 0.3 ms, too much for a screenful of new rows in
// the frame after a keystroke or while a list scrolls, so rows ask and get nothing at first; the
// cards are laid out in the page's idle time between frames, newest asks first, and each row shows
// its badge once its card is done. What the layout found is kept per card version (its own
// warnings and its image boxes), so scrolling back finds it; art warnings are read from the kept
// boxes against the image library's sizes at each read, so they follow those sizes as they arrive.

import type { CardRecord, GameSystem } from '../../../card-schema/system/format';
import type { CardDrawing, LayoutWarning } from '../../../card-schema/layout/format';
import type { ImageSizeLookup } from '../../../card-schema/layout/art-warnings';
import { cardDrawing, drawingWarnings, libraryImageSize } from './layout-warnings';
import { CardVersionCache, cardVersionKey } from './card-version-cache';

/** Several screens of a long list. */
const CAPACITY = 4000;
/** Asks kept waiting at most: past it the oldest are dropped (rows scrolled away); a row still shown asks again. */
const MAX_WAITING = 200;

interface Ask {
  system: GameSystem;
  card: CardRecord;
}

/** Runs `run` later, telling it how many milliseconds it may take. */
export type Scheduler = (run: (timeLeft: () => number) => void) => void;

/** Layout work per slice where the page cannot say how idle it is. */
const FALLBACK_SLICE_MS = 6;

/**
 * Idle time given to one slice at most. An idle period can last 50 ms, and a search answer or a
 * key that arrives during a slice waits for it to end: short slices keep that wait short.
 */
const MAX_IDLE_SLICE_MS = 4;

/**
 * In the page's idle time after the next frame (none while a list scrolls flat out), else in short
 * timed slices. After the frame: rows ask while they update, and an idle callback asked for then
 * runs before the frame that shows them (the page is idle until it), delaying their paint by a slice.
 */
const whenIdle: Scheduler = (run) => {
  if (typeof requestIdleCallback === 'function' && typeof requestAnimationFrame === 'function')
    requestAnimationFrame(() =>
      requestIdleCallback((deadline) => {
        const until = performance.now() + MAX_IDLE_SLICE_MS;
        run(() => Math.min(deadline.timeRemaining(), until - performance.now()));
      }),
    );
  else
    setTimeout(() => {
      const until = performance.now() + FALLBACK_SLICE_MS;
      run(() => until - performance.now());
    }, 0);
};

export class RowLayoutWarnings {
  /** A card's drawing reduced to its warnings and image ops; null: the card does not lay out. */
  private readonly kept: CardVersionCache<CardDrawing | null>;
  private readonly waiting = new Map<string, Ask>();
  private scheduled = false;
  /** Bumped after each slice: rows read it, and read again. */
  private done = $state(0);

  constructor(
    private readonly layout: (system: GameSystem, card: CardRecord) => CardDrawing | null = (system, card) =>
      cardDrawing(system, card.doc),
    private readonly schedule: Scheduler = whenIdle,
    capacity = CAPACITY,
  ) {
    this.kept = new CardVersionCache(capacity);
  }

  /** The card's warnings, or undefined until it is laid out (reactive: read again when it is). */
  get(system: GameSystem, card: CardRecord, imageSize: ImageSizeLookup = libraryImageSize): LayoutWarning[] | undefined {
    void this.done;
    const drawing = this.kept.get(system, card);
    if (drawing === undefined) {
      this.ask(system, card);
      return undefined;
    }
    return drawingWarnings(drawing, imageSize);
  }

  private ask(system: GameSystem, card: CardRecord): void {
    const key = `${system.id}\u0000${cardVersionKey(card)}`;
    // Moved to the end: the newest asks are laid out first.
    this.waiting.delete(key);
    this.waiting.set(key, { system, card });
    if (this.waiting.size > MAX_WAITING) this.waiting.delete(this.waiting.keys().next().value as string);
    if (!this.scheduled) {
      this.scheduled = true;
      this.schedule((timeLeft) => this.runSlice(timeLeft));
    }
  }

  /** Lays out waiting cards, newest first, while time is left (at least one). */
  private runSlice(timeLeft: () => number): void {
    this.scheduled = false;
    const asks = [...this.waiting].reverse();
    for (const [key, { system, card }] of asks) {
      this.waiting.delete(key);
      this.kept.set(system, card, reduced(this.layout(system, card)));
      if (timeLeft() <= 1) break;
    }
    if (this.waiting.size > 0) {
      this.scheduled = true;
      this.schedule((next) => this.runSlice(next));
    }
    this.done++;
  }
}

/** What warnings need of a drawing: its own warnings and its image boxes (not its text). */
function reduced(drawing: CardDrawing | null): CardDrawing | null {
  if (!drawing) return null;
  return { ...drawing, ops: drawing.ops.filter((op) => op.op === 'image') };
}

export const rowLayoutWarnings = new RowLayoutWarnings();
