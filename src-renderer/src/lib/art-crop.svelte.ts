// Cropping card art by hand in the editor's preview: drag the picture inside its box, zoom it
// with the wheel (a trackpad pinch arrives as ctrl+wheel), or, with the box focused, move it with
// the arrow keys and zoom with + and −. The math is focusAfterDrag's (image-placement.ts); the
// result goes to the card through the target, as the same value the crop sliders write.

import type { DrawOp } from '../../../card-schema/layout/format';
import { focusAfterDrag } from '../../../card-schema/layout/image-placement';
import { MAX_IMAGE_ZOOM, type ImageCrop } from '../../../card-schema/system/image-field';

type ImageOp = Extract<DrawOp, { op: 'image' }>;

/** Where the crop goes: the card being edited. */
export interface ArtCropTarget {
  /** Changes part of the crop of the card's image field `field`. */
  crop(field: string, change: Partial<ImageCrop>): void;
  /** A drag is one undo step: it starts here… */
  beginGesture(): void;
  /** …and ends here. */
  endGesture(): void;
}

/** An art box as the preview draws it, with its picture's size (any variant: only the proportions count). */
export interface ArtBox {
  op: ImageOp;
  imageWidth: number;
  imageHeight: number;
}

/** Arrow keys move the art this far (with Shift, KEY_STEP_LARGE_MM). */
const KEY_STEP_MM = 1;
const KEY_STEP_LARGE_MM = 5;
/** + and − zoom by this factor. */
const KEY_ZOOM_FACTOR = 1.1;
/** Wheel zoom per pixel scrolled: a mouse notch (100 px) is about ×0.86; pinches scroll less, so count more. */
const WHEEL_ZOOM_PER_PX = 0.0015;
const PINCH_ZOOM_PER_PX = 0.01;
const LINE_PX = 16;
const PAGE_PX = 400;

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  /** Millimetres of the card per CSS pixel of the preview. */
  mmPerPx: number;
  /** The box as it was when grabbed: the whole drag is measured from it. */
  box: ArtBox;
  /** The focus last sent, so a pointer that moves without moving the art sends nothing. */
  sent: { x: number; y: number };
}

export class ArtCropModel {
  dragging = $state(false);
  private drag: Drag | null = null;

  constructor(private readonly target: () => ArtCropTarget) {}

  grab(pointerId: number, clientX: number, clientY: number, mmPerPx: number, box: ArtBox): void {
    if (this.drag || !(mmPerPx > 0)) return;
    this.drag = { pointerId, startX: clientX, startY: clientY, mmPerPx, box, sent: { x: box.op.focusX, y: box.op.focusY } };
    this.dragging = true;
    this.target().beginGesture();
  }

  move(pointerId: number, clientX: number, clientY: number): void {
    const drag = this.drag;
    if (!drag || drag.pointerId !== pointerId) return;
    const { box } = drag;
    const dx = (clientX - drag.startX) * drag.mmPerPx;
    const dy = (clientY - drag.startY) * drag.mmPerPx;
    const focus = focusAfterDrag(box.op, box.imageWidth, box.imageHeight, dx, dy);
    if (focus.x === drag.sent.x && focus.y === drag.sent.y) return;
    drag.sent = focus;
    this.target().crop(box.op.field, focus);
  }

  release(pointerId: number): void {
    if (!this.drag || this.drag.pointerId !== pointerId) return;
    this.drag = null;
    this.dragging = false;
    this.target().endGesture();
  }

  /** A wheel turn over the box zooms around its centre; deltaY > 0 (scrolling down) zooms out. */
  wheel(box: ArtBox, deltaY: number, deltaMode: number, pinch: boolean): void {
    const px = deltaY * (deltaMode === 1 ? LINE_PX : deltaMode === 2 ? PAGE_PX : 1);
    this.zoomBy(box, Math.exp(-px * (pinch ? PINCH_ZOOM_PER_PX : WHEEL_ZOOM_PER_PX)));
  }

  /** Arrow keys move the art, + and − zoom; false for any other key (the view lets it through). */
  key(box: ArtBox, key: string, shift: boolean): boolean {
    const step = shift ? KEY_STEP_LARGE_MM : KEY_STEP_MM;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[key];
    if (move) this.pan(box, move[0], move[1]);
    else if (key === '+' || key === '=') this.zoomBy(box, KEY_ZOOM_FACTOR);
    else if (key === '-' || key === '_') this.zoomBy(box, 1 / KEY_ZOOM_FACTOR);
    else return false;
    return true;
  }

  /** Moves the art as it is now (a key press: each is a small drag of its own). */
  private pan(box: ArtBox, dxMm: number, dyMm: number): void {
    const focus = focusAfterDrag(box.op, box.imageWidth, box.imageHeight, dxMm, dyMm);
    if (focus.x === box.op.focusX && focus.y === box.op.focusY) return;
    this.target().crop(box.op.field, focus);
  }

  private zoomBy(box: ArtBox, factor: number): void {
    if (!Number.isFinite(factor)) return;
    const zoom = Math.round(Math.min(MAX_IMAGE_ZOOM, Math.max(1, box.op.zoom * factor)) * 1000) / 1000;
    if (zoom !== box.op.zoom) this.target().crop(box.op.field, { zoom });
  }
}
