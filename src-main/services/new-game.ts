// New games made in the app: from a starter (a game-system folder shipped for the purpose, in
// card-schema/starters) or as a copy of an installed game, built-in ones included (a copy is a
// new game; a built-in one is never edited in place). The new folder is the source folder with
// the designer's id, name, card size and identity (card-schema/system/new-game-files.ts),
// installed like an imported game: checked by the loader first, available at once.

import type { GameSystem } from '../../card-schema/system/format';
import { newGameFiles } from '../../card-schema/system/new-game-files';
import type { CreateGameInput, SystemSummary } from '../api/contract';
import { ApiError } from '../api/api-error';
import { loadGameSystems } from './game-systems';
import type { Library } from './library';
import { installNewGame, readGameFolder } from './system-bundles';

export interface Starters {
  list: GameSystem[];
  dir(starterId: string): string | undefined;
}

/** The starters in `startersDir` (none without one); a starter that does not load is left out and logged. */
export function loadStarters(startersDir: string | undefined): Starters {
  if (!startersDir) return { list: [], dir: () => undefined };
  const loaded = loadGameSystems(startersDir);
  for (const error of loaded.errors) console.warn(`[cardwright] starter not loaded: ${error.message}`);
  return { list: loaded.systems, dir: (starterId) => loaded.dirs.get(starterId) };
}

/** The folder and game a new game starts from. */
function sourceOf(lib: Library, starters: Starters, from: CreateGameInput['from']): { dir: string; system: GameSystem } {
  if ('starter' in from) {
    const system = starters.list.find((starter) => starter.id === from.starter);
    const dir = starters.dir(from.starter);
    if (!system || !dir) throw new ApiError(`There is no starter "${from.starter}"`, 'NOT_FOUND');
    return { dir, system };
  }
  const installed = lib.systems.installed(from.game);
  if (!installed) throw new ApiError(`No game system "${from.game}" is installed`, 'NOT_FOUND');
  return installed;
}

export function createGame(lib: Library, userSystemsDir: string, starters: Starters, input: CreateGameInput): SystemSummary {
  const source = sourceOf(lib, starters, input.from);
  if (input.identity && !source.system.identity) {
    throw new ApiError(
      `${source.system.name} has no identity (colours, factions) to rename; leave the identity out`,
      'BAD_INPUT',
    );
  }
  const { files, fontFiles } = readGameFolder(source.dir, source.system);
  const next = newGameFiles(files, {
    id: input.id,
    name: input.name,
    card: input.card,
    identity: input.identity,
    fromStarter: 'starter' in input.from,
  });
  installNewGame(lib, userSystemsDir, `New game "${input.name}"`, { systemId: input.id, files: next, fontFiles });
  const summary = lib.systems.summaries().find((candidate) => candidate.id === input.id);
  if (!summary) throw new Error(`Game system "${input.id}" vanished right after it was installed`);
  return summary;
}
