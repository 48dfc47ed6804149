// The CSV import dialog's state (docs/csv.md): the file picked (its bytes: the backend detects
// the encoding), its preview, the column mapping the user adjusts, the dry run's report, and the
// import of the valid rows. The mapping is saved for the game when the file is checked.

import type { CardSetInfo } from '../../../../card-schema/system/format';
import type { CsvMapping } from '../../../../card-schema/csv/csv-mapping';
import type { ApiClient, CsvImportReport, CsvPreview, JobResults, JobSpecInput } from '../../../../src-main/api/contract';
import { userMessage } from '../../lib/user-message';
import { readPictureFolder, type PickedPicture, type PictureFolder } from './csv-pictures';

/** The select value standing for "this column is the card type". */
export const TYPE_CHOICE = '\u0000type';
export const SKIP_CHOICE = '';
/** The column naming the card each row updates (an export's `id`). */
export const ID_CHOICE = '\u0000id';

/** What the valid rows do: "2 new, 1 updated, 40 unchanged" (only the parts that are not 0; "nothing" when all are). */
export function changesText(changes: CsvImportReport['changes']): string {
  const parts = [
    [changes.added, 'new'],
    [changes.updated, 'updated'],
    [changes.unchanged, 'unchanged'],
  ] as const;
  const said = parts.filter(([count]) => count > 0).map(([count, word]) => `${count.toLocaleString()} ${word}`);
  return said.length > 0 ? said.join(', ') : 'nothing';
}

export type CsvDelimiter = CsvPreview['delimiter'];

export interface CsvImportDeps {
  api: Pick<ApiClient, 'previewCsv' | 'saveCsvMapping' | 'addImage'>;
  /** Runs a job to its end (the job dock's run): null when cancelled. */
  runJob: (job: Extract<JobSpecInput, { kind: 'importCsv' }>) => Promise<JobResults['importCsv'] | null>;
  /** Saves a file for the user (a browser download). */
  download: (file: { fileName: string; mimeType: string; bytes: Uint8Array }) => void;
}

export class CsvImportModel {
  fileName = $state('');
  bytes = $state.raw<Uint8Array | null>(null);
  systemId = $state('');
  /** An existing set of the game, or '' for a new set named `newSetName`. */
  setId = $state('');
  newSetName = $state('');
  preview = $state.raw<CsvPreview | null>(null);
  mapping = $state.raw<CsvMapping | null>(null);
  /** The dry run of the current mapping; cleared when anything that changes it changes. */
  check = $state.raw<CsvImportReport | null>(null);
  /** What the import did. */
  done = $state.raw<CsvImportReport | null>(null);
  busy = $state<'reading' | 'checking' | 'importing' | 'pictures' | null>(null);
  /** The picture folder image columns name files of, read into the image library; null: none chosen. */
  pictures = $state.raw<PictureFolder | null>(null);
  /** How far reading the picture folder is. */
  picturesRead = $state({ done: 0, total: 0 });
  error = $state<string | null>(null);

  constructor(
    private readonly deps: CsvImportDeps,
    systemId: string,
    setId: string | null,
  ) {
    this.systemId = systemId;
    this.setId = setId ?? '';
  }

  /** What each column fills: a field key, TYPE_CHOICE or SKIP_CHOICE. */
  choiceOf(column: string): string {
    const mapping = this.mapping;
    if (!mapping) return SKIP_CHOICE;
    if (mapping.typeColumn === column) return TYPE_CHOICE;
    if (mapping.idColumn === column) return ID_CHOICE;
    return mapping.columns.find((entry) => entry.column === column)?.field ?? SKIP_CHOICE;
  }

  /** Points a column at a field (taking the field from any other column), the type, or nothing. */
  choose(column: string, choice: string): void {
    const mapping = this.mapping;
    if (!mapping) return;
    let typeColumn = mapping.typeColumn === column ? null : mapping.typeColumn;
    let idColumn = mapping.idColumn === column ? null : (mapping.idColumn ?? null);
    let columns = mapping.columns.filter((entry) => entry.column !== column);
    if (choice === TYPE_CHOICE) typeColumn = column;
    else if (choice === ID_CHOICE) idColumn = column;
    else if (choice !== SKIP_CHOICE) columns = [...columns.filter((entry) => entry.field !== choice), { column, field: choice }];
    this.setMapping({ ...mapping, typeColumn, columns, idColumn });
  }

  /** Another target set: rows with a card id read differently there, so check again. */
  chooseSet(setId: string): void {
    this.setId = setId;
    this.check = null;
  }

