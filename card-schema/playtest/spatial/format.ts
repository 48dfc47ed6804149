// A game's spatial board as data (`board.spatial` in system.json): a table measured in inches
// (OSMCG) or a map of tiles (muhq's game). The playtest reads only this, so a designer's game
// gets a battlefield by declaring one.

import type { CardMatch } from '../../deck/format';

/** A number read from a card: a field (a dot reaches inside objects: "attack.range") or a keyword's parameter. */
export type CardNumberSource = { field: string } | { keyword: string; param: string };

/** A circle (inches) or a set of tiles (tiles) around a piece: how far it moves, or reaches. */
export interface SpatialMeasureDef {
  id: string;
  label: string;
  kind: 'movement' | 'range';
  value: CardNumberSource;
}

/** The board's size, in the board's unit; `modes` lists the game modes it is for (absent: all). */
export interface SpatialSizeDef {
  id: string;
  label: string;
  width: number;
  height: number;
  modes?: string[];
}

/** One kind of tile on a tile map: the character that stands for it in the map's rows. */
export interface TileKindDef {
  char: string;
  label: string;
  /** CSS colour of the tile. */
  color: string;
  /** No piece may be placed here (a wall). */
  blocked?: boolean;
  /**
   * Only pieces with this keyword go here, and pieces with it go only on such tiles (muhq's deep
   * water: "Swimming permanents can only be placed on tiles which explicitly say so").
   */
  only?: string;
}

export interface SpatialBoardDef {
  kind: 'inches' | 'tiles';
  /** How a distance reads: `"` for inches, "tiles". */
  unit: string;
  sizes: SpatialSizeDef[];
  /** Which cards on the board zone are pieces on the battlefield (a spell in play is not). */
  pieces: CardMatch;
  /** Round bases (inches): diameter in the board's unit, by card type. */
  bases?: { default: number; byType?: Record<string, number> };
  /** The list field holding a card's keywords as objects, and the key naming each keyword. */
  keywords?: { field: string; nameKey: string };
  measures: SpatialMeasureDef[];
  /** Rings around the pieces new pieces deploy near (OSMCG: 2" around the Hero and Summoners), and deployment strips along the edges. */
  deployment?: {
    ring?: { distance: number; holders: { types?: string[]; keywords?: string[] } };
    zoneDepth?: number;
  };
  /** Objective markers: a piece completely within `radius` controls one, unless an opposing one is within it too. */
  objectives?: { radius: number };
  /** Cards of this zone (kind "other") may be placed on the board as terrain; size from a field's first number. */
  terrain?: { zone: string; sizeField?: string; defaultSize: number };
  /** Tiles: the map comes from a field of the leader card, rows of tile characters. */
  tiles?: { leaderField: string; legend: TileKindDef[]; metric: TileMetric };
}

/**
 * How far apart two tiles are: `alternating-diagonal` counts every second diagonal step twice
 * (muhq's game), `chebyshev` counts diagonals as one, `manhattan` allows no diagonal steps.
 */
export type TileMetric = 'alternating-diagonal' | 'chebyshev' | 'manhattan';
