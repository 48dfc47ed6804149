// Print-and-play export of illustrated cards: 1,000 cards, each with its own 744 × 1039 JPEG
// (a full card at 300 dpi), exported as the UI does it (a PDF job in the worker thread). Next to
// it, interleaved run by run: reading and writing the same JPEG bytes (what the export cannot
// beat, since JPEGs pass through unchanged), a plain pdfkit script placing the same pictures, and
// the same cards exported without their pictures (the frames and text alone). Wall and CPU time,
// one cold round then RUNS warm ones, p50 and p95 of the per-run ratios.

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
import { ms, timeWallCpu, type Measurement } from './measure';
import { percentile } from './responsiveness';
import { exportJob, importCards } from './export-job';

const CARDS = 1_000;
const WIDTH = 744;
const HEIGHT = 1039;
/** Timed (warm) runs of each kind, after one cold round. */
const RUNS = 5;

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
async function copyBytes(paths: string[], out: string): Promise<void> {
  const stream = createWriteStream(out);
  for (const path of paths) stream.write(readFileSync(path));
  stream.end();
  await finished(stream);
}

/** A plain pdfkit script: one card-sized picture per cell, 9 per A4 page, each picture opened once. */
async function plainPdfkit(paths: string[], out: string): Promise<void> {
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
}

/** Wall and CPU times of one kind of run, the first (cold) apart from the rest (warm). */
class Runs {
  cold?: WallCpu;
  readonly warm: WallCpu[] = [];
  add(run: WallCpu): void {
    if (this.cold) this.warm.push(run);
    else this.cold = run;
  }
  p(q: number, of: 'ms' | 'cpuMs' = 'ms'): number {
    return percentile(
      this.warm.map((run) => run[of]),
      q,
    );
  }
}

interface WallCpu {
  ms: number;
  cpuMs: number;
}

/** Per-run ratios of `a` to `b` (the runs were interleaved, so run i of each saw the same load). */
function ratios(a: Runs, b: Runs, of: 'ms' | 'cpuMs' = 'ms'): { p50: number; p95: number; cold: number } {
  const each = a.warm.map((run, i) => run[of] / b.warm[i][of]);
  return { p50: percentile(each, 50), p95: percentile(each, 95), cold: a.cold![of] / b.cold![of] };
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
    // The same cards without their pictures: what the frames and text cost, to tell the art's share.
    const { art: _art, ...bare } = creature;
    const bareCards = ids.map((_, i) => ({ id: `bare-${i}`, doc: { ...bare, name: `Painted Card ${i}` } }));
    await importCards(app, 'bench-art', [...cards, ...bareCards]);

    const jpegBytes = jpegs.reduce((sum, bytes) => sum + bytes.length, 0);
    const paths = ids.map((id) => findImageFile(dataDir, id)!.path);
    const exports = new Runs();
    const bareExports = new Runs();
    const copies = new Runs();
    const plains = new Runs();
    let pdfBytes = 0;
    let peakGrowth = 0;
    // Interleaved A B C D A B C D …: every kind of run sees the same load. The first round is
    // cold: the job's worker starts for it (a thread, the app's code, pdfkit, the fonts).
    for (let run = 0; run <= RUNS; run++) {
      const exported = await exportJob(
        app,
        cards.map((card) => card.id),
      );
      exports.add(exported);
      peakGrowth = Math.max(peakGrowth, exported.peakRssGrowth);
      pdfBytes = exported.fileBytes;
      bareExports.add(
        await exportJob(
          app,
          bareCards.map((card) => card.id),
        ),
      );
      copies.add(await timeWallCpu(() => copyBytes(paths, join(dataDir, 'copy.bin'))));
      plains.add(await timeWallCpu(() => plainPdfkit(paths, join(dataDir, 'plain.pdf'))));
    }
    const toCopy = ratios(exports, copies);
    const toPlain = ratios(exports, plains);
    const cpuToPlain = ratios(exports, plains, 'cpuMs');
    // What the pictures add to the same cards' export, against reading and writing their bytes.
    const artShare = exports.warm.map((run, i) => (run.ms - bareExports.warm[i].ms) / copies.warm[i].ms);
    const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
    const x = (value: number) => `${value.toFixed(2)}×`;
    const both = (runs: Runs) =>
      `${ms(runs.p(50))} / ${ms(runs.p(95))} (CPU ${ms(runs.p(50, 'cpuMs'))} / ${ms(runs.p(95, 'cpuMs'))})`;
    return [
      {
        name: `PDF of ${CARDS.toLocaleString('en')} cards, each with its own ${WIDTH} × ${HEIGHT} JPEG (exportPdf job in the worker): p50 / p95 of ${RUNS} warm runs, wall (CPU)`,
        value: `${both(exports)}; ${mib(pdfBytes)}`,
        target: '≤ 3× raw I/O of the JPEGs; size ≤ 1.1× the JPEGs',
        note:
          `${x(toCopy.p50)} (p95 ${x(toCopy.p95)}, cold ${x(toCopy.cold)}) reading and writing the same JPEG bytes, ${both(copies)}; ` +
          `${x(toPlain.p50)} (p95 ${x(toPlain.p95)}, cold ${x(toPlain.cold)}; CPU ${x(cpuToPlain.p50)}) a plain pdfkit script placing the same pictures, ${both(plains)}; ` +
          `the export paints whole cards (frame, gradients, text), which neither baseline does: the same 1,000 cards without pictures export in ${both(bareExports)}, ` +
          `so the pictures add ${x(percentile(artShare, 50))} (p95 ${x(percentile(artShare, 95))}) the raw I/O; ` +
          `cold (the first job, its worker starting) ${ms(exports.cold!.ms)}, CPU ${ms(exports.cold!.cpuMs)}; ` +
          `file ${(pdfBytes / jpegBytes).toFixed(3)}× the ${mib(jpegBytes)} of JPEGs (passed through, never decoded); ` +
          `the app's memory (RSS, worker included) grew by at most ${mib(peakGrowth)} while exporting; interleaved, CPU is the whole process's`,
      },
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
