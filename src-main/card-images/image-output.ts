// Where exported card images go: one zip file, or a folder of files. Either fills a temporary
// name beside the output (partial-files.ts) and takes the output's name only once every image is
// written, so a cancelled or failed export leaves nothing where the user asked for it.

import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { partialPath } from '../jobs/partial-files';
import { ZipStreamWriter } from './zip-stream';

export interface ImageOutput {
  add(fileName: string, bytes: Uint8Array): Promise<void>;
  /** Puts the output in place; the bytes written (the zip's size, or the images' total). */
  finish(): Promise<number>;
  /** Removes whatever was written. */
  abort(): Promise<void>;
}

export function zipOutput(path: string): ImageOutput {
  const partial = partialPath(path);
  const zip = new ZipStreamWriter(partial);
  return {
    add: (name, bytes) => zip.add(name, bytes),
    finish: async () => {
      const bytes = await zip.close();
      renameSync(partial, path);
      return bytes;
    },
    abort: async () => {
      await zip.abort();
      rmSync(partial, { force: true });
    },
  };
}

/** A folder at `path`: made when missing; when there, the images go into it (replacing files of the same name). */
export function folderOutput(path: string): ImageOutput {
  if (existsSync(path) && !statSync(path).isDirectory())
    throw new Error(`${path} is a file, not a folder; give a folder to write the images into`);
  const partial = partialPath(path);
  mkdirSync(partial, { recursive: true });
  let total = 0;
  return {
    add: async (name, bytes) => {
      writeFileSync(join(partial, name), bytes);
      total += bytes.byteLength;
    },
    finish: async () => {
      if (!existsSync(path)) renameSync(partial, path);
      else {
        for (const name of readdirSync(partial)) renameSync(join(partial, name), join(path, name));
        rmSync(partial, { recursive: true, force: true });
      }
      return total;
    },
    abort: async () => rmSync(partial, { recursive: true, force: true }),
  };
}
