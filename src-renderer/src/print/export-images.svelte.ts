// The "Export images" dialog's state: format, dpi, bleed, faces, the file name pattern (with the
// name the first card would get, live) and zip or folder (a folder only in the desktop app: a
// browser downloads one file), or a print service's preset, which sets the card size, bleed, dpi
// and upload names. Runs the exportImages job in the dock, as the PDF export does.

import {
  CARD_IMAGE_DPIS,
  CARD_IMAGE_MAX_BLEED_MM,
  type JobResults,
  type JobSpecInput,
  type PrintSourceInput,
} from '../../../src-main/api/contract';
import {
  DEFAULT_NAME_PATTERN,
  exampleFileNames,
  namePatternProblem,
  type NameValues,
} from '../../../card-schema/exports/card-image-names';
import { podFileNames, podPixelSize, POD_PRESETS, type PodPresetId } from '../../../card-schema/exports/pod-presets';

export type ImageFormat = 'png' | 'jpeg';
export type ImageDpi = (typeof CARD_IMAGE_DPIS)[number];

/** The first card of the export, for the example name (id and set are not known before it runs). */
export interface ExampleCard {
  name: string;
  type: string;
  number?: string;
  count: number;
}

export class ExportImagesModel {
  format: ImageFormat = $state('png');
  dpi: ImageDpi = $state(300);
  bleedMm = $state(0);
  faces: 'fronts' | 'both' = $state('fronts');
  namePattern = $state(DEFAULT_NAME_PATTERN);
  as: 'zip' | 'folder' = $state('zip');
  example: ExampleCard | null = $state(null);
  /** A print service's card, or '' for the size and bleed chosen here. */
  preset: PodPresetId | '' = $state('');

  /** The chosen preset with the pixel size its images have. */
  readonly presetInfo = $derived(
    this.preset === '' ? undefined : { ...POD_PRESETS[this.preset], ...podPixelSize(POD_PRESETS[this.preset]) },
  );

  /** Chooses a preset and fills in its format, dpi and bleed (which it then holds). */
  choosePreset(id: PodPresetId | ''): void {
    this.preset = id;
    if (id === '') return;
    const preset = POD_PRESETS[id];
    this.format = preset.format;
    this.dpi = preset.dpi;
    this.bleedMm = Math.round(preset.bleedMm * 1000) / 1000;
  }

  readonly bleedValid = $derived(Number.isFinite(this.bleedMm) && this.bleedMm >= 0 && this.bleedMm <= CARD_IMAGE_MAX_BLEED_MM);
  readonly patternProblem = $derived(this.preset === '' ? namePatternProblem(this.namePattern) : undefined);
  readonly valid = $derived(this.bleedValid && this.patternProblem === undefined);

  /** "001-Cinder Pup.png", the back's name beside it when backs are exported. */
  readonly exampleName = $derived.by(() => {
    if (this.patternProblem) return '';
    const card = this.example ?? { name: 'Card name', type: 'type', count: 1 };
    const values: NameValues = {
      number: card.number ?? '1'.padStart(String(card.count).length, '0'),
      name: card.name,
      type: card.type,
      id: 'card-id',
      set: 'Set name',
    };
    const names =
      this.preset === ''
        ? exampleFileNames(this.namePattern, values, this.format)
        : podFileNames(0, card.count, card.name, this.format);
    return this.faces === 'fronts' ? names.front : `${names.front}, ${names.back}`;
  });

  job(source: PrintSourceInput): Extract<JobSpecInput, { kind: 'exportImages' }> {
    return {
      kind: 'exportImages',
      source,
      format: this.format,
      dpi: this.dpi,
      bleedMm: this.bleedMm,
      faces: this.faces,
      namePattern: this.namePattern.trim(),
      as: this.as,
      ...(this.preset === '' ? {} : { preset: this.preset }),
    };
  }
}

/** "Exported 61 card images (815 × 1110 px) to “Core images.zip”." */
export function exportedMessage(result: JobResults['exportImages']): string {
  const images = `${result.images.toLocaleString()} card ${result.images === 1 ? 'image' : 'images'}`;
  return `Exported ${images} (${result.widthPx} × ${result.heightPx} px) to “${result.file.savedTo ?? result.file.fileName}”.`;
}

export { CARD_IMAGE_DPIS, CARD_IMAGE_MAX_BLEED_MM };
