// The Games view's state and API calls: which game is shown, a card of each of its types, the
// systems refused at load, the import report, the glossary filter, and importing, exporting and removing games. The
// dependencies are injectable so the model can be driven without the real API.

import type { GameSystem } from '../../../card-schema/system/format';
import type {
  ApiClient,
  ImportSystemResult,
  SampleCard,
  SystemProblem,
  SystemSummary,
  TrashReceipt,
} from '../../../src-main/api/contract';
import type { PickedTextFile } from '../api/read-file';
import { api } from '../api/client';
import { jobDock } from '../jobs/job-dock.svelte';
import { confirmDialog, type ConfirmOptions } from '../lib/dialog.svelte';
import { reloadSystems, systems } from '../lib/systems.svelte';
import { showError } from '../lib/toast.svelte';
import { trash } from '../trash/trash.svelte';
import { groupGlossary, removeGameMessage } from './game-facts';

export interface GamesViewDeps {
  api: Pick<ApiClient, 'listSystemProblems' | 'sampleCards' | 'removeSystem' | 'listSets' | 'listDecks'>;
  jobs: Pick<typeof jobDock, 'run'>;
  systems: { readonly list: SystemSummary[] | null; get(id: string): GameSystem | undefined };
  reloadSystems: () => Promise<unknown>;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  showError: (error: unknown) => void;
  /** "Moved … to the Trash", with Undo. */
  announceTrashed: (what: string, receipt: TrashReceipt) => void;
}

const appDeps: GamesViewDeps = {
  api,
  jobs: jobDock,
  systems,
  reloadSystems,
  confirm: confirmDialog,
  showError,
  announceTrashed: (what, receipt) => trash.announce(what, receipt),
};

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export class GamesViewModel {
  selectedId = $state<string | null>(null);
  problems = $state.raw<SystemProblem[]>([]);
  /** The report of the last import, shown until closed. */
  imported = $state<ImportSystemResult | null>(null);
  glossaryFilter = $state('');
  /** The New game dialog is open; `copyOf` starts it as a copy of that game. */
  creatingGame = $state(false);
  copyOf = $state<string | null>(null);
  /** The game open in the studio, if any. */
  editing = $state<string | null>(null);
  /** A stored card of each type of the shown game (null until loaded, and for another game's). */
  samples = $state.raw<{ systemId: string; cards: SampleCard[] } | null>(null);

  // .by: the closure reads `deps` later, after the constructor has set it.
  readonly list = $derived.by(() => this.deps.systems.list ?? []);
  /** The chosen game, or the first one until the user picks. */
  readonly summary = $derived(this.list.find((s) => s.id === this.selectedId) ?? this.list[0]);
  readonly system = $derived.by(() => (this.summary ? this.deps.systems.get(this.summary.id) : undefined));
  readonly glossary = $derived(groupGlossary(this.system?.reference?.glossary ?? [], this.glossaryFilter));

  constructor(private readonly deps: GamesViewDeps = appDeps) {}

  select(systemId: string): void {
    this.selectedId = systemId;
  }

  closeImportReport(): void {
    this.imported = null;
  }

  loadProblems(): void {
    this.deps.api.listSystemProblems({}).then(
      (found) => (this.problems = found),
      (error: unknown) => this.deps.showError(error),
    );
  }

  /** Loads a card of each type of the game; an answer for a game no longer shown is dropped. */
  async loadSamples(systemId: string): Promise<void> {
    try {
      const cards = await this.deps.api.sampleCards({ systemId });
      if (this.summary?.id === systemId) this.samples = { systemId, cards };
    } catch (error) {
      this.deps.showError(error);
    }
  }

  /** Sets and decks of a game that is no longer installed: deleting them is the way out (or importing the game again). */
  async deleteOrphans(systemId: string): Promise<void> {
    const confirmed = await this.deps.confirm({
      title: 'Delete what remains?',
      message: `The card sets and decks of "${systemId}", a game that is not installed, will be moved to the Trash (kept for 30 days). To use them, import the game again instead.`,
      confirmLabel: 'Delete sets and decks',
      danger: true,
    });
    if (!confirmed) return;
    try {
      const removed = await this.deps.api.removeSystem({ systemId });
      this.deps.announceTrashed(
        `${plural(removed.sets, 'card set')} and ${plural(removed.decks, 'deck')} of "${systemId}"`,
        removed,
      );
      this.loadProblems();
    } catch (error) {
      this.deps.showError(error);
    }
  }

  async importPicked(picked: PickedTextFile): Promise<void> {
    const result = await this.deps.jobs.run({ kind: 'importSystem', fileName: picked.fileName, text: picked.text });
    if (!result) return;
    await this.deps.reloadSystems();
    this.selectedId = result.system.id;
    this.imported = result;
  }

  /** New game…, from the starters or (`copyOf`) as a copy of a game: a built-in game is edited as a copy. */
  newGame(copyOf: string | null = null): void {
    this.copyOf = copyOf;
    this.creatingGame = true;
  }

  /** A game made in the New game dialog: every view learns of it, and it is shown (in the studio, when it was made to edit). */
  async gameCreated(game: SystemSummary): Promise<void> {
    const toEdit = this.copyOf !== null;
    this.creatingGame = false;
    this.copyOf = null;
    await this.deps.reloadSystems();
    this.selectedId = game.id;
    if (toEdit) this.editing = game.id;
  }

  /** A save in the studio: every view reloads the game. */
  async gameSaved(): Promise<void> {
    await this.deps.reloadSystems();
  }

  async exportGame(systemId: string): Promise<void> {
    try {
      await this.deps.jobs.run({ kind: 'exportSystem', systemId });
    } catch (error) {
      this.deps.showError(error);
    }
  }

  async removeGame(systemId: string, name: string): Promise<void> {
    try {
      const [sets, decks] = await Promise.all([this.deps.api.listSets({}), this.deps.api.listDecks({ systemId })]);
      const own = sets.filter((set) => set.systemId === systemId);
      const cards = own.reduce((sum, set) => sum + set.cardCount, 0);
      const confirmed = await this.deps.confirm({
        title: 'Remove game?',
        message: removeGameMessage(name, own.length, cards, decks.length),
        confirmLabel: 'Remove game',
        danger: true,
      });
      if (!confirmed) return;
      const removed = await this.deps.api.removeSystem({ systemId });
      this.selectedId = null;
      await this.deps.reloadSystems();
      this.deps.announceTrashed(name, removed);
    } catch (error) {
      this.deps.showError(error);
    }
  }
}
