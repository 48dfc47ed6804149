// A card thumbnail's shapes as CSS: each shape one background layer (a flat linear-gradient for
// a box, a radial one for a disc), so a whole card frame paints as one element's background.

import type { CardThumbnail, ThumbnailBox, ThumbnailShape } from '../../../card-schema/layout/thumbnail';
import { rasterFrameClass } from './thumb-raster';

/** A thumbnail's inline styles at one width, each one `style` attribute. */
export interface ThumbLook {
  /** Size and corners, and the shapes under the art unless `frameClass` paints them. */
  frame: string;
  /** The class painting the frame as one bitmap (thumb-raster.ts); '' when `frame` does. */
  frameClass: string;
  /** The art's box and corners; undefined without art. */
  art: string | undefined;
  /** The shapes over the art; undefined when there are none. */
  over: string | undefined;
}

// In a page, the frame is one bitmap given by a class (thumb-raster.ts) rather than the gradient layers.
// Kept per thumbnail object (card-thumbnails.ts keeps those per card version): a list row built
// for a card again, or for another card with the same frame, gets the very same strings, which
// Svelte does not write to the element again, and the browser does not parse again.
const looks = new WeakMap<CardThumbnail, Map<number, ThumbLook>>();

/** The styles of `thumb` drawn `width` CSS pixels wide, worked out once. */
export function thumbLook(thumb: CardThumbnail, width: number): ThumbLook {
  let byWidth = looks.get(thumb);
  if (!byWidth) looks.set(thumb, (byWidth = new Map()));
  let look = byWidth.get(width);
  if (!look) {
    const height = Math.round(width / thumb.aspect);
    const over = thumb.shapes.filter((shape) => shape.overArt);
    const below = thumb.shapes.filter((shape) => !shape.overArt);
    const layers = shapesBackground(below, width, height, thumb.background);
    const frameClass = below.length > 0 ? (rasterFrameClass(below, thumb.background, width, height, layers) ?? '') : '';
    const size = `width: ${width}px; height: ${height}px; border-radius: ${cornerStyle(thumb.corner)}`;
    look = {
      frame: frameClass ? size : `${size}; background: ${layers}`,
      frameClass,
      art: thumb.art && `${boxStyle(thumb.art.box)}; border-radius: ${cornerStyle(thumb.art.radius)}`,
      over: over.length > 0 ? `background: ${shapesBackground(over, width, height)}` : undefined,
    };
    byWidth.set(width, look);
  }
  return look;
}

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
