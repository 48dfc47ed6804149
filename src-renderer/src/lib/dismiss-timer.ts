// A countdown that can pause (while the pointer or focus is on a toast) and resume with the
// time it had left. Pure apart from setTimeout, so tests drive it with fake timers.

export class DismissTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private startedAt = 0;

  constructor(
    private remainingMs: number,
    private readonly onDone: () => void,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.resume();
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  pause(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.remainingMs = Math.max(0, this.remainingMs - (this.now() - this.startedAt));
  }

  resume(): void {
    if (this.timer !== undefined) return;
    this.startedAt = this.now();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.onDone();
    }, this.remainingMs);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
