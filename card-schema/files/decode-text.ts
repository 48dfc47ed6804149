// A file's bytes as text, whatever encoding a spreadsheet or an old editor saved it in: UTF-8
// (with or without a byte-order mark), UTF-16 LE/BE (by its mark, or by the zero bytes of mostly
// ASCII text without one), and Windows-1252 (Latin-1's superset) when the bytes are not valid
// UTF-8. Pure (TextDecoder exists in Node and in every browser), so the renderer's file pickers
// and main's imports decode alike.

// The WHATWG decoder as far as this module uses it: a global of Node and browsers alike, but not
// of ES2023's lib, the only one card-schema sees.
declare const TextDecoder: new (
  label?: string,
  options?: { fatal?: boolean; ignoreBOM?: boolean },
) => { decode(input: Uint8Array, options?: { stream?: boolean }): string };

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** The file began with a byte-order mark (dropped from `text`). */
  bom: boolean;
  /** Said to the user when the file was not plain UTF-8 ("read as Latin-1 …"); absent otherwise. */
  note?: string;
}

/** How the encoding is named to users. */
export const ENCODING_LABELS: Record<TextEncodingName, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Latin-1 (Windows-1252)',
};

/** Bytes looked at to guess UTF-16 without a byte-order mark. */
const SNIFF_BYTES = 4096;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** UTF-16 without a mark: mostly-ASCII text has a zero in every other byte (odd: LE, even: BE). */
function unmarkedUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const length = Math.min(bytes.length, SNIFF_BYTES) & ~1;
  if (length < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.6 && evenZeros < pairs * 0.1) return 'utf-16le';
  if (evenZeros > pairs * 0.6 && oddZeros < pairs * 0.1) return 'utf-16be';
  return undefined;
}

function decode(encoding: TextEncodingName, bytes: Uint8Array, fatal = false): string {
  // ignoreBOM: the mark is stripped by the caller, so it is not doubled or kept.
  return new TextDecoder(encoding, { fatal, ignoreBOM: true }).decode(bytes);
}

/**
 * Decodes `bytes`; never throws. `stream`: the bytes are the start of a longer file (a preview),
 * so a character cut at the end is not a reason to leave UTF-8.
 */
export function decodeTextBytes(bytes: Uint8Array, options: { stream?: boolean } = {}): DecodedText {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { text: decode('utf-8', bytes.subarray(3)), encoding: 'utf-8', bom: true };
  if (startsWith(bytes, [0xff, 0xfe])) {
    return { text: decode('utf-16le', bytes.subarray(2)), encoding: 'utf-16le', bom: true, note: 'read as UTF-16 LE' };
  }
  if (startsWith(bytes, [0xfe, 0xff])) {
    return { text: decode('utf-16be', bytes.subarray(2)), encoding: 'utf-16be', bom: true, note: 'read as UTF-16 BE' };
  }
  const utf16 = unmarkedUtf16(bytes);
  if (utf16) {
    const label = ENCODING_LABELS[utf16];
    return { text: decode(utf16, bytes), encoding: utf16, bom: false, note: `read as ${label} (no byte-order mark)` };
  }
  try {
    const text = options.stream
      ? new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, { stream: true })
      : decode('utf-8', bytes, true);
    return { text, encoding: 'utf-8', bom: false };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    return {
      text: decode('windows-1252', bytes),
      encoding: 'windows-1252',
      bom: false,
      note: `read as Latin-1 (Windows-1252): the file is not valid UTF-8 (byte ${offset + 1} is 0x${bytes[offset].toString(16).toUpperCase().padStart(2, '0')})`,
    };
  }
}

/** Where UTF-8 decoding first fails (the bytes are known not to be valid UTF-8). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const size = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (size === 0) return i;
    for (let k = 1; k < size; k++) if (i + k >= bytes.length || (bytes[i + k] & 0xc0) !== 0x80) return i;
    i += size;
  }
  return Math.max(0, bytes.length - 1);
}

/**
 * Why text that was decoded as UTF-8 elsewhere looks wrong, if it does: UTF-16 read as UTF-8
 * shows zero characters between the letters, Latin-1 read as UTF-8 shows replacement characters.
 * For JSON imports that receive text (the API, the command line): a clear sentence instead of
 * "Unexpected token".
 */
export function misdecodedTextProblem(text: string): string | undefined {
  const head = text.slice(0, SNIFF_BYTES);
  if (head.startsWith('\uFFFD\uFFFD') || head.includes('\u0000')) {
    return 'looks like UTF-16 text read as UTF-8 (it holds zero characters); save it as UTF-8, or import the file itself rather than its text';
  }
  const bad = text.indexOf('\uFFFD');
  if (bad >= 0) {
    const line = text.slice(0, bad).split('\n').length;
    return `holds bytes that are not UTF-8 (line ${line}; Latin-1 or Windows-1252?); save it as UTF-8`;
  }
  return undefined;
}
