// A card reduced to what a list row's thumbnail (about 34 × 48 px) can show: its background, its
// largest filled shapes (frame, title bar, art panel, text box, in the colors the card's identity
// gave them) and its art picture where the layout puts it. Drawn as a few boxes and one picture
// instead of the full layout, so a list of 100,000 cards scrolls without laying out text.

import type { CardDocument, GameSystem } from '../system/format';
import type { CardDrawing, DrawOp, ResolvedGradient } from './format';
import { gradientMiddle, isGradient } from './gradient';
import { imagePlacement } from './image-placement';
import { layoutCardShapes } from './layout-card';

type ImageOp = Extract<DrawOp, { op: 'image' }>;

/** A box as fractions of the card: x and w of its width, y and h of its height. */
export interface ThumbnailBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ThumbnailShape extends ThumbnailBox {
  /** A CSS hex color (#rgb, #rgba, #rrggbb or #rrggbbaa). */
  color: string;
  /** ellipse: a circle or ellipse op, or a rect rounded into a circle; everything else is drawn square. */
  shape: 'rect' | 'ellipse';
  /** Painted after the art and across it (a banner over the picture), so drawn above it. */
  overArt: boolean;
}

export interface ThumbnailArt {
  /** The image's id in the library's image store. */
  image: string;
  box: ThumbnailBox;
  /** Corner radius as fractions of the box's width (x) and height (y). */
  radius: { x: number; y: number };
  /** The layout's image op (mm), which says where the picture sits in its box. */
  op: ImageOp;
}

export interface CardThumbnail {
  /** The card's width over its height. */
  aspect: number;
  /** Corner radius as fractions of the card's width (x) and height (y). */
  corner: { x: number; y: number };
  /** The card's base color: its background, or a neutral grey when it has none. */
  background: string;
  /** In paint order (the first is the lowest). */
  shapes: ThumbnailShape[];
  art?: ThumbnailArt;
}

/** The color of a card whose drawing has no usable background. */
export const NEUTRAL_THUMBNAIL_COLOR = '#d4d4d8';
/** More layers would cost more than a thumbnail shows. */
export const MAX_THUMBNAIL_SHAPES = 8;
/** Shapes smaller than this share of the card's area are a pixel or two in a thumbnail. */
const MIN_AREA_SHARE = 0.01;
/** Thinner shapes (rules, hairlines), as a share of the card's width, vanish at thumbnail size. */
const MIN_SIDE_SHARE = 0.025;

/** `doc`'s thumbnail; a card that does not lay out (unknown type, broken layout) gets a neutral one. */
export function thumbnailOf(system: GameSystem, doc: CardDocument): CardThumbnail {
  try {
    return cardThumbnail(layoutCardShapes(system, doc));
  } catch {
    return neutralThumbnail(system.card.widthMm, system.card.heightMm, system.card.cornerRadiusMm ?? 0);
  }
}

/** The thumbnail of a drawing (any of `layoutCard`'s; text ops are ignored). */
export function cardThumbnail(drawing: CardDrawing): CardThumbnail {
  const { widthMm, heightMm } = drawing;
  if (!(widthMm > 0 && heightMm > 0)) return neutralThumbnail(1, 1, 0);
  const base = neutralThumbnail(widthMm, heightMm, drawing.cornerRadiusMm);
  const fraction = (x: number, y: number, w: number, h: number): ThumbnailBox => ({
    x: x / widthMm,
    y: y / heightMm,
    w: w / widthMm,
    h: h / heightMm,
  });
  const [first, ...rest] = drawing.ops;
  const background = first && isBackground(first, widthMm, heightMm) ? fillHex(first.fill) : undefined;
  const ops = background ? rest : drawing.ops;

  const artIndex = largestImage(ops);
  const artOp = artIndex >= 0 ? (ops[artIndex] as ImageOp) : undefined;
  const art: ThumbnailArt | undefined = artOp && {
    image: artOp.image,
    box: fraction(artOp.x, artOp.y, artOp.w, artOp.h),
    radius: { x: artOp.radius / artOp.w, y: artOp.radius / artOp.h },
    op: artOp,
  };

  const candidates: ThumbnailShape[] = [];
  ops.forEach((op, index) => {
    const shape = shapeOf(op, fraction);
    if (
      !shape ||
      shape.w * shape.h < MIN_AREA_SHARE ||
      Math.min(shape.w * widthMm, shape.h * heightMm) < MIN_SIDE_SHARE * widthMm
    ) {
      return;
    }
    shape.overArt = art !== undefined && index > artIndex && overlaps(shape, art.box);
    candidates.push(shape);
  });
  return { ...base, background: background ?? base.background, shapes: mostVisible(candidates), ...(art ? { art } : {}) };
}

/**
 * Where the picture goes relative to its art box (0 and 1 are the box's edges; the box clips it),
 * placed by `imagePlacement` as the preview and the print place it, from the picture's pixel size.
 */
