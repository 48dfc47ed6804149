// Reads the zips the app writes as an unzip tool would: every entry's data is checked against
// the CRC-32 and sizes its central directory records (yauzl checks structure and sizes, not CRCs).

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** Every file in the archive by its path ("/"-separated), in archive order; folders are left out. */
export async function readZip(path: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((done, fail) =>
    yauzl.open(path, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, file) =>
      error ? fail(error) : done(file),
    ),
  );
  const files = new Map<string, Buffer>();
  try {
    await new Promise<void>((done, fail) => {
      zip.on('error', fail);
      zip.on('end', () => done());
      zip.on('entry', (entry: Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        readEntry(zip, entry).then((bytes) => {
          files.set(entry.fileName, bytes);
          zip.readEntry();
        }, fail);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return files;
}

/** The archive's file paths, as `unzip -Z1` lists them (folders left out). */
export async function listZip(path: string): Promise<string[]> {
  return [...(await readZip(path)).keys()];
}

/** Extracts the archive into `dir` as a file manager's "Extract here" does; refuses paths leaving it. */
export async function extractZip(path: string, dir: string): Promise<void> {
  const root = resolve(dir);
  for (const [name, bytes] of await readZip(path)) {
    const target = resolve(root, ...name.split('/'));
    if (!target.startsWith(root + sep)) throw new Error(`${path}: entry "${name}" would be written outside ${dir}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
}

async function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const stream = await new Promise<NodeJS.ReadableStream>((done, fail) =>
    zip.openReadStream(entry, (error, readable) => (error ? fail(error) : done(readable))),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const crc = crc32(bytes);
  if (crc !== entry.crc32)
    throw new Error(`${entry.fileName}: CRC-32 ${crc.toString(16)} does not match the archive's ${entry.crc32.toString(16)}`);
  return bytes;
}
