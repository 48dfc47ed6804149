// The opening simulator off the page's thread: 10,000 engine-played openings take a second or
// more, which would freeze typing and scrolling. Runs one simulation per worker; the page
// cancels by terminating the worker.

import { OpeningSimulation } from '../../../../card-schema/playtest/simulate';
import { OPENINGS_PER_STEP, type FromWorker, type ToWorker } from './opening-sim-protocol';

const post = (message: FromWorker): void => self.postMessage(message);

self.onmessage = (event: MessageEvent<ToWorker>) => {
  try {
    const simulation = new OpeningSimulation(event.data.input);
    while (!simulation.done) {
      simulation.step(OPENINGS_PER_STEP);
      post({ type: 'progress', played: simulation.played, openings: simulation.openings });
    }
    post({ type: 'done', result: simulation.result() });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
