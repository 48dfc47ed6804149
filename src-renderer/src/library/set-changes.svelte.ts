// The set changes dialog's model: a set's cards added, removed and changed (field by field) since
// a date the user picks (or the last save of one of the game's decks: "since the deck we
// playtested"), and the same as a Markdown errata log to download.

import type { ApiClient, DeckSummary, FileBlob, SetChanges } from '../../../src-main/api/contract';

export interface SetChangesDeps {
  api: Pick<ApiClient, 'setChanges' | 'exportSetChanges' | 'listDecks'>;
  download: (file: FileBlob) => void;
  showError: (error: unknown) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A `datetime-local` input's value for `date` in local time, to the second ("2026-05-01T12:00:00"). */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export class SetChangesModel {
  /** The date picked, as the `datetime-local` input holds it (local time); a week ago at first. */
  since = $state(localInputValue(new Date(Date.now() - 7 * DAY_MS)));
  changes = $state.raw<SetChanges | null>(null);
  loading = $state(false);
  /** Why the date cannot be used, or ''. */
  dateProblem = $state('');
  /** The game's decks, newest save first: each offers its last save as the date. */
  decks = $state.raw<DeckSummary[]>([]);
  private seq = 0;

  constructor(
    private readonly deps: SetChangesDeps,
    private readonly setId: string,
    private readonly systemId: string,
  ) {}

  async loadDecks(): Promise<void> {
    try {
      const decks = await this.deps.api.listDecks({ systemId: this.systemId });
      this.decks = [...decks].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    } catch (error) {
      this.deps.showError(error);
    }
  }

  /** Takes the deck's last save as the date. */
  sinceDeck(deckId: string): void {
    const deck = this.decks.find((candidate) => candidate.id === deckId);
    if (deck) this.since = localInputValue(new Date(deck.updatedAt));
  }

  readonly empty = $derived(
    this.changes !== null && this.changes.added.length + this.changes.removed.length + this.changes.changed.length === 0,
  );

  /** The picked date as ISO, or undefined (and a problem shown) when it is not a date. */
  private sinceIso(): string | undefined {
    const date = new Date(this.since);
    if (this.since === '' || Number.isNaN(date.getTime())) {
      this.dateProblem = 'Pick a date and time.';
      return undefined;
    }
    this.dateProblem = '';
    return date.toISOString();
  }

  async load(): Promise<void> {
    const since = this.sinceIso();
    if (since === undefined) return;
    const seq = ++this.seq;
    this.loading = true;
    try {
      const changes = await this.deps.api.setChanges({ setId: this.setId, since });
      if (seq === this.seq) this.changes = changes;
    } catch (error) {
      this.deps.showError(error);
    } finally {
      if (seq === this.seq) this.loading = false;
    }
  }

  async exportLog(): Promise<void> {
    const since = this.sinceIso();
    if (since === undefined) return;
    try {
      this.deps.download(await this.deps.api.exportSetChanges({ setId: this.setId, since }));
    } catch (error) {
      this.deps.showError(error);
    }
  }
}
