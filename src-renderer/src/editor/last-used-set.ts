// The set a designer last saved a new card into, per game: where the next new card started from
// "All cards" goes. A preference of this app (localStorage), not library data; an unknown or
// deleted set is simply not offered.

export interface LastUsedSets {
  get(systemId: string): string | null;
  remember(systemId: string, setId: string): void;
}

const KEY = 'cardwright.lastNewCardSet';

function read(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {}; // unreadable or blocked storage: no preference
  }
}

export const lastUsedSets: LastUsedSets = {
  get: (systemId) => {
    const setId = read()[systemId];
    return typeof setId === 'string' ? setId : null;
  },
  remember: (systemId, setId) => {
    try {
      localStorage.setItem(KEY, JSON.stringify({ ...read(), [systemId]: setId }));
    } catch {
      // Storage full or blocked: the next new card asks for its set.
    }
  },
};
