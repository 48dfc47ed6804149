// Pointer drag and drop of a card between the board's zones. Zones mark themselves with
// data-drop-zone="<zone id>"; a drop on a board zone keeps where the card's top-left corner lies
// (as fractions of the zone), on the spatial board (an SVG marked data-board-units) where the
// pointer is in the board's unit, anywhere else it is a plain move.

import type { PlaytestBoard } from './playtest-board.svelte';
import { screenToBoard } from './spatial/board-point';

/** Pointer travel (px) before a press becomes a drag rather than a click. */
const DRAG_START = 5;

/** Starts following a pointer pressed on a card; returns nothing, cleans up after itself. */
export function pressCard(event: PointerEvent, instanceId: string, board: PlaytestBoard): void {
  if (event.button !== 0 || !board.game || board.game.awaitingKeep) return;
  const card = event.currentTarget;
  if (!(card instanceof HTMLElement)) return;
  // No text selection or native drag while a card is held; the press still focuses the card.
  event.preventDefault();
  card.focus();
  const rect = card.getBoundingClientRect();
  const startX = event.clientX;
  const startY = event.clientY;
  const dx = startX - rect.left;
  const dy = startY - rect.top;

  const zoneAt = (x: number, y: number): HTMLElement | undefined =>
    document
      .elementsFromPoint(x, y)
      .find((element): element is HTMLElement => element instanceof HTMLElement && element.dataset.dropZone !== undefined);

  const onMove = (move: PointerEvent) => {
    if (!board.drag && Math.hypot(move.clientX - startX, move.clientY - startY) < DRAG_START) return;
    board.drag = { instanceId, x: move.clientX, y: move.clientY, dx, dy };
    board.dropTarget = zoneAt(move.clientX, move.clientY)?.dataset.dropZone ?? null;
  };
  const finish = (up: PointerEvent) => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', finish);
    window.removeEventListener('pointercancel', finish);
    const dragging = board.drag;
    board.drag = null;
    board.dropTarget = null;
    if (!dragging || up.type === 'pointercancel') return;
    // The click that ends a drag must not also select or pick the card.
    board.dragEndedAt = performance.now();
    const target = zoneAt(up.clientX, up.clientY);
    const zone = board.zones.find((candidate) => candidate.id === target?.dataset.dropZone);
    if (!target || !zone) return;
    if (zone.kind !== 'board') {
      board.moveTo(instanceId, zone);
      return;
    }
    // The spatial board is drawn to scale: the drop point goes through its current scale and offset.
    const spatial = target.querySelector<SVGSVGElement>('svg[data-board-units]');
    if (spatial) {
      const matrix = spatial.getScreenCTM();
      const at = matrix ? screenToBoard({ x: up.clientX, y: up.clientY }, matrix) : undefined;
      if (at) board.dropOnBattlefield(instanceId, zone, at);
      else board.moveTo(instanceId, zone);
      return;
    }
    const area = target.getBoundingClientRect();
    board.moveTo(instanceId, zone, {
      x: (up.clientX - dx - area.left) / area.width,
      y: (up.clientY - dy - area.top) / area.height,
    });
  };
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', finish);
  window.addEventListener('pointercancel', finish);
}

/** Focus stays with a card a key moved: it is drawn anew in its new zone, so find it there. */
export function refocusCard(instanceId: string): void {
  requestAnimationFrame(() => {
    const moved = document.querySelector<HTMLElement>(`[data-instance="${CSS.escape(instanceId)}"]`);
    if (moved && moved !== document.activeElement) moved.focus();
  });
}
