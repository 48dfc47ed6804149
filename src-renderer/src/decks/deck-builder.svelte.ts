// The deck builder's state and API calls: the deck (name, notes, format, sections, and the
// sideboard and maybeboard beside them), the cards it knows (its own and every pool card seen),
// live legality from the game's deck rules, the active section, the card previewed, and what
// deck rows call their cards (deleted ones by their last name, printings told apart). Views lay
// it out and call its methods; panels read `system`, `sections`, `known` and `report` and change
// the deck only through the methods.

import type { ApiClient } from '../../../src-main/api/contract';
import type { DeckBoards, DeckEntry, DeckReport, DeckSectionDef, SideBoardId } from '../../../card-schema/deck/format';
import { counterText, firstOpenSection, sectionCounter, sectionShown } from '../../../card-schema/deck/section-counter';
import { replaceCard } from '../../../card-schema/deck/replace-card';
import { changeBoardCount, homeSection, moveCard, type DeckParts } from '../../../card-schema/deck/side-boards';
import { deckFormatOf, evaluateDeck, ruleId } from '../../../card-schema/deck/evaluate';
import { describeRule } from '../../../card-schema/deck/describe-rule';
import { own } from '../../../card-schema/own-keys';
import type { CardDocument, CardRecord, GameSystem } from '../../../card-schema/system/format';
import { api } from '../api/client';
import { loadSystem } from '../lib/systems.svelte';
import { showError, showSuccess } from '../lib/toast.svelte';
import { DeckCardNames } from './deck-card-names.svelte';

export interface DeckBuilderDeps {
  api: Pick<ApiClient, 'getDeck' | 'getCards' | 'saveDeck' | 'listSets'>;
  loadSystem: (systemId: string) => Promise<GameSystem>;
  showError: (error: unknown) => void;
  showSuccess: (message: string) => void;
}

const appDeps: DeckBuilderDeps = { api, loadSystem, showError, showSuccess };

/** The most copies of one card a deck entry holds (the API's limit). */
export const MAX_COPIES = 999;

export interface TypeGroup {
  type: string;
  entries: DeckEntry[];
}

export class DeckBuilderModel {
  system = $state.raw<GameSystem | null>(null);
  name = $state('');
  notes = $state('');
  /** Play format id; '' = the system's default (first) format. */
  format = $state('');
  /** Section id → entries. Section ids are game data: read with own(). */
  sections = $state.raw<Record<string, DeckEntry[]>>({});
  // Card ids are user data ("constructor", "__proto__"): a Map, not an object.
  known = $state.raw(new Map<string, CardRecord>());
  dirty = $state(false);
  saving = $state(false);
  activeSectionId = $state('');
  previewId = $state<string | null>(null);
  /** Sideboard and maybeboard: kept beside the sections, never judged, played or printed unless asked. */
  boards = $state.raw<DeckBoards>({});
  /** Side boards printed with the deck this time. */
  printBoards = $state<SideBoardId[]>([]);
  /** The deleted card being replaced (ReplaceCardDialog), by its last known name. */
  replacing = $state<{ cardId: string; name: string } | null>(null);
  constructor(
    readonly deckId: string,
    private readonly deps: DeckBuilderDeps = appDeps,
  ) {}

  /** Set names, for telling printings apart (deps are read when it loads, after the constructor). */
  private readonly cardNames = new DeckCardNames({
    api: { listSets: (input) => this.deps.api.listSets(input) },
    showError: (error) => this.deps.showError(error),
  });

  /** What tells apart the deck's cards that share a name (set, number, the game's field). */
  readonly printingLabel: Map<string, string> = $derived(
    this.system ? this.cardNames.labels(this.system, this.sections, this.known) : new Map(),
  );

  readonly lookup = (id: string): CardDocument | undefined => this.known.get(id)?.doc;

  readonly report: DeckReport | null = $derived(
    this.system
      ? evaluateDeck(
          this.system,
          { systemId: this.system.id, sections: this.sections, format: this.format || undefined },
          this.lookup,
        )
      : null,
  );
  readonly activeFormat = $derived(this.system ? deckFormatOf(this.system, { format: this.format || undefined }) : undefined);
  readonly leaderSection: DeckSectionDef | undefined = $derived(this.system?.deck.sections.find((s) => s.leader));
  /** The chosen leader's document: it sets the deck's identity. */
  readonly leader: CardDocument | undefined = $derived(
    this.leaderSection ? this.lookup(own(this.sections, this.leaderSection.id)?.[0]?.cardId ?? '') : undefined,
  );
  readonly activeSection: DeckSectionDef | undefined = $derived(
    this.system?.deck.sections.find((s) => s.id === this.activeSectionId),
  );
  /** Every copy in every section: what printing the deck puts on paper. */
  readonly cardCount = $derived(
    Object.values(this.sections).reduce((sum, entries) => sum + entries.reduce((n, e) => n + e.count, 0), 0),
  );
  /** The side boards' copies printed with the deck. */
  readonly printedBoardCards = $derived(
    this.printBoards.reduce((n, board) => n + (this.boards[board] ?? []).reduce((m, e) => m + e.count, 0), 0),
  );
  readonly offending = $derived(new Set(this.report?.violations.flatMap((v) => v.cardIds) ?? []));
  readonly previewCard = $derived(this.previewId ? this.known.get(this.previewId) : undefined);

