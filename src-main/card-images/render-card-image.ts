// One card face as a PNG or JPEG: its drawing (the same DrawOps the preview and the PDF paint)
// as SVG with the PDF's bleed (tts/card-svg.ts), rasterized by sharp at the export's dpi, with
// the dpi written into the file. Card art is read in its print version (as the PDF embeds it),
// cut to what its box shows, scaled once to the pixels it prints at and kept for the next cards
// that show it.

import type Sharp from 'sharp';
import type { CardDrawing, DrawOp } from '../../card-schema/layout/format';
import { imagePlacement } from '../../card-schema/layout/image-placement';
import { printImage } from '../images/image-variants';
import { drawingToSvg, type SvgFonts, type SvgImage } from '../tts/card-svg';

type SharpFactory = typeof Sharp;
type ImageOp = Extract<DrawOp, { op: 'image' }>;

const MM_PER_INCH = 25.4;
export const JPEG_QUALITY = 92;
/** A card image larger than this is refused (a 500 mm card at 600 dpi would be ~140 megapixels). */
export const MAX_CARD_IMAGE_PIXELS = 60_000_000;
/** Pictures larger than sharp's default are refused before they are decoded. */
const MAX_ART_PIXELS = 0x3fff * 0x3fff;
/** Scaled pictures kept for the next cards (a set's frames and shared art come back often). */
const ART_CACHE_SIZE = 24;

export interface CardImageOptions {
  dpi: number;
  bleedMm: number;
  format: 'png' | 'jpeg';
}

/** Pixels for a length in mm at `dpi`. */
export function pixelsOf(mm: number, dpi: number): number {
  return Math.round((mm / MM_PER_INCH) * dpi);
}

/** The image's size in pixels: (card + 2 × bleed) / 25.4 × dpi. */
export function cardImageSize(drawing: Pick<CardDrawing, 'widthMm' | 'heightMm'>, options: CardImageOptions) {
  return {
    widthPx: pixelsOf(drawing.widthMm + 2 * options.bleedMm, options.dpi),
    heightPx: pixelsOf(drawing.heightMm + 2 * options.bleedMm, options.dpi),
  };
}

export class CardImageRenderer {
  private readonly art = new Map<string, Promise<SvgImage | undefined>>();

  constructor(
    private readonly sharp: SharpFactory,
    private readonly fonts: SvgFonts,
    private readonly dataDir: string,
    private readonly options: CardImageOptions,
  ) {}

  /** `label` names the card in a refusal. */
  async render(drawing: CardDrawing, label: string): Promise<Buffer> {
    const { widthPx, heightPx } = cardImageSize(drawing, this.options);
    if (widthPx * heightPx > MAX_CARD_IMAGE_PIXELS)
      throw new Error(
        `${label}: a ${widthPx} × ${heightPx} px image is larger than ${MAX_CARD_IMAGE_PIXELS / 1_000_000} megapixels; export at a lower dpi`,
      );
    const pictures = new Map<string, SvgImage>();
    for (const op of drawing.ops) {
      if (op.op !== 'image' || pictures.has(op.image)) continue;
      const picture = await this.picture(op);
      if (picture) pictures.set(op.image, picture);
    }
    const svg = drawingToSvg(drawing, widthPx, this.fonts, (id) => pictures.get(id), {
      bleedMm: this.options.bleedMm,
      heightPx,
    });
    const raster = this.sharp(Buffer.from(svg), { limitInputPixels: MAX_CARD_IMAGE_PIXELS });
    const encoded =
      this.options.format === 'png'
        ? raster.png()
        : raster.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:4:4' });
    return encoded.withMetadata({ density: this.options.dpi }).toBuffer();
  }

  /** The op's picture scaled to the pixels it covers at this dpi (never enlarged); undefined when missing or unreadable. */
  private picture(op: ImageOp): Promise<SvgImage | undefined> {
    const key = `${op.image}|${op.w}|${op.h}|${op.fit}|${op.zoom}`;
    let found = this.art.get(key);
    if (found) {
      // Most recently used last.
      this.art.delete(key);
      this.art.set(key, found);
      return found;
    }
    found = this.scaled(op).catch(() => undefined);
    this.art.set(key, found);
    if (this.art.size > ART_CACHE_SIZE) this.art.delete(this.art.keys().next().value!);
    return found;
  }

  private async scaled(op: ImageOp): Promise<SvgImage | undefined> {
    const print = await printImage(this.dataDir, op.image);
    const source = this.sharp(print.bytes, { limitInputPixels: MAX_ART_PIXELS });
    const px = (mm: number) => Math.max(1, Math.ceil((mm / MM_PER_INCH) * this.options.dpi));
    // Print images are opaque (flattened onto white): JPEG embeds and decodes several times
    // faster than PNG, at a quality no print shows.
    const encode = (image: Sharp.Sharp) => image.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
    const placed = imagePlacement(op, print.width, print.height);
    if (op.fit === 'cover' && op.zoom === 1) {
      // Only what the box shows, at the box's pixels: a picture with the box's proportions is
      // placed exactly over the box again, so the card is drawn as from the whole picture.
      const left = clamp(Math.round(((op.x - placed.x) / placed.w) * print.width), 0, print.width - 1);
      const top = clamp(Math.round(((op.y - placed.y) / placed.h) * print.height), 0, print.height - 1);
      const width = clamp(Math.round((op.w / placed.w) * print.width), 1, print.width - left);
      const height = clamp(Math.round((op.h / placed.h) * print.height), 1, print.height - top);
      const outWidth = Math.min(width, px(op.w));
      const outHeight = Math.min(height, px(op.h));
      const bytes = await encode(source.extract({ left, top, width, height }).resize(outWidth, outHeight, { fit: 'fill' }));
      return { dataUri: `data:image/jpeg;base64,${bytes.toString('base64')}`, width: outWidth, height: outHeight };
    }
    const width = Math.min(print.width, px(placed.w));
    const height = Math.min(print.height, px(placed.h));
    const bytes = await encode(source.resize(width, height, { fit: 'fill' }));
    // The size placement is computed from stays the original's, as the PDF computes it.
    return { dataUri: `data:image/jpeg;base64,${bytes.toString('base64')}`, width: print.width, height: print.height };
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
