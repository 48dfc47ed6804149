// Messages between the opening simulator's model and its Web Worker (plain data both ways).

import type { OpeningSimulationInput, OpeningSimulationResult } from '../../../../card-schema/playtest/simulate';

export type ToWorker = { type: 'run'; input: OpeningSimulationInput };

export type FromWorker =
  | { type: 'progress'; played: number; openings: number }
  | { type: 'done'; result: OpeningSimulationResult }
  | { type: 'error'; message: string };

/** Openings per step: a progress message every few tens of milliseconds. */
export const OPENINGS_PER_STEP = 250;
