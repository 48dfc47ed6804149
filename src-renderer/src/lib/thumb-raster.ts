// A thumbnail's frame (its background and the shapes under the art) painted once into a small
// bitmap at the screen's pixel density, kept per distinct frame: cards of one type and color
// share it. A row then paints one image instead of up to nine gradient layers, which the
// browser rasterises again at every paint of every row (a list scrolling, a keystroke's rows).

import type { ThumbnailShape } from '../../../card-schema/layout/thumbnail';
import { LruCache } from './lru-cache';

/** Distinct frames kept: a game has a few per card type and identity. */
const CAPACITY = 512;

const rasters = new LruCache<string, string>(CAPACITY);

/**
 * CSS `background` for `shapes` over `base` at `width` × `height` CSS px, as one bitmap; undefined
 * where nothing can paint one (no canvas), and the caller keeps its gradient layers.
 */
export function rasterBackground(
  shapes: readonly ThumbnailShape[],
  base: string,
  width: number,
  height: number,
  key: string,
): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const scale = Math.max(1, Math.ceil(globalThis.devicePixelRatio || 1));
  const cacheKey = `${scale}:${key}`;
  const kept = rasters.get(cacheKey);
  if (kept !== undefined) return kept;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  paintShapes(context, shapes, base, canvas.width, canvas.height);
  const css = `url("${canvas.toDataURL('image/png')}") 0 0 / 100% 100% no-repeat, ${base}`;
  rasters.set(cacheKey, css);
  return css;
}

/** The shapes in paint order, as card-thumb-style.ts's gradient layers draw them. */
function paintShapes(
  context: CanvasRenderingContext2D,
  shapes: readonly ThumbnailShape[],
  base: string,
  w: number,
  h: number,
): void {
  context.fillStyle = base;
  context.fillRect(0, 0, w, h);
  for (const shape of shapes) {
    const x = shape.x * w;
    const y = shape.y * h;
    const sw = shape.w * w;
    const sh = shape.h * h;
    if (shape.shape === 'rect') {
      context.fillStyle = shape.color;
      context.fillRect(x, y, sw, sh);
      continue;
    }
    // radial-gradient(closest-side, color 92%, transparent): a disc filling its box, its edge soft.
    context.save();
    context.translate(x + sw / 2, y + sh / 2);
    context.scale(sw / 2, sh / 2);
    const disc = context.createRadialGradient(0, 0, 0, 0, 0, 1);
    disc.addColorStop(0.92, shape.color);
    // The color itself, clear: fading to transparent black would darken the edge.
    disc.addColorStop(1, clear(shape.color));
    context.fillStyle = disc;
    context.fillRect(-1, -1, 2, 2);
    context.restore();
  }
}

/** A #rgb, #rgba, #rrggbb or #rrggbbaa color with alpha 0 (thumbnail colors are hex, see thumbnail.ts). */
function clear(hex: string): string {
  const digits = hex.slice(1);
  const short = digits.length <= 4;
  const channel = (i: number) => parseInt(short ? digits[i] + digits[i] : digits.slice(i * 2, i * 2 + 2), 16);
  return `rgba(${channel(0)}, ${channel(1)}, ${channel(2)}, 0)`;
}
