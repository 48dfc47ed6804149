// The Game tab's Fonts section: the game's fonts (name, id, faces, license) with a sample line in
// each, and the form that adds one. A picked file is uploaded at once (stageGameFont: checked and
// measured by the backend, refused in one sentence) and shown in its sample; the edits
// (card-schema/studio/font-edits.ts) go through the studio, so undo and redo cover them.

import { FONT_FACES, type FontFace } from '../../../card-schema/layout/format';
import * as edits from '../../../card-schema/studio/font-edits';
import { isObject } from '../../../card-schema/studio/game-files';
import type { ApiClient, StagedGameFont } from '../../../src-main/api/contract';
import { api, errorMessage } from '../api/client';
import { gameFontFamilyName } from '../lib/fonts';
import { registerGameFontFile } from '../lib/game-fonts';
import type { StudioModel } from './studio.svelte';

/** What the section reads of a picked file (a DOM File has it). */
export interface PickedFont {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface FontsDeps {
  api: Pick<ApiClient, 'stageGameFont' | 'getGameFont'>;
  errorMessage: (error: unknown) => string;
  /**
   * Makes a file usable as its SHA-256's CSS family (lib/game-fonts.ts), for the sample and for the
   * studio's card previews, which then need not ask the app for a font not saved yet.
   */
  register: (sha256: string, bytes: Uint8Array) => Promise<void>;
}

/** A picked file once uploaded. */
export type UploadedFace = StagedGameFont & { fileName: string };

export interface FontRow {
  id: string;
  label: string;
  faces: FontFace[];
  license: string;
  /** The regular file's SHA-256 as the last check loaded it (its sample's family). */
  sample: string | undefined;
}

/** The backend's limit (src-main/fonts/measure-font-file.ts), checked before a large file is sent. */
const MAX_FONT_FILE_BYTES = 5 * 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const SAMPLE_TEXT = 'The quick brown fox jumps over the lazy dog — 0123456789';
export const DEFAULT_LICENSE = 'SIL Open Font License 1.1';

export class FontsSectionModel {
  adding = $state(false);
  label = $state('');
  /** The id as typed; empty follows the label. */
  idTyped = $state('');
  licenseName = $state(DEFAULT_LICENSE);
  licenseUrl = $state('');
  licenseText = $state('');
  faces = $state.raw<Partial<Record<FontFace, UploadedFace>>>({});
  uploading = $state<FontFace | null>(null);
  /** Why a picked file (by face) or the form could not be taken. */
  uploadProblems = $state<Partial<Record<FontFace, string>>>({});
  formProblem = $state<string | null>(null);
  /** Refusals of edits on listed fonts, by font id. */
  rowProblems = $state<Record<string, string>>({});
  /** Sample families ready to use (by SHA-256). */
  private ready = $state<Record<string, true>>({});
  private readonly loading = new Set<string>();

  readonly rows = $derived.by<FontRow[]>(() => {
    const files = this.studio.files;
    if (!files) return [];
    const loaded = this.studio.system?.fonts ?? [];
    return edits.fontsOf(files).map((font) => {
      const id = String(font.id ?? '');
      const faceFiles = isObject(font.files) ? font.files : {};
      return {
        id,
        label: String(font.label ?? id),
        faces: FONT_FACES.filter((face) => typeof faceFiles[face] === 'string'),
        license: isObject(font.license) ? String(font.license.name ?? '') : '',
        sample: loaded.find((candidate) => candidate.id === id)?.faces.regular.sha256,
      };
    });
  });
  readonly id = $derived(
    this.idTyped.trim() !== ''
      ? this.idTyped.trim()
      : edits.fontIdFrom(
          this.label,
          this.rows.map((row) => row.id),
        ),
  );

  private readonly deps: FontsDeps;

  constructor(
    private readonly studio: StudioModel,
    deps: Partial<FontsDeps> = {},
  ) {
    this.deps = { api, errorMessage, register: registerGameFontFile, ...deps };
  }

  /** The CSS family of a sample once its file is registered (asks for it the first time). */
  sampleFamily(row: FontRow): string | undefined {
    if (!row.sample) return undefined;
    if (this.ready[row.sample]) return gameFontFamilyName(row.sample);
    if (!this.loading.has(row.sample)) {
      const sha = row.sample;
      this.loading.add(sha);
      // A font saved before: the installed game serves it (an unsaved one was registered on upload).
      void this.deps.api
        .getGameFont({ systemId: this.studio.systemId, fontId: row.id, face: 'regular' })
        .then((blob) => this.registerSample(sha, blob.bytes))
        .catch(() => this.loading.delete(sha));
    }
    return undefined;
  }

