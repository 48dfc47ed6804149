// The print resolution warning: art that prints below 300 dpi in its box, with the card's crop,
// is reported at the card's image field with its dpi and what would fix it; a picture made for
// 300 dpi, one whose size is not known yet, and a card without art get none.

import { describe, expect, it } from 'vitest';
import { artWarnings, type ImageSize } from '../../card-schema/layout/art-warnings';
import { layoutCard } from '../../card-schema/layout/layout-card';
import type { GameSystem } from '../../card-schema/system/format';

const ART_ID = 'a'.repeat(64);
const PORTRAIT_ID = 'b'.repeat(64);

// A 53 × 35 mm art box and a small 20 × 20 mm portrait, both cover.
const system = {
  id: 'dpi-test',
  name: 'DPI test',
  card: { widthMm: 63, heightMm: 88 },
  cardTypes: [
    {
      id: 'unit',
      label: 'Unit',
      layout: 'unit',
      schema: {
        type: 'object',
        properties: { name: { type: 'string' }, art: { 'x-kind': 'image' }, 'portrait/face': { 'x-kind': 'image' } },
      },
    },
  ],
  layouts: {
    unit: {
      background: '#ffffff',
      elements: [
        { kind: 'image', field: 'art', x: 5, y: 10, w: 53, h: 35 },
        { kind: 'image', field: 'portrait/face', x: 5, y: 60, w: 20, h: 20 },
      ],
    },
  },
} as unknown as GameSystem;

function warningsFor(doc: Record<string, unknown>, sizes: Record<string, ImageSize>) {
  return artWarnings(layoutCard(system, { type: 'unit', name: 'A', ...doc }), (id) => sizes[id]);
}

describe('artWarnings', () => {
  it('names the dpi and the picture size that prints sharp, at the image field', () => {
    // 400 × 300 covers the box 53 mm wide: 400 px over 2.09 in is 192 dpi.
    expect(warningsFor({ art: { id: ART_ID } }, { [ART_ID]: { width: 400, height: 300 } })).toEqual([
      {
        pointer: '/art',
        code: 'art-resolution',
        message: 'This art prints at 192 dpi in its box (300 dpi looks sharp): use a picture at least 626 × 413 pixels.',
      },
    ]);
  });

  it('counts the zoom, and says how far zooming out is enough', () => {
    const sizes = { [ART_ID]: { width: 1000, height: 750 } }; // 479 dpi unzoomed
    expect(warningsFor({ art: { id: ART_ID, zoom: 1.5 } }, sizes)).toEqual([]);
    const [warning] = warningsFor({ art: { id: ART_ID, zoom: 2, x: 0.2 } }, sizes);
    expect(warning.message).toBe(
      'This art prints at 240 dpi in its box (300 dpi looks sharp): use a picture at least 1252 × 827 pixels, or zoom out to 1.59× or less.',
    );
    // Too small even unzoomed: zooming out helps, but not enough to name a zoom.
    const [soft] = warningsFor({ art: { id: ART_ID, zoom: 2 } }, { [ART_ID]: { width: 400, height: 300 } });
    expect(soft.message).toMatch(/prints at 96 dpi .* pixels, or zoom out\.$/);
  });

  it('accepts art made for 300 dpi, and says nothing while a size is unknown', () => {
    // 626 px across 53 mm is 300.0 dpi; 625 px is 299.5, which rounds to 300 too.
    expect(warningsFor({ art: { id: ART_ID } }, { [ART_ID]: { width: 625, height: 469 } })).toEqual([]);
    expect(warningsFor({ art: { id: ART_ID } }, { [ART_ID]: { width: 620, height: 465 } })).toHaveLength(1);
    expect(warningsFor({ art: { id: ART_ID } }, {})).toEqual([]);
    expect(warningsFor({}, { [ART_ID]: { width: 10, height: 10 } })).toEqual([]);
    expect(warningsFor({ art: { id: ART_ID } }, { [ART_ID]: { width: 0, height: 0 } })).toEqual([]);
  });

  it('points each field at its own pointer, escaped', () => {
    const sizes = { [ART_ID]: { width: 100, height: 100 }, [PORTRAIT_ID]: { width: 3000, height: 3000 } };
    const both = warningsFor({ art: { id: ART_ID }, 'portrait/face': { id: ART_ID } }, sizes);
    expect(both.map((warning) => warning.pointer)).toEqual(['/art', '/portrait~1face']);
    const sharpPortrait = warningsFor({ art: { id: ART_ID }, 'portrait/face': { id: PORTRAIT_ID } }, sizes);
    expect(sharpPortrait.map((warning) => warning.pointer)).toEqual(['/art']);
  });
});
