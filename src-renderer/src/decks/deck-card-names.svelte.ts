// What a deck row calls its card: the name, "(deleted)" for a card gone from the library, and
// for printings sharing a name what tells them apart (set, number, the game's distinguishing
// field; card-schema/deck/printing-labels.ts). Loads the set names once.

import { entryName, type EntryName } from '../../../card-schema/deck/entry-name';
import type { DeckEntry } from '../../../card-schema/deck/format';
import { printingLabels } from '../../../card-schema/deck/printing-labels';
import { own } from '../../../card-schema/own-keys';
import type { CardRecord, GameSystem } from '../../../card-schema/system/format';
import type { ApiClient } from '../../../src-main/api/contract';

export interface DeckCardNamesDeps {
  api: Pick<ApiClient, 'listSets'>;
  showError: (error: unknown) => void;
}

export class DeckCardNames {
  setNames = $state.raw(new Map<string, string>());

  constructor(private readonly deps: DeckCardNamesDeps) {}

  async load(): Promise<void> {
    try {
      const sets = await this.deps.api.listSets({});
      this.setNames = new Map(sets.map((set) => [set.id, set.name]));
    } catch (error) {
      this.deps.showError(error);
    }
  }

  /** Labels for the deck's cards that share a name with another card of the deck. */
  labels(system: GameSystem, sections: Record<string, DeckEntry[]>, known: ReadonlyMap<string, CardRecord>): Map<string, string> {
    const printings = [];
    for (const entries of Object.values(sections))
      for (const entry of entries) {
        const card = known.get(entry.cardId);
        if (card) printings.push({ id: card.id, doc: card.doc, setName: this.setNames.get(card.setId) });
      }
    return printingLabels(printings, system.deck.builder?.distinguishBy, system);
  }
}

export function rowName(entry: DeckEntry, known: ReadonlyMap<string, CardRecord>): EntryName {
  return entryName(entry, known.get(entry.cardId)?.doc);
}

/** The card types every section holding `cardId` accepts (what its replacement may be). */
export function replacementTypes(system: GameSystem, sections: Record<string, DeckEntry[]>, cardId: string): string[] {
  const holding = system.deck.sections.filter((s) => (own(sections, s.id) ?? []).some((e) => e.cardId === cardId));
  const types = new Set(holding.flatMap((s) => s.types));
  return [...types];
}
