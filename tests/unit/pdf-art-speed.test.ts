// The fast path for card art in a PDF (issue 33, "Fast with art"): a JPEG goes into the PDF byte
// for byte (never decoded), each picture once; a transparent PNG read ahead by the prefetcher is
// flattened onto white exactly as sharp flattened it before; the headers read without sharp agree
// with sharp; the read-ahead stays within its bounds; and an inline symbol's path is written as
// pdfkit writes it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { CardDocument } from '../../card-schema/system/format';
import { DEFAULT_PRINT_OPTIONS } from '../../card-schema/print/print-options';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { appPaths } from '../../src-main/app-paths';
import { printImage } from '../../src-main/images/image-variants';
import { jpegHeader, pngHeader } from '../../src-main/images/image-header';
import { prefetchingLoader } from '../../src-main/pdf/image-prefetch';
import { svgPathOperators } from '../../src-main/pdf/svg-path-operators';
import { testImage } from '../fixtures/art-game';

const root = resolve(import.meta.dirname, '../..');
let dataDir: string;
let app: Cardwright;
let savePath = '';

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-art-speed-'));
  app = openCardwright({
    dataDir,
    ...appPaths(root),
    samplesDir: join(dataDir, 'none'),
    desktop: { chooseSavePath: async () => savePath, openPath: async () => {}, showInFolder: () => {} },
  });
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Pixels as sharp decodes them, three channels. */
async function rgb(bytes: Buffer | string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('card art in the PDF', () => {
  it('embeds each JPEG byte for byte, once, and a transparent PNG flattened onto white as before', async () => {
    const jpegs = await Promise.all([1, 2, 3].map((seed) => testImage('jpeg', { width: 600, height: 840, seed })));
    const cutout = await testImage('png', { alpha: true, width: 300, height: 200, seed: 7 });
    const ids = [...jpegs, cutout].map(async (bytes, i) => (await app.handlers.addImage({ fileName: `art-${i}.img`, bytes })).id);
    const imageIds = await Promise.all(ids);
    const set = await app.handlers.createSet({ systemId: 'osmcg', name: 'Painted', description: '' });
    const creature = (id: string, i: number): CardDocument => ({
      type: 'creature',
      name: `Painted ${i}`,
      colors: ['red'],
      cost: 2,
      atk: 1,
      hp: 3,
      spd: 5,
      ap: 2,
      text: 'When this enters, deal 1 damage.',
      art: { id },
    });
    const cardIds: string[] = [];
    for (const [i, id] of imageIds.entries()) {
      const saved = await app.handlers.saveCard({ setId: set.id, doc: creature(id, i) });
      if (!saved.ok) throw new Error(JSON.stringify(saved.issues));
      cardIds.push(saved.card.id);
    }

    savePath = join(dataDir, 'painted.pdf');
    const started = await app.handlers.startJob({
      job: {
        kind: 'exportPdf',
        source: { kind: 'cards', cardIds },
        copies: 3,
        print: { ...DEFAULT_PRINT_OPTIONS, cutGuides: 'corners', faces: 'fronts' },
      },
      saveAs: true,
    });
    const status = await app.jobs.wait(started!.id);
    expect(status.state, status.error?.message).toBe('done');
    const pdf = readFileSync(savePath);

    // Passthrough: the stored JPEG's bytes are in the file unchanged, once for its three copies.
    for (const jpeg of jpegs) {
      const at = pdf.indexOf(jpeg);
      expect(at).toBeGreaterThan(0);
      expect(pdf.indexOf(jpeg, at + 1)).toBe(-1);
    }
    const list = execFileSync('pdfimages', ['-list', savePath], { encoding: 'utf8' }).trim().split('\n').slice(2);
    const rows = list.map((line) => line.trim().split(/\s+/));
    // Columns: page num type width height color comp bpc enc …; 4 pictures × 3 copies placed on 2 pages.
    const distinct = new Map(rows.map((row) => [`${row[3]}x${row[4]}|${row[8]}`, row]));
    expect([...distinct.keys()].sort()).toEqual(['300x200|image', '600x840|jpeg']);
    expect(rows.filter((row) => row[8] === 'jpeg')).toHaveLength(9);
    expect(rows.some((row) => row[2] === 'smask')).toBe(false);

    // The flattened PNG in the PDF has the pixels sharp's flatten onto white gave before.
    const before = await rgb(await sharp(cutout).rotate().flatten({ background: '#ffffff' }).png().toBuffer());
    const outDir = join(dataDir, 'extracted');
    execFileSync('mkdir', ['-p', outDir]);
    execFileSync('pdfimages', ['-png', '-j', savePath, join(outDir, 'img')]);
    const extracted = await Promise.all(
      readdirSync(outDir)
        .filter((name) => name.endsWith('.png'))
        .map((name) => rgb(join(outDir, name))),
    );
    const flat = extracted.find((image) => image.width === 300 && image.height === 200);
    expect(flat).toBeDefined();
    expect(Buffer.compare(flat!.data, before.data)).toBe(0);
    expect([...flat!.data.subarray(0, 3)]).toEqual([255, 255, 255]);
  }, 120_000);
});

describe('print images without sharp', () => {
  it('reads size, orientation and transparency from the headers as sharp does', async () => {
    const raw = (channels: 3 | 4) => ({ raw: { width: 40, height: 30, channels } });
    const pixels = (channels: 3 | 4) => Buffer.alloc(40 * 30 * channels, 0x80).map((v, i) => (i % 7 === 0 ? 0 : v));
    const samples: [string, Buffer][] = [
      ['jpeg', await sharp(pixels(3), raw(3)).jpeg().toBuffer()],
      ['jpeg turned', await sharp(pixels(3), raw(3)).jpeg().withMetadata({ orientation: 6 }).toBuffer()],
      ['progressive jpeg', await sharp(pixels(3), raw(3)).jpeg({ progressive: true }).toBuffer()],
      ['png', await sharp(pixels(3), raw(3)).png().toBuffer()],
      ['png with alpha', await sharp(pixels(4), raw(4)).png().toBuffer()],
      ['palette png with transparency', await sharp(pixels(4), raw(4)).png({ palette: true }).toBuffer()],
      ['grey png', await sharp(pixels(3), raw(3)).greyscale().png().toBuffer()],
    ];
    for (const [name, bytes] of samples) {
      const meta = await sharp(bytes).metadata();
      const header = meta.format === 'jpeg' ? jpegHeader(bytes) : pngHeader(bytes);
      expect(header, name).toEqual({
        width: meta.width,
        height: meta.height,
        upright: (meta.orientation ?? 1) === 1,
        alpha: meta.hasAlpha,
      });
    }
    expect(jpegHeader(Buffer.from('not a picture'))).toBeUndefined();
    expect(pngHeader(samples[3][1].subarray(0, 20))).toBeUndefined();

    // A turned JPEG is still turned upright once (sizes as displayed).
    const turned = await app.handlers.addImage({ fileName: 'turned.jpg', bytes: samples[1][1] });
    expect(await printImage(dataDir, turned.id)).toMatchObject({ mime: 'image/jpeg', width: 30, height: 40 });
    expect(await printImage(dataDir, turned.id)).toMatchObject({ mime: 'image/jpeg', width: 30, height: 40 });
  });
});

describe('read-ahead', () => {
  it('reads ahead in page order within its limits, skips what the pages went past and leaves out what fails', async () => {
    let running = 0;
    let mostRunning = 0;
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const loader = prefetchingLoader(
      (id) => {
        started.push(id);
        running++;
        mostRunning = Math.max(mostRunning, running);
        return new Promise((resolveRead, reject) =>
          finish.set(id, () => {
            running--;
            if (id === 'broken') reject(new Error('damaged'));
            else resolveRead(Buffer.alloc(10, id));
          }),
        );
      },
      { concurrency: 2, window: 3, maxBytes: 25 },
    );
    const settle = () => new Promise((r) => setTimeout(r, 5));
    const order = ['a', 'b', 'c', 'd', 'e', 'broken', 'g', 'h'];
    loader.expect!(order);
    expect(started).toEqual(['a', 'b']);

    const page1 = loader(['a', 'b']);
    finish.get('a')!();
    finish.get('b')!();
    expect([...(await page1).keys()]).toEqual(['a', 'b']);
    await settle();
    // Two at a time, three held at most, and no new read once 25 bytes wait.
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    finish.get('c')!();
    finish.get('d')!();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    finish.get('e')!();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);

    // The next page skips c and d (a page range): they are let go, and the read-ahead goes on after e.
    const page2 = loader(['e']);
    expect((await page2).get('e')).toEqual(Buffer.alloc(10, 'e'));
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'broken', 'g']);
    finish.get('broken')!();
    finish.get('g')!();
    const page3 = await loader(['broken', 'g']);
    expect([...page3.keys()]).toEqual(['g']);
    // A picture asked for again (another document part) is read again, not from the read-ahead.
    const again = loader(['a']);
    await settle();
    finish.get('h')?.();
    expect(started.filter((id) => id === 'a')).toHaveLength(2);
    finish.get('a')!();
    expect((await again).has('a')).toBe(true);
    expect(mostRunning).toBeLessThanOrEqual(3);
  });
});

describe('inline symbol paths', () => {
  it('turns an SVG path into the PDF operators pdfkit writes for it, once per path', () => {
    expect(svgPathOperators('M0 0 L10 0 L10 10 Z')).toBe('0 0 m\n10 0 l\n10 10 l\nh');
    expect(svgPathOperators('M1 1 C 2 2, 3 3, 4.1234567 4 z')).toBe('1 1 m\n2 2 3 3 4.123457 4 c\nh');
    expect(svgPathOperators('')).toBe('');
  });
});
