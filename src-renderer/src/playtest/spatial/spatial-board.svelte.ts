// The battlefield's model: what the spatial board shows (derived from the playtest state), the
// selected piece or marker, a drag in progress with its live ruler, the marker tool, keyboard
// nudging. Every change goes through the playtest engine's 'spatial' action, so undo and the
// saved session cover it.

import type { PlaytestAction, PlaytestState } from '../../../../card-schema/playtest/playtest-state';
import {
  battlefield,
  tileName,
  type Battlefield,
  type BattlefieldPiece,
} from '../../../../card-schema/playtest/spatial/battlefield';
import {
  distance,
  formatDistance,
  tileDistance,
  tilesInRange,
  type Point,
} from '../../../../card-schema/playtest/spatial/geometry';
import type { MarkerKind, SpatialChange } from '../../../../card-schema/playtest/spatial/state';
import { arrowStep } from '../arrow-step';
import { snapTile } from './board-point';

export interface SpatialHost {
  readonly game: PlaytestState | null;
  act: (action: PlaytestAction) => boolean;
}

/** What is being dragged: a piece or terrain (by card instance) or a marker. */
export type SpatialThing = { kind: 'card'; id: string } | { kind: 'marker'; id: string };

export interface Ruler {
  from: Point;
  to: Point;
  /** "5.3\"" or "3 tiles". */
  text: string;
  /** The piece's movement, when it has one, and whether the drag is within it. */
  allowance?: { label: string; value: number; within: boolean };
}

/** How far an arrow key moves a piece on an inches board (Shift: finer). */
export const NUDGE_INCHES = 0.5;
export const FINE_NUDGE_INCHES = 0.1;

export class SpatialBoardModel {
  selected = $state.raw<SpatialThing | null>(null);
  /** A marker tool: the next click on the board places one. */
  tool = $state<MarkerKind | null>(null);
  drag = $state.raw<{ thing: SpatialThing; from: Point; to: Point } | null>(null);

  constructor(private readonly host: SpatialHost) {}

  get field(): Battlefield | undefined {
    return this.host.game ? battlefield(this.host.game) : undefined;
  }

  get tiles(): boolean {
    return this.field?.def.kind === 'tiles';
  }

  /** The selected piece (not a marker or terrain). */
  get selectedPiece(): BattlefieldPiece | undefined {
    const selected = this.selected;
    if (selected?.kind !== 'card') return undefined;
    return this.field?.pieces.find((piece) => piece.instanceId === selected.id);
  }

  /** Pieces not on the map yet (tiles): they wait beside it until placed. */
  get unplaced(): BattlefieldPiece[] {
    return this.field?.pieces.filter((piece) => !piece.at) ?? [];
  }

  /** Where a thing is now (during a drag: where it is held). */
  positionOf(thing: SpatialThing): Point | undefined {
    if (this.drag && this.drag.thing.kind === thing.kind && this.drag.thing.id === thing.id) {
      return this.tiles ? snapTile(this.drag.to) : this.drag.to;
    }
    const field = this.field;
    if (!field) return undefined;
    if (thing.kind === 'marker') return field.markers.find((m) => m.id === thing.id);
    return field.pieces.find((p) => p.instanceId === thing.id)?.at ?? field.terrain.find((t) => t.instanceId === thing.id)?.at;
  }

  /** The live ruler of a drag: from where the thing was to where it is held. */
  get ruler(): Ruler | undefined {
    const drag = this.drag;
    const field = this.field;
    if (!drag || !field) return undefined;
    const to = this.tiles ? snapTile(drag.to) : drag.to;
    const measured = this.tiles
      ? tileDistance(to.x - drag.from.x, to.y - drag.from.y, field.def.tiles?.metric ?? 'chebyshev')
      : distance(drag.from, to);
    const piece = drag.thing.kind === 'card' ? field.pieces.find((p) => p.instanceId === drag.thing.id) : undefined;
    const movement = piece?.measures.find((m) => m.kind === 'movement');
    return {
      from: drag.from,
      to,
      text: formatDistance(measured, field.def.unit),
      // Judged as the ruler reads (to a tenth), so 5.02" shows as 5" and is within SPD 5.
      allowance: movement
        ? { label: movement.label, value: movement.value, within: Math.round(measured * 10) / 10 <= movement.value }
        : undefined,
    };
  }

