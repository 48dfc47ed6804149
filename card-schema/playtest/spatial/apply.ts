// The playtest's spatial actions: placing pieces and terrain, markers, the board size. Each
// returns the new spatial state and its log line, or throws SpatialError saying why not.

import { own } from '../../own-keys';
import type { PlaytestState } from '../playtest-state';
import { battlefield, tileName, type Battlefield } from './battlefield';
import { clampToBoard, distance, formatDistance, tileDistance, type Point } from './geometry';
import type { SpatialChange, SpatialState } from './state';

export class SpatialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlaytestError';
  }
}

export function applySpatialChange(game: PlaytestState, change: SpatialChange): { spatial: SpatialState; line: string } {
  const field = battlefield(game);
  if (!field) throw new SpatialError('This game has no spatial board.');
  const { def } = field;
  const state = pruned(field);
  const unit = def.unit;
  switch (change.kind) {
    case 'place': {
      const piece = field.pieces.find((candidate) => candidate.instanceId === change.instanceId);
      const terrain = field.terrain.find((candidate) => candidate.instanceId === change.instanceId);
      const name = piece?.name ?? terrain?.name;
      if (!name) {
        const card = own(game.cards, change.instanceId);
        throw new SpatialError(
          card
            ? `${card.name} is not a piece on the board: only ${def.kind === 'tiles' ? 'permanents on the map' : 'units on the battlefield and terrain pieces'} are placed.`
            : `No card instance "${change.instanceId}" in this playtest.`,
        );
      }
      const from = piece?.at ?? terrain?.at;
      if (def.kind === 'tiles') {
        const tile = requireTile(field, change.at, piece?.keywords ?? []);
        const holder = field.pieces.find(
          (other) => other.instanceId !== change.instanceId && other.at && other.at.x === tile.x && other.at.y === tile.y,
        );
        if (holder) throw new SpatialError(`Tile ${tileName(tile)} already holds ${holder.name}: one permanent per tile.`);
        const at = { ...state.at, [change.instanceId]: tile };
        const steps = from ? ` (${tileDistance(tile.x - from.x, tile.y - from.y, def.tiles?.metric ?? 'chebyshev')} steps)` : '';
        const line = from
          ? `Moved ${name} from ${tileName(from)} to ${tileName(tile)}${steps}.`
          : `Placed ${name} on tile ${tileName(tile)}.`;
        return { spatial: { ...state, at }, line };
      }
      const r = piece ? piece.r : (terrain?.size ?? 0) / 2;
      const to = clampToBoard(change.at, r, field.width, field.height);
      const at = { ...state.at, [change.instanceId]: to };
      const line =
        from && (piece?.placed || terrain)
          ? `Moved ${name} ${formatDistance(distance(from, to), unit)}.`
          : from
            ? `Moved ${name} ${formatDistance(distance(from, to), unit)} from its starting spot.`
            : `Placed ${name} at ${spot(to, unit)}.`;
      return { spatial: { ...state, at }, line };
    }
    case 'unplace': {
      const piece = field.pieces.find((candidate) => candidate.instanceId === change.instanceId);
      const terrain = field.terrain.find((candidate) => candidate.instanceId === change.instanceId);
      const name = piece?.name ?? terrain?.name ?? change.instanceId;
      if (!own(state.at, change.instanceId)) throw new SpatialError(`${name} is not placed on the board.`);
      const at = { ...state.at };
      delete at[change.instanceId];
      return { spatial: { ...state, at }, line: `Took ${name} off the board.` };
    }
    case 'addMarker': {
      if (def.kind === 'tiles') throw new SpatialError('Markers are placed on boards measured in inches.');
      if (change.marker === 'objective' && !def.objectives) throw new SpatialError('This game declares no objective markers.');
      const id = `m${state.nextMarker}`;
      const r = change.marker === 'objective' ? 0.5 : field.opponentR;
      const to = clampToBoard(change.at, r, field.width, field.height);
      const marker = { id, kind: change.marker, ...to };
      const label = change.marker === 'objective' ? `objective ${state.nextMarker}` : `opponent ${state.nextMarker}`;
      return {
        spatial: { ...state, markers: [...state.markers, marker], nextMarker: state.nextMarker + 1 },
        line: `Placed ${label} at ${spot(to, unit)}.`,
      };
    }
    case 'moveMarker': {
      const marker = state.markers.find((candidate) => candidate.id === change.id);
      if (!marker) throw new SpatialError(`No marker "${change.id}" on the board.`);
      const to = clampToBoard(change.at, marker.kind === 'objective' ? 0.5 : field.opponentR, field.width, field.height);
      return {
        spatial: { ...state, markers: state.markers.map((m) => (m.id === marker.id ? { ...m, ...to } : m)) },
        line: `Moved ${markerLabel(marker.id, marker.kind)} ${formatDistance(distance(marker, to), unit)}.`,
      };
    }
    case 'removeMarker': {
      const marker = state.markers.find((candidate) => candidate.id === change.id);
      if (!marker) throw new SpatialError(`No marker "${change.id}" on the board.`);
      return {
        spatial: { ...state, markers: state.markers.filter((m) => m.id !== marker.id) },
        line: `Removed ${markerLabel(marker.id, marker.kind)}.`,
      };
    }
    case 'size': {
      const size = field.sizes.find((candidate) => candidate.id === change.size);
      if (!size) {
        throw new SpatialError(`No board size "${change.size}" here; sizes: ${field.sizes.map((s) => s.id).join(', ')}.`);
      }
      // A smaller board pulls everything back onto it.
      const at: Record<string, Point> = {};
      for (const [id, point] of Object.entries(state.at))
        at[id] = def.kind === 'inches' ? clampToBoard(point, 0, size.width, size.height) : point;
      const markers = state.markers.map((m) => ({ ...m, ...clampToBoard(m, 0, size.width, size.height) }));
      return { spatial: { ...state, size: size.id, at, markers }, line: `Board: ${size.label}.` };
    }
  }
}

