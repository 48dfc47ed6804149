// Pictures inside set files and game bundles: `"images": { "<id>": { "mime": "image/png",
// "data": "<base64>" } }`, holding every image the file's cards reference. On import each one
// is decoded and checked (its bytes must hash to its id and decode as the type it claims) before
// anything is stored, so a tampered or broken picture refuses the whole file.

import { imageIdsInDoc } from '../../card-schema/system/image-field';
import { IMAGE_ID_PATTERN } from '../../card-schema/system/image-field';
import { describeValue, invalidFile, isPlainObject } from '../services/file-format';
import type { StoredImageMime } from '../store/images-repo';
import { EXTENSION_OF, sha256Hex } from './image-files';
import type { ImageLibrary } from './image-library';
import { readImageFile, type CheckedImage } from './read-image';

export interface FileImage {
  mime: StoredImageMime;
  data: string;
}

export type FileImagesJson = Record<string, FileImage>;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The `images` of a file, checked for shape only (verifyFileImages checks the pictures). */
export function parseFileImages(fileName: string, value: unknown, where = 'images'): Map<string, FileImage> {
  const images = new Map<string, FileImage>();
  if (value === undefined) return images;
  if (!isPlainObject(value))
    throw invalidFile(fileName, `"${where}" must be an object of images by id, found ${describeValue(value)}`);
  for (const [id, entry] of Object.entries(value)) {
    const at = `${where}["${id.length > 70 ? `${id.slice(0, 64)}…` : id}"]`;
    if (!IMAGE_ID_PATTERN.test(id))
      throw invalidFile(fileName, `${at}: an image id must be 64 lowercase hex digits (the SHA-256 of its bytes)`);
    if (!isPlainObject(entry))
      throw invalidFile(fileName, `${at} must be an object with "mime" and "data", found ${describeValue(entry)}`);
    if (typeof entry.mime !== 'string' || !Object.hasOwn(EXTENSION_OF, entry.mime)) {
      throw invalidFile(
        fileName,
        `${at}.mime must be "image/png", "image/jpeg" or "image/webp", found ${describeValue(entry.mime)}`,
      );
    }
    if (typeof entry.data !== 'string' || !BASE64.test(entry.data)) {
      throw invalidFile(fileName, `${at}.data must be the picture's bytes in base64, found ${describeValue(entry.data)}`);
    }
    images.set(id, { mime: entry.mime as StoredImageMime, data: entry.data });
  }
  return images;
}

/** Decodes and checks every picture; the first one that is wrong refuses the file, naming it. */
export async function verifyFileImages(fileName: string, images: ReadonlyMap<string, FileImage>): Promise<CheckedImage[]> {
  const checked: CheckedImage[] = [];
  for (const [id, entry] of images) {
    const at = `images["${id}"]`;
    const bytes = Buffer.from(entry.data, 'base64');
    if (sha256Hex(bytes) !== id) {
      throw invalidFile(
        fileName,
        `${at}: the picture's bytes do not match its id (their SHA-256); the file was changed or damaged`,
      );
    }
    const image = await readImageFile(bytes, `${fileName} ${at}`);
    if (image.mime !== entry.mime)
      throw invalidFile(fileName, `${at}: the picture is ${image.mime}, not ${entry.mime} as the file says`);
    checked.push(image);
  }
  return checked;
}

/** Every image the documents reference that the library holds, ready for a file's `images`. */
export function fileImagesOf(images: ImageLibrary, docs: Iterable<unknown>): FileImagesJson {
  const ids = new Set<string>();
  for (const doc of docs) for (const id of imageIdsInDoc(doc)) ids.add(id);
  const out: FileImagesJson = {};
  for (const id of [...ids].sort()) {
    const stored = images.readStored(id);
    if (stored) out[id] = { mime: stored.mime, data: Buffer.from(stored.bytes).toString('base64') };
  }
  return out;
}
