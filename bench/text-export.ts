// Print-and-play export of text-heavy cards (issue #9): 1,000 distinct OSMCG creatures (own
// names, rules text and keywords, ~16 text runs each, no art) exported as the UI does it (a PDF
// job in the worker thread), next to a plain pdfkit script in the same run drawing the same text
// runs: the same strings in the same font files (read once, registered once), at the same sizes
// and page positions, taken from the same CardDrawings. Then the peak memory of a 10,000-card
// export of such cards.

import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { openCardwright } from '../src-main/api/service';
import { BENCH_PRINT, exportJob, importCards } from './export-job';
import { appPaths } from '../src-main/app-paths';
import { layoutCard } from '../card-schema/layout/layout-card';
import { FALLBACK_FONTS, FONT_FILES } from '../card-schema/layout/fonts';
import type { CardDocument, GameSystem } from '../card-schema/system/format';
import type { DrawOp } from '../card-schema/layout/format';
import { MM_TO_PT } from '../src-main/pdf/imposition';
import { planPages, planSheet } from '../card-schema/print/sheet-plan';
import { readPrintFonts } from '../src-main/pdf/pdf-fonts';
import { ms, timeWallCpu, type Measurement } from './measure';
import { percentile } from './responsiveness';
import { WORKER_IDLE_MS } from '../src-main/jobs/executors';

const CARDS = 1_000;
const BIG_EXPORT = 10_000;
const RUNS = 5;

interface SampleSet {
  cards: { id: string; doc: CardDocument }[];
}

type TextOp = Extract<DrawOp, { op: 'text' }>;

const NAME_WORDS = ['Ember', 'Tide', 'Grove', 'Dawn', 'Dusk', 'Storm', 'Iron', 'Ash', 'Frost', 'Thorn', 'Spire', 'Veil'];

/** `count` distinct creatures: names, rules text (sentences of other cards) and keywords all vary. */
export function textCreatures(sample: SampleSet, count: number): { id: string; doc: CardDocument }[] {
  const creatures = sample.cards.filter((card) => card.doc.type === 'creature').map((card) => card.doc);
  const sentences = sample.cards.map((card) => card.doc.text).filter((text): text is string => typeof text === 'string');
  return Array.from({ length: count }, (_, i) => {
    const base = creatures[i % creatures.length];
    const keywords = creatures[(i * 7 + 3) % creatures.length].keywords ?? base.keywords;
    const text = [sentences[i % sentences.length], sentences[(i * 13 + 5) % sentences.length]].join(' ');
    const name = `${NAME_WORDS[i % NAME_WORDS.length]} ${NAME_WORDS[(i >> 3) % NAME_WORDS.length]} ${base.name} ${i}`;
    const { art: _art, ...doc } = base;
    return {
      id: `text-${i}`,
      doc: { ...doc, name, text, keywords, atk: 1 + (i % 7), hp: 1 + ((i * 3) % 9), cost: i % 8 },
    };
  });
}

/** A text run as the plain script draws it: font file, size, colour, page position in points. */
interface PlainRun {
  file: string;
  size: number;
  color: string;
  x: number;
  y: number;
  text: string;
}

/** Every text run of the cards' drawings, placed on the pages as the export places them. */
function plainRuns(system: GameSystem, docs: readonly CardDocument[]): { pages: PlainRun[][]; runs: number } {
  const plan = planSheet(BENCH_PRINT, { widthMm: system.card.widthMm, heightMm: system.card.heightMm }, docs.length);
  const trims = [...planPages(plan)].flatMap((page, index) =>
    page.placements.map((placed) => ({ page: index, trim: placed.slot.trim })),
  );
  const files = (op: TextOp) => {
    if (op.gameFontFile !== undefined) throw new Error('the plain script has no game fonts');
    const fallback = FALLBACK_FONTS.find((font) => font.id === op.fallback);
    return (fallback?.files ?? FONT_FILES)[op.font];
  };
  const pages: PlainRun[][] = [];
  let runs = 0;
  docs.forEach((doc, i) => {
    const { page, trim } = trims[i];
    pages[page] ??= [];
    for (const op of layoutCard(system, doc).ops) {
      if (op.op !== 'text' || op.text.trim() === '') continue;
      runs++;
      pages[page].push({
        file: files(op),
        size: op.size,
        color: op.color,
        x: (trim.x + op.x) * MM_TO_PT,
        y: (trim.y + op.y) * MM_TO_PT,
        text: op.text,
      });
    }
  });
  return { pages, runs };
}

/** A plain pdfkit script: the fonts registered once from the same Buffers, then every run drawn. */
async function plainPdfkit(pages: PlainRun[][], fonts: Map<string, Buffer>, out: string): Promise<number> {
  const start = performance.now();
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, font: '' });
  const done = finished(doc.pipe(createWriteStream(out)));
  for (const [file, buffer] of fonts) doc.registerFont(file, buffer);
  for (const page of pages) {
    doc.addPage();
    for (const run of page) {
      doc.font(run.file).fontSize(run.size).fillColor(run.color).text(run.text, run.x, run.y, {
        lineBreak: false,
        baseline: 'alphabetic',
      });
    }
  }
  doc.end();
  await done;
  return performance.now() - start;
}