  /** Adds cards to what the builder knows (search results, the deck's own cards). */
  remember(cards: readonly CardRecord[]): void {
    // A card seen again unchanged keeps its record, so what derives from it (the leader) holds still.
    const fresh = cards.filter((card) => this.known.get(card.id)?.updatedAt !== card.updatedAt);
    if (fresh.length === 0) return;
    const next = new Map(this.known);
    for (const card of fresh) next.set(card.id, card);
    this.known = next;
  }

  async load(): Promise<void> {
    try {
      void this.cardNames.load();
      const deck = await this.deps.api.getDeck({ id: this.deckId });
      const system = await this.deps.loadSystem(deck.systemId);
      const lists = [...Object.values(deck.sections), ...Object.values(deck.boards ?? {})];
      const ids = [...new Set(lists.flatMap((entries) => entries.map((e) => e.cardId)))];
      this.remember(ids.length ? await this.deps.api.getCards({ ids }) : []);
      this.name = deck.name;
      this.notes = deck.notes ?? '';
      this.boards = deck.boards ?? {};
      this.format = deck.format && deck.format !== system.deck.formats?.[0]?.id ? deck.format : '';
      // Section ids may be named like Object.prototype members: read own keys only.
      this.sections = Object.fromEntries(system.deck.sections.map((s) => [s.id, own(deck.sections, s.id) ?? []]));
      this.system = system;
      const leaderSection = system.deck.sections.find((s) => s.leader);
      this.activeSectionId =
        leaderSection && (own(deck.sections, leaderSection.id) ?? []).length === 0
          ? leaderSection.id
          : (firstOpenSection(system, deck.format)?.id ?? system.deck.sections[0].id);
      this.dirty = false;
    } catch (error) {
      this.deps.showError(error);
    }
  }

  section(sectionId: string): DeckSectionDef | undefined {
    return this.system?.deck.sections.find((s) => s.id === sectionId);
  }

  entries(sectionId: string): DeckEntry[] {
    return own(this.sections, sectionId) ?? [];
  }

  countOf(sectionId: string, cardId: string): number {
    return this.entries(sectionId).find((e) => e.cardId === cardId)?.count ?? 0;
  }

  /**
   * Where a card goes when added without naming a section: the active section if it takes the
   * card's type, else the first section that does (a Hero goes to the Hero section).
   */
  sectionFor(cardId: string): DeckSectionDef | undefined {
    const type = this.lookup(cardId)?.type;
    const active = this.activeSection;
    if (!type) return active;
    if (active?.types.includes(type)) return active;
    return this.system?.deck.sections.find((s) => s.types.includes(type));
  }

  /**
   * Sets a card's copies in a section (0 removes it). A leader section holds one card: setting
   * one there replaces the leader and moves on to the next section.
   */
  setCount(sectionId: string, cardId: string, count: number): void {
    const section = this.section(sectionId);
    if (!section) return;
    const copies = Math.max(0, Math.min(MAX_COPIES, Math.floor(count)));
    const entries = this.entries(sectionId);
    let next: DeckEntry[];
    if (section.leader) {
      next = copies > 0 ? [{ cardId, count: 1 }] : entries.filter((e) => e.cardId !== cardId);
    } else if (copies === 0) {
      next = entries.filter((e) => e.cardId !== cardId);
    } else if (entries.some((e) => e.cardId === cardId)) {
      next = entries.map((e) => (e.cardId === cardId ? { ...e, count: copies } : e));
    } else {
      next = [...entries, { cardId, count: copies }];
    }
    this.sections = { ...this.sections, [sectionId]: next };
    this.dirty = true;
    if (section.leader && copies > 0 && this.activeSectionId === sectionId) {
      this.activeSectionId = this.system?.deck.sections.find((s) => !s.leader)?.id ?? sectionId;
    }
  }

  add(sectionId: string, cardId: string, copies = 1): void {
    this.setCount(sectionId, cardId, this.countOf(sectionId, cardId) + copies);
  }

  remove(sectionId: string, cardId: string, copies = 1): void {
    this.setCount(sectionId, cardId, this.countOf(sectionId, cardId) - copies);
  }

  /** Adds copies to the section the card belongs to (sectionFor); returns that section. */
  addToDeck(cardId: string, copies = 1): DeckSectionDef | undefined {
    const section = this.sectionFor(cardId);
    if (section) this.add(section.id, cardId, copies);
    return section;
  }

