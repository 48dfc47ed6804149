// A card thumbnail's shapes as CSS: each shape one background layer (a flat linear-gradient for
// a box, a radial one for a disc), so a whole card frame paints as one element's background.

import type { ThumbnailBox, ThumbnailShape } from '../../../card-schema/layout/thumbnail';

/** CSS `background` for the shapes over `base` (a color), at a thumbnail `width` × `height` px. */
export function shapesBackground(shapes: readonly ThumbnailShape[], width: number, height: number, base = 'transparent'): string {
  // CSS lists the top layer first; shapes come in paint order, the lowest first.
  const layers = [...shapes].reverse().map((shape) => {
    const image =
      shape.shape === 'ellipse'
        ? `radial-gradient(closest-side, ${shape.color} 92%, transparent)`
        : `linear-gradient(${shape.color}, ${shape.color})`;
    return `${image} ${px(shape.x * width)} ${px(shape.y * height)} / ${px(shape.w * width)} ${px(shape.h * height)} no-repeat`;
  });
  return [...layers, base].join(', ');
}

/** A box as CSS position and size, in percent of its container. */
export function boxStyle(box: ThumbnailBox): string {
  return `left: ${percent(box.x)}; top: ${percent(box.y)}; width: ${percent(box.w)}; height: ${percent(box.h)}`;
}

/** An elliptical corner radius given as fractions of the element's width and height. */
export function cornerStyle(radius: { x: number; y: number }): string {
  return `${percent(radius.x)} / ${percent(radius.y)}`;
}

function px(value: number): string {
  return `${Math.round(value * 100) / 100}px`;
}

function percent(fraction: number): string {
  return `${Math.round(fraction * 100_000) / 1000}%`;
}
