// A thumbnail's frame (its background and the shapes under the art) painted once into a small
// bitmap at the screen's pixel density, kept per distinct frame: cards of one type and color
// share it. A row then paints one image instead of up to nine gradient layers, which the
// browser rasterises again at every paint of every row (a list scrolling, a keystroke's rows).
//
// Each frame is one class in a stylesheet of its own, not an inline `background`: an inline
// style holding the bitmap's data: URL is parsed again for every element given it, and each
// parse fetches the URL again during the next style recalc (1–13 ms a keystroke for the rows a
// new answer brings). A class rule is parsed once; its image is shared by every row using it.

import type { ThumbnailShape } from '../../../card-schema/layout/thumbnail';

/** Distinct frames at most: a game has a few per card type and identity. Past it, rows keep gradients. */
const CAPACITY = 512;

/** Frame class by scale and frame key. */
const classes = new Map<string, string>();
let sheet: CSSStyleSheet | undefined;

/** The page's stylesheet of frame classes, adopted on first use. */
function frameSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  return sheet;
}

/**
 * A class whose `background` is `shapes` over `base` at `width` × `height` CSS px, as one bitmap;
 * undefined where nothing can paint one (no canvas, no constructable stylesheets) or past
 * CAPACITY frames, and the caller keeps its gradient layers. `key` names the frame (its layers).
 */
export function rasterFrameClass(
  shapes: readonly ThumbnailShape[],
  base: string,
  width: number,
  height: number,
  key: string,
): string | undefined {
  if (typeof document === 'undefined' || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) {
    return undefined;
  }
  const scale = Math.max(1, Math.ceil(globalThis.devicePixelRatio || 1));
  const cacheKey = `${scale}:${width}x${height}:${key}`;
  const kept = classes.get(cacheKey);
  if (kept !== undefined) return kept;
  if (classes.size >= CAPACITY) return undefined;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  paintShapes(context, shapes, base, canvas.width, canvas.height);
  const name = `thumb-frame-${classes.size + 1}`;
  const rules = frameSheet();
  rules.insertRule(
    `.${name} { background: url("${canvas.toDataURL('image/png')}") 0 0 / 100% 100% no-repeat, ${base}; }`,
    rules.cssRules.length,
  );
  classes.set(cacheKey, name);
  return name;
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
