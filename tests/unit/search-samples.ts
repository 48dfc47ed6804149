// Test helper: the built-in games and their sample cards as search sees them (set id and the
// search text the library indexes), for the reference matcher's tests.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchableCard } from '../../card-schema/search/reference';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { loadGameSystems } from '../../src-main/services/game-systems';
import { buildSearchText } from '../../src-main/services/search-text';
import { ROOT } from './systems/harness';

export interface SampleSearchCard extends SearchableCard {
  id: string;
  systemId: string;
}

export interface SampleSet {
  id: string;
  systemId: string;
  name: string;
}

export const { systems } = loadGameSystems(join(ROOT, 'card-schema/systems'));

export function systemById(id: string): GameSystem {
  const system = systems.find((candidate) => candidate.id === id);
  if (!system) throw new Error(`no built-in game ${id}`);
  return system;
}

function readSamples(): { cards: SampleSearchCard[]; sets: SampleSet[] } {
  const cards: SampleSearchCard[] = [];
  const sets: SampleSet[] = [];
  for (const system of systems) {
    const dir = join(ROOT, 'resources/samples', system.id);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        format: string;
        set?: SampleSet;
        cards?: { id: string; doc: CardDocument }[];
      };
      if (json.format !== 'cardwright-set' || !json.set) continue;
      const set = json.set;
      sets.push({ id: set.id, systemId: set.systemId, name: set.name });
      for (const card of json.cards ?? []) {
        cards.push({
          id: card.id,
          systemId: system.id,
          setId: set.id,
          doc: card.doc,
          searchText: buildSearchText(card.doc, system),
        });
      }
    }
  }
  return { cards, sets };
}

export const samples = readSamples();
