// The image library through the API: what it accepts (PNG, JPEG, WebP, SVG rasterized), what it
// refuses and with which words, that one picture is stored once, and the variants it serves.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { MAX_IMAGE_BYTES } from '../../src-main/api/contract';
import { readImageFile } from '../../src-main/images/read-image';
import { printImage } from '../../src-main/images/image-variants';
import { apiCaller, failure, type Call } from './api-call';
import { testImage } from '../fixtures/art-game';

const ROOT = resolve(import.meta.dirname, '../..');
let dataDir: string;
let app: Cardwright;
let call: Call;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-images-'));
  app = openCardwright({
    dataDir,
    systemsDir: join(ROOT, 'card-schema/systems'),
    // No samples: their art would be in the library these tests count.
    samplesDir: join(dataDir, 'no-samples'),
    fontsDir: join(ROOT, 'resources/fonts'),
  });
  call = apiCaller(app);
});

afterEach(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const storedFiles = () =>
  readdirSync(join(dataDir, 'images'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(join(dataDir, 'images').length + 1))
    .sort();

describe('adding images', () => {
  it('stores PNG, JPEG and WebP as they are, named by the SHA-256 of their bytes', async () => {
    for (const [format, mime, extension] of [
      ['png', 'image/png', 'png'],
      ['jpeg', 'image/jpeg', 'jpg'],
      ['webp', 'image/webp', 'webp'],
    ] as const) {
      const bytes = await testImage(format, { width: 300, height: 120 });
      const info = await call('addImage', { fileName: `art.${extension}`, bytes });
      expect(info).toEqual({ id: sha256(bytes), mime, width: 300, height: 120, bytes: bytes.length });
      expect(existsSync(join(dataDir, 'images', info.id.slice(0, 2), `${info.id}.${extension}`))).toBe(true);
      expect(await call('listImageInfo', { ids: [info.id] })).toEqual([info]);
    }
  });

  it('stores the same picture once, whatever it is called', async () => {
    const bytes = await testImage('png');
    const first = await call('addImage', { fileName: 'one.png', bytes });
    const second = await call('addImage', { fileName: 'two.png', bytes });
    expect(second).toEqual(first);
    expect(storedFiles()).toEqual([`${first.id.slice(0, 2)}/${first.id}.png`]);
    expect(app.jobs.list()).toEqual([]);
  });

  it('rasterizes an SVG to a PNG whose longest side is 2048 px', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="#c33"/></svg>',
    );
    const info = await call('addImage', { fileName: 'badge.svg', bytes: svg });
    expect(info).toMatchObject({ mime: 'image/png', width: 2048, height: 1024 });
    const stored = readFileSync(join(dataDir, 'images', info.id.slice(0, 2), `${info.id}.png`));
    expect(sha256(stored)).toBe(info.id);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 2048, height: 1024 });
  });

  it('refuses what is not an image, a damaged image and a file over 50 MB, naming the file; nothing is stored', async () => {
    const text = await failure(call('addImage', { fileName: 'notes.png', bytes: new TextEncoder().encode('just some notes\n') }));
    expect(text).toMatchObject({ code: 'INVALID_FILE', message: 'notes.png: this is not a PNG, JPEG, WebP or SVG image' });

    const png = await testImage('png');
    const damaged = await failure(call('addImage', { fileName: 'half.png', bytes: png.subarray(0, png.length / 2) }));
    expect(damaged.code).toBe('INVALID_FILE');
    expect(damaged.message).toMatch(/^half\.png: the PNG image is damaged and cannot be read \(.+\)$/);

    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1);
    huge.set(png);
    // Over the API the transports' size limit stops a body this size only past 50 MB of base64.
    await expect(readImageFile(huge, 'poster.png')).rejects.toThrow(
      'poster.png: the file is 50.1 MB; an image may be at most 50 MB',
    );
    const overApi = await failure(call('addImage', { fileName: 'poster.png', bytes: huge }));
    expect(overApi.message).toBe('poster.png: the file is 50.1 MB; an image may be at most 50 MB');

    expect(existsSync(join(dataDir, 'images'))).toBe(false);
    expect(app.handlers.listImageInfo({ ids: [sha256(png)] })).toEqual([]);
  });
});

describe('variants', () => {
  it('makes thumb and preview WebPs on first use, never enlarged, and caches them', async () => {
    const info = await call('addImage', { fileName: 'wide.png', bytes: await testImage('png', { width: 2000, height: 1000 }) });
    const thumb = await call('getImage', { id: info.id, variant: 'thumb' });
    expect(thumb.mimeType).toBe('image/webp');
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'webp', width: 160, height: 80 });
    const preview = await call('getImage', { id: info.id, variant: 'preview' });
    expect(await sharp(preview.bytes).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 512 });
    expect(storedFiles().filter((file) => file.startsWith('cache/'))).toEqual([
      `cache/${info.id.slice(0, 2)}/${info.id}.preview.webp`,
      `cache/${info.id.slice(0, 2)}/${info.id}.thumb.webp`,
    ]);

    const small = await call('addImage', { fileName: 'small.png', bytes: await testImage('png', { width: 100, height: 60 }) });
    const notEnlarged = await call('getImage', { id: small.id, variant: 'preview' });
    expect(await sharp(notEnlarged.bytes).metadata()).toMatchObject({ width: 100, height: 60 });
  });

  it('prints a JPEG byte for byte and flattens a transparent PNG onto white once', async () => {
    const jpeg = await testImage('jpeg');
    const jpegInfo = await call('addImage', { fileName: 'photo.jpg', bytes: jpeg });
    const printedJpeg = await printImage(dataDir, jpegInfo.id);
    expect(printedJpeg).toMatchObject({ mime: 'image/jpeg', width: 320, height: 200 });
    expect(Buffer.compare(printedJpeg.bytes, jpeg)).toBe(0);

    // The left half is fully transparent: printed, it is white and opaque.
    const png = await testImage('png', { alpha: true, width: 200, height: 100 });
    const pngInfo = await call('addImage', { fileName: 'cutout.png', bytes: png });
    const printed = await printImage(dataDir, pngInfo.id);
    expect(printed).toMatchObject({ mime: 'image/png', width: 200, height: 100 });
    const meta = await sharp(printed.bytes).metadata();
    expect(meta.hasAlpha).toBe(false);
    const { data } = await sharp(printed.bytes)
      .extract({ left: 10, top: 10, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data]).toEqual([255, 255, 255]);
    const cached = join(dataDir, 'images', 'cache', pngInfo.id.slice(0, 2), `${pngInfo.id}.print.png`);
    expect(existsSync(cached)).toBe(true);
    const blob = await call('getImage', { id: pngInfo.id, variant: 'print' });
    expect(Buffer.compare(Buffer.from(blob.bytes), printed.bytes)).toBe(0);

    const webp = await call('addImage', { fileName: 'art.webp', bytes: await testImage('webp') });
    expect(await printImage(dataDir, webp.id)).toMatchObject({ mime: 'image/png', width: 320, height: 200 });
  });

  it('answers NOT_FOUND for an image the library does not hold', async () => {
    const missing = await failure(call('getImage', { id: 'a'.repeat(64), variant: 'thumb' }));
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: `The image library has no image ${'a'.repeat(64)}` });
    const bad = await failure(call('getImage', { id: 'nope', variant: 'thumb' }));
    expect(bad.code).toBe('BAD_INPUT');
  });
});
