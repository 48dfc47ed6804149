// What the print dialog previews: the distinct cards of the print with their counts (the user's
// per-card counts over the defaults), how many cards that makes, and the cards themselves, asked
// for in windows of WINDOW as the pages showing them are drawn, so a 10,000-card print opens as
// fast as a 10-card one. A change of copies or counts starts a new generation: older answers
// are dropped.

import { SvelteMap } from 'svelte/reactivity';
import type { CardDocument, GameSystem } from '../../../card-schema/system/format';
import type { PrintEntry, PrintPreview, PrintSourceInput } from '../../../src-main/api/contract';
import { MAX_CARD_COPIES } from '../../../src-main/api/contract';

/** Cards per previewPrint call (the API sends at most 200). */
export const WINDOW = 100;

export interface PreviewCard {
  system: GameSystem;
  doc: CardDocument;
}

export interface PrintPreviewDeps {
  previewPrint: (input: {
    source: PrintSourceInput;
    copies: number;
    cardCopies?: Record<string, number>;
    offset: number;
    limit: number;
    entries: boolean;
  }) => Promise<PrintPreview>;
  loadSystem: (id: string) => Promise<GameSystem>;
}

export class PrintPreviewModel {
  /** Each distinct card once, with its default count; empty until the first answer. */
  entries: PrintEntry[] = $state([]);
  /** The user's counts, by card id (only those that differ from the default). */
  readonly counts = new SvelteMap<string, number>();
  /** The game of the first card: the sheet is planned for its card size. */
  system: GameSystem | null = $state(null);
  error: string | null = $state(null);
  /** Copies the entries' defaults were read for. */
  private copies = 1;
  private readonly windows = new SvelteMap<number, PreviewCard[]>();
  private readonly asked = new Set<number>();
  private generation = 0;

  constructor(
    private readonly deps: PrintPreviewDeps,
    private readonly source: PrintSourceInput,
  ) {}

  /** How many times the card prints: the user's count, else its default. */
  countOf(entry: PrintEntry): number {
    return this.counts.get(entry.cardId) ?? entry.count;
  }

  /** Cards the PDF will hold, counts applied: updated as the user types. */
  get total(): number {
    let sum = 0;
    for (const entry of this.entries) sum += this.countOf(entry);
    return sum;
  }

  /** The counts the export job gets (undefined when every card prints its default). */
  get cardCopies(): Record<string, number> | undefined {
    return this.counts.size > 0 ? Object.fromEntries(this.counts) : undefined;
  }

  /** Sets a card's count (0 leaves it out); a count equal to the default is forgotten. */
  setCount(entry: PrintEntry, count: number): void {
    if (!Number.isInteger(count) || count < 0 || count > MAX_CARD_COPIES) return;
    if (count === entry.count) this.counts.delete(entry.cardId);
    else this.counts.set(entry.cardId, count);
  }

  resetCounts(): void {
    this.counts.clear();
  }

  /**
   * Reads the print again for `copies` (and the counts as they are now): the entries when the
   * copies changed, and the first window of cards.
   */
  async load(copies: number): Promise<void> {
    const generation = ++this.generation;
    const withEntries = this.entries.length === 0 || copies !== this.copies;
    this.windows.clear();
    this.asked.clear();
    this.asked.add(0);
    try {
      const preview = await this.deps.previewPrint({
        source: this.source,
        copies,
        cardCopies: this.cardCopies,
        offset: 0,
        limit: WINDOW,
        entries: withEntries,
      });
      const cards = await this.withSystems(preview);
      if (generation !== this.generation) return;
      if (preview.entries) {
        this.entries = preview.entries;
        this.copies = copies;
        // Counts for cards this print no longer holds would be refused.
        const held = new Set(preview.entries.map((entry) => entry.cardId));
        for (const cardId of [...this.counts.keys()]) if (!held.has(cardId)) this.counts.delete(cardId);
      }
      if (this.entries[0]) this.system = await this.deps.loadSystem(this.entries[0].systemId);
      this.windows.set(0, cards);
      this.error = null;
    } catch (error) {
      if (generation !== this.generation) return;
      this.error = error instanceof Error ? error.message : String(error);
    }
  }

  /** The card at `index` in print order, once its window has arrived (reading it asks for it). */
  card(index: number): PreviewCard | undefined {
    const window = Math.floor(index / WINDOW);
    const cards = this.windows.get(window);
    if (!cards && !this.asked.has(window)) {
      this.asked.add(window);
      void this.fetchWindow(window, this.generation);
    }
    return cards?.[index - window * WINDOW];
  }

  private async fetchWindow(window: number, generation: number): Promise<void> {
    try {
      const preview = await this.deps.previewPrint({
        source: this.source,
        copies: this.copies,
        cardCopies: this.cardCopies,
        offset: window * WINDOW,
        limit: WINDOW,
        entries: false,
      });
      const cards = await this.withSystems(preview);
      if (generation === this.generation) this.windows.set(window, cards);
    } catch {
      // The page keeps its empty slots; the next load asks again.
      if (generation === this.generation) this.asked.delete(window);
    }
  }

  private async withSystems(preview: PrintPreview): Promise<PreviewCard[]> {
    const games = new Map<string, GameSystem>();
    for (const systemId of new Set(preview.cards.map((card) => card.systemId))) {
      games.set(systemId, await this.deps.loadSystem(systemId));
    }
    return preview.cards.flatMap((card) => {
      const system = games.get(card.systemId);
      return system ? [{ system, doc: card.doc }] : [];
    });
  }
}
