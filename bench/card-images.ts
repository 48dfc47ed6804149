// Card images (issue 32): 1,000 illustrated cards exported as 300 dpi PNGs with 3 mm bleed
// through the real job path (startJob → the job worker thread → a zip), next to a baseline in
// the same process: sharp composing the same images directly (per card a canvas of the card's
// pixel size in its background colour, the card's art resized into its art box composited,
// encoded as PNG, written into the same kind of zip). Runs interleaved A B A B: one cold run of
// all 1,000 cards first, then warm runs of WARM_CARDS cards. Wall and CPU time per card, peak RSS.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { openCardwright, type Cardwright } from '../src-main/api/service';
import { appPaths } from '../src-main/app-paths';
import { findImageFile } from '../src-main/images/image-files';
import { layoutCard } from '../card-schema/layout/layout-card';
import { backgroundOp } from '../src-main/pdf/paint-drawing';
import { cardImageSize, pixelsOf } from '../src-main/card-images/render-card-image';
import { ZipStreamWriter } from '../src-main/card-images/zip-stream';
import { FACES_IN_FLIGHT } from '../src-main/card-images/export-card-images';
import type { CardDocument, GameSystem } from '../card-schema/system/format';
import { apiCaller } from '../tests/unit/api-call';
import { importCards } from './export-job';
import { median, ms, type Measurement } from './measure';

const CARDS = 1_000;
const WARM_RUNS = 5;
const WARM_CARDS = Number(process.env.CARD_IMAGES_WARM_CARDS ?? 200);
const DPI = 300;
const BLEED_MM = 3;
const ART = { width: 744, height: 1039 };

interface SampleSet {
  cards: { id: string; doc: CardDocument }[];
  images: Record<string, { data: string }>;
}

interface Run {
  wallMs: number;
  cpuMs: number;
  peakRss: number;
}

/** Different pictures per card that compress like illustrations: a sample artwork re-tinted and re-cut. */
async function artworks(sample: SampleSet, count: number): Promise<Buffer[]> {
  const source = Buffer.from(Object.values(sample.images)[0].data, 'base64');
  const base = await sharp(source)
    .resize(ART.width * 2, ART.height * 2, { fit: 'cover' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const jpegs: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    jpegs.push(
      await sharp(base.data, { raw: base.info })
        .extract({ left: (i * 37) % ART.width, top: (i * 53) % ART.height, width: ART.width, height: ART.height })
        .modulate({ hue: (i * 7) % 360 })
        .jpeg({ quality: 88 })
        .toBuffer(),
    );
  }
  return jpegs;
}

/** Times `work`, sampling the process's resident memory (the worker thread's included) every 10 ms. */
async function measured(work: () => Promise<void>): Promise<Run> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  return { wallMs, cpuMs: (used.user + used.system) / 1000, peakRss: Math.max(peak, process.memoryUsage.rss()) };
}

async function exportJob(app: Cardwright, cardIds: string[]): Promise<void> {
  const started = await app.handlers.startJob({
    job: {
      kind: 'exportImages',
      source: { kind: 'cards', cardIds },
      faces: 'fronts',
      format: 'png',
      dpi: DPI,
      bleedMm: BLEED_MM,
      namePattern: '{number}-{name}',
      as: 'zip',
    },
    saveAs: false,
  });
  const status = await app.jobs.wait(started!.id);
  if (status.state !== 'done') throw new Error(`the image export ended ${status.state}: ${status.error?.message}`);
}

interface BaselineCard {
  artPath: string;
}

/** sharp alone: background canvas + art resized into its box, PNG, into a zip; as many images in flight as the export. */
async function baseline(
  cards: BaselineCard[],
  frame: {
    widthPx: number;
    heightPx: number;
    background: string;
    art: { left: number; top: number; width: number; height: number };
  },
  zipPath: string,
): Promise<void> {
  const zip = new ZipStreamWriter(zipPath);
  const compose = async (card: BaselineCard) => {
    const art = await sharp(card.artPath).resize(frame.art.width, frame.art.height, { fit: 'cover' }).toBuffer();
    return sharp({
      create: { width: frame.widthPx, height: frame.heightPx, channels: 4, background: frame.background },
    })
      .composite([{ input: art, left: frame.art.left, top: frame.art.top }])
      .png()
      .withMetadata({ density: DPI })
      .toBuffer();
  };
  // The same sliding window of images in flight as the export, written in order.
  const inFlight: Promise<Buffer>[] = [];
  let written = 0;
  for (const card of cards) {
    inFlight.push(compose(card));
    while (inFlight.length > FACES_IN_FLIGHT) await zip.add(`${++written}.png`, await inFlight.shift()!);
  }
  while (inFlight.length > 0) await zip.add(`${++written}.png`, await inFlight.shift()!);
  await zip.close();
}

const perCard = (run: Run, cards: number) => run.wallMs / cards;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

