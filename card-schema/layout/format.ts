// Card layouts as data, and the drawing they resolve to. `layoutCard` turns a layout plus a
// card into positioned, already line-broken drawing operations; the SVG preview and the PDF
// exporter only paint those operations, so the preview and the print are the same layout.
// All units are millimetres from the card's top-left corner (bleed excluded).

/** A color: hex string, or the card's identity color (first value, or `index`), or looked up by a field's value. */
export type Paint = string | { identity: number } | { identityOr: string } | FieldPaint;

/**
 * A color chosen by the value of a card field (a frame per rarity, a badge per mission
 * category): `values` maps the field's value (a list's first item) to a color; anything else,
 * an empty field included, paints `default`.
 */
export interface FieldPaint {
  byField: string;
  values: Record<string, string>;
  default: string;
}

/**
 * A linear gradient between two solid paints, for fills (frames with depth): `angle` in degrees,
 * 0 runs top to bottom (default), 90 left to right.
 */
export interface GradientPaint {
  gradient: [Paint, Paint];
  angle?: number;
}

/** What a shape's inside or the card's background can be painted with: a color or a gradient. */
export type Fill = Paint | GradientPaint;

/** A gradient resolved to colors, as drawing operations carry it. */
export interface ResolvedGradient {
  from: string;
  to: string;
  /** Degrees; 0 runs top to bottom, 90 left to right. */
  angle: number;
}

export const FONT_FACES = ['regular', 'bold', 'italic'] as const;
export type FontFace = (typeof FONT_FACES)[number];

export interface CardLayout {
  background: Fill;
  elements: LayoutElement[];
}

/** A value `whenEquals` compares a card field with. */
export type LayoutScalar = string | number | boolean;

interface ElementBase {
  x: number;
  y: number;
  w: number;
  h: number;
  /** What the layout editor's layer list calls the element ("Cost badge"). */
  name?: string;
  /** Never drawn (hidden in the layout editor); kept in the layout. */
  hidden?: boolean;
  /** The layout editor does not select, move or resize it on the card (only in the layer list). */
  locked?: boolean;
  /** Only drawn when this card field is present and non-empty. */
  when?: string;
  /** With `when`: only drawn when that field equals this value, or one of these (a list's first item counts). */
  whenEquals?: LayoutScalar | LayoutScalar[];
  /** Only drawn when this card field is empty (a placeholder shown until the card has art). */
  unless?: string;
}

export interface RectElement extends ElementBase {
  kind: 'rect';
  radius?: number;
  fill?: Fill;
  stroke?: Paint;
  strokeWidth?: number;
}

export interface TextElement extends ElementBase {
  kind: 'text';
  /** Template with {field} placeholders; arrays and keyword objects render via `x-display`. */
  text: string;
  size: number;
  /** Shrink down to this size before truncating with an ellipsis. */
  minSize?: number;
  font?: FontFace;
  /** A font the game ships (its `fonts[].id`); default the card font (Inter). */
  family?: string;
  align?: 'left' | 'center' | 'right';
  valign?: 'top' | 'middle' | 'bottom';
  color?: Paint;
  /** Line height as a multiple of the font size. */
  leading?: number;
  /** Follow each keyword the text shows with its reminder (the keyword's `x-reminder`), in italic parentheses. */
  reminders?: boolean;
  /** A card field that, when not empty (a checked box), leaves this card's reminders out. */
  hideRemindersWhen?: string;
}

/** Identity pips: one small circle per identity value of the card. */
export interface PipsElement extends ElementBase {
  kind: 'pips';
  /** Diameter of each pip. */
  size: number;
}

/**
 * Card art: the image a card's image field (`x-kind: image`) references, cropped as the card
 * says (focus point and zoom). Nothing is drawn when the field is empty, so a placeholder rect
 * under it shows instead.
 */
export interface ImageElement extends ElementBase {
  kind: 'image';
  /** The card field holding the image reference. */
  field: string;
  /** cover (default): fill the box, cropping the image; contain: the whole image inside the box. */
  fit?: 'cover' | 'contain';
  radius?: number;
}

/** An ellipse filling its box (a gem, a round badge). */
export interface EllipseElement extends ElementBase {
  kind: 'ellipse';
  fill?: Fill;
  stroke?: Paint;
  strokeWidth?: number;
}

/** One of the game's symbols (its `symbols`, by id), fitted into the box: a cost or stat icon. */
export interface IconElement extends ElementBase {
  kind: 'icon';
  symbol: string;
  color?: Paint;
}

export type LayoutElement = RectElement | TextElement | PipsElement | ImageElement | EllipseElement | IconElement;
export type LayoutElementKind = LayoutElement['kind'];

export type DrawOp =
  | {
      op: 'rect';
      x: number;
      y: number;
      w: number;
      h: number;
      radius: number;
      fill?: string | ResolvedGradient;
      stroke?: string;
      strokeWidth?: number;
    }
  | { op: 'circle'; cx: number; cy: number; r: number; fill: string; stroke?: string; strokeWidth?: number }
  | {
      op: 'ellipse';
      cx: number;
      cy: number;
      rx: number;
      ry: number;
      fill?: string | ResolvedGradient;
      stroke?: string;
      strokeWidth?: number;
    }
  /**
   * One run of a line of text, set in one font; (x, y) is the left end of the baseline.
   * `gameFontFile` names the game font file setting it (its SHA-256: see GameFontFace), when the
   * text element chose a game font that draws these characters; `fallback` names the fallback
   * font (fonts.ts) when neither it nor the card font does; with neither, the card font sets it.
   */
  | {
      op: 'text';
      x: number;
      y: number;
      text: string;
      size: number;
      font: FontFace;
      color: string;
      fallback?: string;
      gameFontFile?: string;
    }
  /** An image clipped to the box; where it sits inside is `imagePlacement` (image-placement.ts). */
  | {
      op: 'image';
      x: number;
      y: number;
      w: number;
      h: number;
      radius: number;
      /** The image's id in the library's image store. */
      image: string;
      /** The card field holding the image reference (where its crop and warnings belong). */
      field: string;
      fit: 'cover' | 'contain';
      focusX: number;
      focusY: number;
      zoom: number;
    }
  /** An inline symbol: SVG path data in its `viewBox`, fitted into the square (x, y, size) and filled. */
  | { op: 'symbol'; x: number; y: number; size: number; path: string; viewBox: [number, number, number, number]; color: string };

/** Something the layout could not show as the card says, at the card field it comes from. */
export interface LayoutWarning {
  /** JSON pointer of the card field ("/text"); "" when the text names no card field. */
  pointer: string;
  /**
   * art-resolution: the picture prints below MIN_PRINT_DPI in its box (art-warnings.ts);
   * unknown-symbol: a `{token}` in the text names none of the game's symbols, so it prints as text;
   * emoji-sequence: a combined emoji (skin tone, ZWJ family, flag, keycap) prints as its parts.
   */
  code: 'text-cut' | 'missing-glyphs' | 'emoji-sequence' | 'art-resolution' | 'unknown-symbol';
  message: string;
}

export interface CardDrawing {
  widthMm: number;
  heightMm: number;
  cornerRadiusMm: number;
  ops: DrawOp[];
  /** What the layout had to cut or could not draw (layoutCard always fills it). */
  warnings?: LayoutWarning[];
}
