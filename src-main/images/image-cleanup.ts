// Deletes pictures no card references any more. A card in the trash still counts (it may come
// back within 30 days), and a picture added within the grace period stays even when unused: it
// may be on its way into a card the user has not saved yet.
//
// Everything happens under the database's write lock (an IMMEDIATE transaction): adding an image
// writes its row first and its file second under the same lock, so no image can become used, or
// be added again, between the moment it is found unused and the moment its file is deleted.

import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { imageIdsInDoc } from '../../card-schema/system/image-field';
import type { Store } from '../store/store';
import { deleteImageFiles, imagesDir } from './image-files';

export const IMAGE_GRACE_MS = 60 * 60 * 1000;

/** Every 64-hex run in a document's text: a superset of the ids its image references hold. */
const HEX_RUN = /[0-9a-f]{64}/g;
const STORED_FILE = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

/**
 * The image ids any card document mentions. Read as text rather than parsed, which is faster and
 * errs on the side of keeping: any 64-hex-digit run counts as a reference. A document with JSON
 * escapes (which could spell an id another way) is parsed and walked as well.
 */
function referencedImageIds(store: Store): Set<string> {
  const ids = new Set<string>();
  for (const doc of store.images.cardDocuments()) {
    for (const match of doc.matchAll(HEX_RUN)) ids.add(match[0]);
    if (doc.includes('\\u')) for (const id of imageIdsInDoc(JSON.parse(doc) as unknown)) ids.add(id);
  }
  return ids;
}

export interface CleanupOptions {
  now?: Date;
  graceMs?: number;
}

/** Deletes unused images older than the grace period (rows, files, cached variants); returns how many. */
export function deleteUnusedImages(store: Store, dataDir: string, options: CleanupOptions = {}): { deleted: number } {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.graceMs ?? IMAGE_GRACE_MS));
  const work = store.db.transaction(() => {
    const referenced = referencedImageIds(store);
    const unused = store.images.addedBefore(cutoff.toISOString()).filter((image) => !referenced.has(image.id));
    for (const image of unused) {
      store.images.delete(image.id);
      deleteImageFiles(dataDir, image.id);
    }
    const strays = deleteStrayFiles(store, dataDir, cutoff, referenced);
    return unused.length + strays;
  });
  return { deleted: work.immediate() };
}

/**
 * Files without a row (an import that rolled back after writing its pictures) and temporary
 * files of interrupted writes, once older than the grace period.
 */
function deleteStrayFiles(store: Store, dataDir: string, cutoff: Date, referenced: Set<string>): number {
  let deleted = 0;
  const root = imagesDir(dataDir);
  let folders: string[];
  try {
    folders = readdirSync(root).filter((name) => /^[0-9a-f]{2}$/.test(name));
  } catch {
    return 0;
  }
  for (const folder of folders) {
    for (const name of readdirSync(join(root, folder))) {
      const path = join(root, folder, name);
      const stored = STORED_FILE.exec(name);
      const stray = stored ? !referenced.has(stored[1]) && !store.images.get(stored[1]) : name.endsWith('.part');
      if (!stray || statSync(path).mtime >= cutoff) continue;
      if (stored) {
        deleteImageFiles(dataDir, stored[1]);
        deleted += 1;
      } else rmSync(path, { force: true });
    }
  }
  return deleted;
}
