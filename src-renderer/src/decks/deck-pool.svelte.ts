// The deck builder's card pool: its filters and sort, the pages the server answers
// (searchDeckPool, over the whole library) and the focused row the keys act on. The pool always
// shows the cards the active section may hold; "only legal for this leader" narrows it, in the
// query, to the cards the game's identity rules for that section let in against the deck's leader.

import type { ApiClient, PoolCard, PoolResult, PoolSortInput } from '../../../src-main/api/contract';
import type { PoolCursor } from '../../../card-schema/deck/pool-page';
import { identityRulesOf } from '../../../card-schema/deck/pool-identity';
import { own } from '../../../card-schema/own-keys';
import type { CardDocument, CardSetInfo } from '../../../card-schema/system/format';
import { api } from '../api/client';
import { debounce } from '../lib/debounce';
import { showError } from '../lib/toast.svelte';
import type { DeckBuilderModel } from './deck-builder.svelte';
import { POOL_PAGE_SIZE } from './pool-page-size';
import { candidateQueries, parseQuickAdd, rankByName } from './quick-add';

/** What the last quick-add did: the card added and the next-closest names, to swap it for one. */
export interface QuickAddResult {
  added: PoolCard;
  count: number;
  sectionId: string;
  alternatives: PoolCard[];
}

export interface DeckPoolDeps {
  api: Pick<ApiClient, 'searchDeckPool' | 'listSets'>;
  showError: (error: unknown) => void;
  /** How long typing waits before the pool asks again. */
  debounceMs: number;
}

const appDeps: DeckPoolDeps = { api, showError, debounceMs: 150 };

export type PoolRequest = Parameters<ApiClient['searchDeckPool']>[0];

export class DeckPoolModel {
  query = $state('');
  sort = $state<PoolSortInput>('name');
  descending = $state(false);
  /** Type chips: empty = every type the section takes. */
  types = $state.raw<string[]>([]);
  /** Identity chips: cards with any of these values; empty = no such filter. */
  identityAny = $state.raw<string[]>([]);
  costMin = $state<number | null>(null);
  costMax = $state<number | null>(null);
  setId = $state('');
  onlyLegal = $state(true);

  /** The game's sets, for the set filter. */
  sets = $state.raw<CardSetInfo[]>([]);
  cards = $state.raw<PoolCard[]>([]);
  total = $state(0);
  totalExact = $state(true);
  loading = $state(false);
  /** The row the keys act on (index into `cards`). */
  focusedIndex = $state(0);
  private next: PoolCursor | null = null;
  /** Answers to older requests are dropped: only the latest one shows. */
  private generation = 0;
  private readonly debounced;

  constructor(
    private readonly deck: DeckBuilderModel,
    private readonly deps: DeckPoolDeps = appDeps,
  ) {
    this.debounced = debounce(() => void this.refresh(), deps.debounceMs);
  }

  /**
   * The deck's leader the active section must fit, when an identity rule of the game (any kind:
   * subset, intersects, several fields, hero-specific) judges that section in the deck's format.
   */
  readonly identityLeaderId: string | undefined = $derived.by(() => {
    const system = this.deck.system;
    const section = this.deck.activeSection;
    if (!system || !section || section.leader) return undefined;
    const rule = identityRulesOf(system, section.id, this.deck.activeFormat)[0];
    const cardId = rule ? own(this.deck.sections, rule.leaderSection)?.[0]?.cardId : undefined;
    return cardId !== undefined && this.deck.lookup(cardId) ? cardId : undefined;
  });

  readonly identityLeader: CardDocument | undefined = $derived.by(() =>
    this.identityLeaderId === undefined ? undefined : this.deck.lookup(this.identityLeaderId),
  );

  /** What the pool asks the server for now; null before the deck has loaded. */
  readonly request: PoolRequest | null = $derived.by(() => {
    const system = this.deck.system;
    const section = this.deck.activeSection;
    if (!system || !section) return null;
    const request: PoolRequest = {
      systemId: system.id,
      sectionId: section.id,
      query: this.query,
      sort: this.sort,
      descending: this.descending,
      limit: POOL_PAGE_SIZE,
    };
    const types = this.types.filter((type) => section.types.includes(type));
    if (types.length) request.types = types;
    if (this.identityAny.length && system.identity) request.identityAny = this.identityAny;
    if (this.setId) request.setId = this.setId;
    if (this.costMin !== null) request.costMin = this.costMin;
    if (this.costMax !== null) request.costMax = this.costMax;
    // The server judges each card with the deck check's own identity rules against this leader.
    if (this.onlyLegal && this.identityLeaderId !== undefined) {
      request.leaderId = this.identityLeaderId;
      if (this.deck.format) request.format = this.deck.format;
    }
    return request;
  });

  readonly focused: PoolCard | undefined = $derived(this.cards[this.focusedIndex]);

  async loadSets(): Promise<void> {
    const systemId = this.deck.system?.id;
    if (!systemId) return;
    try {
      this.sets = (await this.deps.api.listSets({})).filter((set) => set.systemId === systemId);
    } catch (error) {
      this.deps.showError(error);
    }
  }

  /**
   * Asks again after a short quiet (typing); `refresh` asks at once. The rows shown are stale from
   * the first keystroke, so the pool is busy from then on and an older answer still on its way is
   * dropped (rows that move under the pointer as a late answer lands would take a click meant for another).
   */
  refreshSoon(): void {
    this.generation++;
    this.loading = true;
    this.debounced();
  }

