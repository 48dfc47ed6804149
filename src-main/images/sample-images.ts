// The pictures of the sample sets shipped with the app. Seeding runs while the app opens,
// synchronously, and sharp's decoding is asynchronous; so the shipped art is baseline or
// progressive JPEG, whose size this reads from its frame header, and whose bytes must hash to the
// id the sample file gives. Anything else in a sample file is refused like a broken set file.

import { invalidFile } from '../services/file-format';
import { sha256Hex } from './image-files';
import type { FileImage } from './file-images';
import type { CheckedImage } from './read-image';

/** Start-of-frame markers that carry the picture's size (SOF0–SOF15 but DHT, JPG and DAC). */
const FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Width and height from a JPEG's frame header, or undefined when the bytes are no JPEG. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (FRAME_MARKERS.has(marker)) {
      const height = (bytes[at + 5] << 8) | bytes[at + 6];
      const width = (bytes[at + 7] << 8) | bytes[at + 8];
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    at += 2 + length;
  }
  return undefined;
}

/** A sample file's picture, checked without decoding it. */
export function checkSampleImage(fileName: string, id: string, image: FileImage): CheckedImage {
  const bytes = Buffer.from(image.data, 'base64');
  const where = `images["${id.slice(0, 12)}…"]`;
  if (sha256Hex(bytes) !== id) throw invalidFile(fileName, `${where}: the picture's bytes do not hash to its id`);
  const size = image.mime === 'image/jpeg' ? jpegSize(bytes) : undefined;
  if (!size) throw invalidFile(fileName, `${where}: sample pictures must be JPEG files`);
  return { bytes, mime: 'image/jpeg', ...size };
}
