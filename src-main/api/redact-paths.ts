// Error messages that reach the user never show where things live on this machine: known
// folders (data, app, temp, home) become short names, and any other absolute path left in an
// internal error becomes "<path>". Stack lines are dropped too.

import { homedir, tmpdir } from 'node:os';

export interface PathRoot {
  /** An absolute folder. */
  path: string;
  /** What to show instead, e.g. "<data folder>". */
  name: string;
}

/** Folders every process knows about; callers add the data folder and the app's folders. */
export function defaultPathRoots(): PathRoot[] {
  return [
    { path: tmpdir(), name: '<temp>' },
    { path: process.cwd(), name: '<app>' },
    { path: homedir(), name: '~' },
  ];
}

// An absolute POSIX path of two or more segments, or a Windows drive / UNC path, that starts a
// word. JSON pointers ("/cardTypes/0") also look like this, so only internal errors use it.
const ABSOLUTE_PATH = /(?<=^|[\s"'`(=[,])(?:\/(?:[^\s"'`/:]+\/)+[^\s"'`/:]*|[A-Za-z]:[\\/][^\s"'`:]*|\\\\[^\s"'`:]+)/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Replaces each root folder in `message` by its name (longest root first, so the data folder
 * inside the home folder is named as the data folder) and drops stack lines. With `anyPath`,
 * every remaining absolute path becomes "<path>".
 */
export function redactPaths(message: string, roots: readonly PathRoot[], anyPath = false): string {
  let text = message.split(/\n\s+at /)[0];
  const sorted = roots.filter((root) => root.path.length > 1).sort((a, b) => b.path.length - a.path.length);
  for (const root of sorted) {
    const variants = new Set([root.path.replace(/[\\/]+$/, ''), root.path.replace(/[\\/]+$/, '').replaceAll('\\', '/')]);
    for (const variant of variants) text = text.replace(new RegExp(escapeRegExp(variant), 'gi'), root.name);
  }
  return anyPath ? text.replace(ABSOLUTE_PATH, '<path>') : text;
}
