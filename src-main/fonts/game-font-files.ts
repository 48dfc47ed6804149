// The bytes of a loaded game's font files, for the preview (getGameFont) and the PDF. A file is
// read from the game's folder and must still be the file the game was loaded with (its SHA-256):
// text was measured with that file's metrics, so another file would print differently.

import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { FONT_FACES, type FontFace } from '../../card-schema/layout/format';
import type { GameFont, GameSystem } from '../../card-schema/system/format';
import { gameFontFace } from '../../card-schema/layout/game-fonts';
import type { FileBlob } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { SystemRegistry } from '../services/system-registry';
import { sha256Hex } from './measure-font-file';

/** Font file contents by SHA-256 (each file once, whatever fonts, faces or games share it). */
export type GameFontBuffers = Map<string, Buffer>;

/** The file setting `face` of `font` (its own, else the regular one), checked against the loaded game. */
export function readGameFontFace(system: GameSystem, dir: string, font: GameFont, face: FontFace): Buffer {
  const { sha256 } = gameFontFace(font, face);
  const file = font.files[face] ?? font.files.regular;
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(dir, ...file.split('/')));
  } catch {
    throw new ApiError(`${system.name}: the font file "${file}" is missing from the game's folder`, 'NOT_FOUND');
  }
  if (sha256Hex(bytes) !== sha256) {
    throw new ApiError(
      `${system.name}: the font file "${file}" changed since the game was loaded; restart Cardwright to load it again`,
      'CONFLICT',
    );
  }
  return bytes;
}

/** One face of a font of an installed game, for the preview. */
export function gameFontBlob(systems: SystemRegistry, systemId: string, fontId: string, face: FontFace): FileBlob {
  const system = systems.require(systemId);
  const installed = systems.installed(systemId);
  const font = system.fonts?.find((candidate) => candidate.id === fontId);
  if (!installed || !font) {
    const known = (system.fonts ?? []).map((candidate) => `"${candidate.id}"`).join(', ') || 'none';
    throw new ApiError(`${system.name} has no font "${fontId}" (fonts: ${known})`, 'NOT_FOUND');
  }
  const file = font.files[face] ?? font.files.regular;
  const bytes = readGameFontFace(system, installed.dir, font, face);
  return { fileName: basename(file), mimeType: /\.otf$/i.test(file) ? 'font/otf' : 'font/ttf', bytes: new Uint8Array(bytes) };
}

/** Every font file of these games, for a print that may set text in any of them. */
export function gameFontBuffers(systems: SystemRegistry, systemIds: Iterable<string>): GameFontBuffers {
  const buffers: GameFontBuffers = new Map();
  for (const systemId of new Set(systemIds)) {
    const system = systems.require(systemId);
    const installed = systems.installed(systemId);
    if (!installed) continue;
    for (const font of system.fonts ?? []) {
      for (const face of FONT_FACES) {
        const { sha256 } = gameFontFace(font, face);
        if (!buffers.has(sha256)) buffers.set(sha256, readGameFontFace(system, installed.dir, font, face));
      }
    }
  }
  return buffers;
}
