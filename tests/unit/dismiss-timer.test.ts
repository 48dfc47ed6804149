// Toast auto-dismiss: pauses while hovered and resumes with the time it had left.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DismissTimer } from '../../src-renderer/src/lib/dismiss-timer';

describe('DismissTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires after its time', () => {
    const done = vi.fn();
    new DismissTimer(1000, done);
    vi.advanceTimersByTime(999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('pauses and resumes with the time left', () => {
    const done = vi.fn();
    const timer = new DismissTimer(1000, done);
    vi.advanceTimersByTime(600);
    timer.pause();
    vi.advanceTimersByTime(5000);
    expect(done).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(399);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('never fires once cancelled', () => {
    const done = vi.fn();
    const timer = new DismissTimer(100, done);
    timer.cancel();
    timer.pause();
    vi.advanceTimersByTime(1000);
    expect(done).not.toHaveBeenCalled();
  });
});
