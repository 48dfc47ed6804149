// The Open packs dialog's state: the pack kind, how many and the seed; the opened packs (one
// openPacks call: the backend draws them from the set) grouped for display; and what the pool
// becomes: a sealed deck in the library (the pool in its sideboard, to build from), a deck list
// file, or a print of every pack. The API is injectable so the model is tested without a backend.

import type { Deck, DeckEntry } from '../../../card-schema/deck/format';
import type { PackDef } from '../../../card-schema/packs/format';
import { rarityLabel } from '../../../card-schema/packs/rarity';
import type { CardRecord, CardSetInfo, GameSystem } from '../../../card-schema/system/format';
import type { ApiInput, FileBlob, OpenedPacks } from '../../../src-main/api/contract';
import { api, errorMessage } from '../api/client';
import type { PrintTarget } from '../print/print-source';

type DeckInput = ApiInput<'saveDeck'>['deck'];

export interface PacksApi {
  openPacks(input: { setId: string; packId: string; count: number; seed: string }): Promise<OpenedPacks>;
  saveDeck(input: { deck: DeckInput }): Promise<Deck>;
  convertDeckList(input: { deck: DeckInput; format: 'text' }): Promise<FileBlob>;
}

export interface ShownCard {
  card: CardRecord;
  /** The slot's label ("Rare or Mythic") and the card's rarity label, if it has one. */
  slot: string;
  rarity?: string;
  rarityId?: string;
}

const SEED_LETTERS = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A short seed easy to read out and type again ("k7m2qx"). */
export function randomSeed(random: () => number = Math.random): string {
  let seed = '';
  for (let i = 0; i < 6; i++) seed += SEED_LETTERS[Math.floor(random() * SEED_LETTERS.length)];
  return seed;
}

export class OpenPacksModel {
  readonly kinds: readonly PackDef[] = [];
  packId: string = $state('');
  count: number = $state(3);
  seed: string = $state('');
  opened: OpenedPacks | null = $state.raw(null);
  problem: string | null = $state(null);
  busy: boolean = $state(false);
  /** The sealed deck made from the pool, once made. */
  deck: Deck | null = $state(null);
  readonly #api: PacksApi;

  constructor(
    readonly set: CardSetInfo,
    readonly system: GameSystem,
    packsApi: PacksApi = api,
    random: () => number = Math.random,
  ) {
    this.kinds = this.system.packs ?? [];
    this.packId = this.kinds[0]?.id ?? '';
    this.seed = randomSeed(random);
    this.#api = packsApi;
  }

  readonly kind: PackDef | undefined = $derived(this.kinds.find((k) => k.id === this.packId));

  /** Why the packs cannot be opened as asked; '' when they can. */
  readonly invalid: string = $derived.by(() => {
    if (this.kinds.length === 0) return `${this.system.name} declares no packs (system.json "packs").`;
    if (!Number.isInteger(this.count) || this.count < 1 || this.count > 100) return 'Open 1 to 100 packs.';
    if (!this.seed.trim()) return 'Type a seed, or take a new one.';
    return '';
  });

  async open(): Promise<void> {
    if (this.invalid || this.busy) return;
    this.busy = true;
    this.problem = null;
    this.deck = null;
    try {
      this.opened = await this.#api.openPacks({
        setId: this.set.id,
        packId: this.packId,
        count: this.count,
        seed: this.seed.trim(),
      });
    } catch (error) {
      this.opened = null;
      this.problem = errorMessage(error);
    } finally {
      this.busy = false;
    }
  }

  /** The opened packs, each card with its slot's label and its rarity's label. */
  readonly packs: ShownCard[][] = $derived.by(() => {
    const opened = this.opened;
    if (!opened) return [];
    const byId = new Map(opened.cards.map((card) => [card.id, card]));
    return opened.packs.map((pack) =>
      pack.cards.flatMap((drawn): ShownCard[] => {
        const card = byId.get(drawn.cardId);
        if (!card) return [];
        const slot = opened.slots[drawn.slot]?.label ?? '';
        return drawn.rarity === undefined
          ? [{ card, slot }]
          : [{ card, slot, rarity: rarityLabel(this.system, drawn.rarity), rarityId: drawn.rarity }];
      }),
    );
  });

  /** Every card of every pack, in pack order (a card in two packs twice). */
  readonly poolIds: string[] = $derived(this.packs.flatMap((pack) => pack.map((shown) => shown.card.id)));

  /** "3 Boosters of “Core”, seed k7m2qx: 33 cards". */
  readonly summary: string = $derived.by(() => {
    const opened = this.opened;
    if (!opened) return '';
    const n = opened.packs.length;
    return `${n} × ${opened.packLabel} of “${opened.setName}”, seed ${opened.seed}: ${this.poolIds.length} cards`;
  });

  /** The pool as a deck: every card in the sideboard (never judged), to build the deck from. */
  poolDeck(): DeckInput {
    const opened = this.opened;
    if (!opened) throw new Error('Open packs first');
    const counts = new Map<string, DeckEntry>();
    const byId = new Map(opened.cards.map((card) => [card.id, card]));
    for (const cardId of this.poolIds) {
      const entry = counts.get(cardId);
      if (entry) entry.count += 1;
      else counts.set(cardId, { cardId, count: 1, name: byId.get(cardId)?.doc.name });
    }
    return {
      systemId: opened.systemId,
      name: `Sealed: ${opened.setName} (${opened.seed})`.slice(0, 200),
      notes:
        `Sealed pool: ${opened.packs.length} × ${opened.packLabel} of “${opened.setName}”, seed ${opened.seed}. ` +
        'The pool is in the sideboard: move cards into the deck to build it.',
      sections: {},
      boards: { sideboard: [...counts.values()] },
    };
  }

  async startSealedDeck(): Promise<Deck | null> {
    if (!this.opened || this.busy) return null;
    this.busy = true;
    this.problem = null;
    try {
      this.deck = await this.#api.saveDeck({ deck: this.poolDeck() });
      return this.deck;
    } catch (error) {
      this.problem = errorMessage(error);
      return null;
    } finally {
      this.busy = false;
    }
  }

  /** The pool as a text deck list (the sideboard section holds it). */
  async poolList(): Promise<FileBlob | null> {
    if (!this.opened) return null;
    try {
      return await this.#api.convertDeckList({ deck: this.poolDeck(), format: 'text' });
    } catch (error) {
      this.problem = errorMessage(error);
      return null;
    }
  }

  /** What the print dialog prints: every pack's cards, in pack order. */
  printTarget(): PrintTarget | null {
    const opened = this.opened;
    if (!opened || this.poolIds.length === 0) return null;
    return {
      source: { kind: 'cards', cardIds: [...this.poolIds] },
      description: `${opened.packs.length} × ${opened.packLabel} of “${opened.setName}” (seed ${opened.seed}): ${this.poolIds.length} cards`,
    };
  }
}