  /** The columns mapped to an image field (`x-kind: image`): their cells name picture files. */
  get imageColumns(): string[] {
    const preview = this.preview;
    const mapping = this.mapping;
    if (!preview || !mapping) return [];
    const images = new Set(preview.fields.filter((field) => field.kind === 'image').map((field) => field.key));
    return mapping.columns.filter((entry) => images.has(entry.field)).map((entry) => entry.column);
  }

  /** Reads a picked folder's pictures into the image library, one by one; the check is done again. */
  async choosePictures(files: readonly PickedPicture[]): Promise<void> {
    this.busy = 'pictures';
    this.error = null;
    this.check = null;
    this.picturesRead = { done: 0, total: files.length };
    try {
      this.pictures = await readPictureFolder(
        files,
        (input) => this.deps.api.addImage(input),
        (done, total) => {
          this.picturesRead = { done, total };
        },
      );
    } catch (error) {
      this.error = messageOf(error);
    } finally {
      this.busy = null;
    }
  }

  clearPictures(): void {
    this.pictures = null;
    this.check = null;
  }

  setMapping(mapping: CsvMapping): void {
    this.mapping = mapping;
    this.check = null;
    this.error = null;
  }

  async open(fileName: string, bytes: Uint8Array): Promise<void> {
    this.fileName = fileName;
    this.bytes = bytes;
    this.newSetName ||= fileName.replace(/\.(csv|tsv|txt|tab)$/i, '') || 'Imported cards';
    await this.read({});
  }

  /** Reads the file again with a delimiter or header choice (or the game changed). */
  async read(options: { delimiter?: CsvDelimiter; hasHeader?: boolean }): Promise<void> {
    if (!this.bytes) return;
    this.busy = 'reading';
    this.error = null;
    this.check = null;
    try {
      const preview = await this.deps.api.previewCsv({
        systemId: this.systemId,
        fileName: this.fileName,
        // The preview needs only the start of the file (a copy: IPC would clone a view's whole buffer).
        bytes: this.bytes.slice(0, 1024 * 1024 + 1),
        fileBytes: this.bytes.byteLength,
        delimiter: options.delimiter ?? this.preview?.delimiter,
        hasHeader: options.hasHeader ?? this.preview?.hasHeader,
      });
      this.preview = preview;
      this.mapping = preview.mapping;
    } catch (error) {
      this.preview = null;
      this.mapping = null;
      this.error = messageOf(error);
    } finally {
      this.busy = null;
    }
  }

  private job(dryRun: boolean): Extract<JobSpecInput, { kind: 'importCsv' }> {
    const preview = this.preview!;
    return {
      kind: 'importCsv',
      systemId: this.systemId,
      fileName: this.fileName,
      bytes: this.bytes!,
      mapping: this.mapping!,
      delimiter: preview.delimiter,
      hasHeader: preview.hasHeader,
      dryRun,
      ...(this.pictures ? { pictures: { files: this.pictures.files, skipped: this.pictures.skipped } } : {}),
      // The dry run names the target set too: a row's card id must be a card of it.
      ...(this.setId ? { setId: this.setId } : dryRun ? {} : { newSetName: this.newSetName.trim() || 'Imported cards' }),
    };
  }

  /** The dry run; the mapping is kept for the game first. */
  async runCheck(): Promise<void> {
    if (!this.preview || !this.mapping || !this.bytes) return;
    this.busy = 'checking';
    this.error = null;
    try {
      await this.deps.api.saveCsvMapping({ systemId: this.systemId, mapping: this.mapping });
      this.check = await this.deps.runJob(this.job(true));
    } catch (error) {
      this.error = messageOf(error);
    } finally {
      this.busy = null;
    }
  }

  /** Imports the valid rows; returns the set they went into. */
  async runImport(): Promise<CardSetInfo | null> {
    if (!this.check || this.check.validRows === 0) return null;
    this.busy = 'importing';
    this.error = null;
    try {
      this.done = await this.deps.runJob(this.job(false));
      return this.done?.set ?? null;
    } catch (error) {
      this.error = messageOf(error);
      return null;
    } finally {
      this.busy = null;
    }
  }

  /** The rejected rows of the latest report as a CSV file with a reason column. */
  downloadRejected(): void {
    const report = this.done ?? this.check;
    if (!report?.rejectedCsv) return;
    const stem = this.fileName.replace(/\.[^.]+$/, '') || 'cards';
    this.deps.download({
      fileName: `${stem}-rejected.csv`,
      mimeType: 'text/csv',
      bytes: new TextEncoder().encode(report.rejectedCsv),
    });
  }
}

function messageOf(error: unknown): string {
  return userMessage(error);
}

/** What sets a game has to import into. */
export function setsOfGame(sets: readonly CardSetInfo[], systemId: string): CardSetInfo[] {
  return sets.filter((set) => set.systemId === systemId).sort((a, b) => a.name.localeCompare(b.name));
}
