// The game studio's state: the game's files being edited (card-schema/studio/game-files.ts), the
// undo/redo history of edits, the field renames since the last save, the live check of the
// edited files (does the game load, which decks do its rules accept) and saving with the impact
// report. Every panel edits through `edit`, so every change can be undone, saved ones included:
// undoing a saved step and saving again writes the old files back, renames inverted.

import type { GameSystem } from '../../../card-schema/system/format';
import type { GameFileMap } from '../../../card-schema/studio/game-files';
import { composeRenames, invertRenames, type FieldRename } from '../../../card-schema/studio/field-renames';
import { namedFontPaths } from '../../../card-schema/studio/font-edits';
import type { ApiClient, GameEditReport, GameEditResult } from '../../../src-main/api/contract';
import { api, errorMessage } from '../api/client';

export interface StudioDeps {
  api: Pick<ApiClient, 'getGameFiles' | 'checkGameEdit' | 'saveGameEdit'>;
  errorMessage: (error: unknown) => string;
  /** Called after a save reloaded the game (the app reloads its list of games). */
  saved: (result: GameEditResult) => Promise<unknown> | void;
  /** How long typing may pause before the live check runs. */
  checkDelayMs: number;
}

const appDeps: Omit<StudioDeps, 'saved'> = { api, errorMessage, checkDelayMs: 350 };

interface Step {
  label: string;
  files: GameFileMap;
  renames: FieldRename[];
}

export type StudioTab = 'game' | 'types' | 'faces' | 'deck' | 'play' | 'symbols' | 'reference' | 'advanced';

export class StudioModel {
  files = $state.raw<GameFileMap | null>(null);
  tab = $state<StudioTab>('types');
  /** The live check of `files` (decks only), or the impact report before a save (with cards). */
  check = $state.raw<GameEditReport | null>(null);
  checking = $state(false);
  /** The report shown before a save is applied; null while no save is asked for. */
  impact = $state.raw<GameEditReport | null>(null);
  saving = $state(false);
  loadError = $state<string | null>(null);
  saveError = $state<string | null>(null);

  private past = $state.raw<Step[]>([]);
  private future = $state.raw<Step[]>([]);
  /** Renames made since the files were last saved (undone ones as their inverse). */
  private pending = $state.raw<FieldRename[]>([]);
  private savedFiles = $state.raw<GameFileMap | null>(null);
  /**
   * Font files uploaded this session by the path the edits named them at (path → upload id). Only
   * ever added to: a path carries its file's hash, so undo and redo need only the files to decide.
   */
  private fontUploads = $state.raw<Record<string, string>>({});
  private timer: ReturnType<typeof setTimeout> | undefined;
  private checkSeq = 0;
  private readonly deps: StudioDeps;

  readonly canUndo = $derived(this.past.length > 0);
  readonly canRedo = $derived(this.future.length > 0);
  readonly undoLabel = $derived(this.past.at(-1)?.label);
  readonly redoLabel = $derived(this.future.at(-1)?.label);
  readonly dirty = $derived(this.files !== null && this.files !== this.savedFiles);
  readonly renames = $derived(composeRenames(this.pending));
  /** The edited game as the loader read it at the last check (undefined while it does not load). */
  readonly system = $derived<GameSystem | undefined>(this.check?.system);
  readonly problem = $derived(this.check?.problem);

  constructor(
    readonly systemId: string,
    deps: Partial<StudioDeps> & Pick<StudioDeps, 'saved'>,
  ) {
    this.deps = { ...appDeps, ...deps };
  }

  async load(): Promise<void> {
    try {
      const view = await this.deps.api.getGameFiles({ systemId: this.systemId });
      this.files = view.files;
      this.savedFiles = view.files;
      this.scheduleCheck(0);
    } catch (error) {
      this.loadError = this.deps.errorMessage(error);
    }
  }

  /** One undoable change: the files after it, the field renames it made and the font uploads it names. */
  edit(label: string, files: GameFileMap, renames: FieldRename[] = [], fontUploads: Record<string, string> = {}): void {
    if (!this.files || files === this.files) return;
    if (Object.keys(fontUploads).length > 0) this.fontUploads = { ...this.fontUploads, ...fontUploads };
    this.past = [...this.past, { label, files: this.files, renames }];
    this.future = [];
    this.files = files;
    this.pending = [...this.pending, ...renames];
    this.scheduleCheck();
  }

  undo(): void {
    const step = this.past.at(-1);
    if (!step || !this.files) return;
    this.past = this.past.slice(0, -1);
    this.future = [...this.future, { ...step, files: this.files }];
    this.files = step.files;
    this.pending = [...this.pending, ...invertRenames(step.renames)];
    this.scheduleCheck();
  }

  redo(): void {
    const step = this.future.at(-1);
    if (!step || !this.files) return;
    this.future = this.future.slice(0, -1);
    this.past = [...this.past, { ...step, files: this.files }];
    this.files = step.files;
    this.pending = [...this.pending, ...step.renames];
    this.scheduleCheck();
  }

  /** The uploads `files` names, for a check or save (left out when none). */
  private fontFilesFor(files: GameFileMap): { fontFiles?: Record<string, string> } {
    const named = namedFontPaths(files);
    const fontFiles = Object.fromEntries(Object.entries(this.fontUploads).filter(([path]) => named.has(path)));
    return Object.keys(fontFiles).length > 0 ? { fontFiles } : {};
  }

  private scheduleCheck(delay = this.deps.checkDelayMs): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.runCheck(), delay);
  }

  /** Checks the files now (the live check waits for a pause in typing). */
  async runCheck(): Promise<void> {
    clearTimeout(this.timer);
    const files = this.files;
    if (!files) return;
    const seq = ++this.checkSeq;
    this.checking = true;
    try {
      const report = await this.deps.api.checkGameEdit({
        systemId: this.systemId,
        files: { ...files },
        renames: this.renames,
        cards: false,
        ...this.fontFilesFor(files),
      });
      if (seq === this.checkSeq) this.check = report;
    } catch (error) {
      if (seq === this.checkSeq) this.check = { ...emptyReport(), problem: this.deps.errorMessage(error) };
    } finally {
      if (seq === this.checkSeq) this.checking = false;
    }
  }

  /** Asks for the impact report on every card and deck; `applySave` then saves. */
  async requestSave(): Promise<void> {
    if (!this.files || this.saving) return;
    this.saveError = null;
    this.saving = true;
    try {
      const report = await this.deps.api.checkGameEdit({
        systemId: this.systemId,
        files: { ...this.files },
        renames: this.renames,
        cards: true,
        ...this.fontFilesFor(this.files),
      });
      if (report.problem) this.saveError = report.problem;
      else this.impact = report;
    } catch (error) {
      this.saveError = this.deps.errorMessage(error);
    } finally {
      this.saving = false;
    }
  }

  cancelSave(): void {
    this.impact = null;
  }

  async applySave(): Promise<boolean> {
    const files = this.files;
    if (!files || this.saving) return false;
    this.saving = true;
    this.saveError = null;
    try {
      const result = await this.deps.api.saveGameEdit({
        systemId: this.systemId,
        files: { ...files },
        renames: this.renames,
        ...this.fontFilesFor(files),
      });
      this.savedFiles = files;
      this.pending = [];
      this.impact = null;
      await this.deps.saved(result);
      return true;
    } catch (error) {
      this.saveError = this.deps.errorMessage(error);
      return false;
    } finally {
      this.saving = false;
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

export function emptyReport(): GameEditReport {
  return { cardsChecked: 0, newlyInvalid: [], invalidCount: 0, moved: [], movedCount: 0, decks: [] };
}
