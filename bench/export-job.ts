// The print benchmarks' OSMCG cards, imported as one set, and a PDF export of them run as the UI runs it (a job in the worker thread), timed, with the
// process's peak resident memory sampled meanwhile (the worker thread counts: same process).

import { DEFAULT_PRINT_OPTIONS } from '../card-schema/print/print-options';
import type { Cardwright } from '../src-main/api/service';
import type { CardDocument } from '../card-schema/system/format';
import { apiCaller } from '../tests/unit/api-call';
import { cpuSince } from './measure';

/** The sheet the print benchmarks export: A4, 3 mm bleed, corner marks, fronts only. */
export const BENCH_PRINT = { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 3, cutGuides: 'corners', faces: 'fronts' } as const;

export interface ExportRun {
  ms: number;
  /** CPU time of the whole process meanwhile (the job's worker thread, libuv's and sharp's threads included). */
  cpuMs: number;
  /** The PDF's size in bytes. */
  fileBytes: number;
  peakRssGrowth: number;
  peakRss: number;
}

export async function exportJob(app: Cardwright, cardIds: string[]): Promise<ExportRun> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const started = await app.handlers.startJob({
    job: { kind: 'exportPdf', source: { kind: 'cards', cardIds }, copies: 1, print: BENCH_PRINT },
    saveAs: false,
  });
  const status = await app.jobs.wait(started!.id);
  const elapsed = performance.now() - start;
  const cpuMs = cpuSince(cpu);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  if (status.state !== 'done' || status.kind !== 'exportPdf')
    throw new Error(`export ended ${status.state}: ${status.error?.message}`);
  return { ms: elapsed, cpuMs, fileBytes: status.result?.file.bytes ?? 0, peakRssGrowth: peak - before, peakRss: peak };
}

/** Imports the cards as one OSMCG set. */
export async function importCards(app: Cardwright, setId: string, cards: { id: string; doc: CardDocument }[]): Promise<void> {
  await apiCaller(app)('importSet', {
    fileName: `${setId}.json`,
    text: JSON.stringify({
      format: 'cardwright-set',
      formatVersion: 1,
      set: { id: setId, systemId: 'osmcg', name: setId, description: '' },
      cards,
    }),
  });
}
