// The New game dialog's state: what the game starts from (a starter or a copy of an installed
// game), its name and id, card size and identity values, the checks shown at each field, and the
// createGame call. Dependencies are injectable so vitest can drive it without the real API.

import type { GameSystem, IdentityValue } from '../../../card-schema/system/format';
import type { ApiClient, CreateGameInput, SystemSummary } from '../../../src-main/api/contract';
import { api, errorMessage } from '../api/client';
import { systems } from '../lib/systems.svelte';

export interface NewGameDeps {
  api: Pick<ApiClient, 'listStarters' | 'createGame'>;
  /** The installed games (a copy may start from any of them). */
  installed: () => GameSystem[];
  errorMessage: (error: unknown) => string;
}

const appDeps: NewGameDeps = {
  api,
  installed: () => (systems.list ?? []).flatMap((summary) => systems.get(summary.id) ?? []),
  errorMessage,
};

export const CARD_SIZES = [
  { id: 'poker', label: 'Poker (63 × 88 mm)', widthMm: 63, heightMm: 88 },
  { id: 'bridge', label: 'Bridge (56 × 88 mm)', widthMm: 56, heightMm: 88 },
  { id: 'mini', label: 'Mini (41 × 63 mm)', widthMm: 41, heightMm: 63 },
  { id: 'tarot', label: 'Tarot (70 × 120 mm)', widthMm: 70, heightMm: 120 },
  { id: 'square', label: 'Square (70 × 70 mm)', widthMm: 70, heightMm: 70 },
] as const;

const ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const SIZE_MM = { min: 20, max: 300, cornerMax: 20 } as const;

/** A name as an id: lowercase letters, digits and dashes ("Ember & Ash" → "ember-ash"). */
export function slugOf(name: string, max = 60): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

export type Source = { kind: 'starter' | 'game'; id: string };
type Field = 'name' | 'id' | 'size' | 'identity';

export class NewGameModel {
  starters = $state.raw<GameSystem[] | null>(null);
  source = $state<Source | null>(null);
  name = $state('');
  /** The id as typed; while untouched it follows the name. */
  typedId = $state<string | null>(null);
  card = $state({ widthMm: 63, heightMm: 88, cornerRadiusMm: 3 });
  identityLabel = $state('');
  identityValues = $state<IdentityValue[]>([]);
  saving = $state(false);
  /** The backend's refusal: beside the field it concerns, or under the form. */
  refusal = $state<{ field: Field | null; message: string } | null>(null);

  readonly games: GameSystem[];
  readonly id = $derived(this.typedId ?? slugOf(this.name));
  readonly sourceSystem = $derived.by(() => {
    if (!this.source) return undefined;
    const { kind, id } = this.source;
    return (kind === 'starter' ? (this.starters ?? []) : this.games).find((system) => system.id === id);
  });
  readonly resized = $derived(
    this.sourceSystem !== undefined &&
      (this.sourceSystem.card.widthMm !== this.card.widthMm || this.sourceSystem.card.heightMm !== this.card.heightMm),
  );
  readonly problems = $derived.by(() => this.check());
  /** The installed game that has the id already, if one does. */
  readonly takenBy = $derived.by(() => this.games.find((game) => game.id === this.id));

  constructor(private readonly deps: NewGameDeps = appDeps) {
    this.games = deps.installed();
  }

  /** Loads the starters and starts from `from`, else from the first starter. */
  async load(from?: Source): Promise<void> {
    try {
      this.starters = await this.deps.api.listStarters({});
      const first = this.starters[0] ?? this.games[0];
      if (from) this.choose(from);
      else if (first) this.choose({ kind: this.starters.length > 0 ? 'starter' : 'game', id: first.id });
    } catch (error) {
      this.starters = [];
      this.refusal = { field: null, message: this.deps.errorMessage(error) };
    }
  }

  /** Starts from another game: its card size and identity become the new game's until changed. */
  choose(source: Source): void {
    this.source = source;
    const system = this.sourceSystem;
    if (!system) return;
    this.card = { widthMm: system.card.widthMm, heightMm: system.card.heightMm, cornerRadiusMm: system.card.cornerRadiusMm ?? 3 };
    this.identityLabel = system.identity?.label ?? '';
    this.identityValues = (system.identity?.values ?? []).map((value) => ({ ...value }));
    if (source.kind === 'game' && this.name === '') this.name = `${system.name} (my version)`;
  }

