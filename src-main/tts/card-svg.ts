// A CardDrawing (layoutCard's DrawOps, in mm) as a standalone SVG for rasterizing with sharp:
// the same operations the preview and the PDF paint. Text is drawn as glyph outlines from the
// app's own font files (fontkit shapes it as pdfkit does), so the image needs no installed fonts
// and sets every character exactly as the print does.

import { create as openFontkitFont, type Font } from 'fontkit';
import type { CardDrawing, DrawOp, ResolvedGradient } from '../../card-schema/layout/format';
import { gradientLine, isGradient, splitAlpha, type GradientBox } from '../../card-schema/layout/gradient';
import { FALLBACK_FONTS, FONT_FILES } from '../../card-schema/layout/fonts';
import { imagePlacement } from '../../card-schema/layout/image-placement';
import { symbolTransform } from '../../card-schema/layout/inline-symbols';
import { PT_TO_MM } from '../../card-schema/layout/text-measure';
import type { GameFontBuffers } from '../fonts/game-font-files';
import type { FontBuffers } from '../pdf/pdf-fonts';
import { opsWithBleed } from './svg-bleed';

type TextOp = Extract<DrawOp, { op: 'text' }>;

/** A picture for an image op: its data URI and size (the print variant, as the PDF uses). */
export interface SvgImage {
  dataUri: string;
  width: number;
  height: number;
}

/** The fonts text ops name, opened once per export. */
export class SvgFonts {
  private readonly opened = new Map<string, Font>();

  constructor(
    private readonly buffers: FontBuffers,
    private readonly gameFonts: GameFontBuffers,
  ) {}

  forOp(op: TextOp): Font {
    if (op.gameFontFile !== undefined) return this.open(`game:${op.gameFontFile}`, this.gameFonts.get(op.gameFontFile));
    const files = op.fallback === undefined ? FONT_FILES : FALLBACK_FONTS.find((font) => font.id === op.fallback)?.files;
    if (!files) throw new Error(`unknown fallback font "${op.fallback}"`);
    return this.open(files[op.font], this.buffers.get(files[op.font]));
  }

  private open(key: string, buffer: Buffer | undefined): Font {
    let font = this.opened.get(key);
    if (font) return font;
    if (!buffer) throw new Error(`the font file ${key} is not available`);
    font = openFontkitFont(buffer);
    this.opened.set(key, font);
    return font;
  }
}

const n = (value: number) => Math.round(value * 1000) / 1000;
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Bleed round the card (card images for print shops) and the image's exact height. */
export interface SvgFrame {
  /** Millimetres painted past each cut line, as the PDF paints them (svg-bleed.ts); default 0. */
  bleedMm?: number;
  /** Default: the card's (bleed included) proportions at `widthPx`. */
  heightPx?: number;
}