export async function measureCardImages(root: string, workerFile: string): Promise<Measurement[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardwright-bench-images-'));
  const app = openCardwright({ dataDir, ...appPaths(root), samplesDir: join(dataDir, 'none'), jobWorker: workerFile });
  try {
    const call = apiCaller(app);
    const sample = JSON.parse(readFileSync(join(root, 'resources/samples/osmcg/core-set.json'), 'utf8')) as SampleSet;
    const creature = sample.cards.find((card) => card.doc.type === 'creature' && card.doc.art)!.doc;
    const ids: string[] = [];
    for (const [i, bytes] of (await artworks(sample, CARDS)).entries())
      ids.push((await call('addImage', { fileName: `art-${i}.jpg`, bytes })).id);
    const cards = ids.map((id, i) => ({ id: `img-${i}`, doc: { ...creature, name: `Painted Card ${i}`, art: { id } } }));
    await importCards(app, 'bench-images', cards);

    // The baseline's frame: the card's pixel size, its background colour and its art box, from the same layout.
    const system = (await call('getSystem', { systemId: 'osmcg' })) as GameSystem;
    const drawing = layoutCard(system, cards[0].doc);
    const size = cardImageSize(drawing, { dpi: DPI, bleedMm: BLEED_MM, format: 'png' });
    const fill = backgroundOp(drawing)?.fill;
    const box = drawing.ops.find((op) => op.op === 'image');
    if (!box || box.op !== 'image') throw new Error('the sample creature draws no art');
    const frame = {
      ...size,
      background: typeof fill === 'string' ? fill : '#ffffff',
      art: {
        left: pixelsOf(box.x + BLEED_MM, DPI),
        top: pixelsOf(box.y + BLEED_MM, DPI),
        width: pixelsOf(box.w, DPI),
        height: pixelsOf(box.h, DPI),
      },
    };
    const baselineCards = ids.map((id) => ({ artPath: findImageFile(dataDir, id)!.path }));
    const cardIds = cards.map((card) => card.id);
    const zipPath = join(dataDir, 'baseline.zip');

    // Cold: the first export (worker started, fonts opened, print images made) and the first baseline, all 1,000 cards.
    const coldA = await measured(() => exportJob(app, cardIds));
    const coldB = await measured(() => baseline(baselineCards, frame, zipPath));
    const warmA: Run[] = [];
    const warmB: Run[] = [];
    for (let run = 0; run < WARM_RUNS; run++) {
      // Another slice each run, so no run reuses the last one's pictures.
      const from = (run * WARM_CARDS) % CARDS;
      const slice = (list: string[]) => list.slice(from, from + WARM_CARDS);
      warmA.push(await measured(() => exportJob(app, slice(cardIds))));
      warmB.push(await measured(() => baseline(baselineCards.slice(from, from + WARM_CARDS), frame, zipPath)));
    }
    const wallA = warmA.map((run) => perCard(run, WARM_CARDS));
    const wallB = warmB.map((run) => perCard(run, WARM_CARDS));
    const cpuA = warmA.map((run) => run.cpuMs / WARM_CARDS);
    const cpuB = warmB.map((run) => run.cpuMs / WARM_CARDS);
    const peakA = Math.max(coldA.peakRss, ...warmA.map((run) => run.peakRss));
    const peakB = Math.max(coldB.peakRss, ...warmB.map((run) => run.peakRss));
    const ratio = median(wallA) / median(wallB);
    const coldRatio = perCard(coldA, CARDS) / perCard(coldB, CARDS);
    return [
      {
        name: `card images: ${CARDS.toLocaleString('en')} cards with art → ${DPI} dpi PNG with ${BLEED_MM} mm bleed (${size.widthPx} × ${size.heightPx} px), zip, exportImages job in the worker: per card, cold (${CARDS.toLocaleString('en')} cards) / warm median / warm p95 (${WARM_RUNS} runs of ${WARM_CARDS})`,
        value: `${ms(perCard(coldA, CARDS))} / ${ms(median(wallA))} / ${ms(p95(wallA))}; peak RSS ${mb(peakA)}`,
        target: '≤ 2× baseline; memory ≤ 300 MB',
        note:
          `${ratio.toFixed(2)}× the baseline warm (cold ${coldRatio.toFixed(2)}×); CPU per card ${ms(median(cpuA))} median / ${ms(p95(cpuA))} p95 ` +
          `(both cores: sharp rasterizes on its own threads); whole cold run ${(coldA.wallMs / 1000).toFixed(1)} s; ` +
          `peak RSS is the whole process (app, job worker, sharp) sampled every 10 ms; interleaved A B A B with the baseline`,
      },
      {
        name: 'card images baseline: sharp composing the same images directly (background canvas + art resized into its box, PNG, same zip writer, same cards at once), per card: cold / warm median / warm p95',
        value: `${ms(perCard(coldB, CARDS))} / ${ms(median(wallB))} / ${ms(p95(wallB))}; peak RSS ${mb(peakB)}`,
        note: `CPU per card ${ms(median(cpuB))} median / ${ms(p95(cpuB))} p95; no text, frames or symbols: what any exporter of the same pixels pays`,
      },
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
