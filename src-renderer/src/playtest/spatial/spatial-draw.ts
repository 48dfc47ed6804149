// What the spatial board's SVG layers share: a piece's short label and where a thing's centre is
// drawn (a tile piece stands in the middle of its tile; an inches piece is where it is).

import type { Battlefield } from '../../../../card-schema/playtest/spatial/battlefield';
import type { Point } from '../../../../card-schema/playtest/spatial/geometry';
import type { SpatialBoardModel, SpatialThing } from './spatial-board.svelte';

/** The props of a layer whose things are pressed to select or drag (pieces, terrain, markers). */
export interface PressableLayerProps {
  model: SpatialBoardModel;
  field: Battlefield;
  /** The board's text and stroke scale. */
  u: number;
  onpress: (event: PointerEvent, thing: SpatialThing) => void;
}

/** A piece's label: its first word on a table in inches, its initials on a tile. */
export function shortName(name: string, tiles: boolean): string {
  if (tiles)
    return name
      .split(/[ ,]+/)
      .map((word) => word[0] ?? '')
      .join('')
      .slice(0, 3);
  return name.split(/[ ,]/)[0].slice(0, 9);
}

/** A tile piece's centre; an inches piece is where it is. */
export function centreOf(at: Point, tiles: boolean): Point {
  return tiles ? { x: at.x + 0.5, y: at.y + 0.5 } : at;
}
