// A card reference field's picker (card-schema/system/card-ref.ts): what the user typed, the
// game's cards whose names match it (searchCards, one request in flight, older answers dropped),
// the highlighted option for the keyboard, and whether a card of the stored name exists (the
// field's warning). The backend calls are injected so the model is tested without one.

import type { CardRecord, CardSetInfo, GameSystem } from '../../../card-schema/system/format';
import type { CardRefSpec } from '../../../card-schema/system/card-ref';
import { api } from '../api/client';

/** How many matches the list shows: enough to pick from, short enough to scan. */
export const PICKER_LIMIT = 8;

export interface CardRefCalls {
  /** Cards of the game (of `types`) matching typed text, best first. */
  search(query: string, limit: number): Promise<CardRecord[]>;
  sets(): Promise<CardSetInfo[]>;
}

export function cardRefCalls(system: GameSystem, ref: CardRefSpec): CardRefCalls {
  return {
    search: async (query, limit) => (await api.searchCards({ query, systemId: system.id, types: ref.types, limit })).cards,
    sets: () => api.listSets({}),
  };
}

/** One option of the list: the name it stores, and what tells same-named cards apart. */
export interface PickerOption {
  cardId: string;
  name: string;
  typeLabel: string;
  setName: string;
}

/**
 * A search for cards whose whole name is `name` (`name="…"`, any letter case), so a name holding
 * query syntax (`-`, `:`) is not read as it. The query language has no escape for `"`: such a
 * name is searched by its words alone, and the answer is still compared name by name.
 */
export function exactNameQuery(name: string): string {
  const trimmed = name.trim();
  if (!trimmed.includes('"')) return `name="${trimmed}"`;
  return trimmed
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export class CardRefPicker {
  options: PickerOption[] = $state([]);
  open = $state(false);
  /** Index of the highlighted option; -1: none. */
  active = $state(-1);
  /** The stored name matches no card of the game (null until checked, or for an empty value). */
  missing: boolean | null = $state(null);

  readonly #system: GameSystem;
  readonly #calls: CardRefCalls;
  #setNames: Promise<Map<string, string>> | undefined;
  #asked = 0;
  #checked = 0;

  constructor(system: GameSystem, calls: CardRefCalls) {
    this.#system = system;
    this.#calls = calls;
  }

  /** The text changed: list the cards whose names match it. */
  async search(text: string): Promise<void> {
    const asked = ++this.#asked;
    const records = await this.#calls.search(text, PICKER_LIMIT);
    const options = await this.#toOptions(records);
    if (asked !== this.#asked) return; // a newer search answered or will
    this.options = options;
    this.open = true;
    this.active = options.length > 0 ? 0 : -1;
  }

  /** Arrow keys: move the highlight, wrapping around. */
  move(delta: number): void {
    if (!this.open || this.options.length === 0) return;
    this.active = (this.active + delta + this.options.length) % this.options.length;
  }

  /** The name to store when the highlighted (or `index`) option is taken; closes the list. */
  take(index = this.active): string | undefined {
    const option = this.options[index];
    this.close();
    return option?.name;
  }

  close(): void {
    this.open = false;
    this.active = -1;
  }

  /** Whether a card of the game (of the field's types) is named `name`; sets `missing`. */
  async check(name: string): Promise<void> {
    const checked = ++this.#checked;
    if (name.trim() === '') {
      this.missing = null;
      return;
    }
    const records = await this.#calls.search(exactNameQuery(name), 20);
    if (checked === this.#checked) this.missing = !records.some((r) => sameName(r.doc.name, name));
  }

  async #toOptions(records: CardRecord[]): Promise<PickerOption[]> {
    this.#setNames ??= this.#calls
      .sets()
      .then((sets) => new Map(sets.map((s) => [s.id, s.name])))
      // Without set names the options still show their set ids.
      .catch(() => new Map<string, string>());
    const setNames = await this.#setNames;
    return records.map((r) => ({
      cardId: r.id,
      name: r.doc.name,
      typeLabel: this.#system.cardTypes.find((t) => t.id === r.doc.type)?.label ?? r.doc.type,
      setName: setNames.get(r.setId) ?? r.setId,
    }));
  }
}
