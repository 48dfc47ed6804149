// Font files the studio adds to a game being edited. An upload is checked and measured as the
// loader would (size, TrueType/OpenType, something to draw), then kept aside by its SHA-256 in
// the user's systems folder until a save stages it into the game's folder with the JSON files
// (game-edit.ts); the studio's files stay JSON. Uploads outlive saves (an undone font can be
// saved again) and are swept at the next start (system-folder-journal.ts).

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { create as openFont } from 'fontkit';
import type { StagedGameFont } from '../api/contract';
import { ApiError } from '../api/api-error';
import { MAX_FONT_FILE_BYTES, measureFontFile, megabytes, sha256Hex } from '../fonts/measure-font-file';
import type { Library } from './library';
import { requireEditable } from './editable-game';

/** The folder of uploads, in the user's systems folder (dot-named: never taken for a game). */
export const FONT_UPLOADS = '.font-uploads';

function uploadsDir(userSystemsDir: string, systemId: string): string {
  return join(userSystemsDir, FONT_UPLOADS, systemId);
}

/** "OTTO" opens an OpenType file with PostScript outlines; anything else sfnt is TrueType. */
const formatOf = (bytes: Uint8Array): StagedGameFont['format'] =>
  bytes.length >= 4 && String.fromCharCode(...bytes.subarray(0, 4)) === 'OTTO' ? 'otf' : 'ttf';

export function stageGameFont(
  lib: Library,
  userSystemsDir: string,
  input: { systemId: string; fileName: string; bytes: Uint8Array },
): StagedGameFont {
  requireEditable(lib, input.systemId);
  const name = `"${input.fileName}"`;
  if (input.bytes.length > MAX_FONT_FILE_BYTES) {
    throw new ApiError(
      `${name} is ${megabytes(input.bytes.length)}; a game font file may be at most ${megabytes(MAX_FONT_FILE_BYTES)}`,
      'INVALID_FILE',
    );
  }
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  const measured = measureFontFile(bytes);
  if (!measured.ok) throw new ApiError(`${name} ${measured.reason}`, 'INVALID_FILE');
  const format = formatOf(bytes);
  const uploadId = sha256Hex(bytes);
  const dir = uploadsDir(userSystemsDir, input.systemId);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${uploadId}.${format}`);
  if (!existsSync(path)) writeFileSync(path, bytes, { flush: true });
  let familyName = '';
  try {
    familyName = openFont(bytes).familyName ?? '';
  } catch {
    // measureFontFile opened it already; a name is only a suggestion
  }
  return { uploadId, format, familyName: familyName.trim().slice(0, 80), bytes: bytes.length };
}

/** The uploaded files `fontFiles` names (path → upload id), in base64 by path, as staging writes font files. */
export function readFontUploads(
  userSystemsDir: string,
  systemId: string,
  fontFiles: Readonly<Record<string, string>>,
): Record<string, string> {
  const dir = uploadsDir(userSystemsDir, systemId);
  const out: Record<string, string> = {};
  for (const [path, uploadId] of Object.entries(fontFiles)) {
    const file = ['ttf', 'otf'].map((ext) => join(dir, `${uploadId}.${ext}`)).find((candidate) => existsSync(candidate));
    if (!file) {
      throw new ApiError(
        `The font file added as "${path}" is no longer kept (Cardwright restarted since it was added); add the font file again`,
        'BAD_INPUT',
      );
    }
    const bytes = readFileSync(file);
    if (sha256Hex(bytes) !== uploadId) {
      throw new ApiError(`The font file added as "${path}" changed on disk; add the font file again`, 'BAD_INPUT');
    }
    out[path] = bytes.toString('base64');
  }
  return out;
}