  private async registerSample(sha: string, bytes: Uint8Array): Promise<void> {
    this.loading.add(sha);
    try {
      await this.deps.register(sha, bytes);
      this.ready = { ...this.ready, [sha]: true };
    } catch {
      this.loading.delete(sha);
    }
  }

  /** Uploads a picked file; the face's upload, or undefined with the sentence in `uploadProblems`. */
  async upload(file: PickedFont, face: FontFace): Promise<UploadedFace | undefined> {
    this.uploadProblems = { ...this.uploadProblems, [face]: undefined };
    if (file.size > MAX_FONT_FILE_BYTES) {
      const problem = `"${file.name}" is ${megabytes(file.size)}; a game font file may be at most ${megabytes(MAX_FONT_FILE_BYTES)}`;
      this.uploadProblems = { ...this.uploadProblems, [face]: problem };
      return undefined;
    }
    this.uploading = face;
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const staged = await this.deps.api.stageGameFont({ systemId: this.studio.systemId, fileName: file.name, bytes });
      await this.registerSample(staged.uploadId, bytes);
      return { ...staged, fileName: file.name };
    } catch (error) {
      this.uploadProblems = { ...this.uploadProblems, [face]: this.deps.errorMessage(error) };
      return undefined;
    } finally {
      this.uploading = null;
    }
  }

  startAdding(): void {
    this.adding = true;
    this.label = '';
    this.idTyped = '';
    this.licenseName = DEFAULT_LICENSE;
    this.licenseUrl = '';
    this.licenseText = '';
    this.faces = {};
    this.uploadProblems = {};
    this.formProblem = null;
  }

  cancelAdding(): void {
    this.adding = false;
  }

  /** A file picked in the form: uploaded, and its family name offered as the label. */
  async pickFace(file: PickedFont, face: FontFace): Promise<void> {
    const uploaded = await this.upload(file, face);
    if (!uploaded) return;
    this.faces = { ...this.faces, [face]: uploaded };
    if (face === 'regular' && this.label.trim() === '') this.label = uploaded.familyName.replace(/_[A-Z0-9]{5}$/, '');
  }

  dropFace(face: FontFace): void {
    const { [face]: _gone, ...rest } = this.faces;
    this.faces = rest;
  }

  add(): void {
    if (!this.studio.files) return;
    const result = edits.addFont(this.studio.files, {
      id: this.id,
      label: this.label,
      license: { name: this.licenseName, url: this.licenseUrl, text: this.licenseText },
      faces: this.faces,
    });
    if ('problem' in result) {
      this.formProblem = result.problem;
      return;
    }
    this.studio.edit(`Add the font ${this.label.trim()}`, result.files, [], result.uploads);
    this.adding = false;
  }

  private apply(fontId: string, label: string, result: edits.FontEditResult): void {
    if ('problem' in result) {
      this.rowProblems = { ...this.rowProblems, [fontId]: result.problem };
      return;
    }
    const { [fontId]: _gone, ...rest } = this.rowProblems;
    this.rowProblems = rest;
    this.studio.edit(label, result.files, [], result.uploads);
  }

  async replace(row: FontRow, face: FontFace, file: PickedFont): Promise<void> {
    const uploaded = await this.upload(file, face);
    if (!uploaded) {
      this.rowProblems = { ...this.rowProblems, [row.id]: this.uploadProblems[face] ?? 'The file could not be added' };
      return;
    }
    if (!this.studio.files) return;
    const verb = row.faces.includes(face) ? 'Replace' : 'Add';
    this.apply(row.id, `${verb} the ${face} face of ${row.label}`, edits.replaceFace(this.studio.files, row.id, face, uploaded));
  }

  removeFace(row: FontRow, face: Exclude<FontFace, 'regular'>): void {
    if (this.studio.files)
      this.apply(row.id, `Remove the ${face} face of ${row.label}`, edits.removeFace(this.studio.files, row.id, face));
  }

  remove(row: FontRow): void {
    if (this.studio.files) this.apply(row.id, `Remove the font ${row.label}`, edits.removeFont(this.studio.files, row.id));
  }
}
