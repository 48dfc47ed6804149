// A stored (not deflated: PNG and JPEG do not shrink) zip archive written entry by entry into a
// file, so an export of thousands of images never holds more than one of them in memory. The
// same format as tts/zip-store.ts: UTF-8 names, a fixed timestamp, no zip64 (4 GB at most).

import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { storedEntryHeaders, zipEndRecord } from '../tts/zip-store';

const MAX_ZIP_BYTES = 0xffffffff;
const MAX_ENTRIES = 0xffff;

export class ZipStreamWriter {
  private readonly out: WriteStream;
  private readonly central: Buffer[] = [];
  private offset = 0;
  private entries = 0;

  constructor(path: string) {
    this.out = createWriteStream(path);
  }

  async add(name: string, bytes: Uint8Array): Promise<void> {
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const nameBytes = Buffer.from(name, 'utf8');
    if (this.entries >= MAX_ENTRIES) throw new Error('the archive would hold more than 65,535 files (zip64 is not written)');
    if (this.offset + 30 + nameBytes.length + data.length >= MAX_ZIP_BYTES)
      throw new Error('the archive would exceed 4 GB (zip64 is not written); export fewer cards or as a folder');
    const { local, central } = storedEntryHeaders(nameBytes, data, this.offset);
    this.central.push(central, nameBytes);
    this.offset += local.length + nameBytes.length + data.length;
    this.entries++;
    this.out.write(local);
    this.out.write(nameBytes);
    if (!this.out.write(data)) await once(this.out, 'drain');
  }

  /** Writes the central directory and closes the file; its size in bytes. */
  async close(): Promise<number> {
    const centralBytes = Buffer.concat(this.central);
    const end = zipEndRecord(this.entries, centralBytes.length, this.offset);
    this.out.write(centralBytes);
    this.out.end(end);
    await finished(this.out);
    return this.offset + centralBytes.length + end.length;
  }

  /** Stops writing (the caller removes the file). */
  async abort(): Promise<void> {
    if (this.out.closed) return;
    const closed = once(this.out, 'close').catch(() => undefined);
    this.out.destroy();
    await closed;
  }
}