export function markerLabel(id: string, kind: 'objective' | 'opponent'): string {
  return `${kind} ${id.replace(/^m/, '')}`;
}

/** Positions only of cards still where pieces and terrain are (a card that left the board is forgotten). */
function pruned(field: Battlefield): SpatialState {
  const here = new Set([...field.pieces.map((p) => p.instanceId), ...field.terrain.map((t) => t.instanceId)]);
  const at = Object.fromEntries(Object.entries(field.state.at).filter(([id]) => here.has(id)));
  return { ...field.state, at };
}

function requireTile(field: Battlefield, at: Point, keywords: string[]): Point {
  const tile = { x: Math.round(at.x), y: Math.round(at.y) };
  if (
    !Number.isFinite(tile.x) ||
    !Number.isFinite(tile.y) ||
    tile.x < 0 ||
    tile.y < 0 ||
    tile.x >= field.width ||
    tile.y >= field.height
  ) {
    throw new SpatialError(`(${at.x}, ${at.y}) is off the map (${field.width} × ${field.height} tiles).`);
  }
  const kind = field.map?.rows[tile.y]?.[tile.x];
  if (!kind) return tile;
  if (kind.blocked) throw new SpatialError(`Tile ${tileName(tile)} is ${kind.label}: no permanent can be placed there.`);
  if (kind.only && !keywords.includes(kind.only)) {
    throw new SpatialError(`Tile ${tileName(tile)} is ${kind.label}: only ${kind.only} permanents can be placed there.`);
  }
  const reserved = field.def.tiles?.legend.find((other) => other.only && other !== kind && keywords.includes(other.only));
  if (reserved)
    throw new SpatialError(
      `A ${reserved.only} permanent can only be placed on ${reserved.label}; tile ${tileName(tile)} is ${kind.label}.`,
    );
  return tile;
}

function spot(point: Point, unit: string): string {
  return `${formatDistance(point.x, unit)} across, ${formatDistance(point.y, unit)} down`;
}
