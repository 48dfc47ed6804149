// How a simulation is run: in a Web Worker in the app (the page stays responsive; cancel
// terminates it), or stepped between timer ticks on the calling thread where no Worker exists
// (vitest's Node environment). Both run the same OpeningSimulation, so results are identical.

import {
  OpeningSimulation,
  type OpeningSimulationInput,
  type OpeningSimulationResult,
} from '../../../../card-schema/playtest/simulate';
import { OPENINGS_PER_STEP, type FromWorker, type ToWorker } from './opening-sim-protocol';

export interface RunCallbacks {
  progress(played: number, openings: number): void;
  done(result: OpeningSimulationResult): void;
  failed(message: string): void;
}

export interface SimulationRun {
  cancel(): void;
}

export type SimulationRunner = (input: OpeningSimulationInput, callbacks: RunCallbacks) => SimulationRun;

export const workerRunner: SimulationRunner = (input, callbacks) => {
  const worker = new Worker(new URL('./opening-sim.worker.ts', import.meta.url), { type: 'module' });
  let finished = false;
  const finish = () => {
    finished = true;
    worker.terminate();
  };
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    if (finished) return;
    const message = event.data;
    if (message.type === 'progress') callbacks.progress(message.played, message.openings);
    else if (message.type === 'done') {
      finish();
      callbacks.done(message.result);
    } else {
      finish();
      callbacks.failed(message.message);
    }
  };
  worker.onerror = (event: ErrorEvent) => {
    if (finished) return;
    finish();
    callbacks.failed(`The simulation stopped: ${event.message || 'its worker failed to start'}.`);
  };
  worker.postMessage({ type: 'run', input } satisfies ToWorker);
  return { cancel: finish };
};

/** Steps the simulation between `schedule`d ticks on this thread. */
export function steppedRunner(schedule: (step: () => void) => void = (step) => setTimeout(step, 0)): SimulationRunner {
  return (input, callbacks) => {
    let cancelled = false;
    let simulation: OpeningSimulation;
    try {
      simulation = new OpeningSimulation(input);
    } catch (error) {
      callbacks.failed(error instanceof Error ? error.message : String(error));
      return { cancel: () => undefined };
    }
    const step = () => {
      if (cancelled) return;
      try {
        simulation.step(OPENINGS_PER_STEP);
      } catch (error) {
        callbacks.failed(error instanceof Error ? error.message : String(error));
        return;
      }
      callbacks.progress(simulation.played, simulation.openings);
      if (simulation.done) callbacks.done(simulation.result());
      else schedule(step);
    };
    schedule(step);
    return { cancel: () => (cancelled = true) };
  };
}

/** The worker where the platform has one. */
export function defaultRunner(): SimulationRunner {
  return typeof Worker === 'undefined' ? steppedRunner() : workerRunner;
}
