// Cropping the art by hand in the editor's preview (ArtCropModel): a drag sends the focus that
// keeps the grabbed point under the pointer, measured from where the drag started, bracketed as
// one gesture; the wheel and + / − zoom within 1–8; arrow keys move the art; other keys pass.

import { describe, expect, it } from 'vitest';
import type { DrawOp } from '../../card-schema/layout/format';
import { focusAfterDrag } from '../../card-schema/layout/image-placement';
import type { ImageCrop } from '../../card-schema/system/image-field';
import { ArtCropModel, type ArtBox, type ArtCropTarget } from '../../src-renderer/src/lib/art-crop.svelte';

type ImageOp = Extract<DrawOp, { op: 'image' }>;

// A 2:1 picture in a 40 × 30 mm box: 60 mm wide when placed, so it can move 10 mm either way.
const op = (overrides: Partial<ImageOp> = {}): ImageOp => ({
  op: 'image',
  x: 10,
  y: 20,
  w: 40,
  h: 30,
  radius: 0,
  image: 'a'.repeat(64),
  field: 'art',
  fit: 'cover',
  focusX: 0.5,
  focusY: 0.5,
  zoom: 1,
  ...overrides,
});
const box = (overrides: Partial<ImageOp> = {}): ArtBox => ({ op: op(overrides), imageWidth: 2000, imageHeight: 1000 });

function setup() {
  const calls: (string | [string, Partial<ImageCrop>])[] = [];
  const target: ArtCropTarget = {
    crop: (field, change) => calls.push([field, change]),
    beginGesture: () => calls.push('begin'),
    endGesture: () => calls.push('end'),
  };
  return { model: new ArtCropModel(() => target), calls };
}

describe('ArtCropModel', () => {
  it('drags the art as one gesture, from where it was grabbed, in card millimetres', () => {
    const { model, calls } = setup();
    // 0.25 mm per CSS pixel: 20 px right is 5 mm.
    model.grab(7, 100, 100, 0.25, box());
    expect(model.dragging).toBe(true);
    model.move(7, 120, 100);
    model.move(8, 300, 300); // another pointer: ignored
    model.move(7, 140, 100);
    model.move(7, 140, 100); // the art did not move: nothing sent
    model.release(7);
    expect(model.dragging).toBe(false);
    expect(calls).toEqual([
      'begin',
      ['art', focusAfterDrag(op(), 2000, 1000, 5, 0)],
      ['art', focusAfterDrag(op(), 2000, 1000, 10, 0)],
      'end',
    ]);
  });

  it('brings the grabbed point back when dragged past an edge and back', () => {
    const { model, calls } = setup();
    model.grab(1, 0, 0, 1, box());
    model.move(1, 50, 0); // far past the left edge's stop
    model.move(1, 0, 0);
    model.release(1);
    expect(calls.slice(1, 3)).toEqual([
      ['art', { x: 0.3333, y: 0.5 }],
      ['art', { x: 0.5, y: 0.5 }],
    ]);
  });

  it('zooms with the wheel and a pinch, within 1–8', () => {
    const { model, calls } = setup();
    model.wheel(box({ zoom: 2 }), -100, 0, false); // a notch up: in
    model.wheel(box({ zoom: 2 }), 3, 1, false); // three lines down: out
    model.wheel(box({ zoom: 2 }), -10, 0, true); // pinching out
    model.wheel(box({ zoom: 1 }), 100, 0, false); // already at 1: nothing
    model.wheel(box({ zoom: 8 }), -100, 0, false); // already at 8: nothing
    model.wheel(box({ zoom: 7.9 }), -1000, 0, false);
    expect(calls).toEqual([
      ['art', { zoom: 2.324 }],
      ['art', { zoom: 1.861 }],
      ['art', { zoom: 2.21 }],
      ['art', { zoom: 8 }],
    ]);
  });

  it('moves the art with the arrow keys and zooms with + and −; other keys pass', () => {
    const { model, calls } = setup();
    expect(model.key(box(), 'ArrowRight', false)).toBe(true);
    expect(model.key(box(), 'ArrowLeft', true)).toBe(true);
    expect(model.key(box({ zoom: 2 }), 'ArrowUp', false)).toBe(true);
    expect(model.key(box(), 'ArrowDown', false)).toBe(true); // the picture is as tall as the box: nothing to move
    expect(model.key(box(), '+', false)).toBe(true);
    expect(model.key(box({ zoom: 2 }), '-', false)).toBe(true);
    expect(model.key(box(), 'Tab', false)).toBe(false);
    expect(model.key(box(), 'a', false)).toBe(false);
    expect(calls).toEqual([
      ['art', focusAfterDrag(op(), 2000, 1000, 1, 0)],
      ['art', focusAfterDrag(op(), 2000, 1000, -5, 0)],
      ['art', focusAfterDrag(op({ zoom: 2 }), 2000, 1000, 0, -1)],
      ['art', { zoom: 1.1 }],
      ['art', { zoom: 1.818 }],
    ]);
  });

  it('ignores a grab it cannot measure, and a second grab during a drag', () => {
    const { model, calls } = setup();
    model.grab(1, 0, 0, 0, box()); // preview not laid out yet: no scale
    expect(model.dragging).toBe(false);
    model.grab(1, 0, 0, 1, box());
    model.grab(2, 0, 0, 1, box());
    model.release(2);
    expect(model.dragging).toBe(true);
    model.release(1);
    expect(calls).toEqual(['begin', 'end']);
  });
});