  /** Tiles the selected piece reaches (tiles boards): by its movement and by its ranges. */
  get reach(): { movement: Point[]; range: Point[] } {
    const field = this.field;
    const piece = this.selectedPiece;
    const origin = piece && this.drag?.thing.id === piece.instanceId ? this.drag.from : piece?.at;
    if (!field || !piece || !origin || field.def.kind !== 'tiles') return { movement: [], range: [] };
    const metric = field.def.tiles?.metric ?? 'chebyshev';
    const within = (kind: 'movement' | 'range') => {
      const radius = Math.max(-1, ...piece.measures.filter((m) => m.kind === kind).map((m) => m.value));
      return radius < 0 ? [] : tilesInRange(origin, radius, field.width, field.height, metric);
    };
    // A move ends only where the piece may stand: a free tile of a kind it is allowed on.
    const taken = new Set(field.pieces.filter((p) => p.at && p !== piece).map((p) => `${p.at?.x},${p.at?.y}`));
    const reserved = (field.def.tiles?.legend ?? []).filter((kind) => kind.only && piece.keywords.includes(kind.only));
    const standable = (tile: Point) => {
      const kind = field.map?.rows[tile.y]?.[tile.x];
      if (!kind || kind.blocked || taken.has(`${tile.x},${tile.y}`)) return false;
      if (kind.only) return piece.keywords.includes(kind.only);
      return reserved.length === 0;
    };
    const moves = within('movement').filter((tile) => (tile.x === origin.x && tile.y === origin.y) || standable(tile));
    return { movement: moves, range: within('range') };
  }

  select(thing: SpatialThing | null): void {
    this.selected = thing;
  }

  startDrag(thing: SpatialThing, at: Point): void {
    const from = this.positionOf(thing) ?? at;
    this.selected = thing;
    this.drag = { thing, from, to: from };
  }

  dragTo(point: Point): void {
    if (this.drag) this.drag = { ...this.drag, to: point };
  }

  /** Ends a drag: the thing is placed where it was let go (unless it did not move). */
  endDrag(): boolean {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return false;
    const to = this.tiles ? snapTile(drag.to) : drag.to;
    if (Math.abs(to.x - drag.from.x) < 1e-6 && Math.abs(to.y - drag.from.y) < 1e-6 && this.positionOf(drag.thing)) return false;
    return this.place(drag.thing, to);
  }

  cancelDrag(): void {
    this.drag = null;
  }

  /** A click on the board: places a marker with the tool, or the selected piece not on the board yet. */
  clickBoard(point: Point): boolean {
    const field = this.field;
    if (!field) return false;
    if (this.tool) {
      const placed = this.change({ kind: 'addMarker', marker: this.tool, at: point });
      this.tool = null;
      return placed;
    }
    // A selected piece or terrain piece that is not on the board yet goes where the click is.
    const selected = this.selected;
    if (selected?.kind === 'card' && !this.positionOf(selected))
      return this.place(selected, this.tiles ? snapTile(point) : point);
    this.selected = null;
    return false;
  }

  /** Arrow keys move the selected thing (inches: ½", Shift ⅒"; tiles: one tile); Delete takes it off. */
  key(key: string, shift: boolean): boolean {
    const selected = this.selected;
    if (!selected) return false;
    if (key === 'Escape') {
      this.selected = null;
      return true;
    }
    if (key === 'Delete' || key === 'Backspace') {
      return selected.kind === 'marker'
        ? this.change({ kind: 'removeMarker', id: selected.id })
        : this.change({ kind: 'unplace', instanceId: selected.id });
    }
    const arrow = arrowStep(key);
    const at = this.positionOf(selected);
    if (!arrow || !at) return false;
    const step = this.tiles ? 1 : shift ? FINE_NUDGE_INCHES : NUDGE_INCHES;
    this.place(selected, { x: at.x + arrow.dx * step, y: at.y + arrow.dy * step });
    return true;
  }

  setSize(size: string): boolean {
    return this.change({ kind: 'size', size });
  }

  removeMarker(id: string): boolean {
    if (this.selected?.kind === 'marker' && this.selected.id === id) this.selected = null;
    return this.change({ kind: 'removeMarker', id });
  }

  private place(thing: SpatialThing, at: Point): boolean {
    return thing.kind === 'marker'
      ? this.change({ kind: 'moveMarker', id: thing.id, at })
      : this.change({ kind: 'place', instanceId: thing.id, at });
  }

  private change(change: SpatialChange): boolean {
    return this.host.act({ type: 'spatial', change });
  }
}

export { tileName };
