// The state of an image field in the card form: the thumbnail of the chosen picture (a blob URL
// of getImage's thumb), adding a picture from a dropped, pasted or picked file, and removing it.
// Replacing the picture drops the crop (x, y, zoom): it was chosen for the old picture's subject.

import type { FileBlob, ImageInfo } from '../../../src-main/api/contract';
import { imageTooLargeMessage, MAX_IMAGE_BYTES } from '../../../src-main/api/image-limits';
import { isImageRef, withCrop, type ImageRef } from '../../../card-schema/system/image-field';
import { userMessage } from '../lib/user-message';

export type CropSetting = 'x' | 'y' | 'zoom';

export interface ImageFieldDeps {
  addImage(input: { fileName: string; bytes: Uint8Array }): Promise<ImageInfo>;
  getImage(input: { id: string; variant: 'thumb' }): Promise<FileBlob>;
  objectUrl(blob: Blob): string;
  revokeUrl(url: string): void;
}

/** What the model needs of a File (tests pass plain objects). */
export interface ImageSource {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export class ImageFieldModel {
  /** The thumbnail of the current picture, once loaded. */
  thumbUrl = $state<string | null>(null);
  /** The last refusal or failure, in the API's words; cleared by the next attempt. */
  error = $state<string | null>(null);
  busy = $state(false);
  private shownId: string | null = null;

  constructor(
    private readonly deps: ImageFieldDeps,
    /** Sends the field's new value up to the form (undefined removes the field). */
    private readonly set: (value: ImageRef | undefined) => void,
  ) {}

  /** Shows the picture `value` references (called whenever the field's value changes). */
  async show(value: unknown): Promise<void> {
    const id = isImageRef(value) ? value.id : null;
    if (id === this.shownId) return;
    this.shownId = id;
    this.clearThumb();
    if (!id) return;
    try {
      const blob = await this.deps.getImage({ id, variant: 'thumb' });
      // Another picture may have been chosen while this one loaded.
      if (this.shownId !== id) return;
      this.thumbUrl = this.deps.objectUrl(new Blob([blob.bytes as Uint8Array<ArrayBuffer>], { type: blob.mimeType }));
    } catch (error) {
      if (this.shownId === id) this.error = messageOf(error);
    }
  }

  /** Stores the file in the image library and makes it the field's picture. */
  async add(file: ImageSource): Promise<void> {
    this.error = null;
    this.busy = true;
    try {
      this.set(await storeImage(this.deps.addImage, file));
    } catch (error) {
      this.error = messageOf(error);
    } finally {
      this.busy = false;
    }
  }

  /**
   * Moves or zooms the picture inside its box (the card's preview shows it live). A setting back
   * at its default is left out of the card, so an untouched crop stores just the id.
   */
  crop(value: unknown, setting: CropSetting, amount: number): void {
    if (!isImageRef(value) || !Number.isFinite(amount)) return;
    this.set(withCrop(value, { [setting]: amount }));
  }

  remove(): void {
    this.error = null;
    this.set(undefined);
  }

  dispose(): void {
    this.clearThumb();
  }

  private clearThumb(): void {
    if (this.thumbUrl) this.deps.revokeUrl(this.thumbUrl);
    this.thumbUrl = null;
  }
}

function messageOf(error: unknown): string {
  return userMessage(error);
}

/**
 * Stores a dropped, pasted or chosen file in the image library: a reference to it, or an error
 * in the library's words (a file over the size limit is refused before it is read).
 */
export async function storeImage(addImage: ImageFieldDeps['addImage'], file: ImageSource): Promise<ImageRef> {
  if (file.size > MAX_IMAGE_BYTES) throw new Error(imageTooLargeMessage(file.name, file.size));
  const info = await addImage({ fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  return { id: info.id };
}

/** The first file of a drop or a paste, if any. */
export function firstFile(data: DataTransfer | null): File | null {
  return data?.files?.[0] ?? null;
}
