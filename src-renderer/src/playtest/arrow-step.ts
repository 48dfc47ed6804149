// The one arrow-key table of the playtest: which way an arrow key moves a card or a piece, as a
// unit step (x right, y down, as on screen). Used by the table's board zones and the spatial board.

export interface ArrowStep {
  dx: -1 | 0 | 1;
  dy: -1 | 0 | 1;
}

const STEPS: Readonly<Record<string, ArrowStep>> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

/** The unit step of an arrow key (`KeyboardEvent.key`), or undefined for any other key. */
export function arrowStep(key: string): ArrowStep | undefined {
  return Object.hasOwn(STEPS, key) ? STEPS[key] : undefined;
}
