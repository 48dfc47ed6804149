// A font file a game ships, checked and measured once: it must be a TrueType or OpenType font
// fontkit opens (what pdfkit embeds and browsers load) and draw something. Its metrics are what layout measures text with, in main and in the renderer.

import { createHash } from 'node:crypto';
import { create as openFont, type Font } from 'fontkit';
import type { GameFontFace } from '../../card-schema/system/format';
import { fontMetricsOf } from '../../scripts/font-metrics-of.mjs';

/** A display font is tens of kilobytes, a large Latin/Greek/Cyrillic family a few megabytes. */
export const MAX_FONT_FILE_BYTES = 5 * 1024 * 1024;

export type MeasuredFontFile = { ok: true; face: GameFontFace } | { ok: false; reason: string };

const NOT_SFNT: Partial<Record<Font['type'], string>> = {
  WOFF: 'a WOFF web font',
  WOFF2: 'a WOFF2 web font',
  TTC: 'a font collection (.ttc) holding several fonts',
  DFont: 'a Mac resource-fork font (.dfont)',
};

/** Measured faces by SHA-256: a game loaded again (installed, restored) is not measured again. */
const measured = new Map<string, GameFontFace>();

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Checks and measures one font file (its size is checked before it is read: MAX_FONT_FILE_BYTES);
 * `reason` completes a sentence starting with the file's name.
 */
export function measureFontFile(bytes: Buffer): MeasuredFontFile {
  const sha256 = sha256Hex(bytes);
  const known = measured.get(sha256);
  if (known) return { ok: true, face: known };
  let font: Font;
  try {
    font = openFont(bytes);
  } catch (error) {
    return { ok: false, reason: `is not a font file Cardwright can read (${(error as Error).message})` };
  }
  const kind = NOT_SFNT[font.type];
  if (kind) return { ok: false, reason: `is ${kind}; a game font must be a TrueType or OpenType file (.ttf, .otf)` };
  let face: GameFontFace;
  try {
    face = { sha256, metrics: fontMetricsOf(font, { kerning: true }) };
  } catch (error) {
    return { ok: false, reason: `is a damaged font: measuring its glyphs failed (${(error as Error).message})` };
  }
  if (face.metrics.cover.length === 0 || !(face.metrics.unitsPerEm > 0)) {
    return { ok: false, reason: 'is a font without any character it can draw' };
  }
  measured.set(sha256, face);
  return { ok: true, face };
}
