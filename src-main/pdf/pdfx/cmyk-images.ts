// Card art for a press-ready document: any picture (PNG with transparency, JPEG, WebP) turned
// into a CMYK JPEG through the output profile and held to the total ink limit pixel by pixel. A
// picture's transparency is kept as its own 8-bit mask (an image soft mask, which PDF/X-4
// allows), so a cut-out figure still shows the card behind it as in the standard export.
//
// sharp cannot take raw pixels as CMYK (raw input is grey or sRGB), so the ink-limited pixels
// go back to it as an uncompressed CMYK TIFF made here, and sharp encodes the JPEG from that,
// its pipeline kept in CMYK so the pixels are not converted again.

import type { Sharp } from 'sharp';
import { loadSharp } from '../../images/load-sharp';
import { limitInkInPixels } from './ink-limit';

/** sharp's own default (about 268 megapixels): larger art is refused before it is decoded. */
const MAX_ART_PIXELS = 0x3fff * 0x3fff;
/**
 * Larger art is scaled down to this many pixels before it is converted (24 MP is a whole tarot
 * card at well over 1200 dpi): the raw CMYK pixels, their TIFF copy and the decoded check are
 * each 4 bytes a pixel, so memory stays near 300 MB for the largest picture.
 */
export const MAX_CMYK_PIXELS = 24_000_000;
const JPEG_QUALITY = 95;
/**
 * JPEG is lossy: a decoded pixel can come out a few levels above what was encoded (ringing at
 * sharp edges). The art is limited this much below the ink limit first; each encoding is then
 * decoded and checked, and the pixels that still came out over the limit are lowered by their
 * excess and encoded again: MAX_ROUNDS encodings at most (the tests' art, noisy rich blacks
 * included, passes within them; should one not, the last encoding is off by a level or two).
 */
const JPEG_INK_HEADROOM_PERCENT = 2;
const MAX_ROUNDS = 8;

/** A picture as a press-ready PDF embeds it. */
export interface CmykArt {
  /** A CMYK JPEG. */
  jpeg: Buffer;
  /** Its opacity, one byte a pixel at the JPEG's size (absent: opaque). */
  alpha?: Buffer;
}

/** `bytes` (any picture sharp reads) as CMYK art whose decoded pixels are within `inkLimitPercent`. */
export async function toCmykArt(bytes: Buffer, inkLimitPercent: number, maxPixels = MAX_CMYK_PIXELS): Promise<CmykArt> {
  const sharp = await loadSharp();
  const { width = 0, height = 0, hasAlpha } = await sharp(bytes, { limitInputPixels: MAX_ART_PIXELS }).metadata();
  const shrink = Math.min(1, Math.sqrt(maxPixels / Math.max(1, width * height)));
  // A square bound on the longer side, whichever way the picture is turned (EXIF orientation).
  const side = Math.floor(Math.max(width, height) * shrink);
  const open = () => {
    const picture = sharp(bytes, { limitInputPixels: MAX_ART_PIXELS }).rotate();
    return shrink < 1 ? picture.resize({ width: side, height: side, fit: 'inside' }) : picture;
  };
  const jpeg = await toCmykJpeg(hasAlpha ? open().removeAlpha() : open(), inkLimitPercent);
  if (!hasAlpha) return { jpeg };
  const alpha = await open().extractChannel('alpha').raw().toBuffer();
  // Fully opaque after all: no mask.
  return alpha.every((value) => value === 255) ? { jpeg } : { jpeg, alpha };
}

/** An opened picture (opaque) as a CMYK JPEG whose decoded pixels are within `inkLimitPercent`. */
async function toCmykJpeg(picture: Sharp, inkLimitPercent: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const { data, info } = await picture.toColourspace('cmyk').raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`Converting art to CMYK gave ${info.channels} channels instead of 4`);
  limitInkInPixels(data, inkLimitPercent - JPEG_INK_HEADROOM_PERCENT);
  const limit = inkLimitLevel(inkLimitPercent);
  const encode = () =>
    sharp(cmykTiff(data, info.width, info.height), { limitInputPixels: MAX_ART_PIXELS })
      .pipelineColourspace('cmyk')
      .toColourspace('cmyk')
      .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:4:4' })
      .toBuffer();
  let jpeg = await encode();
  for (let round = 1; round < MAX_ROUNDS; round++) {
    const decoded = await sharp(jpeg).pipelineColourspace('cmyk').toColourspace('cmyk').raw().toBuffer();
    // Each round lowers a little more than the excess: neighbours' ringing moves too.
    if (!lowerWhereOver(data, decoded, info.width, limit, 1 + 2 * round)) return jpeg;
    jpeg = await encode();
  }
  return jpeg;
}

