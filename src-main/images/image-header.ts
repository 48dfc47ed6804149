// What the PDF needs to know about a stored JPEG or PNG, read from its first bytes instead of
// asking sharp (a libvips call per picture cost ~0.5 ms each, half the art's time in a
// 1,000-card export): its size, whether it is upright and whether it has transparency. A header
// this cannot read is answered with undefined, and the caller asks sharp as before.

import { PNG_SIGNATURE } from './image-type';

export interface ImageHeader {
  width: number;
  height: number;
  /** False when EXIF says the picture must be turned (or a PNG carries EXIF, which this does not read). */
  upright: boolean;
  /** True for a PNG with an alpha channel or a transparent colour (tRNS). */
  alpha: boolean;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8) or DAC (CC). */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export function jpegHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let orientation = 1;
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) return undefined;
    const marker = bytes[pos + 1];
    if (marker === 0xff) {
      pos++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2; // no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // image data before any frame header
    const length = view.getUint16(pos + 2);
    const start = pos + 4;
    const end = pos + 2 + length;
    if (length < 2 || end > bytes.length) return undefined;
    if (marker === 0xe1) orientation = exifOrientation(view, start, end) ?? orientation;
    if (SOF_MARKERS.has(marker)) {
      if (start + 5 > end) return undefined;
      const height = view.getUint16(start + 1);
      const width = view.getUint16(start + 3);
      if (width === 0 || height === 0) return undefined;
      return { width, height, upright: orientation === 1, alpha: false };
    }
    pos = end;
  }
  return undefined;
}

/** The Orientation tag (0x0112) of an APP1 "Exif" segment's first IFD, if it has one. */
function exifOrientation(view: DataView, start: number, end: number): number | undefined {
  const EXIF = [0x45, 0x78, 0x69, 0x66, 0, 0];
  if (end - start < 14 || EXIF.some((byte, i) => view.getUint8(start + i) !== byte)) return undefined;
  const tiff = start + 6;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return undefined;
  const little = order === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return undefined;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return undefined;
    if (view.getUint16(entry, little) === 0x0112) return view.getUint16(entry + 8, little);
  }
  return undefined;
}

export function pngHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 33 || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = (at: number) => String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
  if (type(12) !== 'IHDR') return undefined;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const colorType = bytes[25];
  if (width === 0 || height === 0) return undefined;
  let alpha = colorType === 4 || colorType === 6;
  let upright = true;
  // tRNS and eXIf come before the image data: read the chunk list up to the first IDAT.
  let pos = 8;
  while (pos + 8 <= bytes.length) {
    const length = view.getUint32(pos);
    const name = type(pos + 4);
    if (name === 'IDAT') return { width, height, upright, alpha };
    if (name === 'tRNS') alpha = true;
    if (name === 'eXIf') upright = false;
    pos += 12 + length;
  }
  return undefined;
}
