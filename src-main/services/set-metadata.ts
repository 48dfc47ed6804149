// A set's metadata for the API: create a set and edit it (rename included). A set's name and its
// code are unique within its game whatever their case and surrounding spaces
// (card-schema/sets/set-meta.ts): create and edit refuse a taken one naming the set that has it;
// imports take the next free "Name (2)" instead (set-import.ts), and a taken code is refused
// there too unless the file is imported as a copy, which takes "CODE-2" (as migration 13 did).

import type { CardSetInfo } from '../../card-schema/system/format';
import { freeSetCode, freeSetName, setCodeKey, setNameKey } from '../../card-schema/sets/set-meta';
import { ApiError } from '../api/api-error';
import type { SetInput, SetPatch } from '../store/sets-repo';
import { requireSet, type Library } from './library';

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

/** The set of the game other than `exceptId` whose code is `code` (any case), if any; none for an empty code. */
export function setWithCode(
  lib: Library,
  systemId: string,
  code: string,
  exceptId?: string,
): { id: string; name: string; code: string } | undefined {
  const key = setCodeKey(code);
  if (key === '') return undefined;
  return lib.store.sets.codesOf(systemId).find((set) => set.id !== exceptId && setCodeKey(set.code) === key);
}

/** The sentence saying that `code` belongs to `clash`, a set of the game; callers add what to do. */
export function codeTakenMessage(lib: Library, systemId: string, code: string, clash: { name: string; code: string }): string {
  const game = lib.systems.find(systemId)?.name ?? systemId;
  const same = clash.code === code.trim() ? '' : ` (as “${clash.code}”)`;
  return `The code “${code.trim()}” belongs to the set “${clash.name}”${same} in ${game}; set codes must differ within a game.`;
}

/** Throws a CONFLICT naming the set of the game that has this code already. */
export function requireFreeSetCode(lib: Library, systemId: string, code: string, exceptId?: string): void {
  const clash = setWithCode(lib, systemId, code, exceptId);
  if (clash) throw new ApiError(`${codeTakenMessage(lib, systemId, code, clash)} Choose another code.`, 'CONFLICT');
}

/** `code`, or the first free "CODE-2", "CODE-3", … among the game's other sets. */
export function availableSetCode(lib: Library, systemId: string, code: string, exceptId?: string): string {
  return freeSetCode(
    code,
    lib.store.sets
      .codesOf(systemId)
      .filter((set) => set.id !== exceptId)
      .map((set) => set.code),
  );
}

export function createSet(lib: Library, input: Omit<SetInput, 'id'>): CardSetInfo {
  lib.systems.require(input.systemId);
  return lib.store.transaction(() => {
    requireFreeSetName(lib, input.systemId, input.name);
    const code = input.code?.trim() ?? '';
    requireFreeSetCode(lib, input.systemId, code);
    return lib.store.sets.save({ ...input, name: input.name.trim(), code });
  });
}

/** Changes the fields given; a new name and a new code must be free within the game. */
export function updateSet(lib: Library, id: string, patch: SetPatch): CardSetInfo {
  return lib.store.transaction(() => {
    const set = requireSet(lib, id);
    const name = patch.name?.trim();
    const code = patch.code?.trim();
    if (name !== undefined) requireFreeSetName(lib, set.systemId, name, set.id);
    if (code !== undefined) requireFreeSetCode(lib, set.systemId, code, set.id);
    const trimmed: SetPatch = { ...patch };
    if (name !== undefined) trimmed.name = name;
    if (code !== undefined) trimmed.code = code;
    lib.store.sets.update(set.id, trimmed);
    return requireSet(lib, set.id);
  });
}