  chooseSize(sizeId: string): void {
    const size = CARD_SIZES.find((candidate) => candidate.id === sizeId);
    if (size) this.card = { ...this.card, widthMm: size.widthMm, heightMm: size.heightMm };
  }

  get sizeId(): string {
    return CARD_SIZES.find((size) => size.widthMm === this.card.widthMm && size.heightMm === this.card.heightMm)?.id ?? 'custom';
  }

  addIdentityValue(): void {
    const taken = new Set(this.identityValues.map((value) => value.id));
    let id = 'value';
    for (let n = 2; taken.has(id); n++) id = `value-${n}`;
    this.identityValues.push({ id, label: '', color: '#7d8590' });
  }

  /** A new value's id follows its label; a value the source had keeps its id (its rules may name it). */
  relabel(index: number, label: string): void {
    const value = this.identityValues[index];
    value.label = label;
    const fromSource = this.sourceSystem?.identity?.values.some((existing) => existing.id === value.id);
    if (!fromSource) value.id = slugOf(label, 40) || `value-${index + 1}`;
  }

  removeIdentityValue(index: number): void {
    this.identityValues.splice(index, 1);
  }

  private check(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (this.name.trim() === '') found.name = 'Give the game a name.';
    if (this.id === '') found.id = 'Give the game an id.';
    else if (!ID_PATTERN.test(this.id) || this.id.length > 60)
      found.id = 'An id is lowercase letters, digits and dashes, starting with a letter or digit (at most 60).';
    else if (this.takenBy) found.id = `${this.takenBy.name} has this id already; choose another.`;
    const { widthMm, heightMm, cornerRadiusMm } = this.card;
    const inRange = (mm: number) => Number.isFinite(mm) && mm >= SIZE_MM.min && mm <= SIZE_MM.max;
    if (!inRange(widthMm) || !inRange(heightMm)) found.size = `Width and height are ${SIZE_MM.min}–${SIZE_MM.max} mm.`;
    else if (!Number.isFinite(cornerRadiusMm) || cornerRadiusMm < 0 || cornerRadiusMm > SIZE_MM.cornerMax)
      found.size = `The corner radius is 0–${SIZE_MM.cornerMax} mm.`;
    if (this.sourceSystem?.identity) {
      const ids = this.identityValues.map((value) => value.id);
      if (this.identityLabel.trim() === '') found.identity = 'Give the identity a name (Color, Faction…).';
      else if (this.identityValues.length === 0) found.identity = 'Keep at least one value.';
      else if (this.identityValues.some((value) => value.label.trim() === '')) found.identity = 'Give every value a name.';
      else if (new Set(ids).size !== ids.length) found.identity = 'Two values have the same name.';
    }
    return found;
  }

  input(): CreateGameInput | null {
    if (!this.source || Object.keys(this.problems).length > 0) return null;
    const from = this.source.kind === 'starter' ? { starter: this.source.id } : { game: this.source.id };
    const identity = this.sourceSystem?.identity
      ? {
          label: this.identityLabel.trim(),
          values: this.identityValues.map((value) => ({ ...value, label: value.label.trim() })),
        }
      : undefined;
    return { from, id: this.id, name: this.name.trim(), card: { ...this.card }, ...(identity ? { identity } : {}) };
  }

  /** Creates the game; returns it, or null when refused (the reason is shown). */
  async create(): Promise<SystemSummary | null> {
    const input = this.input();
    if (!input) return null;
    this.saving = true;
    this.refusal = null;
    try {
      return await this.deps.api.createGame(input);
    } catch (error) {
      // CONFLICT: the id is taken (by a game installed meanwhile, or a folder that did not load).
      const conflict = (error as { code?: string } | null)?.code === 'CONFLICT';
      this.refusal = { field: conflict ? 'id' : null, message: this.deps.errorMessage(error) };
      return null;
    } finally {
      this.saving = false;
    }
  }
}
