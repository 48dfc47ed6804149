// Importing a set file from the sidebar: the import first runs with `onExisting: 'ask'`; when
// the library has the file's set, the answer (SetImportQuestion) becomes the question dialog,
// and the user's choice runs it again as 'replace' or 'copy' (cancel writes nothing). The
// finished import's result is the report.

import type { ImportSetResult, JobResults, SetImportQuestion } from '../../../src-main/api/contract';
import type { PickedTextFile } from '../api/read-file';

export interface SetImportDeps {
  /** Runs the import job to its end (jobDock.run); null when it was cancelled. */
  runImport: (job: {
    kind: 'importSet';
    fileName: string;
    text: string;
    onExisting: 'ask' | 'replace' | 'copy';
  }) => Promise<JobResults['importSet'] | null>;
  /** The sets changed: reload them and show the imported one. */
  onimported: (result: ImportSetResult) => Promise<void>;
  showError: (error: unknown) => void;
}

export type ImportChoice = 'replace' | 'copy' | 'cancel';

export class SetImportFlow {
  /** Shown while the user decides what to do with a set the library has. */
  question: SetImportQuestion | null = $state.raw(null);
  /** The finished import, for the report dialog. */
  report: ImportSetResult | null = $state.raw(null);
  busy = $state(false);
  private file: PickedTextFile | null = null;

  constructor(private readonly deps: SetImportDeps) {}

  /** Imports a picked file, asking first when it would change a set the library has. */
  async start(file: PickedTextFile): Promise<void> {
    this.file = file;
    await this.run('ask');
  }

  async choose(choice: ImportChoice): Promise<void> {
    this.question = null;
    if (choice === 'cancel') {
      this.file = null;
      return;
    }
    await this.run(choice);
  }

  closeReport(): void {
    this.report = null;
  }

  private async run(onExisting: 'ask' | 'replace' | 'copy'): Promise<void> {
    const file = this.file;
    if (!file) return;
    this.busy = true;
    try {
      const result = await this.deps.runImport({ kind: 'importSet', fileName: file.fileName, text: file.text, onExisting });
      if (!result) return;
      if (result.outcome === 'exists') {
        this.question = result;
        return;
      }
      this.file = null;
      await this.deps.onimported(result);
      this.report = result;
    } catch (error) {
      this.file = null;
      this.deps.showError(error);
    } finally {
      this.busy = false;
    }
  }
}
