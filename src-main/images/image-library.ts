// The image library: pictures stored once by content (file + SQLite row), looked up by id, and
// shown in their variants. Card documents reference images by id (card-schema/system/image-field.ts).

import { existsSync, readFileSync } from 'node:fs';
import type { FileBlob, ImageInfo, ImageVariant } from '../api/contract';
import type { ImageRow, StoredImageMime } from '../store/images-repo';
import type { Store } from '../store/store';
import { findImageFile, imageFile, sha256Hex, writeFileAtomically } from './image-files';
import { imageVariant } from './image-variants';
import { readImageFile, type CheckedImage } from './read-image';

export function toImageInfo(row: ImageRow): ImageInfo {
  return { id: row.id, mime: row.mime, width: row.width, height: row.height, bytes: row.bytes };
}

export class ImageLibrary {
  constructor(
    private readonly store: Store,
    readonly dataDir: string,
  ) {}

  /** Checks and stores a file someone chose; the same picture added twice is stored once. */
  async addImage(bytes: Uint8Array, fileName: string): Promise<ImageInfo> {
    const image = await readImageFile(bytes, fileName);
    return this.store.transaction(() => this.storeChecked(image));
  }

  /**
   * Stores a picture already checked to decode. The row is written first, which takes the
   * database's write lock, and the file is then put in place if missing: cleanup deletes rows and
   * files under the same lock, so it can never delete the file of an image being added. Inside an
   * import's transaction, a rollback leaves at most a file without a row, which cleanup sweeps.
   */
  storeChecked(image: CheckedImage): ImageInfo {
    const id = sha256Hex(image.bytes);
    const row = this.store.images.save({
      id,
      mime: image.mime,
      width: image.width,
      height: image.height,
      bytes: image.bytes.byteLength,
    });
    const path = imageFile(this.dataDir, id, row.mime);
    if (!existsSync(path)) writeFileAtomically(path, image.bytes);
    return toImageInfo(row);
  }

  /** The stored picture's bytes as they are, or undefined when the library does not hold it. */
  readStored(id: string): { mime: StoredImageMime; bytes: Uint8Array } | undefined {
    const found = findImageFile(this.dataDir, id);
    return found && { mime: found.mime, bytes: readFileSync(found.path) };
  }

  has(id: string): boolean {
    return this.store.images.get(id) !== undefined;
  }

  listImageInfo(ids: readonly string[]): ImageInfo[] {
    return this.store.images.getMany(ids).map(toImageInfo);
  }

  getImage(id: string, variant: ImageVariant): Promise<FileBlob> {
    return imageVariant(this.dataDir, id, variant);
  }
}
