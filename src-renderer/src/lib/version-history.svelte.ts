// What the card history and deck versions dialogs share: a list of earlier versions (newest
// first), two version pickers (an earlier version or the item as saved now) compared on every
// change, and a confirmed restore that reloads the list (the service keeps the replaced version).

/** The item as saved now, in version pickers. */
export const CURRENT = 'current';

/** "3 Mar 2026, 12:03", or the stored text when it is not a date. */
export function whenLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
}

export interface VersionHistoryDeps {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  showError: (error: unknown) => void;
  showSuccess: (message: string) => void;
}

/**
 * `Entry` is a listed earlier version, `Version` its content, `Diff` what compare shows. Subclasses
 * say how to list, fetch (CURRENT included) and compare; keys are text for the pickers.
 */
export abstract class VersionHistoryModel<Entry, Version, Diff> {
  entries = $state.raw<Entry[]>([]);
  loading = $state(true);
  busy = $state(false);
  /** Versions compared: an entry's key or CURRENT. */
  from = $state(CURRENT);
  to = $state(CURRENT);
  diff = $state.raw<Diff | null>(null);
  protected readonly versions = new Map<string, Version>();

  constructor(protected readonly deps: VersionHistoryDeps) {}

  protected abstract list(): Promise<Entry[]>;
  abstract keyOf(entry: Entry): string;
  protected abstract fetch(key: string): Promise<Version>;
  protected abstract diffOf(before: Version, after: Version): Promise<Diff> | Diff;

  async load(): Promise<void> {
    this.loading = true;
    try {
      this.versions.delete(CURRENT);
      this.entries = await this.list();
      // Start on the newest change: the latest version against the item as it is.
      this.from = this.entries[0] ? this.keyOf(this.entries[0]) : CURRENT;
      this.to = CURRENT;
      await this.compare();
    } catch (error) {
      this.deps.showError(error);
    } finally {
      this.loading = false;
    }
  }

  private async version(key: string): Promise<Version> {
    const cached = this.versions.get(key);
    if (cached) return cached;
    const version = await this.fetch(key);
    this.versions.set(key, version);
    return version;
  }

  /** Compares `from` → `to`. */
  async compare(): Promise<void> {
    try {
      const [before, after] = await Promise.all([this.version(this.from), this.version(this.to)]);
      this.diff = await this.diffOf(before, after);
    } catch (error) {
      this.deps.showError(error);
    }
  }

  /** Compares the entry with the item as saved now. */
  async compareWithCurrent(entry: Entry): Promise<void> {
    this.from = this.keyOf(entry);
    this.to = CURRENT;
    await this.compare();
  }

  /** Asks, runs `action` (which changes the list), tells `success` and reloads; undefined when cancelled or failed. */
  protected async confirmed<T>(question: ConfirmOptions, action: () => Promise<T>, success?: string): Promise<T | undefined> {
    if (!(await this.deps.confirm(question))) return undefined;
    this.busy = true;
    try {
      const result = await action();
      if (success) this.deps.showSuccess(success);
      await this.load();
      return result;
    } catch (error) {
      this.deps.showError(error);
      return undefined;
    } finally {
      this.busy = false;
    }
  }
}
