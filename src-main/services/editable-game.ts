// The game the studio may change: an installed user's game (a built-in one is copied first).

import { ApiError } from '../api/api-error';
import type { Library } from './library';
import type { InstalledSystem } from './system-registry';

export function requireEditable(lib: Library, systemId: string): InstalledSystem {
  const installed = lib.systems.installed(systemId);
  if (!installed) throw new ApiError(`No game system "${systemId}" is installed`, 'NOT_FOUND');
  if (installed.builtIn) {
    throw new ApiError(
      `${installed.system.name} is built into Cardwright and is never edited in place; make a copy with New game… and edit the copy`,
      'CONFLICT',
    );
  }
  return installed;
}
