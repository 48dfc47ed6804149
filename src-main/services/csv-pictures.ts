// The picture folder of a CSV import (docs/csv.md, "Pictures by file name"): an image column's
// cells name picture files, found without regard to case. The folder's files were read into the
// image library beforehand (the app and the CLI call addImage per file, which checks and dedupes
// them), so here a name only becomes the image id it was stored as, and the report says which
// cells named nothing, which files no row used and which were refused.
//
// A cell is matched, in this order and only when exactly one file fits (else it is missing, the
// candidates named):
//   1. the file's path inside the folder ("heroes/Foo.png"), any case, "\" read as "/";
//   2. the same without the extension ("heroes/foo");
//   3. the file's name in any subfolder ("Foo.PNG");
//   4. the file's name without the extension ("foo").

import type { CsvPicturesInput, CsvPicturesReport } from '../api/contract';

/** Entries each list of the report names (as many as the report's problems); the totals count all. */
const MAX_LISTED = 2_000;

interface PictureFile {
  name: string;
  imageId?: string;
  problem?: string;
}

const key = (text: string) =>
  text
    .normalize('NFC')
    .replace(/\\/g, '/')
    .replace(/^\.?\/+/, '')
    .toLowerCase();
const stem = (path: string) => path.replace(/\.[^./]+$/, '');
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export class CsvPictureFolder {
  private readonly files: PictureFile[];
  private readonly skipped: number;
  private readonly tiers: Map<string, PictureFile[]>[] = [new Map(), new Map(), new Map(), new Map()];
  private readonly used = new Set<PictureFile>();
  private readonly missing: CsvPicturesReport['missing'] = [];
  private missingTotal = 0;

  /** `has`: whether the image library holds an id (a stale list may name a picture tidied away since). */
  constructor(input: CsvPicturesInput | undefined, has: (imageId: string) => boolean = () => true) {
    this.files = (input?.files ?? []).map((file) =>
      file.imageId !== undefined && !has(file.imageId)
        ? { name: file.name, problem: 'the picture is no longer in the image library; choose the folder again' }
        : file,
    );
    this.skipped = input?.skipped ?? 0;
    for (const file of this.files) {
      const path = key(file.name);
      const name = baseName(path);
      [path, stem(path), name, stem(name)].forEach((text, tier) => {
        const list = this.tiers[tier].get(text) ?? [];
        if (!list.includes(file)) list.push(file);
        this.tiers[tier].set(text, list);
      });
    }
  }

  /** The image id of the picture `name` names, or undefined (noted as missing at `row`, `column`). */
  find(name: string, row: number, column: string): string | undefined {
    const wanted = key(name);
    let message = this.files.length === 0 ? 'no picture folder was chosen' : 'the picture folder has no file of this name';
    for (const tier of this.tiers) {
      const found = tier.get(wanted);
      if (!found) continue;
      if (found.length > 1) {
        const names = found.slice(0, 5).map((file) => file.name);
        message = `${found.length} files fit this name (${names.join(', ')}${found.length > 5 ? ', …' : ''}); write the file's full name`;
        break;
      }
      const file = found[0];
      this.used.add(file);
      if (file.imageId !== undefined) return file.imageId;
      message = `${file.name} was refused: ${file.problem ?? 'it is not a picture'}`;
      break;
    }
    this.missingTotal++;
    if (this.missing.length < MAX_LISTED) this.missing.push({ row, column, name, message });
    return undefined;
  }

  /** Whether the report has anything to say (a folder was given, or a cell named a picture). */
  get inUse(): boolean {
    return this.files.length > 0 || this.skipped > 0 || this.missingTotal > 0;
  }

  report(): CsvPicturesReport {
    const unused = this.files.filter((file) => file.imageId !== undefined && !this.used.has(file)).map((file) => file.name);
    const rejected = this.files
      .filter((file) => file.imageId === undefined)
      .map((file) => ({ name: file.name, message: file.problem ?? 'it is not a picture' }));
    return {
      files: this.files.length,
      skipped: this.skipped,
      used: [...this.used].filter((file) => file.imageId !== undefined).length,
      missing: this.missing,
      missingTotal: this.missingTotal,
      unused: unused.slice(0, MAX_LISTED),
      unusedTotal: unused.length,
      rejected: rejected.slice(0, MAX_LISTED),
    };
  }
}
