// A set's metadata for the API: create a set and edit it (rename included). A set's name is
// unique within its game whatever its case and surrounding spaces (card-schema/sets/set-meta.ts):
// create and edit refuse a taken name naming the set that has it; imports take the next free
// "Name (2)" instead (set-files.ts), as the migration did for libraries that had duplicates.

import type { CardSetInfo } from '../../card-schema/system/format';
import { freeSetName, setNameKey } from '../../card-schema/sets/set-meta';
import { ApiError } from '../api/contract';
import type { SetInput, SetPatch } from '../store/sets-repo';
import { requireSet, type Library } from './card-library';

/** The names of the game's sets other than `exceptId`. */
function otherNames(lib: Library, systemId: string, exceptId?: string): { id: string; name: string }[] {
  return lib.store.sets.namesOf(systemId).filter((set) => set.id !== exceptId);
}

/** Throws a CONFLICT naming the set of the game that has this name already. */
export function requireFreeSetName(lib: Library, systemId: string, name: string, exceptId?: string): void {
  const key = setNameKey(name);
  const clash = otherNames(lib, systemId, exceptId).find((set) => setNameKey(set.name) === key);
  if (!clash) return;
  const game = lib.systems.find(systemId)?.name ?? systemId;
  const same = clash.name === name.trim() ? '' : ` (as “${clash.name}”)`;
  throw new ApiError(
    `A set named “${name.trim()}” already exists in ${game}${same}; set names must differ within a game. Choose another name.`,
    'CONFLICT',
  );
}

/** `name`, or the first free "name (2)", "name (3)", … among the game's other sets. */
export function availableSetName(lib: Library, systemId: string, name: string, exceptId?: string): string {
  return freeSetName(
    name,
    otherNames(lib, systemId, exceptId).map((set) => set.name),
  );
}

export function createSet(lib: Library, input: Omit<SetInput, 'id'>): CardSetInfo {
  lib.systems.require(input.systemId);
  return lib.store.transaction(() => {
    requireFreeSetName(lib, input.systemId, input.name);
    return lib.store.sets.save({ ...input, name: input.name.trim() });
  });
}

/** Changes the fields given; a new name must be free within the game. */
export function updateSet(lib: Library, id: string, patch: SetPatch): CardSetInfo {
  return lib.store.transaction(() => {
    const set = requireSet(lib, id);
    const name = patch.name?.trim();
    if (name !== undefined) requireFreeSetName(lib, set.systemId, name, set.id);
    lib.store.sets.update(set.id, name === undefined ? patch : { ...patch, name });
    return requireSet(lib, set.id);
  });
}
