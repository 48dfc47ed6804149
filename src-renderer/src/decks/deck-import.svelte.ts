// The deck import dialog's state: the list the user pasted or opened, read against a game's
// library (parseDeckList), the choice made for every line that named no card (one of its
// suggestions, or skip it), and the deck saved from what was matched and chosen. Nothing
// unmatched is imported: Import waits until every such line has a choice.

import { splitBoards } from '../../../card-schema/deck/side-boards';
import type { ApiClient, DeckListImport } from '../../../src-main/api/contract';
import type { Deck, DeckEntry } from '../../../card-schema/deck/format';
import type { CardSuggestion, ImportProblem } from '../../../card-schema/deck/decklist/resolve-list';
import { userMessage } from '../lib/user-message';

export type UnmatchedLine = Extract<ImportProblem, { kind: 'unmatched' }>;
/** What the user chose for an unmatched line. */
export type LineChoice = { kind: 'card'; suggestion: CardSuggestion } | { kind: 'skip' };

export interface DeckImportDeps {
  api: Pick<ApiClient, 'parseDeckList' | 'saveDeck'>;
}

export class DeckImportModel {
  systemId = $state('');
  text = $state('');
  fileName = $state<string | undefined>(undefined);
  /** The deck's name: the list's own, until the user edits it. */
  name = $state('');
  result = $state.raw<DeckListImport | null>(null);
  choices = $state.raw<ReadonlyMap<number, LineChoice>>(new Map());
  reading = $state(false);
  saving = $state(false);
  error = $state<string | null>(null);
  private nameEdited = false;
  /** Answers to older reads are dropped: only the latest text counts. */
  private readSeq = 0;

  constructor(
    private readonly deps: DeckImportDeps,
    systemId: string,
  ) {
    this.systemId = systemId;
  }

  unmatched = $derived<UnmatchedLine[]>(
    (this.result?.problems ?? []).filter((problem): problem is UnmatchedLine => problem.kind === 'unmatched'),
  );
  /** Lines read but not imported (bad count, unknown header) and printings picked: shown, not blocking. */
  notes = $derived((this.result?.problems ?? []).filter((problem) => problem.kind !== 'unmatched'));
  /** Unmatched lines still waiting for a choice. */
  pending = $derived(this.unmatched.filter((line) => !this.choices.has(line.line)).length);

  /** The deck as it would be saved: the matched entries plus every chosen suggestion. */
  sections = $derived.by<Record<string, DeckEntry[]>>(() => {
    const sections: Record<string, DeckEntry[]> = {};
    const add = (section: string, cardId: string, count: number) => {
      const list = (sections[section] ??= []);
      const same = list.find((entry) => entry.cardId === cardId);
      if (same) same.count += count;
      else list.push({ cardId, count });
    };
    for (const [section, entries] of Object.entries(this.result?.sections ?? {}))
      for (const entry of entries) add(section, entry.cardId, entry.count);
    for (const line of this.unmatched) {
      const choice = this.choices.get(line.line);
      if (choice?.kind === 'card') add(choice.suggestion.section, choice.suggestion.cardId, line.count);
    }
    return sections;
  });

  /** Copies per section, for "Hero 1 · Deck 30". */
  counts = $derived(
    Object.fromEntries(
      Object.entries(this.sections).map(([id, entries]) => [id, entries.reduce((sum, entry) => sum + entry.count, 0)]),
    ),
  );
  totalCards = $derived(Object.values(this.counts).reduce((sum, count) => sum + count, 0));
  canImport = $derived(
    this.result !== null && !this.reading && !this.saving && this.pending === 0 && this.totalCards > 0 && this.name.trim() !== '',
  );

  setText(text: string, fileName?: string): void {
    this.text = text;
    this.fileName = fileName;
  }

  setName(name: string): void {
    this.name = name;
    this.nameEdited = true;
  }

  /** Reads the text against the chosen game; earlier choices are dropped (the lines may have moved). */
  async read(): Promise<void> {
    const seq = ++this.readSeq;
    if (this.text.trim() === '') {
      this.result = null;
      this.choices = new Map();
      this.error = null;
      return;
    }
    this.reading = true;
    try {
      const result = await this.deps.api.parseDeckList({ systemId: this.systemId, text: this.text, fileName: this.fileName });
      if (seq !== this.readSeq) return;
      this.result = result;
      this.choices = new Map();
      this.error = null;
      // A deck file names its own game.
      this.systemId = result.systemId;
      if (!this.nameEdited) this.name = result.name;
    } catch (error) {
      if (seq !== this.readSeq) return;
      this.result = null;
      this.error = userMessage(error);
    } finally {
      if (seq === this.readSeq) this.reading = false;
    }
  }

  /** Reads the list again as a deck of another game ("this list looks like a … deck"). */
  async readAs(systemId: string): Promise<void> {
    this.systemId = systemId;
    await this.read();
  }

  choose(line: number, suggestion: CardSuggestion): void {
    this.choices = new Map(this.choices).set(line, { kind: 'card', suggestion });
  }

  skip(line: number): void {
    this.choices = new Map(this.choices).set(line, { kind: 'skip' });
  }

  undo(line: number): void {
    const next = new Map(this.choices);
    next.delete(line);
    this.choices = next;
  }

  /** Saves the deck; null when it cannot be imported yet. */
  async importDeck(): Promise<Deck | null> {
    if (!this.canImport || !this.result) return null;
    this.saving = true;
    try {
      const deck = await this.deps.api.saveDeck({
        deck: {
          systemId: this.result.systemId,
          name: this.name.trim(),
          ...(this.result.notes === undefined ? {} : { notes: this.result.notes }),
          ...(this.result.playFormat === undefined ? {} : { format: this.result.playFormat }),
          ...splitBoards(this.sections, this.result.boardIds),
        },
      });
      this.error = null;
      return deck;
    } catch (error) {
      this.error = userMessage(error);
      return null;
    } finally {
      this.saving = false;
    }
  }
}
