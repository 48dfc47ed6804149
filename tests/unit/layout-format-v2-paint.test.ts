// Gradient fills and ellipses as the PDF and the card images paint them: the PDF is rasterized
// with pdftoppm and the SVG with sharp, and pixel colors are read at the ends of a gradient and
// inside and outside an ellipse; a back (painted once into a form XObject) gets its gradient too.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardDrawing, DrawOp } from '../../card-schema/layout/format';
import { DEFAULT_PRINT_OPTIONS } from '../../card-schema/print/print-options';
import { renderDrawingSheet } from '../../src-main/pdf/print-sheet';
import { SvgFonts, drawingToSvg } from '../../src-main/tts/card-svg';

const FONTS_DIR = resolve(import.meta.dirname, '../../resources/fonts');
const workDir = mkdtempSync(join(tmpdir(), 'cw-gradient-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const W = 63;
const H = 88;

/** Red at the top to blue at the bottom, a green ellipse in the middle, a band fading to black left to right. */
const FRONT: CardDrawing = {
  widthMm: W,
  heightMm: H,
  cornerRadiusMm: 0,
  ops: [
    { op: 'rect', x: 0, y: 0, w: W, h: H, radius: 0, fill: { from: '#ff0000', to: '#0000ff', angle: 0 } },
    // A translucent fill, then an opaque gradient (one color): the gradient must not take its opacity.
    { op: 'rect', x: 40, y: 4, w: 20, h: 10, radius: 0, fill: '#00000020' },
    { op: 'rect', x: 5, y: 4, w: 20, h: 10, radius: 0, fill: { from: '#ffff00', to: '#ffff00', angle: 90 } },
    { op: 'ellipse', cx: 31.5, cy: 44, rx: 15, ry: 10, fill: '#00ff00' },
    { op: 'rect', x: 5, y: 70, w: 53, h: 15, radius: 2, fill: { from: '#00000000', to: '#000000', angle: 90 } },
  ],
};

const BACK: CardDrawing = {
  widthMm: W,
  heightMm: H,
  cornerRadiusMm: 0,
  ops: [{ op: 'rect', x: 0, y: 0, w: W, h: H, radius: 0, fill: { from: '#ffff00', to: '#00ffff', angle: 0 } }],
};

interface Raster {
  data: Buffer;
  width: number;
  channels: number;
}

/** The color at (x, y) mm of the card, which fills the box of the raster's non-white pixels. */
function sampler(raster: Raster, height: number): (xMm: number, yMm: number) => [number, number, number] {
  const { data, width, channels } = raster;
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * channels;
      if (data[at] < 245 || data[at + 1] < 245 || data[at + 2] < 245) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  }
  expect(x1 - x0, 'the card is on the raster').toBeGreaterThan(100);
  return (xMm, yMm) => {
    const x = Math.round(x0 + (xMm / W) * (x1 - x0));
    const y = Math.round(y0 + (yMm / H) * (y1 - y0));
    const at = (y * width + x) * channels;
    return [data[at], data[at + 1], data[at + 2]];
  };
}

async function rasterizePdf(
  bytes: Uint8Array,
  name: string,
  page = 1,
): Promise<(xMm: number, yMm: number) => [number, number, number]> {
  const path = join(workDir, `${name}.pdf`);
  writeFileSync(path, bytes);
  const out = join(workDir, name);
  execFileSync('pdftoppm', ['-r', '100', '-png', '-f', String(page), '-l', String(page), '-singlefile', path, out]);
  const { data, info } = await sharp(`${out}.png`).raw().toBuffer({ resolveWithObject: true });
  return sampler({ data, width: info.width, channels: info.channels }, info.height);
}

/** What both painters must show for FRONT. */
function expectFront(at: (xMm: number, yMm: number) => [number, number, number]): void {
  const yellow = at(15, 9);
  expect(yellow[0] > 240 && yellow[1] > 240 && yellow[2] < 20, `an opaque gradient after a translucent fill ${yellow}`).toBe(
    true,
  );
  const [topR, , topB] = at(31.5, 1);
  expect(topR > 200 && topB < 60, `top of the gradient ${at(31.5, 1)}`).toBe(true);
  const [bottomR, , bottomB] = at(31.5, 87);
  expect(bottomB > 200 && bottomR < 60, `bottom of the gradient ${at(31.5, 87)}`).toBe(true);
  const middle = at(31.5, 44);
  expect(middle[1] > 200 && middle[0] < 60 && middle[2] < 60, `inside the ellipse ${middle}`).toBe(true);
  const nearEdge = at(31.5 + 13, 44);
  expect(nearEdge[1] > 200, `inside the ellipse near its end ${nearEdge}`).toBe(true);
  // In the ellipse's box but outside the ellipse: the background shows.
  const corner = at(31.5 + 14, 44 + 9.5);
  expect(corner[1] < 80 && corner[0] + corner[2] > 200, `outside the ellipse ${corner}`).toBe(true);
  // The band: clear on the left (the background shows), black on the right.
  const left = at(6, 77);
  expect(left[2] > 150, `the band's clear end ${left}`).toBe(true);
  const right = at(57, 77);
  expect(Math.max(...right) < 50, `the band's black end ${right}`).toBe(true);
}

describe('gradients and ellipses in the PDF', () => {
  it('paints a gradient from top to bottom, an ellipse, and a gradient fading in', async () => {
    const result = await renderDrawingSheet({
      cards: [{ label: 'Gradient', size: { widthMm: W, heightMm: H }, front: FRONT }],
      print: { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 0, cutGuides: 'none', faces: 'fronts' },
      fontsDir: FONTS_DIR,
      title: 'Gradients',
    });
    expect(Buffer.from(result.bytes).toString('latin1')).toMatch(/\/ShadingType 2/);
    expectFront(await rasterizePdf(result.bytes, 'front'));
  });

  it('paints the gradient of a back drawn once into a form XObject, and continues it into the bleed', async () => {
    const result = await renderDrawingSheet({
      cards: [{ label: 'Gradient', size: { widthMm: W, heightMm: H }, front: FRONT, back: BACK }],
      print: { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 3, cutGuides: 'none', faces: 'both' },
      fontsDir: FONTS_DIR,
      title: 'Gradients',
    });
    const bytes = result.backsBytes ?? result.bytes;
    const at = await rasterizePdf(bytes, 'back', result.backsBytes ? 1 : 2);
    // The raster's card box includes the bleed here: 3 mm of the 69 × 94 mm painted box.
    const inCard = (xMm: number, yMm: number) => at(((xMm + 3) / (W + 6)) * W, ((yMm + 3) / (H + 6)) * H);
    const top = inCard(31.5, 0.5);
    expect(top[0] > 200 && top[1] > 200 && top[2] < 60, `top of the back ${top}`).toBe(true);
    const bottom = inCard(31.5, 87.5);
    expect(bottom[0] < 60 && bottom[1] > 200 && bottom[2] > 200, `bottom of the back ${bottom}`).toBe(true);
    const bleedTop = at(31.5, 0.3);
    expect(bleedTop[0] > 200 && bleedTop[2] < 60, `the bleed above the back ${bleedTop}`).toBe(true);
  });
});

describe('gradients and ellipses in card images (SVG)', () => {
  const fonts = new SvgFonts(new Map(), new Map());

  it('writes a linear gradient across the shape and an ellipse', () => {
    const svg = drawingToSvg(FRONT, 630, fonts, () => undefined);
    expect(svg).toContain('<linearGradient id="gradient-0" gradientUnits="userSpaceOnUse" x1="31.5" y1="0" x2="31.5" y2="88">');
    // A translucent end as a color and its opacity (librsvg and browsers alike read that).
    expect(svg).toContain('<stop offset="0" stop-color="#000000" stop-opacity="0"/>');
    expect(svg).toContain('fill="url(#gradient-0)"');
    expect(svg).toContain('<ellipse cx="31.5" cy="44" rx="15" ry="10" fill="#00ff00"');
  });

  it('rasterizes to the same colors as the PDF', async () => {
    const svg = drawingToSvg(FRONT, 630, fonts, () => undefined);
    const { data, info } = await sharp(Buffer.from(svg))
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expectFront(sampler({ data, width: info.width, channels: info.channels }, info.height));
  });

  it('keeps the ids of gradients apart when a drawing has several', () => {
    const ops: DrawOp[] = [
      { op: 'rect', x: 0, y: 0, w: 10, h: 10, radius: 0, fill: { from: '#000000', to: '#ffffff', angle: 0 } },
      { op: 'ellipse', cx: 5, cy: 5, rx: 5, ry: 5, fill: { from: '#000000', to: '#ffffff', angle: 90 } },
    ];
    const svg = drawingToSvg({ ...FRONT, ops }, 100, fonts, () => undefined);
    expect(svg.match(/<linearGradient id="([^"]+)"/g)).toEqual([
      '<linearGradient id="gradient-0"',
      '<linearGradient id="gradient-1"',
    ]);
    expect(svg).toContain('x1="0" y1="5" x2="10" y2="5"');
  });
});
