// What a spatial board shows, derived from the playtest state and the game's `board.spatial`:
// the pieces (cards on the board zone the game calls pieces) with their bases, positions and
// measures, the terrain, the markers with who controls each objective, and the tile map.

import { cardMatches, fieldValue } from '../../deck/card-match';
import { own } from '../../own-keys';
import type { CardDocument } from '../../system/format';
import type { PlaytestState } from '../playtest-state';
import type { CardNumberSource, SpatialBoardDef, SpatialMeasureDef, SpatialSizeDef } from './format';
import { firstNumber, objectiveControl, type Base, type ObjectiveControl, type Point } from './geometry';
import { spatialOf, type SpatialMarker, type SpatialState } from './state';
import { readTileMap, type TileMap } from './tile-map';

export interface PieceMeasure extends Pick<SpatialMeasureDef, 'id' | 'label' | 'kind'> {
  value: number;
}

export interface BattlefieldPiece {
  instanceId: string;
  name: string;
  type: string;
  /** Centre (inches) or tile (tiles); undefined: not on the map yet (tiles). */
  at?: Point;
  /** Whether `at` was set by the player (else a starting spot in the deployment zone). */
  placed: boolean;
  /** Base radius in the board's unit (a tile's half for tiles). */
  r: number;
  measures: PieceMeasure[];
  /** New pieces deploy within the ring around this one (OSMCG: the Hero, Summoners). */
  ringHolder: boolean;
  /** Names of its keywords (the game's `keywords` field). */
  keywords: string[];
}

export interface TerrainPiece {
  instanceId: string;
  name: string;
  at?: Point;
  /** Across, in the board's unit. */
  size: number;
}

export interface BattlefieldMarker extends SpatialMarker {
  /** Objectives only: who holds it. */
  control?: ObjectiveControl;
}

export interface Battlefield {
  def: SpatialBoardDef;
  state: SpatialState;
  size: SpatialSizeDef;
  /** Sizes the player may switch to (the same modes as the size in use). */
  sizes: SpatialSizeDef[];
  width: number;
  height: number;
  boardZone?: string;
  pieces: BattlefieldPiece[];
  terrain: TerrainPiece[];
  markers: BattlefieldMarker[];
  map?: TileMap;
  /** The opponent stand-ins' base radius (the game's default base). */
  opponentR: number;
}

/** A number a card gives for a measure (a field, or a keyword's parameter), or undefined. */
export function cardNumber(doc: CardDocument, source: CardNumberSource, def: SpatialBoardDef): number | undefined {
  if ('field' in source) {
    const value = fieldValue(doc, source.field);
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }
  const keywords = def.keywords ? fieldValue(doc, def.keywords.field) : undefined;
  if (!def.keywords || !Array.isArray(keywords)) return undefined;
  const nameKey = def.keywords.nameKey;
  for (const entry of keywords) {
    if (typeof entry !== 'object' || entry === null || own(entry as Record<string, unknown>, nameKey) !== source.keyword)
      continue;
    const value = own(entry as Record<string, unknown>, source.param);
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
}

/** The names of a card's keywords (objects in the game's keyword list field). */
export function keywordNames(doc: CardDocument, def: SpatialBoardDef): string[] {
  const list = def.keywords ? fieldValue(doc, def.keywords.field) : undefined;
  const nameKey = def.keywords?.nameKey ?? '';
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const name = typeof entry === 'object' && entry !== null ? own(entry as Record<string, unknown>, nameKey) : undefined;
    return typeof name === 'string' ? [name] : [];
  });
}

export function baseRadius(def: SpatialBoardDef, type: string): number {
  if (def.kind === 'tiles') return 0.5;
  const bases = def.bases ?? { default: 1 };
  return (own(bases.byType ?? {}, type) ?? bases.default) / 2;
}

