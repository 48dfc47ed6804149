// How the app answers while a long job runs: the UI's own calls (search as you type with its
// page size, the deck list, a deck's cards, the job-status poll) one after another, 20 ms apart,
// each timed from when it was due — a call that had to wait for a busy event loop counts its
// wait. Every call waits on a timer first, so work interleaved on the same loop (an export on
// the main thread) still gets its turns.

import type { ApiInput, ApiMethod } from '../src-main/api/contract';
import { dispatch } from '../src-main/api/dispatch';
import type { Cardwright } from '../src-main/api/service';

const INTERVAL_MS = 20;

export interface LatencySample {
  method: ApiMethod;
  ms: number;
}

type Probe = { [M in ApiMethod]: { method: M; input: ApiInput<M> } }[ApiMethod];

/** The calls the UI makes while a job runs, in rotation. */
export function uiProbes(cardIds: string[], jobId?: string): Probe[] {
  const probes: Probe[] = [
    { method: 'searchCards', input: { query: 'ember', systemId: 'osmcg', limit: 200 } },
    { method: 'listDecks', input: {} },
    { method: 'getCards', input: { ids: cardIds.slice(0, 60) } },
    { method: 'searchCards', input: { query: 'tide gr', systemId: 'osmcg', limit: 200 } },
  ];
  if (jobId) probes.push({ method: 'jobStatus', input: { jobId } });
  return probes;
}

/** Samples until `stop()` says so (checked between calls) or `maxSamples` were taken. */
export async function sampleLatency(
  app: Cardwright,
  probes: Probe[],
  stop: () => boolean,
  maxSamples = 100_000,
): Promise<LatencySample[]> {
  const samples: LatencySample[] = [];
  for (let i = 0; samples.length < maxSamples && !stop(); i++) {
    const due = performance.now() + INTERVAL_MS;
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    const probe = probes[i % probes.length];
    const envelope = await dispatch(app.handlers, probe.method, probe.input);
    if (!envelope.ok) throw new Error(`${probe.method}: ${envelope.error.message}`);
    samples.push({ method: probe.method, ms: performance.now() - due });
  }
  return samples;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