/** The drawing as SVG, `widthPx` wide, bleed included (the height follows the card's proportions). */
export function drawingToSvg(
  drawing: CardDrawing,
  widthPx: number,
  fonts: SvgFonts,
  imageOf: (imageId: string) => SvgImage | undefined,
  frame: SvgFrame = {},
): string {
  const bleed = Math.max(0, frame.bleedMm ?? 0);
  const widthMm = drawing.widthMm + 2 * bleed;
  const heightMm = drawing.heightMm + 2 * bleed;
  const heightPx = frame.heightPx ?? Math.round((widthPx * heightMm) / widthMm);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${widthPx}" height="${heightPx}" viewBox="${n(-bleed)} ${n(-bleed)} ${n(widthMm)} ${n(heightMm)}" preserveAspectRatio="none">`,
    // The sheet is cut into rectangles in TTS; corners are rounded by the game's card model, so fill them.
    `<rect x="${n(-bleed)}" y="${n(-bleed)}" width="${n(widthMm)}" height="${n(heightMm)}" fill="#ffffff"/>`,
  ];
  opsWithBleed(drawing, bleed).forEach((op, index) => {
    switch (op.op) {
      case 'rect': {
        const fill = svgFill(op.fill, op, `gradient-${index}`);
        parts.push(
          `${fill.defs}<rect x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}" rx="${n(op.radius)}" fill="${fill.paint}" stroke="${attr(op.stroke ?? 'none')}" stroke-width="${n(op.strokeWidth ?? 0)}"/>`,
        );
        break;
      }
      case 'ellipse': {
        const box = { x: op.cx - op.rx, y: op.cy - op.ry, w: op.rx * 2, h: op.ry * 2 };
        const fill = svgFill(op.fill, box, `gradient-${index}`);
        parts.push(
          `${fill.defs}<ellipse cx="${n(op.cx)}" cy="${n(op.cy)}" rx="${n(op.rx)}" ry="${n(op.ry)}" fill="${fill.paint}" stroke="${attr(op.stroke ?? 'none')}" stroke-width="${n(op.strokeWidth ?? 0)}"/>`,
        );
        break;
      }
      case 'circle':
        parts.push(
          `<circle cx="${n(op.cx)}" cy="${n(op.cy)}" r="${n(op.r)}" fill="${attr(op.fill)}" stroke="${attr(op.stroke ?? 'none')}" stroke-width="${n(op.strokeWidth ?? 0)}"/>`,
        );
        break;
      case 'symbol': {
        const { x, y, scale } = symbolTransform(op);
        parts.push(
          `<path d="${attr(op.path)}" transform="translate(${n(x)} ${n(y)}) scale(${scale})" fill="${attr(op.color)}"/>`,
        );
        break;
      }
      case 'image': {
        const image = imageOf(op.image);
        if (!image) break;
        const placed = imagePlacement(op, image.width, image.height);
        const clip = `clip-${index}`;
        parts.push(
          `<clipPath id="${clip}"><rect x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}" rx="${n(op.radius)}"/></clipPath>`,
          `<image clip-path="url(#${clip})" x="${n(placed.x)}" y="${n(placed.y)}" width="${n(placed.w)}" height="${n(placed.h)}" preserveAspectRatio="none" xlink:href="${image.dataUri}"/>`,
        );
        break;
      }
      case 'text':
        parts.push(textPath(op, fonts.forOp(op)));
        break;
    }
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/** Glyph outlines as SVG path data, made once per glyph (fontkit keeps one glyph object per id). */
const outlines = new WeakMap<object, string>();

function outline(glyph: { path: { toSVG(): string } }): string {
  let d = outlines.get(glyph);
  if (d === undefined) outlines.set(glyph, (d = glyph.path.toSVG()));
  return d;
}

/** One run of text as filled glyph outlines on its baseline. */
function textPath(op: TextOp, font: Font): string {
  const sizeMm = op.size * PT_TO_MM;
  const scale = sizeMm / font.unitsPerEm;
  const run = font.layout(op.text);
  const glyphs: string[] = [];
  let penX = 0;
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    const d = outline(glyph);
    if (d) {
      const x = op.x + (penX + position.xOffset) * scale;
      const y = op.y - position.yOffset * scale;
      // Font units point up; the card's millimetres point down.
      glyphs.push(`<path transform="translate(${n(x)} ${n(y)}) scale(${scale} ${-scale})" d="${d}"/>`);
    }
    penX += position.xAdvance;
  });
  return glyphs.length ? `<g fill="${attr(op.color)}">${glyphs.join('')}</g>` : '';
}

/** A shape's fill attribute, with the gradient it refers to (`id`, across the shape's box) when it is one. */
function svgFill(fill: string | ResolvedGradient | undefined, box: GradientBox, id: string): { defs: string; paint: string } {
  if (!isGradient(fill)) return { defs: '', paint: attr(fill ?? 'none') };
  const line = gradientLine(fill.angle, box);
  const stop = (offset: number, color: string) => {
    const split = splitAlpha(color);
    return `<stop offset="${offset}" stop-color="${attr(split.color)}" stop-opacity="${split.opacity}"/>`;
  };
  return {
    defs: `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(line.x1)}" y1="${n(line.y1)}" x2="${n(line.x2)}" y2="${n(line.y2)}">${stop(0, fill.from)}${stop(1, fill.to)}</linearGradient>`,
    paint: `url(#${id})`,
  };
}
