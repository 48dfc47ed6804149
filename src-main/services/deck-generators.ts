// generateDeck: runs one of a system's deck generators over the library's cards of that game
// (or of one set) and saves the result as a new deck, legal or not, so the player can see it.

import { generateDeckSections } from '../../card-schema/deck/generate';
import type { Deck } from '../../card-schema/deck/format';
import { ApiError } from '../api/api-error';
import { NO_PROGRESS, type JobProgress } from '../jobs/job-progress';
import { requireSet, type Library } from './library';

export interface GenerateDeckInput {
  systemId: string;
  generatorId: string;
  setId?: string;
  name?: string;
}

export function generateDeck(lib: Library, input: GenerateDeckInput, progress: JobProgress = NO_PROGRESS): Deck {
  const system = lib.systems.require(input.systemId);
  const generators = system.deck.generators ?? [];
  const generator = generators.find((g) => g.id === input.generatorId);
  if (!generator) {
    const known = generators.map((g) => `"${g.id}"`).join(', ') || 'none';
    throw new ApiError(`${system.name} has no deck generator "${input.generatorId}" (generators: ${known})`, 'NOT_FOUND');
  }
  const sets = input.setId ? [requireSet(lib, input.setId)] : lib.store.sets.list().filter((set) => set.systemId === system.id);
  if (input.setId && sets[0].systemId !== system.id)
    throw new ApiError(`Set "${sets[0].name}" is not a set of ${system.name}`, 'BAD_INPUT');
  const cards = sets.flatMap((set, index) => {
    progress.report('Reading cards', index, sets.length);
    return lib.store.cards.listBySet(set.id);
  });
  progress.report('Building the deck', 0, 1);
  const sections = generateDeckSections(generator, cards);
  if (Object.values(sections).every((entries) => entries.length === 0)) {
    throw new ApiError(
      `No card in ${input.setId ? `set "${sets[0].name}"` : 'the library'} fits "${generator.label}": import or create its cards first`,
      'BAD_INPUT',
    );
  }
  return lib.store.decks.save({ systemId: system.id, name: input.name ?? generator.label, sections });
}
