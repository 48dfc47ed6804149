// The temporary file an export fills beside its output until it is complete. Its name carries the
// writing process's id, so what a job whose process or thread died left behind can be found and
// removed (a normal failure removes its own).

import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { backsFilePath } from '../pdf/backs-file';

export function partialPath(path: string): string {
  return `${path}.${process.pid}-${Date.now()}.part`;
}

/** Removes the partial files of a job writing `outputPath` (and its backs file) whose process `pid` died. */
export function removePartials(outputPath: string | undefined, pid: number | undefined): void {
  if (outputPath === undefined || pid === undefined) return;
  const prefixes = [outputPath, backsFilePath(outputPath)].map((path) => `${basename(path)}.${pid}-`);
  let names: string[];
  try {
    names = readdirSync(dirname(outputPath));
  } catch {
    return; // the folder itself is gone or unreadable: nothing of ours to remove
  }
  for (const name of names)
    if (name.endsWith('.part') && prefixes.some((prefix) => name.startsWith(prefix)))
      rmSync(join(dirname(outputPath), name), { recursive: true, force: true }); // an image export's folder too
}
