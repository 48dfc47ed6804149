// Game systems, fetched once: the summaries list and each full system by id. Components read
// the reactive `systems` view; loaders share one in-flight request per id.

import type { GameSystem } from '../../../card-schema/system/format';
import { own } from '../../../card-schema/own-keys';
import type { SystemSummary } from '../../../src-main/api/contract';
import { api } from '../api/client';

let summaries: SystemSummary[] | null = $state.raw(null);
let loaded: Record<string, GameSystem> = $state.raw({});

let summariesRequest: Promise<SystemSummary[]> | null = null;
const systemRequests = new Map<string, Promise<GameSystem>>();

export const systems = {
  /** Summaries of all installed systems, or null until loaded. */
  get list(): SystemSummary[] | null {
    return summaries;
  },
  /** A fully loaded system, or undefined until `loadSystem(id)` resolved. */
  get(id: string): GameSystem | undefined {
    return own(loaded, id);
  },
};

export function loadSystemList(): Promise<SystemSummary[]> {
  summariesRequest ??= api.listSystems({}).then(
    (list) => (summaries = list),
    (error: unknown) => {
      summariesRequest = null; // let a later call retry
      throw error;
    },
  );
  return summariesRequest;
}

export function loadSystem(id: string): Promise<GameSystem> {
  let request = systemRequests.get(id);
  if (!request) {
    request = api.getSystem({ systemId: id }).then(
      (system) => {
        loaded = { ...loaded, [id]: system };
        return system;
      },
      (error: unknown) => {
        systemRequests.delete(id);
        throw error;
      },
    );
    systemRequests.set(id, request);
  }
  return request;
}

/** Fetches every system again (after a game was imported or replaced). */
export async function reloadSystems(): Promise<SystemSummary[]> {
  summariesRequest = null;
  systemRequests.clear();
  const list = await loadSystemList();
  await Promise.all(list.map((summary) => loadSystem(summary.id)));
  return list;
}