  /** "30 / 30" from the section's size rule in the active format, or just the count. */
  counter(section: DeckSectionDef): string {
    return counterText(this.sectionCounter(section));
  }

  /** The sections to show: one the format keeps empty is hidden while it is empty. */
  visibleSections(sections: readonly DeckSectionDef[]): DeckSectionDef[] {
    return sections.filter((section) => sectionShown(this.sectionCounter(section)));
  }

  private sectionCounter(section: DeckSectionDef) {
    const count = (this.report && own(this.report.counts, section.id)) ?? 0;
    return this.system
      ? sectionCounter(this.system, section.id, this.activeFormat?.id, count)
      : { kind: 'count' as const, text: String(count) };
  }

  typeLabel(typeId: string): string {
    return this.system?.cardTypes.find((t) => t.id === typeId)?.label ?? typeId;
  }

  /** A section's entries by card type (in the game's type order), each group by name. */
  grouped(sectionId: string): TypeGroup[] {
    const groups = new Map<string, DeckEntry[]>();
    const order = this.system?.cardTypes.map((t) => t.id) ?? [];
    for (const entry of this.entries(sectionId)) {
      const type = this.lookup(entry.cardId)?.type ?? 'Deleted from the library';
      groups.set(type, [...(groups.get(type) ?? []), entry]);
    }
    const nameOf = (entry: DeckEntry) => this.lookup(entry.cardId)?.name ?? '';
    return [...groups]
      .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
      .map(([type, entries]) => ({ type, entries: entries.sort((x, y) => nameOf(x).localeCompare(nameOf(y))) }));
  }

  ruleDescription(id: string): string | undefined {
    const system = this.system;
    const rule = system?.deck.rules.find((r, i) => ruleId(r, i) === id);
    return system && rule ? describeRule(system, rule) : undefined;
  }

  /** Swaps every copy of the card being replaced for `card` (ReplaceCardDialog's pick). */
  replaceWith(card: CardRecord): void {
    if (!this.replacing) return;
    this.remember([card]);
    this.sections = replaceCard(this.sections, this.replacing.cardId, card.id);
    this.replacing = null;
    this.dirty = true;
  }

  /** The section a card goes back to from a side board (the first that takes its type). */
  homeOf(cardId: string): DeckSectionDef | undefined {
    const id = this.system ? homeSection(this.system, this.lookup(cardId)) : undefined;
    return this.system?.deck.sections.find((s) => s.id === id);
  }

  /** Moves every copy of a card from a section to the sideboard. */
  toSideboard(sectionId: string, cardId: string): void {
    this.applyParts(moveCard(this.parts, cardId, { kind: 'section', id: sectionId }, { kind: 'board', id: 'sideboard' }));
  }

  /** Moves every copy of a card from a side board back into its section. */
  boardToDeck(board: SideBoardId, cardId: string): void {
    const home = this.homeOf(cardId);
    if (home) this.applyParts(moveCard(this.parts, cardId, { kind: 'board', id: board }, { kind: 'section', id: home.id }));
  }

  /** Moves every copy of a card from one side board to the other. */
  swapBoard(board: SideBoardId, cardId: string): void {
    const other: SideBoardId = board === 'sideboard' ? 'maybeboard' : 'sideboard';
    this.applyParts(moveCard(this.parts, cardId, { kind: 'board', id: board }, { kind: 'board', id: other }));
  }

  boardCount(board: SideBoardId, cardId: string, delta: 1 | -1): void {
    this.applyParts({ sections: this.sections, boards: changeBoardCount(this.boards, board, cardId, delta) });
  }

  private get parts(): DeckParts {
    return { sections: this.sections, boards: this.boards };
  }

  private applyParts(parts: DeckParts): void {
    this.sections = parts.sections;
    this.boards = parts.boards;
    this.dirty = true;
  }

  markDirty(): void {
    this.dirty = true;
  }

  async save(): Promise<void> {
    const system = this.system;
    if (!system || this.saving) return;
    this.saving = true;
    try {
      const clean = Object.fromEntries(
        Object.entries(this.sections).map(([id, entries]) => [id, entries.filter((e) => e.count > 0)]),
      );
      await this.deps.api.saveDeck({
        deck: {
          id: this.deckId,
          systemId: system.id,
          name: this.name.trim() || 'Untitled deck',
          notes: this.notes,
          sections: clean,
          boards: this.boards,
          format: this.format || undefined,
        },
      });
      this.dirty = false;
      this.deps.showSuccess(this.report?.legal ? `Saved “${this.name}”.` : `Saved “${this.name}” — it is not legal yet.`);
    } catch (error) {
      this.deps.showError(error);
    } finally {
      this.saving = false;
    }
  }
}