/** A 1-card export, the first job of a new app: its worker starts for it. */
async function firstJobMs(root: string, dataDir: string, workerFile: string, cardId: string): Promise<number> {
  const app = openCardwright({ dataDir, ...appPaths(root), jobWorker: workerFile });
  try {
    return (await exportJob(app, [cardId])).ms;
  } finally {
    await app.close();
  }
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

export async function measureTextExport(root: string, workerFile: string): Promise<Measurement[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardwright-bench-text-'));
  const app = openCardwright({ dataDir, ...appPaths(root), jobWorker: workerFile });
  try {
    const sample = JSON.parse(readFileSync(join(root, 'resources/samples/osmcg/core-set.json'), 'utf8')) as SampleSet;
    const system = await app.handlers.getSystem({ systemId: 'osmcg' });
    const cards = textCreatures(sample, BIG_EXPORT);
    await importCards(app, 'bench-text', cards);
    const ids = cards.slice(0, CARDS).map((card) => card.id);
    const { pages, runs } = plainRuns(
      system,
      cards.slice(0, CARDS).map((card) => card.doc),
    );
    const fonts = await readPrintFonts(appPaths(root).fontsDir);

    // A job in a fresh worker (the first export after start-up, or after the worker's idle
    // time), in an app of its own so that the big export below also starts its worker.
    const coldStart = await firstJobMs(root, dataDir, workerFile, ids[0]);

    // The big export first, while the process has not yet grown from the timed runs.
    const big = await exportJob(
      app,
      cards.map((card) => card.id),
    );
    const exportTimes: number[] = [];
    const plainTimes: number[] = [];
    const exportCpu: number[] = [];
    const plainCpu: number[] = [];
    // One of each first (the plain script's first fonts and JIT), then alternating runs so both see the same load.
    const firstExport = await exportJob(app, ids);
    const firstPlain = await timeWallCpu(() => plainPdfkit(pages, fonts, join(dataDir, 'plain.pdf')));
    for (let run = 0; run < RUNS; run++) {
      const exported = await exportJob(app, ids);
      exportTimes.push(exported.ms / CARDS);
      exportCpu.push(exported.cpuMs / CARDS);
      const plain = await timeWallCpu(() => plainPdfkit(pages, fonts, join(dataDir, 'plain.pdf')));
      plainTimes.push(plain.ms / CARDS);
      plainCpu.push(plain.cpuMs / CARDS);
    }
    const ratios = exportTimes.map((time, run) => time / plainTimes[run]);
    const cpuRatios = exportCpu.map((time, run) => time / plainCpu[run]);
    // What every job pays whatever its size, in a worker kept from the job before: opening the
    // library, reading the cards, a document's fonts and trailer.
    const startTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) startTimes.push((await exportJob(app, ids.slice(0, 1))).ms);
    const startup = percentile(startTimes, 50);
    const steady = (percentile(exportTimes, 50) * CARDS - startup) / (CARDS - 1);

    const p = (values: number[], q: number) => percentile(values, q);
    const perCard = (values: number[]) => `${ms(p(values, 50))} / ${ms(p(values, 95))} per card`;
    return [
      {
        name: `PDF of ${CARDS.toLocaleString('en')} distinct text cards (${(runs / CARDS).toFixed(1)} text runs each, job in the worker): p50 / p95 of ${RUNS}`,
        value: perCard(exportTimes),
        target: '≤ 1.5× plain pdfkit',
        note:
          `wall ${p(ratios, 50).toFixed(2)}× (p95 ${p(ratios, 95).toFixed(2)}×), CPU ${p(cpuRatios, 50).toFixed(2)}× (p95 ${p(cpuRatios, 95).toFixed(2)}×) ` +
          `a plain pdfkit script drawing the same ` +
          `${runs.toLocaleString('en')} text runs (same strings, font Buffers, sizes, colours, positions): ${perCard(plainTimes)}, ` +
          `CPU ${perCard(exportCpu)} against ${perCard(plainCpu)}; interleaved run by run, CPU is the whole process's (the job's worker included); ` +
          `first round (after the 10,000-card job; the plain script's first run) ${(firstExport.ms / firstPlain.ms).toFixed(2)}× wall, ` +
          `${(firstExport.cpuMs / firstPlain.cpuMs).toFixed(2)}× CPU; ` +
          `the export's time includes the job's start, reading the cards from SQLite and laying them out; ` +
          `a 1-card export job takes ${ms(startup)} (p50), so each further card costs ${ms(steady)}, ` +
          `${(steady / percentile(plainTimes, 50)).toFixed(2)}× the plain script's per card; ` +
          `the worker is kept between jobs: the first job in a fresh one (after start-up or ${WORKER_IDLE_MS / 60_000} min idle) ` +
          `takes ${ms(coldStart)} for 1 card`,
      },
      {
        name: `PDF of ${BIG_EXPORT.toLocaleString('en')} distinct text cards (job in the worker): peak memory`,
        value: `+${mib(big.peakRssGrowth)} RSS`,
        target: '≤ 300 MB',
        note:
          `growth of the process's resident set (worker thread included) over its size before the job, ` +
          `sampled every 10 ms (peak ${mib(big.peakRss)} in all, the benchmark's own library included); ` +
          `the export took ${(big.ms / 1000).toFixed(1)} s (${ms(big.ms / BIG_EXPORT)} per card)`,
      },
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
