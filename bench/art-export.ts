// Print-and-play export of illustrated cards: 1,000 cards, each with its own 744 × 1039 JPEG
// (a full card at 300 dpi), exported as the UI does it (a PDF job in the worker thread). Next to
// it, in the same run: reading and writing the same JPEG bytes (what the export cannot beat,
// since JPEGs pass through unchanged) and a plain pdfkit script placing the same pictures.

import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { openCardwright } from '../src-main/api/service';
import { appPaths } from '../src-main/app-paths';
import { findImageFile } from '../src-main/images/image-files';
import type { CardDocument } from '../card-schema/system/format';
import { apiCaller } from '../tests/unit/api-call';
import { median, ms, type Measurement } from './measure';
import { exportJob, importCards } from './export-job';

const CARDS = 1_000;
const WIDTH = 744;
const HEIGHT = 1039;
const RUNS = 3;

interface SampleSet {
  cards: { id: string; doc: CardDocument }[];
  images: Record<string, { data: string }>;
}

/** 1,000 different pictures that compress like illustrations: a sample artwork, re-tinted and re-cut per card. */
async function artworks(sample: SampleSet): Promise<Buffer[]> {
  const source = Buffer.from(Object.values(sample.images)[0].data, 'base64');
  // Painted texture (canvas grain) so each JPEG weighs what a scanned or painted artwork does.
  const grain = await sharp({
    create: {
      width: WIDTH * 2,
      height: HEIGHT * 2,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const base = await sharp(source)
    .resize(WIDTH * 2, HEIGHT * 2, { fit: 'cover' })
    .composite([{ input: grain, blend: 'soft-light' }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  const jpegs: Buffer[] = [];
  for (let i = 0; i < CARDS; i++) {
    const left = (i * 37) % WIDTH;
    const top = (i * 53) % HEIGHT;
    jpegs.push(
      await sharp(base.data, { raw: base.info })
        .extract({ left, top, width: WIDTH, height: HEIGHT })
        .modulate({ hue: (i * 7) % 360 })
        .jpeg({ quality: 88 })
        .toBuffer(),
    );
  }
  return jpegs;
}

/** Read every stored JPEG and write it out again: the floor for an export that copies them. */
function copyBytes(paths: string[], out: string): number {
  const start = performance.now();
  const stream = createWriteStream(out);
  for (const path of paths) stream.write(readFileSync(path));
  stream.end();
  return performance.now() - start;
}

/** A plain pdfkit script: one card-sized picture per cell, 9 per A4 page, each picture opened once. */
async function plainPdfkit(paths: string[], out: string): Promise<number> {
  const start = performance.now();
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false });
  const done = finished(doc.pipe(createWriteStream(out)));
  const mm = 72 / 25.4;
  paths.forEach((path, i) => {
    if (i % 9 === 0) doc.addPage();
    const cell = i % 9;
    doc.image(readFileSync(path), (10 + (cell % 3) * 63) * mm, (10 + Math.floor(cell / 3) * 88) * mm, {
      width: 63 * mm,
      height: 88 * mm,
    });
  });
  doc.end();
  await done;
  return performance.now() - start;
}

export async function measureArtExport(root: string, workerFile: string): Promise<Measurement[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardwright-bench-art-'));
  const app = openCardwright({ dataDir, ...appPaths(root), jobWorker: workerFile });
  try {
    const call = apiCaller(app);
    const sample = JSON.parse(readFileSync(join(root, 'resources/samples/osmcg/core-set.json'), 'utf8')) as SampleSet;
    const creature = sample.cards.find((card) => card.doc.type === 'creature' && card.doc.art)!.doc;
    const jpegs = await artworks(sample);
    const ids: string[] = [];
    for (const [i, bytes] of jpegs.entries()) ids.push((await call('addImage', { fileName: `art-${i}.jpg`, bytes })).id);
    if (new Set(ids).size !== CARDS) throw new Error('the generated artworks are not all different');
    const cards = ids.map((id, i) => ({ id: `art-${i}`, doc: { ...creature, name: `Painted Card ${i}`, art: { id } } }));
    await importCards(app, 'bench-art', cards);

    const jpegBytes = jpegs.reduce((sum, bytes) => sum + bytes.length, 0);
    const paths = ids.map((id) => findImageFile(dataDir, id)!.path);
    const exportTimes: number[] = [];
    const copyTimes: number[] = [];
    const pdfkitTimes: number[] = [];
    let pdfBytes = 0;
    let peakGrowth = 0;
    for (let run = 0; run < RUNS; run++) {
      const exported = await exportJob(
        app,
        cards.map((card) => card.id),
      );
      exportTimes.push(exported.ms);
      peakGrowth = Math.max(peakGrowth, exported.peakRssGrowth);
      pdfBytes = exported.fileBytes;
      copyTimes.push(copyBytes(paths, join(dataDir, 'copy.bin')));
      pdfkitTimes.push(await plainPdfkit(paths, join(dataDir, 'plain.pdf')));
    }
    const exported = median(exportTimes);
    const copied = median(copyTimes);
    const plain = median(pdfkitTimes);
    const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
    return [
      {
        name: `PDF of ${CARDS.toLocaleString('en')} cards, each with its own ${WIDTH} × ${HEIGHT} JPEG (job in the worker), median of ${RUNS}`,
        value: `${ms(exported)}, ${mib(pdfBytes)}`,
        target: '≤ 3× byte copy; size ≤ 1.1× the JPEGs',
        note:
          `${(exported / copied).toFixed(1)}× reading and writing the same JPEG bytes (${ms(copied)}); ` +
          `${(exported / plain).toFixed(2)}× a plain pdfkit script placing the same pictures (${ms(plain)}); ` +
          `file ${(pdfBytes / jpegBytes).toFixed(3)}× the ${mib(jpegBytes)} of JPEGs; ` +
          `the app's memory (RSS, worker included) grew by at most ${mib(peakGrowth)} while exporting`,
      },
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
