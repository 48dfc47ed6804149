// A small seeded PRNG (mulberry32) whose whole state is one uint32, so a playtest state that
// carries it stays plain JSON and replays identically from the same seed.

/** Normalises any number into a valid generator state. */
export function seedState(seed: number): number {
  return Number.isFinite(seed) ? Math.floor(seed) >>> 0 : 0;
}

/** The next float in [0, 1) and the generator state after it. */
export function nextRandom(state: number): [value: number, next: number] {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [((t ^ (t >>> 14)) >>> 0) / 4294967296, next];
}

/** Fisher–Yates shuffle into a new array; returns it with the advanced generator state. */
export function shuffled<T>(items: readonly T[], state: number): [items: T[], next: number] {
  const out = items.slice();
  let rng = state;
  for (let i = out.length - 1; i > 0; i--) {
    const [value, next] = nextRandom(rng);
    rng = next;
    const j = Math.floor(value * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return [out, rng];
}
