// Tiny measuring helpers and the RESULTS.md writer.

import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

export interface Measurement {
  name: string;
  value: string;
  target?: string;
  note?: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs `fn` `runs` times after `warmup` runs; returns each run's milliseconds. */
export async function timeRuns(runs: number, fn: () => unknown, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

/** Milliseconds of CPU the whole process (all its threads) used since `start` (process.cpuUsage()). */
export function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Wall and CPU milliseconds of one run of `fn`. */
export async function timeWallCpu(fn: () => unknown): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  return { ms: performance.now() - start, cpuMs: cpuSince(cpu) };
}

export const ms = (value: number): string => (value < 1 ? `${(value * 1000).toFixed(0)} µs` : `${value.toFixed(1)} ms`);

export function writeResults(path: string, title: string, rows: Measurement[]): void {
  const cpu = cpus();
  const lines = [
    `# ${title}`,
    '',
    `Run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'} · ` +
      `${(totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version} · ${process.platform}-${process.arch}`,
    '',
    '| measurement | result | target | note |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.name} | ${r.value} | ${r.target ?? ''} | ${r.note ?? ''} |`),
    '',
    'Regenerate with `npm run bench`.',
    '',
  ];
  writeFileSync(path, lines.join('\n'));
}
