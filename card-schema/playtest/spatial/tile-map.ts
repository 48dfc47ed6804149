// The tile map of a tiles board, read from a field of the leader card (muhq's map card): a list
// of rows, one character per tile, each character a kind of tile from the game's legend.

import { own } from '../../own-keys';
import type { CardDocument } from '../../system/format';
import type { SpatialBoardDef, TileKindDef } from './format';

export interface TileMap {
  width: number;
  height: number;
  /** rows[y][x]: the kind of each tile. */
  rows: TileKindDef[][];
  /** What did not read cleanly (a row too short, an unknown character), said once each. */
  notes: string[];
}

/**
 * The map of the leader card; without one (no tiles field) a plain map of the board's size.
 * Short rows are filled and unknown characters read as the legend's first kind, with a note.
 */
export function readTileMap(
  def: SpatialBoardDef,
  leader: CardDocument | undefined,
  size: { width: number; height: number },
): TileMap {
  const legend = def.tiles?.legend ?? [];
  const plain = legend[0] ?? { char: '.', label: 'Tile', color: '#d9d2bd' };
  const field = def.tiles ? own(leader ?? {}, def.tiles.leaderField) : undefined;
  const notes: string[] = [];
  const lines = Array.isArray(field) ? field.filter((row): row is string => typeof row === 'string' && row.length > 0) : [];
  if (lines.length === 0) {
    if (def.tiles && leader)
      notes.push(
        `${leader.name} has no tile map ("${def.tiles.leaderField}"): a plain ${size.width} × ${size.height} map is shown.`,
      );
    const rows = Array.from({ length: size.height }, () => Array.from({ length: size.width }, () => plain));
    return { width: size.width, height: size.height, rows, notes };
  }
  const width = Math.max(...lines.map((line) => [...line].length));
  const unknown = new Set<string>();
  const rows = lines.map((line) => {
    const chars = [...line];
    return Array.from({ length: width }, (_, x) => {
      const char = chars[x];
      if (char === undefined) return plain;
      const kind = legend.find((candidate) => candidate.char === char);
      if (!kind) unknown.add(char);
      return kind ?? plain;
    });
  });
  if (lines.some((line) => [...line].length !== width))
    notes.push(`Some rows of the map are shorter than ${width} tiles: filled with ${plain.label}.`);
  if (unknown.size > 0)
    notes.push(`Unknown tile characters ${[...unknown].map((c) => `"${c}"`).join(', ')} read as ${plain.label}.`);
  return { width, height: rows.length, rows, notes };
}
