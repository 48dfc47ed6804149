// A folder of pictures on disk, listed for a CSV import (the CLI's `--images DIR`): every file
// whose name ends in a picture extension, with its path inside the folder. Bounded: at most
// `maxFiles` pictures and MAX_FOLDER_DEPTH levels of subfolders; hidden files and folders are
// skipped, and a symbolic link is followed only when it points inside the folder (a link out of
// it could read anything the user can).

import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { CsvPicturesInput, ImageInfo } from '../api/contract';
import { imageTooLargeMessage, MAX_IMAGE_BYTES } from '../api/image-limits';

/** The file names a picture folder reads; anything else is counted as skipped. */
export const PICTURE_EXTENSIONS = /\.(png|jpe?g|webp|svg)$/i;
const MAX_FOLDER_DEPTH = 8;

export interface PictureFolderListing {
  /** "/"-separated paths inside the folder, sorted, with their absolute paths. */
  files: { name: string; path: string }[];
  /** Files left out: not pictures by their name, links out of the folder, or past `maxFiles`. */
  skipped: number;
}

export function listPictureFolder(dir: string, maxFiles: number): PictureFolderListing {
  const root = realpathSync(dir);
  if (!statSync(root).isDirectory()) throw new Error(`${dir} is not a folder`);
  const files: PictureFolderListing['files'] = [];
  let skipped = 0;
  const inside = (path: string) => path === root || path.startsWith(root + sep);
  const walk = (folder: string, depth: number) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      let path = join(folder, entry.name);
      if (entry.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(path);
        } catch {
          skipped++; // a broken link
          continue;
        }
        if (!inside(target)) {
          skipped++;
          continue;
        }
        path = target;
      }
      const stat = lstatSync(path);
      if (stat.isDirectory()) {
        if (depth < MAX_FOLDER_DEPTH && !entry.isSymbolicLink()) walk(path, depth + 1);
        else skipped++;
      } else if (stat.isFile() && PICTURE_EXTENSIONS.test(entry.name) && files.length < maxFiles) {
        files.push({ name: relative(root, join(folder, entry.name)).split(sep).join('/'), path });
      } else if (stat.isFile()) skipped++;
    }
  };
  walk(root, 0);
  return { files, skipped };
}

/**
 * The folder's pictures read into the image library one by one (`addImage`: checked for type,
 * size and pixels, stored once by content), as the app does with a folder the user picks: each
 * file's path inside the folder with its image id, or why it was refused.
 */
export async function addPictureFolder(
  dir: string,
  maxFiles: number,
  addImage: (input: { fileName: string; bytes: Uint8Array }) => ImageInfo | Promise<ImageInfo>,
): Promise<Required<CsvPicturesInput>> {
  const listing = listPictureFolder(dir, maxFiles);
  const files: CsvPicturesInput['files'] = [];
  for (const file of listing.files) {
    const size = statSync(file.path).size;
    if (size > MAX_IMAGE_BYTES) {
      files.push({ name: file.name, problem: withoutName(file.name, imageTooLargeMessage(file.name, size)) });
      continue;
    }
    try {
      const image = await addImage({ fileName: file.name, bytes: new Uint8Array(readFileSync(file.path)) });
      files.push({ name: file.name, imageId: image.id });
    } catch (error) {
      files.push({ name: file.name, problem: withoutName(file.name, error instanceof Error ? error.message : String(error)) });
    }
  }
  return { files, skipped: listing.skipped };
}

/** A refusal without the file name it starts with: the report names the file beside it. */
export function withoutName(name: string, message: string): string {
  return message.startsWith(`${name}: `) ? message.slice(name.length + 2) : message;
}
