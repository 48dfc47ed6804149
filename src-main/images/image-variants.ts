// The sizes a stored picture is shown and printed at, made with sharp on first use and cached in
// `<dataDir>/images/cache/`: thumb and preview as WebP, print as the PDF needs it (pdfkit draws
// JPEG and PNG): a JPEG as it is, anything with transparency flattened once onto white.

import { loadSharp } from './load-sharp';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FileBlob, ImageVariant } from '../api/contract';
import { ApiError } from '../api/api-error';
import { cachedVariantFile, findImageFile, writeFileAtomically, type CachedVariant } from './image-files';
import { jpegHeader, pngHeader } from './image-header';

const SCREEN_SIZES = { thumb: 160, preview: 1024 } as const;

export interface PrintImage {
  bytes: Buffer;
  width: number;
  height: number;
  mime: 'image/jpeg' | 'image/png';
}

function requireImageFile(dataDir: string, id: string) {
  const found = findImageFile(dataDir, id);
  if (!found) throw new ApiError(`The image library has no image ${id}`, 'NOT_FOUND');
  return found;
}

/** The cached file, or `make`'s bytes written to the cache first. */
async function cached(dataDir: string, id: string, variant: CachedVariant, make: () => Promise<Buffer>): Promise<Buffer> {
  const path = cachedVariantFile(dataDir, id, variant);
  try {
    return readFileSync(path);
  } catch {
    const bytes = await make();
    writeFileAtomically(path, bytes);
    return bytes;
  }
}

/** A thumb or preview: at most `SCREEN_SIZES[variant]` px on its longest side, never enlarged. */
async function screenImage(dataDir: string, id: string, variant: keyof typeof SCREEN_SIZES): Promise<Buffer> {
  const { path } = requireImageFile(dataDir, id);
  const size = SCREEN_SIZES[variant];
  const sharp = await loadSharp();
  return cached(dataDir, id, `${variant}.webp`, () =>
    sharp(path).rotate().resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
  );
}

/** sharp's own default (about 268 megapixels), stated: a larger picture is refused before it is decoded. */
const MAX_PRINT_PIXELS = 0x3fff * 0x3fff;

/**
 * The picture for the PDF, at its full size (never enlarged). Async (sharp is), and needs only
 * the data folder, so the PDF export's job worker can call it. A JPEG that needs no rotation
 * comes back byte for byte, and an opaque upright PNG too, known from their headers without
 * sharp (image-header.ts); a rotated JPEG (EXIF orientation) is turned upright once; a PNG with
 * transparency and any WebP are flattened onto white once, as PNG. The file is read
 * asynchronously, so a caller reading several at once spreads them over libuv's threads, and
 * sharp's work runs on libvips' threads.
 */
export async function printImage(dataDir: string, id: string): Promise<PrintImage> {
  const { path, mime } = requireImageFile(dataDir, id);
  const original = await readFile(path);
  const header = mime === 'image/jpeg' ? jpegHeader(original) : mime === 'image/png' ? pngHeader(original) : undefined;
  if (header?.upright && !header.alpha) {
    return {
      bytes: original,
      width: header.width,
      height: header.height,
      mime: mime === 'image/jpeg' ? 'image/jpeg' : 'image/png',
    };
  }
  const turnOnly = mime === 'image/jpeg';
  const variant = turnOnly ? 'print.jpg' : 'print.png';
  const cachedPath = cachedVariantFile(dataDir, id, variant);
  const made = await readFile(cachedPath).catch(() => undefined);
  const madeHeader = made && (turnOnly ? jpegHeader(made) : pngHeader(made));
  if (made && madeHeader)
    return { bytes: made, width: madeHeader.width, height: madeHeader.height, mime: turnOnly ? 'image/jpeg' : 'image/png' };
  const sharp = await loadSharp();
  const upright = sharp(original, { limitInputPixels: MAX_PRINT_PIXELS }).rotate();
  const { data, info } = await (
    turnOnly ? upright.jpeg({ quality: 95 }) : upright.flatten({ background: '#ffffff' }).png()
  ).toBuffer({
    resolveWithObject: true,
  });
  writeFileAtomically(cachedPath, data);
  return { bytes: data, width: info.width, height: info.height, mime: turnOnly ? 'image/jpeg' : 'image/png' };
}

export async function imageVariant(dataDir: string, id: string, variant: ImageVariant): Promise<FileBlob> {
  if (variant === 'print') {
    const image = await printImage(dataDir, id);
    const extension = image.mime === 'image/jpeg' ? 'jpg' : 'png';
    return { fileName: `${id}.print.${extension}`, mimeType: image.mime, bytes: image.bytes };
  }
  return { fileName: `${id}.${variant}.webp`, mimeType: 'image/webp', bytes: await screenImage(dataDir, id, variant) };
}
