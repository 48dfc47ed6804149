// The sizes a stored picture is shown and printed at, made with sharp on first use and cached in
// `<dataDir>/images/cache/`: thumb and preview as WebP, print as the PDF needs it (pdfkit draws
// JPEG and PNG): a JPEG as it is, anything with transparency flattened once onto white.

import { loadSharp } from './load-sharp';
import { readFileSync } from 'node:fs';
import type { FileBlob, ImageVariant } from '../api/contract';
import { ApiError } from '../api/api-error';
import { cachedVariantFile, findImageFile, writeFileAtomically, type CachedVariant } from './image-files';

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

/**
 * The picture for the PDF, at its full size (never enlarged). Async (sharp is), and needs only
 * the data folder, so the PDF export's job worker can call it. A JPEG that needs no rotation
 * comes back byte for byte; a rotated JPEG (EXIF orientation) is turned upright once; a PNG with
 * transparency and any WebP are flattened onto white once, as PNG.
 */
export async function printImage(dataDir: string, id: string): Promise<PrintImage> {
  const { path, mime } = requireImageFile(dataDir, id);
  const sharp = await loadSharp();
  const meta = await sharp(path).metadata();
  const upright = (meta.orientation ?? 1) === 1;
  let bytes: Buffer;
  let outMime: PrintImage['mime'];
  if (mime === 'image/jpeg') {
    outMime = 'image/jpeg';
    bytes = upright
      ? readFileSync(path)
      : await cached(dataDir, id, 'print.jpg', () => sharp(path).rotate().jpeg({ quality: 95 }).toBuffer());
  } else if (mime === 'image/png' && !meta.hasAlpha && upright) {
    outMime = 'image/png';
    bytes = readFileSync(path);
  } else {
    outMime = 'image/png';
    bytes = await cached(dataDir, id, 'print.png', () =>
      sharp(path).rotate().flatten({ background: '#ffffff' }).png().toBuffer(),
    );
  }
  return { bytes, width: meta.autoOrient.width, height: meta.autoOrient.height, mime: outMime };
}

export async function imageVariant(dataDir: string, id: string, variant: ImageVariant): Promise<FileBlob> {
  if (variant === 'print') {
    const image = await printImage(dataDir, id);
    const extension = image.mime === 'image/jpeg' ? 'jpg' : 'png';
    return { fileName: `${id}.print.${extension}`, mimeType: image.mime, bytes: image.bytes };
  }
  return { fileName: `${id}.${variant}.webp`, mimeType: 'image/webp', bytes: await screenImage(dataDir, id, variant) };
}
