// Turns the bytes of a file someone chose into a picture the library can store: PNG, JPEG and
// WebP as they are, SVG rasterized to PNG (so nothing downstream ever runs a vector renderer
// again). Every refusal names the file and the problem; nothing is written here.

import { loadSharp } from './load-sharp';
import { ApiError } from '../api/api-error';
import { imageTooLargeMessage, MAX_IMAGE_BYTES } from '../api/image-limits';
import type { StoredImageMime } from '../store/images-repo';
import { sniffImageType, type SniffedImageType } from './image-type';

/** A picture checked to decode, ready to store. */
export interface CheckedImage {
  bytes: Uint8Array;
  mime: StoredImageMime;
  /** As displayed (EXIF orientation applied). */
  width: number;
  height: number;
}

/** SVGs are rasterized so that their longest side has this many pixels. */
export const SVG_RASTER_SIZE = 2048;
/** sharp's own default (about 268 megapixels): larger pictures are refused before they are decoded. */
const MAX_INPUT_PIXELS = 0x3fff * 0x3fff;

const MIME_OF: Record<Exclude<SniffedImageType, 'svg'>, StoredImageMime> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

function refused(fileName: string, problem: string): ApiError {
  return new ApiError(`${fileName}: ${problem}`, 'INVALID_FILE');
}

/** The reason sharp gave, without its internal prefixes ("pngload_buffer: end of stream"). */
function decoderReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Input buffer (has corrupt header|contains unsupported image format):?\s*/i, '').trim() || message;
}

export async function readImageFile(input: Uint8Array, fileName: string): Promise<CheckedImage> {
  if (input.byteLength > MAX_IMAGE_BYTES) {
    throw new ApiError(imageTooLargeMessage(fileName, input.byteLength), 'INVALID_FILE');
  }
  if (input.byteLength === 0) throw refused(fileName, 'the file is empty');
  const type = sniffImageType(input);
  if (!type) throw refused(fileName, 'this is not a PNG, JPEG, WebP or SVG image');
  try {
    return type === 'svg' ? await rasterizeSvg(input) : await checkRaster(input, MIME_OF[type]);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw refused(fileName, `the ${type.toUpperCase()} image is damaged and cannot be read (${decoderReason(error)})`);
  }
}

async function checkRaster(bytes: Uint8Array, mime: StoredImageMime): Promise<CheckedImage> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_INPUT_PIXELS };
  const meta = await sharp(bytes, options).metadata();
  // Decoding it whole is the only way to know the data after the header is intact.
  await sharp(bytes, options).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  return { bytes, mime, width: meta.autoOrient.width, height: meta.autoOrient.height };
}

async function rasterizeSvg(svg: Uint8Array): Promise<CheckedImage> {
  const sharp = await loadSharp();
  const meta = await sharp(svg).metadata();
  const longest = Math.max(meta.width, meta.height, 1);
  // Render at the density that makes the longest side SVG_RASTER_SIZE, instead of scaling up a 72 dpi bitmap.
  const density = Math.min(100_000, Math.max(1, (72 * SVG_RASTER_SIZE) / longest));
  const { data, info } = await sharp(svg, { density, limitInputPixels: MAX_INPUT_PIXELS })
    .resize(SVG_RASTER_SIZE, SVG_RASTER_SIZE, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, mime: 'image/png', width: info.width, height: info.height };
}
