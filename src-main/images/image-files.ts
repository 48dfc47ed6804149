// Where the image library keeps its files: `<dataDir>/images/<first 2 hex>/<id>.<ext>` for the
// pictures (named by the SHA-256 of their bytes, so a file's name says what it must hold) and
// `<dataDir>/images/cache/` for the variants made from them. Writes go through a temporary name
// and a rename, so a reader never sees half a file.

import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StoredImageMime } from '../store/images-repo';

export const EXTENSION_OF: Record<StoredImageMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const MIMES = Object.keys(EXTENSION_OF) as StoredImageMime[];

export function imagesDir(dataDir: string): string {
  return join(dataDir, 'images');
}

export function imageCacheDir(dataDir: string): string {
  return join(imagesDir(dataDir), 'cache');
}

export function imageFile(dataDir: string, id: string, mime: StoredImageMime): string {
  return join(imagesDir(dataDir), id.slice(0, 2), `${id}.${EXTENSION_OF[mime]}`);
}

/** The stored file of an image and its type, found without the database (job workers, the PDF). */
export function findImageFile(dataDir: string, id: string): { path: string; mime: StoredImageMime } | undefined {
  for (const mime of MIMES) {
    const path = imageFile(dataDir, id, mime);
    if (existsSync(path)) return { path, mime };
  }
  return undefined;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Writes `bytes` to `path` through a temporary name in the same folder, then renames. */
export function writeFileAtomically(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${randomUUID()}.part`;
  try {
    writeFileSync(partial, bytes);
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Every variant file the cache may hold for one image, by name. */
export const CACHED_VARIANTS = ['thumb.webp', 'preview.webp', 'print.png', 'print.jpg'] as const;
export type CachedVariant = (typeof CACHED_VARIANTS)[number];

export function cachedVariantFile(dataDir: string, id: string, variant: CachedVariant): string {
  return join(imageCacheDir(dataDir), id.slice(0, 2), `${id}.${variant}`);
}

/** Deletes an image's file and every cached variant of it. */
export function deleteImageFiles(dataDir: string, id: string): void {
  for (const mime of MIMES) rmSync(imageFile(dataDir, id, mime), { force: true });
  for (const variant of CACHED_VARIANTS) rmSync(cachedVariantFile(dataDir, id, variant), { force: true });
}