export function battlefield(game: PlaytestState): Battlefield | undefined {
  const def = game.board.spatial;
  if (!def) return undefined;
  const state = spatialOf((game as { spatial?: unknown }).spatial, def);
  const size = def.sizes.find((candidate) => candidate.id === state.size) ?? def.sizes[0];
  const sizes = def.sizes.filter(
    (candidate) => !size.modes || !candidate.modes || candidate.modes.some((mode) => size.modes?.includes(mode)),
  );
  const boardZone = game.board.zones.find((zone) => zone.kind === 'board')?.id;
  const onBoard = boardZone ? (own(game.zones, boardZone) ?? []) : [];
  const leaderDoc = game.board.leaderSection && onBoard.length > 0 ? own(game.cards, onBoard[0])?.doc : undefined;
  const map = def.kind === 'tiles' ? readTileMap(def, leaderDoc, size) : undefined;
  const width = map?.width ?? size.width;
  const height = map?.height ?? size.height;

  const ring = def.deployment?.ring?.holders;
  const pieces: BattlefieldPiece[] = [];
  let unplaced = 0;
  for (const instanceId of onBoard) {
    const card = own(game.cards, instanceId);
    if (!card || !cardMatches(card.doc, def.pieces)) continue;
    const r = baseRadius(def, card.type);
    const stored = own(state.at, instanceId);
    let at = stored;
    if (!at && def.kind === 'inches') at = startingSpot(unplaced++, r, width, height, def.deployment?.zoneDepth);
    const measures = def.measures.flatMap((measure) => {
      const value = cardNumber(card.doc, measure.value, def);
      return value === undefined ? [] : [{ id: measure.id, label: measure.label, kind: measure.kind, value }];
    });
    const keywords = keywordNames(card.doc, def);
    const ringHolder =
      ring !== undefined && ((ring.types ?? []).includes(card.type) || (ring.keywords ?? []).some((k) => keywords.includes(k)));
    pieces.push({
      instanceId,
      name: card.name,
      type: card.type,
      at,
      placed: stored !== undefined,
      r,
      measures,
      ringHolder,
      keywords,
    });
  }

  const terrain: TerrainPiece[] = def.terrain
    ? (own(game.zones, def.terrain.zone) ?? []).map((instanceId) => {
        const card = game.cards[instanceId];
        const declared = def.terrain?.sizeField ? firstNumber(fieldValue(card.doc, def.terrain.sizeField)) : undefined;
        return { instanceId, name: card.name, at: own(state.at, instanceId), size: declared ?? def.terrain?.defaultSize ?? 1 };
      })
    : [];

  const opponentR = baseRadius(def, '');
  const yours: Base[] = pieces.flatMap((piece) => (piece.at ? [{ ...piece.at, r: piece.r }] : []));
  const theirs: Base[] = state.markers.filter((m) => m.kind === 'opponent').map((m) => ({ x: m.x, y: m.y, r: opponentR }));
  const markers = state.markers.map((marker): BattlefieldMarker =>
    marker.kind === 'objective' && def.objectives
      ? { ...marker, control: objectiveControl(marker, def.objectives.radius, yours, theirs) }
      : marker,
  );
  return { def, state, size, sizes, width, height, boardZone, pieces, terrain, markers, map, opponentR };
}

/** Where an unplaced piece starts (inches): side by side in the middle of your deployment zone, at the near edge. */
function startingSpot(index: number, r: number, width: number, height: number, depth = 6): Point {
  const step = 2 * r + 0.5;
  const offset = index === 0 ? 0 : Math.ceil(index / 2) * step * (index % 2 === 1 ? 1 : -1);
  const x = Math.min(width - r, Math.max(r, width / 2 + offset));
  return { x: Math.round(x * 100) / 100, y: Math.round(Math.max(r, height - Math.min(depth, height) / 2) * 100) / 100 };
}

/** Tile name as players say it: column letter, row number ("C4"). */
export function tileName(tile: Point): string {
  let column = '';
  let n = tile.x;
  do {
    column = String.fromCharCode(65 + (n % 26)) + column;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return `${column}${tile.y + 1}`;
}
