// Rasterizes cards for pixel comparisons: one card printed alone (a PDF page the size of the
// card, painted by the PDF exporter's own painter) through pdftoppm, and the difference between
// two images of the same size, measured with sharp.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { CardDrawing } from '../../card-schema/layout/format';
import { MM_TO_PT } from '../../src-main/pdf/imposition';
import { paintCardDrawing } from '../../src-main/pdf/paint-drawing';
import { PdfFonts, createPrintDocument, readPrintFonts } from '../../src-main/pdf/pdf-fonts';
import type { GameFontBuffers } from '../../src-main/fonts/game-font-files';

const FONTS_DIR = resolve(import.meta.dirname, '../../resources/fonts');
/** About a sixth of a millimetre at the 600-pixel card width the comparisons use. */
const BLUR_SIGMA_PX = 1.5;

/** A one-page PDF holding only this card, trimmed to its edges; `gameFonts`: its game's font files by SHA-256. */
export async function oneCardPdf(drawing: CardDrawing, gameFonts?: GameFontBuffers): Promise<Buffer> {
  const box = { x: 0, y: 0, w: drawing.widthMm, h: drawing.heightMm };
  const doc = createPrintDocument({ autoFirstPage: false, size: [box.w * MM_TO_PT, box.h * MM_TO_PT], margin: 0 });
  const fonts = PdfFonts.register(doc, await readPrintFonts(FONTS_DIR), gameFonts);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolveEnd) => doc.on('end', () => resolveEnd()));
  doc.addPage({ size: [box.w * MM_TO_PT, box.h * MM_TO_PT], margin: 0 });
  paintCardDrawing(doc, drawing, { index: 0, row: 0, column: 0, trim: box, bleed: box }, fonts, 'card');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** The PDF's first page as a PNG of exactly `width` × `height` pixels (pdftoppm). */
export function rasterizePdf(pdf: Buffer, width: number, height: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cardwright-raster-'));
  try {
    writeFileSync(join(dir, 'card.pdf'), pdf);
    const args = ['-png', '-singlefile', '-scale-to-x', String(width), '-scale-to-y', String(height)];
    execFileSync('pdftoppm', [...args, join(dir, 'card.pdf'), join(dir, 'card')]);
    return readFileSync(join(dir, 'card.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface PixelDifference {
  /** Mean absolute difference per channel, 0–255. */
  mean: number;
  /** Share of pixels (0–1) where some channel differs by more than a quarter of its range. */
  differing: number;
}

/**
 * Compares two images of the same size, both slightly blurred, inside the box `inset` pixels
 * from each edge (the preview rounds its corners and outlines its edge; the print does neither).
 */
export async function pixelDifference(a: Buffer, b: Buffer, inset: number): Promise<PixelDifference> {
  const rgb = async (image: Buffer) => {
    const { width, height } = await sharp(image).metadata();
    const region = { left: inset, top: inset, width: (width ?? 0) - 2 * inset, height: (height ?? 0) - 2 * inset };
    // The blur evens out anti-aliasing and sub-pixel placement (Skia and poppler snap edges
    // differently); a glyph from another font or a line broken elsewhere survives it.
    const flat = await sharp(image).flatten({ background: '#ffffff' }).removeAlpha().png().toBuffer();
    const data = await sharp(flat).blur(BLUR_SIGMA_PX).extract(region).raw().toBuffer();
    return { data, width: width ?? 0, height: height ?? 0 };
  };
  const [first, second] = await Promise.all([rgb(a), rgb(b)]);
  if (first.width !== second.width || first.height !== second.height) {
    throw new Error(`Images differ in size: ${first.width}×${first.height} and ${second.width}×${second.height}`);
  }
  let total = 0;
  let differing = 0;
  for (let i = 0; i < first.data.length; i += 3) {
    let most = 0;
    for (let c = 0; c < 3; c++) {
      const delta = Math.abs(first.data[i + c] - second.data[i + c]);
      total += delta;
      most = Math.max(most, delta);
    }
    if (most > 64) differing++;
  }
  const pixels = first.data.length / 3;
  return { mean: total / first.data.length, differing: differing / pixels };
}
