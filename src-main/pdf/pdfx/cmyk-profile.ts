// The CMYK output profile of press-ready exports and the sRGB → CMYK conversion through it.
//
// The profile is the one libvips (inside sharp) ships as its built-in "cmyk" profile: ArgyllCMS'
// "Chemical proof" CMYK profile by Graeme W. Gill, released into the public domain. Using it
// means nothing is downloaded or committed, and vector colours and card art are converted by
// the same profile (art through sharp/lcms itself).
//
// Vector colours are painted synchronously, so they cannot wait for sharp: the conversion of a
// 33×33×33 grid of sRGB colours is made once per process (one sharp call, ~36k pixels) and
// colours between grid points are interpolated (trilinear), as a colour engine's own lookup
// tables do.

import { loadSharp } from '../../images/load-sharp';
import type { Cmyk } from './ink-limit';

const GRID = 33;

export interface CmykProfile {
  /** The ICC profile's bytes (embedded in the PDF as its output intent). */
  icc: Buffer;
  /** Its description, as the profile names itself. */
  description: string;
  /** An sRGB colour (each part 0–255) as CMYK through the profile, each part 0–1. */
  toCmyk(r: number, g: number, b: number): Cmyk;
}

let loading: Promise<CmykProfile> | undefined;

/** The profile, loaded once per process. */
export function loadCmykProfile(): Promise<CmykProfile> {
  loading ??= makeProfile().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function makeProfile(): Promise<CmykProfile> {
  const sharp = await loadSharp();
  const probe = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
    .toColourspace('cmyk')
    .withIccProfile('cmyk')
    .jpeg()
    .toBuffer();
  const { icc } = await sharp(probe).metadata();
  if (!icc) throw new Error('sharp wrote no CMYK profile into its JPEG: the press-ready profile cannot be made');

  const grid = Buffer.alloc(GRID * GRID * GRID * 3);
  let at = 0;
  for (let r = 0; r < GRID; r++)
    for (let g = 0; g < GRID; g++)
      for (let b = 0; b < GRID; b++) {
        grid[at++] = level(r);
        grid[at++] = level(g);
        grid[at++] = level(b);
      }
  const table = await sharp(grid, { raw: { width: GRID * GRID * GRID, height: 1, channels: 3 } })
    .toColourspace('cmyk')
    .raw()
    .toBuffer();
  return { icc, description: iccDescription(icc) ?? 'CMYK', toCmyk: (r, g, b) => interpolate(table, r, g, b) };
}

/** The sRGB level (0–255) of grid index `i`. */
const level = (i: number): number => Math.round((i * 255) / (GRID - 1));

function interpolate(table: Buffer, r: number, g: number, b: number): Cmyk {
  const at = [r, g, b].map((value) => (Math.min(255, Math.max(0, value)) * (GRID - 1)) / 255);
  const low = at.map((value) => Math.min(GRID - 2, Math.floor(value)));
  const t = at.map((value, i) => value - low[i]);
  const out = [0, 0, 0, 0];
  for (let corner = 0; corner < 8; corner++) {
    const dr = corner >> 2;
    const dg = (corner >> 1) & 1;
    const db = corner & 1;
    const weight = (dr ? t[0] : 1 - t[0]) * (dg ? t[1] : 1 - t[1]) * (db ? t[2] : 1 - t[2]);
    if (weight === 0) continue;
    const index = (((low[0] + dr) * GRID + (low[1] + dg)) * GRID + (low[2] + db)) * 4;
    for (let channel = 0; channel < 4; channel++) out[channel] += weight * table[index + channel];
  }
  return [out[0] / 255, out[1] / 255, out[2] / 255, out[3] / 255];
}

/** The profile's 'desc' text (ICC v2 textDescription), if it has one. */
function iccDescription(icc: Buffer): string | undefined {
  if (icc.length < 132) return undefined;
  const count = icc.readUInt32BE(128);
  for (let i = 0; i < count && 132 + i * 12 + 12 <= icc.length; i++) {
    const entry = 132 + i * 12;
    if (icc.toString('latin1', entry, entry + 4) !== 'desc') continue;
    const offset = icc.readUInt32BE(entry + 4);
    if (icc.toString('latin1', offset, offset + 4) !== 'desc' || offset + 12 > icc.length) return undefined;
    const length = icc.readUInt32BE(offset + 8);
    return icc.toString('latin1', offset + 12, Math.min(icc.length, offset + 12 + length)).replace(/\0+$/, '');
  }
  return undefined;
}