/** The ink limit in 8-bit levels summed over C, M, Y and K (255 is 100 %). */
export const inkLimitLevel = (limitPercent: number): number => Math.floor((limitPercent / 100) * 255);

/**
 * Where `decoded` is over `limit`: JPEG's error spreads over the 8×8 block a pixel is coded in,
 * so every pixel of that block is held `excess + margin` levels below the limit (C, M and Y
 * lowered together, K kept). Whether any pixel was over.
 */
function lowerWhereOver(source: Uint8Array, decoded: Uint8Array, width: number, limit: number, margin: number): boolean {
  const blocksPerRow = Math.ceil(width / 8);
  const blockExcess = new Map<number, number>();
  for (let i = 0; i + 3 < decoded.length; i += 4) {
    const excess = decoded[i] + decoded[i + 1] + decoded[i + 2] + decoded[i + 3] - limit;
    if (excess <= 0) continue;
    const pixel = i / 4;
    const block = Math.floor(pixel / width / 8) * blocksPerRow + Math.floor((pixel % width) / 8);
    blockExcess.set(block, Math.max(excess, blockExcess.get(block) ?? 0));
  }
  const height = source.length / 4 / width;
  for (const [block, excess] of blockExcess) {
    const top = Math.floor(block / blocksPerRow) * 8;
    const left = (block % blocksPerRow) * 8;
    const target = limit - excess - margin;
    for (let y = top; y < Math.min(height, top + 8); y++)
      for (let x = left; x < Math.min(width, left + 8); x++) {
        const i = (y * width + x) * 4;
        const colour = source[i] + source[i + 1] + source[i + 2];
        const over = colour + source[i + 3] - target;
        if (over <= 0 || colour === 0) continue;
        const scale = Math.max(0, colour - over) / colour;
        source[i] = Math.floor(source[i] * scale);
        source[i + 1] = Math.floor(source[i + 1] * scale);
        source[i + 2] = Math.floor(source[i + 2] * scale);
      }
  }
  return blockExcess.size > 0;
}

/** A baseline, uncompressed, little-endian TIFF of 8-bit CMYK pixels (one strip). */
export function cmykTiff(pixels: Uint8Array, width: number, height: number): Buffer {
  const SHORT = 3;
  const LONG = 4;
  const tags: [tag: number, type: number, count: number, value: number][] = [];
  const ifd = 8;
  const entries = 11;
  const bitsAt = ifd + 2 + entries * 12 + 4;
  const dataAt = bitsAt + 8;
  tags.push(
    [256, LONG, 1, width], // ImageWidth
    [257, LONG, 1, height], // ImageLength
    [258, SHORT, 4, bitsAt], // BitsPerSample: 8, 8, 8, 8 (stored at bitsAt)
    [259, SHORT, 1, 1], // Compression: none
    [262, SHORT, 1, 5], // PhotometricInterpretation: separated (CMYK)
    [273, LONG, 1, dataAt], // StripOffsets
    [277, SHORT, 1, 4], // SamplesPerPixel
    [278, LONG, 1, height], // RowsPerStrip
    [279, LONG, 1, pixels.length], // StripByteCounts
    [284, SHORT, 1, 1], // PlanarConfiguration: chunky
    [332, SHORT, 1, 1], // InkSet: CMYK
  );
  const header = Buffer.alloc(dataAt);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(ifd, 4);
  header.writeUInt16LE(entries, ifd);
  tags.forEach(([tag, type, count, value], index) => {
    const at = ifd + 2 + index * 12;
    header.writeUInt16LE(tag, at);
    header.writeUInt16LE(type, at + 2);
    header.writeUInt32LE(count, at + 4);
    if (type === SHORT && count === 1) header.writeUInt16LE(value, at + 8);
    else header.writeUInt32LE(value, at + 8);
  });
  header.writeUInt32LE(0, ifd + 2 + entries * 12);
  for (let channel = 0; channel < 4; channel++) header.writeUInt16LE(8, bitsAt + channel * 2);
  return Buffer.concat([header, pixels]);
}
