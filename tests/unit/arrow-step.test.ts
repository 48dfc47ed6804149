// The playtest's one arrow-key table: each arrow is a unit step as on screen (y grows downward),
// any other key (or an inherited property name) is no step.

import { describe, expect, it } from 'vitest';
import { arrowStep } from '../../src-renderer/src/playtest/arrow-step';

describe('arrowStep', () => {
  it('gives each arrow key its unit step, y growing downward', () => {
    expect(arrowStep('ArrowLeft')).toEqual({ dx: -1, dy: 0 });
    expect(arrowStep('ArrowRight')).toEqual({ dx: 1, dy: 0 });
    expect(arrowStep('ArrowUp')).toEqual({ dx: 0, dy: -1 });
    expect(arrowStep('ArrowDown')).toEqual({ dx: 0, dy: 1 });
  });

  it('is undefined for other keys, including names inherited by plain objects', () => {
    for (const key of ['a', 'Enter', 'Left', 'arrowleft', '', 'toString', 'constructor', '__proto__'])
      expect(arrowStep(key)).toBeUndefined();
  });
});
