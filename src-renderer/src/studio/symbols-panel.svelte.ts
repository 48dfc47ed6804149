// The Symbols panel's state: an uploaded SVG file becomes a pending symbol (or a refusal
// sentence), which is added once it has a valid token and meaning; symbols already in the game
// are renamed, relabelled and removed in place. Nothing is written until an edit is valid.

import { symbolFromSvg, SVG_FILE_LIMIT, type SvgSymbol } from '../../../card-schema/studio/svg-symbol';
import type { EditResult } from '../../../card-schema/studio/play-edit-shared';
import * as edits from '../../../card-schema/studio/symbol-edits';
import type { StudioEditor } from './play-panel.svelte';

/** What the panel reads of a picked file (a DOM File has it). */
export interface PickedSvg {
  name: string;
  size: number;
  text(): Promise<string>;
}

export interface PendingSymbol extends SvgSymbol {
  fileName: string;
}

export class SymbolsPanelModel {
  pending = $state.raw<PendingSymbol | null>(null);
  /** Why the last file could not become a symbol. */
  uploadProblem = $state<string | null>(null);
  token = $state('');
  label = $state('');
  /** Refusals of the last edit, by field (`symbol-token`, `symbol:<token>:label`…). */
  refusals = $state<Record<string, string>>({});

  readonly symbols = $derived.by(() => (this.studio.files ? Object.entries(edits.symbolsOf(this.studio.files)) : []));
  /** The token's problem as it is typed (before Add is pressed). */
  readonly tokenProblem = $derived.by(() =>
    this.pending && this.token !== '' && this.studio.files
      ? edits.symbolTokenProblem(this.studio.files, this.token.trim())
      : undefined,
  );

  constructor(private readonly studio: StudioEditor) {}

  /** Reads a picked SVG file into a pending symbol; its name (without .svg) suggests the token. */
  async upload(file: PickedSvg): Promise<void> {
    this.pending = null;
    this.uploadProblem = null;
    this.refusals = {};
    // The size is known before reading: a huge file is refused without loading it.
    if (file.size > SVG_FILE_LIMIT) {
      this.uploadProblem = `“${file.name}” is larger than ${SVG_FILE_LIMIT / 1024} KB; a symbol is a small icon, so save a simpler drawing.`;
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      this.uploadProblem = `Could not read “${file.name}”: ${error instanceof Error ? error.message : String(error)}`;
      return;
    }
    const result = symbolFromSvg(text);
    if (!result.ok) {
      this.uploadProblem = `“${file.name}”: ${result.message}`;
      return;
    }
    this.pending = { ...result.symbol, fileName: file.name };
    const stem = file.name.replace(/\.svg$/i, '');
    const suggested = stem
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^[-_]+/, '')
      .slice(0, 32);
    this.token = this.studio.files && edits.symbolTokenProblem(this.studio.files, suggested) === undefined ? suggested : '';
    this.label = '';
  }

  cancel(): void {
    this.pending = null;
    this.uploadProblem = null;
    this.refusals = {};
  }

  /** Adds the pending symbol under the typed token and meaning; false (with the sentence) when refused. */
  add(): boolean {
    const pending = this.pending;
    const files = this.studio.files;
    if (!pending || !files) return false;
    const token = this.token.trim();
    const result = edits.addSymbol(files, token, { label: this.label, path: pending.path, viewBox: pending.viewBox });
    if (!result.ok) {
      this.refusals = { [result.field]: result.message };
      return false;
    }
    this.studio.edit(`Add symbol {${token}}`, result.files);
    this.pending = null;
    this.refusals = {};
    this.token = '';
    this.label = '';
    return true;
  }

  rename(from: string, to: string): boolean {
    return this.apply(`Rename symbol {${from}}`, (files) => edits.renameSymbol(files, from, to.trim()), `symbol:${from}:token`);
  }

  relabel(token: string, label: string): boolean {
    return this.apply(`Relabel symbol {${token}}`, (files) => edits.setSymbolLabel(files, token, label), `symbol:${token}:label`);
  }

  remove(token: string): boolean {
    return this.apply(`Remove symbol {${token}}`, (files) => edits.removeSymbol(files, token), `symbol:${token}`);
  }

  private apply(label: string, edit: (files: NonNullable<StudioEditor['files']>) => EditResult, field: string): boolean {
    const files = this.studio.files;
    if (!files) return false;
    const result = edit(files);
    const refusals = { ...this.refusals };
    delete refusals[field];
    if (!result.ok) {
      this.refusals = { ...refusals, [result.field]: result.message };
      return false;
    }
    this.refusals = refusals;
    this.studio.edit(label, result.files);
    return true;
  }
}
