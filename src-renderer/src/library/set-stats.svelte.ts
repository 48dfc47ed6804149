// The Set statistics dialog's state: one setStats call (counted in SQL by the backend) and the
// chart rows drawn from it. The loader is injectable so the model is tested without a backend.

import type { SetStats } from '../../../src-main/api/contract';
import { api, errorMessage } from '../api/client';

/** A horizontal bar (BarList's row). */
export interface StatsBar {
  key: string;
  label: string;
  count: number;
  color?: string;
}

export type SetStatsLoader = (setId: string) => Promise<SetStats>;

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export class SetStatsModel {
  stats: SetStats | null = $state(null);
  problem: string | null = $state(null);
  readonly #load: SetStatsLoader;

  constructor(
    readonly setId: string,
    load: SetStatsLoader = (setId) => api.setStats({ setId }),
  ) {
    this.#load = load;
  }

  async load(): Promise<void> {
    this.problem = null;
    try {
      this.stats = await this.#load(this.setId);
    } catch (error) {
      this.problem = errorMessage(error);
    }
  }

  readonly empty: boolean = $derived(this.stats?.cards === 0);

  readonly typeBars: StatsBar[] = $derived(
    (this.stats?.types ?? []).map((t) => ({ key: t.type, label: t.label, count: t.count })),
  );

  readonly identityBars: StatsBar[] = $derived(
    (this.stats?.identity?.values ?? []).map((v) => ({ key: v.id, label: v.label, count: v.count, color: v.color })),
  );

  readonly rarityBars: StatsBar[] = $derived(
    (this.stats?.rarity?.values ?? []).map((v) => ({ key: v.id, label: v.label, count: v.count, color: v.color })),
  );

  /** Under the rarity chart: cards without one of the game's rarities; '' when none. */
  readonly rarityNote: string = $derived(
    this.stats?.rarity && this.stats.rarity.none > 0
      ? `${plural(this.stats.rarity.none, 'card')} without a ${this.stats.rarity.label.toLowerCase()}.`
      : '',
  );

  /** One sentence under the identity chart about cards counted twice or not at all; '' when none. */
  readonly identityNote: string = $derived.by(() => {
    const identity = this.stats?.identity;
    if (!identity) return '';
    const word = identity.label.toLowerCase();
    const parts: string[] = [];
    if (identity.multi > 0) parts.push(`${plural(identity.multi, 'card')} with more than one ${word}, counted under each.`);
    if (identity.none > 0) parts.push(`${plural(identity.none, 'card')} without one.`);
    return parts.join(' ');
  });

  /** Under the cost chart: cards that have no number in the cost field; '' when none. */
  readonly costNote: string = $derived(
    this.stats?.cost && this.stats.cost.without > 0
      ? `${plural(this.stats.cost.without, 'card')} without ${this.stats.cost.label}`
      : '',
  );
}
