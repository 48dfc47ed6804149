// How sure a simulated share is: the Wilson score interval, which stays inside [0, 1] and keeps
// a sensible width at 0 and 100 % (the plain ±1.96·√(p(1−p)/n) collapses to nothing there).

/** z for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** The 95 % Wilson interval for `hits` successes in `trials` trials ([0, 1] when no trials). */
export function wilsonInterval(hits: number, trials: number, z = Z_95): Interval {
  if (!(trials > 0)) return { low: 0, high: 1 };
  const p = Math.min(1, Math.max(0, hits / trials));
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // At 0 or all hits the bound on that side is exactly 0 or 1 (rounding would leave 1e-18).
  return { low: hits <= 0 ? 0 : Math.max(0, centre - half), high: hits >= trials ? 1 : Math.min(1, centre + half) };
}
