// A zip archive of already-compressed files (PNG sheets, a small JSON), stored without
// deflating: PNGs do not shrink, and storing keeps this a few lines on Node's own crc32.
// Names are UTF-8 (general-purpose flag bit 11), so any deck name survives.

import { crc32 } from 'node:zlib';

export interface ZipEntry {
  /** Path inside the archive, "/"-separated. */
  name: string;
  bytes: Uint8Array;
}

const UTF8_NAMES = 0x0800;
/** DOS date/time of 1 Jan 2026 00:00: archives are reproducible, not timestamped. */
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

/** The local header and central-directory record of one stored entry at `offset`. */
export function storedEntryHeaders(name: Buffer, data: Buffer, offset: number): { local: Buffer; central: Buffer } {
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(UTF8_NAMES, 6);
  local.writeUInt16LE(0, 8); // stored
  local.writeUInt16LE(DOS_TIME, 10);
  local.writeUInt16LE(DOS_DATE, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt16LE(0, 28);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // made by
  central.writeUInt16LE(20, 6); // needed
  central.writeUInt16LE(UTF8_NAMES, 8);
  central.writeUInt16LE(0, 10);
  central.writeUInt16LE(DOS_TIME, 12);
  central.writeUInt16LE(DOS_DATE, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(offset, 42);
  return { local, central };
}

/** The end-of-central-directory record. */
export function zipEndRecord(entries: number, centralLength: number, centralOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(centralLength, 12);
  end.writeUInt32LE(centralOffset, 16);
  return end;
}

export function zipStore(entries: readonly ZipEntry[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.from(entry.bytes.buffer, entry.bytes.byteOffset, entry.bytes.byteLength);
    if (data.length >= 0xffffffff || offset >= 0xffffffff)
      throw new Error('the archive would exceed 4 GB (zip64 is not written)');
    const headers = storedEntryHeaders(name, data, offset);
    central.push(headers.central, name);
    chunks.push(headers.local, name, data);
    offset += headers.local.length + name.length + data.length;
  }
  const centralBytes = Buffer.concat(central);
  return Buffer.concat([...chunks, centralBytes, zipEndRecord(entries.length, centralBytes.length, offset)]);
}
