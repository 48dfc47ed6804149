// The deck statistics panel's state: which sections are counted (the draw sections unless the
// player adds the leader or an extra deck), which numeric field is charted, and the statistics
// themselves, derived from the live deck so every chart follows each added or removed copy.

import type { DeckEntry, DeckSectionDef } from '../../../card-schema/deck/format';
import { deckStats, defaultStatsSections, type DeckStats, type Distribution } from '../../../card-schema/deck/stats';
import type { CardRecord, GameSystem } from '../../../card-schema/system/format';

/** What the deck builder hands a deck panel: the game, the deck's sections and the cards it knows. */
export interface DeckInputs {
  system: GameSystem;
  sections: Record<string, DeckEntry[]>;
  /** Card records by id (a Map: card ids are user data and may be "__proto__"). */
  cards: ReadonlyMap<string, CardRecord>;
}

export class DeckStatsModel {
  readonly #inputs: () => DeckInputs;
  /** Sections the player switched on or off; null = the game's default (the draw sections). */
  #chosenSections: string[] | null = $state(null);
  /** The numeric field picked for the field chart; '' = the first one with values. */
  field = $state('');

  constructor(inputs: () => DeckInputs) {
    this.#inputs = inputs;
  }

  get system(): GameSystem {
    return this.#inputs().system;
  }

  /** Every section of the game, to switch on or off. */
  get sectionChoices(): DeckSectionDef[] {
    return this.system.deck.sections;
  }

  readonly countedSections: string[] = $derived(this.#chosenSections ?? defaultStatsSections(this.system));

  isCounted(sectionId: string): boolean {
    return this.countedSections.includes(sectionId);
  }

  toggleSection(sectionId: string): void {
    const counted = this.countedSections;
    this.#chosenSections = counted.includes(sectionId)
      ? counted.filter((id) => id !== sectionId)
      : this.system.deck.sections.map((s) => s.id).filter((id) => id === sectionId || counted.includes(id));
  }

  readonly stats: DeckStats = $derived.by(() => {
    const { system, sections, cards } = this.#inputs();
    return deckStats(system, sections, (id) => cards.get(id)?.doc, this.countedSections);
  });

  /** Numeric fields other than the cost (the curve already shows that one). */
  readonly fieldChoices: Distribution[] = $derived(this.stats.numeric.filter((d) => d.field !== this.stats.curve?.field));

  readonly chosenField: Distribution | undefined = $derived(
    this.fieldChoices.find((d) => d.field === this.field) ?? this.fieldChoices.find((d) => d.counted > 0) ?? this.fieldChoices[0],
  );
}

/** "2.43" → "2.4": averages with one decimal, whole numbers as they are. */
export function formatNumber(value: number | undefined): string {
  if (value === undefined) return '–';
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