export function thumbnailArtPlacement(art: ThumbnailArt, imageWidth: number, imageHeight: number): ThumbnailBox {
  const { op } = art;
  const placed = imagePlacement(op, imageWidth, imageHeight);
  return { x: (placed.x - op.x) / op.w, y: (placed.y - op.y) / op.h, w: placed.w / op.w, h: placed.h / op.h };
}

function neutralThumbnail(widthMm: number, heightMm: number, cornerRadiusMm: number): CardThumbnail {
  return {
    aspect: widthMm / heightMm,
    corner: { x: cornerRadiusMm / widthMm, y: cornerRadiusMm / heightMm },
    background: NEUTRAL_THUMBNAIL_COLOR,
    shapes: [],
  };
}

/** layoutCard's first op: a filled rect over the whole card. */
function isBackground(op: DrawOp, widthMm: number, heightMm: number): op is Extract<DrawOp, { op: 'rect' }> {
  return op.op === 'rect' && op.fill !== undefined && op.x <= 0 && op.y <= 0 && op.w >= widthMm && op.h >= heightMm;
}

function largestImage(ops: DrawOp[]): number {
  let best = -1;
  let bestArea = 0;
  ops.forEach((op, index) => {
    if (op.op === 'image' && op.w > 0 && op.h > 0 && op.w * op.h > bestArea) {
      best = index;
      bestArea = op.w * op.h;
    }
  });
  return best;
}

/** A filled rect, circle or ellipse as a thumbnail shape (outlines are hairlines at this size). */
function shapeOf(op: DrawOp, fraction: (x: number, y: number, w: number, h: number) => ThumbnailBox): ThumbnailShape | undefined {
  if (op.op === 'rect') {
    const color = fillHex(op.fill);
    if (!color || !(op.w > 0 && op.h > 0)) return undefined;
    // A rect rounded by half its side or more, and about as wide as high, is a disc.
    const round = op.radius >= Math.min(op.w, op.h) / 2 - 1e-6 && Math.max(op.w, op.h) <= Math.min(op.w, op.h) * 1.25;
    return { ...fraction(op.x, op.y, op.w, op.h), color, shape: round ? 'ellipse' : 'rect', overArt: false };
  }
  if (op.op === 'circle') {
    const color = cssHex(op.fill);
    if (!color || !(op.r > 0)) return undefined;
    return { ...fraction(op.cx - op.r, op.cy - op.r, op.r * 2, op.r * 2), color, shape: 'ellipse', overArt: false };
  }
  if (op.op === 'ellipse') {
    const color = fillHex(op.fill);
    if (!color || !(op.rx > 0 && op.ry > 0)) return undefined;
    return { ...fraction(op.cx - op.rx, op.cy - op.ry, op.rx * 2, op.ry * 2), color, shape: 'ellipse', overArt: false };
  }
  return undefined;
}

/** A fill as one hex color: a gradient by its middle, too small at thumbnail size to show its run. */
function fillHex(fill: string | ResolvedGradient | undefined): string | undefined {
  return cssHex(isGradient(fill) ? gradientMiddle(fill) : fill);
}

/**
 * The shapes worth drawing, in paint order: none that a later opaque rect hides entirely, and
 * of the rest the largest MAX_THUMBNAIL_SHAPES.
 */
function mostVisible(shapes: ThumbnailShape[]): ThumbnailShape[] {
  const seen = shapes.filter(
    (shape, i) => !shapes.some((later, j) => j > i && later.shape === 'rect' && isOpaque(later.color) && contains(later, shape)),
  );
  if (seen.length <= MAX_THUMBNAIL_SHAPES) return seen;
  const kept = new Set([...seen].sort((a, b) => b.w * b.h - a.w * a.h).slice(0, MAX_THUMBNAIL_SHAPES));
  return seen.filter((shape) => kept.has(shape));
}

function contains(outer: ThumbnailBox, inner: ThumbnailBox): boolean {
  const eps = 1e-9;
  return (
    outer.x <= inner.x + eps &&
    outer.y <= inner.y + eps &&
    outer.x + outer.w >= inner.x + inner.w - eps &&
    outer.y + outer.h >= inner.y + inner.h - eps
  );
}

function overlaps(a: ThumbnailBox, b: ThumbnailBox): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * The color if it is one CSS reads as hex (3, 4, 6 or 8 digits); anything else is left out,
 * since one bad color would make CSS drop every layer of the thumbnail's background.
 */
function cssHex(color: string | undefined): string | undefined {
  return color !== undefined && /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(color) ? color : undefined;
}

function isOpaque(color: string): boolean {
  const digits = color.length - 1;
  if (digits === 3 || digits === 6) return true;
  const alpha = digits === 4 ? color.slice(4) : color.slice(7);
  return /^f+$/i.test(alpha);
}