  async refresh(): Promise<void> {
    this.debounced.cancel();
    const request = this.request;
    if (!request) {
      this.loading = false;
      return;
    }
    const generation = ++this.generation;
    this.loading = true;
    try {
      const page = await this.deps.api.searchDeckPool(request);
      if (generation !== this.generation) return;
      this.show(page, false);
    } catch (error) {
      if (generation === this.generation) this.deps.showError(error);
    } finally {
      if (generation === this.generation) this.loading = false;
    }
  }

  /** The next page, appended (the virtual list asks near its end). */
  async loadMore(): Promise<void> {
    const request = this.request;
    if (!request || !this.next || this.loading) return;
    const generation = this.generation;
    this.loading = true;
    try {
      const page = await this.deps.api.searchDeckPool({ ...request, after: this.next });
      if (generation !== this.generation) return;
      this.show(page, true);
    } catch (error) {
      this.deps.showError(error);
    } finally {
      if (generation === this.generation) this.loading = false;
    }
  }

  get hasMore(): boolean {
    return this.next !== null;
  }

  private show(page: PoolResult, append: boolean): void {
    this.deck.remember(page.cards.map((row) => row.card));
    this.cards = append ? [...this.cards, ...page.cards] : page.cards;
    this.total = page.total;
    this.totalExact = page.totalExact;
    this.next = page.next;
    if (!append) this.focusedIndex = 0;
  }

  /** A column header's click: sort by it, or turn the direction round when it already sorts. */
  sortBy(column: PoolSortInput): void {
    if (this.sort === column) this.descending = !this.descending;
    else {
      this.sort = column;
      this.descending = false;
    }
  }

  toggleType(type: string): void {
    this.types = this.types.includes(type) ? this.types.filter((t) => t !== type) : [...this.types, type];
  }

  toggleIdentity(value: string): void {
    this.identityAny = this.identityAny.includes(value)
      ? this.identityAny.filter((v) => v !== value)
      : [...this.identityAny, value];
  }

  clearFilters(): void {
    this.query = '';
    this.types = [];
    this.identityAny = [];
    this.costMin = null;
    this.costMax = null;
    this.setId = '';
  }

  /** Moves the focused row by `delta` (clamped); returns the new index. */
  moveFocus(delta: number): number {
    if (this.cards.length === 0) return 0;
    this.focusedIndex = Math.max(0, Math.min(this.cards.length - 1, this.focusedIndex + delta));
    if (this.focusedIndex >= this.cards.length - 20) void this.loadMore();
    return this.focusedIndex;
  }

  quickText = $state('');
  quickResult = $state.raw<QuickAddResult | null>(null);
  quickMessage = $state('');

  /**
   * Adds what the quick-add box says ("3 fire bolt"): candidates from the server (the name as
   * typed and looser word prefixes, for typos), the closest name added, the next ones offered.
   */
  async quickAdd(): Promise<void> {
    const line = parseQuickAdd(this.quickText);
    const request = this.request;
    if (!line || !request) return;
    const base: PoolRequest = { systemId: request.systemId, sectionId: request.sectionId, sort: 'name', limit: 50 };
    if (request.leaderId !== undefined) base.leaderId = request.leaderId;
    if (request.format !== undefined) base.format = request.format;
    try {
      // Every looser search adds candidates, so a near name is offered beside the best one.
      const candidates = new Map<string, PoolCard>();
      for (const query of candidateQueries(line.name)) {
        for (const row of (await this.deps.api.searchDeckPool({ ...base, query })).cards) {
          if (!candidates.has(row.card.id)) candidates.set(row.card.id, row);
        }
      }
      const ranked = rankByName(line.name, [...candidates.values()], (row) => row.card.doc.name);
      const best = ranked[0];
      if (!best) {
        this.quickResult = null;
        this.quickMessage = `No card of ${this.deck.activeSection?.label ?? 'this section'} is named like “${line.name}”.`;
        return;
      }
      this.deck.remember(ranked.map((row) => row.card));
      const section = this.deck.addToDeck(best.card.id, line.count);
      if (!section) return;
      this.quickResult = { added: best, count: line.count, sectionId: section.id, alternatives: ranked.slice(1, 5) };
      this.quickMessage = `Added ${line.count} × ${best.card.doc.name} to ${section.label}.`;
      this.quickText = '';
    } catch (error) {
      this.deps.showError(error);
    }
  }

  /** "Did you mean": swaps the card the last quick-add added for one of its alternatives. */
  swapQuickAdd(alternative: PoolCard): void {
    const last = this.quickResult;
    if (!last) return;
    this.deck.remove(last.sectionId, last.added.card.id, last.count);
    const section = this.deck.addToDeck(alternative.card.id, last.count);
    if (!section) return;
    this.quickResult = {
      added: alternative,
      count: last.count,
      sectionId: section.id,
      alternatives: [last.added, ...last.alternatives.filter((row) => row !== alternative)],
    };
    this.quickMessage = `Added ${last.count} × ${alternative.card.doc.name} to ${section.label} instead.`;
  }

  focusAt(index: number): void {
    if (index >= 0 && index < this.cards.length) this.focusedIndex = index;
  }
}
