// Where things stand on a spatial board, as part of the playtest state (so undo and saved
// sessions cover it): piece positions by card instance, objective and opponent markers, and the
// board size chosen. Plain JSON.

import type { SpatialBoardDef } from './format';
import type { Point } from './geometry';

export type MarkerKind = 'objective' | 'opponent';

export interface SpatialMarker extends Point {
  id: string;
  kind: MarkerKind;
}

export interface SpatialState {
  /** Id of the board size in use (one of `sizes`). */
  size: string;
  /** Card instance → its centre (inches) or tile (tiles). An instance without an entry is not placed yet. */
  at: Record<string, Point>;
  markers: SpatialMarker[];
  /** Counter for marker ids. */
  nextMarker: number;
}

export type SpatialChange =
  | { kind: 'place'; instanceId: string; at: Point }
  | { kind: 'unplace'; instanceId: string }
  | { kind: 'addMarker'; marker: MarkerKind; at: Point }
  | { kind: 'moveMarker'; id: string; at: Point }
  | { kind: 'removeMarker'; id: string }
  | { kind: 'size'; size: string };

/** The sizes a mode may use: those listing it, else those listing no mode. */
export function sizesFor(def: SpatialBoardDef, modeId: string | undefined) {
  const listed = def.sizes.filter((size) => modeId !== undefined && size.modes?.includes(modeId));
  return listed.length > 0 ? listed : def.sizes.filter((size) => !size.modes);
}

export function initialSpatial(def: SpatialBoardDef, modeId: string | undefined): SpatialState {
  const size = sizesFor(def, modeId)[0] ?? def.sizes[0];
  return { size: size.id, at: {}, markers: [], nextMarker: 1 };
}

/** A saved state's spatial part, or a fresh one when it is missing or malformed (older saves). */
export function spatialOf(value: unknown, def: SpatialBoardDef): SpatialState {
  const fresh = initialSpatial(def, undefined);
  if (typeof value !== 'object' || value === null) return fresh;
  const raw = value as Partial<SpatialState>;
  const isPoint = (p: unknown): p is Point =>
    typeof p === 'object' && p !== null && Number.isFinite((p as Point).x) && Number.isFinite((p as Point).y);
  const at: Record<string, Point> = {};
  if (typeof raw.at === 'object' && raw.at !== null) {
    for (const [id, point] of Object.entries(raw.at)) if (isPoint(point)) at[id] = { x: point.x, y: point.y };
  }
  const markers = Array.isArray(raw.markers)
    ? raw.markers.filter(
        (m): m is SpatialMarker => isPoint(m) && typeof m.id === 'string' && (m.kind === 'objective' || m.kind === 'opponent'),
      )
    : [];
  return {
    size: def.sizes.some((size) => size.id === raw.size) ? (raw.size as string) : fresh.size,
    at,
    markers,
    nextMarker: Number.isInteger(raw.nextMarker) ? (raw.nextMarker as number) : markers.length + 1,
  };
}
