// Pure geometry of a spatial board: distances between round bases in inches, the tile metrics,
// the tiles within a range, and who controls an objective. Every number is in the board's unit.

import type { TileMetric } from './format';

export interface Point {
  x: number;
  y: number;
}

/** A round base: its centre and radius. */
export interface Base extends Point {
  r: number;
}

/** Centre to centre (how OSMCG measures ranges and line of sight). */
export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** The gap between two bases, edge to edge (0 when they touch or overlap). */
export function gap(a: Base, b: Base): number {
  return Math.max(0, distance(a, b) - a.r - b.r);
}

/** Whether `inner` lies completely inside the circle of `radius` around `centre`. */
export function completelyWithin(inner: Base, centre: Point, radius: number): boolean {
  return distance(inner, centre) + inner.r <= radius + 1e-9;
}

/** Whether any part of `base` is within `radius` of `centre`. */
export function partlyWithin(base: Base, centre: Point, radius: number): boolean {
  return distance(base, centre) - base.r <= radius + 1e-9;
}

/** A base moved as close to `to` as the board allows (its whole base stays on the board). */
export function clampToBoard(to: Point, r: number, width: number, height: number): Point {
  const fit = (value: number, size: number) => {
    const low = Math.min(r, size / 2);
    return Math.round(Math.min(size - low, Math.max(low, Number.isFinite(value) ? value : low)) * 100) / 100;
  };
  return { x: fit(to.x, width), y: fit(to.y, height) };
}

/** 5.25 → `5.3"`: one decimal, as a ruler is read. */
export function formatDistance(value: number, unit: string): string {
  const rounded = Math.round(value * 10) / 10;
  const number = Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1);
  if (unit === '"') return `${number}"`;
  return `${number} ${rounded === 1 && unit.endsWith('s') ? unit.slice(0, -1) : unit}`;
}

/**
 * Steps between two tiles `dx`, `dy` apart. muhq's rulebook: "a tile (x, y) … is in the range r iff
 * x > y and abs(x) + floor(abs(y) / 2) <= r else abs(y) + floor(abs(x) / 2) <= r" — the comparison
 * is of the absolute values (read literally, (-3, 0) would be 1 step away), so the longer axis
 * counts fully and every second step along the shorter one (a diagonal) counts twice.
 */
export function tileDistance(dx: number, dy: number, metric: TileMetric): number {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  switch (metric) {
    case 'alternating-diagonal':
      return ax > ay ? ax + Math.floor(ay / 2) : ay + Math.floor(ax / 2);
    case 'chebyshev':
      return Math.max(ax, ay);
    case 'manhattan':
      return ax + ay;
  }
}

/** The tiles of a `width` × `height` map within `radius` steps of `origin` (the origin included). */
export function tilesInRange(origin: Point, radius: number, width: number, height: number, metric: TileMetric): Point[] {
  const tiles: Point[] = [];
  if (!(radius >= 0)) return tiles;
  const reach = Math.floor(radius);
  for (let y = Math.max(0, origin.y - reach); y <= Math.min(height - 1, origin.y + reach); y++) {
    for (let x = Math.max(0, origin.x - reach); x <= Math.min(width - 1, origin.x + reach); x++) {
      if (tileDistance(x - origin.x, y - origin.y, metric) <= radius) tiles.push({ x, y });
    }
  }
  return tiles;
}

export type ObjectiveControl = 'yours' | 'theirs' | 'contested' | 'none';

/**
 * OSMCG: "A player asserts Control over an objective instantly if they possess at least 1 unit
 * completely within 2 inches of the objective token, provided no enemy units are also within 2
 * inches. If both opposing players possess units within 2 inches of the objective, the objective
 * becomes Contested." A unit partly inside the radius blocks (and contests) but does not control.
 */
export function objectiveControl(objective: Point, radius: number, yours: Base[], theirs: Base[]): ObjectiveControl {
  const yourNear = yours.some((base) => partlyWithin(base, objective, radius));
  const theirNear = theirs.some((base) => partlyWithin(base, objective, radius));
  if (yourNear && theirNear) return 'contested';
  if (yours.some((base) => completelyWithin(base, objective, radius))) return 'yours';
  if (theirs.some((base) => completelyWithin(base, objective, radius))) return 'theirs';
  return 'none';
}

/** The first number in a text ("4\" wall" → 4), or undefined. */
export function firstNumber(text: unknown): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) ? text : undefined;
  if (typeof text !== 'string') return undefined;
  const match = /\d+(?:\.\d+)?/.exec(text);
  return match ? Number(match[0]) : undefined;
}
