// Card thumbnails (card-schema/layout/thumbnail.ts) for every sample card of every built-in
// game: a background, a few shapes inside the card, the art box exactly where the full layout
// draws the picture; and the fallbacks for cards and drawings that give little to go on.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CardDrawing, DrawOp } from '../../card-schema/layout/format';
import { layoutCard, layoutCardShapes } from '../../card-schema/layout/layout-card';
import {
  MAX_THUMBNAIL_SHAPES,
  NEUTRAL_THUMBNAIL_COLOR,
  cardThumbnail,
  thumbnailArtPlacement,
  thumbnailOf,
  type ThumbnailBox,
} from '../../card-schema/layout/thumbnail';
import { loadGameSystems } from '../../src-main/services/game-systems';
import { ROOT, loadSamples } from './systems/harness';

const { systems } = loadGameSystems(join(ROOT, 'card-schema/systems'));
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const EPS = 1e-9;

function inside(box: ThumbnailBox): boolean {
  return box.x >= -EPS && box.y >= -EPS && box.x + box.w <= 1 + EPS && box.y + box.h <= 1 + EPS && box.w > 0 && box.h > 0;
}

type ImageOp = Extract<DrawOp, { op: 'image' }>;

function largestImageOp(drawing: CardDrawing): ImageOp | undefined {
  const images = drawing.ops.filter((op): op is ImageOp => op.op === 'image');
  return images.sort((a, b) => b.w * b.h - a.w * a.h)[0];
}

describe.each(systems.map((system) => [system.id]))('%s sample cards', (systemId) => {
  const { system, cards } = loadSamples(systemId);

  it('each have a background and at most a few shapes, all inside the card', () => {
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const thumb = thumbnailOf(system, card.doc);
      expect(thumb.background, card.id).toMatch(HEX);
      expect(thumb.background, card.id).not.toBe(NEUTRAL_THUMBNAIL_COLOR);
      expect(thumb.aspect).toBeCloseTo(system.card.widthMm / system.card.heightMm, 9);
      expect(thumb.shapes.length, card.id).toBeLessThanOrEqual(MAX_THUMBNAIL_SHAPES);
      for (const shape of thumb.shapes) {
        expect(shape.color, card.id).toMatch(HEX);
        expect(inside(shape), `${card.id}: ${JSON.stringify(shape)}`).toBe(true);
      }
    }
  });

  it('put the art where the full layout draws it', () => {
    const { widthMm, heightMm } = system.card;
    for (const card of cards) {
      const thumb = thumbnailOf(system, card.doc);
      const image = largestImageOp(layoutCard(system, card.doc));
      if (!image) {
        expect(thumb.art, card.id).toBeUndefined();
        continue;
      }
      const art = thumb.art;
      expect(art, card.id).toBeDefined();
      if (!art) continue;
      expect(art.image).toBe(image.image);
      expect(inside(art.box), card.id).toBe(true);
      expect(art.box.x * widthMm).toBeCloseTo(image.x, 6);
      expect(art.box.y * heightMm).toBeCloseTo(image.y, 6);
      expect(art.box.w * widthMm).toBeCloseTo(image.w, 6);
      expect(art.box.h * heightMm).toBeCloseTo(image.h, 6);
      expect(art.op).toEqual(image);
    }
  });

  it('come from the same shapes as the full layout, without its text', () => {
    for (const card of cards) {
      // The full layout without its text elements (the icon elements are shapes and stay).
      const layouts = Object.fromEntries(
        Object.entries(system.layouts).map(([id, layout]) => [
          id,
          { ...layout, elements: layout.elements.filter((element) => element.kind !== 'text') },
        ]),
      );
      const full = layoutCard({ ...system, layouts }, card.doc).ops;
      expect(layoutCardShapes(system, card.doc).ops, card.id).toEqual(full);
    }
  });
});

describe('card thumbnails', () => {
  it('show the identity color of an OSMCG card (its background) and the second color below', () => {
    const { system, cards } = loadSamples('osmcg');
    const pyra = cards.find((card) => card.doc.name === 'Pyra, Ashen Marshal');
    expect(pyra).toBeDefined();
    const thumb = thumbnailOf(system, pyra!.doc);
    const red = system.identity?.values.find((value) => value.id === 'red')?.color;
    expect(thumb.background).toBe(red);
    expect(thumb.art).toBeDefined();
  });

  it('keep a card without art to its shapes (the art placeholder shows)', () => {
    const { system, cards } = loadSamples('osmcg');
    const doc = { ...cards.find((card) => card.doc.type === 'creature')!.doc };
    delete doc.art;
    const thumb = thumbnailOf(system, doc);
    expect(thumb.art).toBeUndefined();
    expect(thumb.shapes.length).toBeGreaterThan(1);
  });

  it('fall back to a neutral card for a drawing without rects, or a card that does not lay out', () => {
    const drawing: CardDrawing = {
      widthMm: 63,
      heightMm: 88,
      cornerRadiusMm: 3,
      ops: [{ op: 'text', x: 2, y: 10, text: 'Hi', size: 8, font: 'regular', color: '#000000' }],
    };
    expect(cardThumbnail(drawing)).toEqual({
      aspect: 63 / 88,
      corner: { x: 3 / 63, y: 3 / 88 },
      background: NEUTRAL_THUMBNAIL_COLOR,
      shapes: [],
    });
    expect(cardThumbnail({ ...drawing, widthMm: 0 }).background).toBe(NEUTRAL_THUMBNAIL_COLOR);
    const system = systems[0];
    const broken = { ...system, layouts: null } as unknown as typeof system;
    expect(thumbnailOf(broken, { type: 'creature', name: 'x' }).background).toBe(NEUTRAL_THUMBNAIL_COLOR);
  });

  it('leave out colors CSS would not read, hairlines and specks; draw discs round and banners over the art', () => {
    const drawing: CardDrawing = {
      widthMm: 60,
      heightMm: 80,
      cornerRadiusMm: 0,
      ops: [
        { op: 'rect', x: 0, y: 0, w: 60, h: 80, radius: 0, fill: '#12345' },
        { op: 'rect', x: 5, y: 5, w: 50, h: 30, radius: 0, fill: '#aabbcc' },
        {
          op: 'image',
          x: 5,
          y: 5,
          w: 50,
          h: 30,
          radius: 1,
          image: 'pic',
          field: 'art',
          fit: 'cover',
          focusX: 0.5,
          focusY: 0.5,
          zoom: 1,
        },
        { op: 'rect', x: 5, y: 10, w: 50, h: 6, radius: 0, fill: '#00000080' },
        { op: 'rect', x: 5, y: 40, w: 50, h: 0.3, radius: 0, fill: '#111111' },
        { op: 'circle', cx: 30, cy: 60, r: 0.5, fill: '#222222' },
        { op: 'rect', x: 20, y: 50, w: 20, h: 20, radius: 10, fill: 'red' },
        { op: 'rect', x: 40, y: 60, w: 10, h: 10, radius: 5, fill: '#333' },
        { op: 'circle', cx: 10, cy: 60, r: 5, fill: '#444' },
        { op: 'rect', x: 5, y: 72, w: 50, h: 6, radius: 0, fill: '#ffffff', stroke: '#000', strokeWidth: 0.3 },
      ],
    };
    const thumb = cardThumbnail(drawing);
    expect(thumb.background).toBe(NEUTRAL_THUMBNAIL_COLOR);
    expect(thumb.shapes.map((shape) => [shape.color, shape.shape, shape.overArt])).toEqual([
      ['#aabbcc', 'rect', false],
      ['#00000080', 'rect', true],
      ['#333', 'ellipse', false],
      ['#444', 'ellipse', false],
      ['#ffffff', 'rect', false],
    ]);
  });

  it('leave out shapes a later opaque rect hides, and keep the largest few in paint order', () => {
    const squares: DrawOp[] = Array.from({ length: 12 }, (_, i) => ({
      op: 'rect',
      x: (i % 4) * 15,
      y: Math.floor(i / 4) * 20,
      w: 8 + i * 0.5,
      h: 8 + i * 0.5,
      radius: 0,
      fill: '#10203' + (i % 10),
    }));
    const drawing: CardDrawing = {
      widthMm: 60,
      heightMm: 80,
      cornerRadiusMm: 0,
      ops: [{ op: 'rect', x: 0, y: 0, w: 60, h: 80, radius: 0, fill: '#ffffff' }, ...squares],
    };
    const shapes = cardThumbnail(drawing).shapes;
    expect(shapes).toHaveLength(MAX_THUMBNAIL_SHAPES);
    expect(shapes.map((shape) => shape.color)).toEqual(squares.slice(4).map((op) => (op.op === 'rect' ? op.fill : '')));

    const hidden = cardThumbnail({
      ...drawing,
      ops: [drawing.ops[0], squares[0], { op: 'rect', x: 0, y: 0, w: 30, h: 30, radius: 0, fill: '#000000' }],
    });
    expect(hidden.shapes.map((shape) => shape.color)).toEqual(['#000000']);
  });

  it('place the picture in its art box as the preview does', () => {
    const drawing: CardDrawing = {
      widthMm: 60,
      heightMm: 80,
      cornerRadiusMm: 0,
      ops: [
        { op: 'rect', x: 0, y: 0, w: 60, h: 80, radius: 0, fill: '#ffffff' },
        {
          op: 'image',
          x: 10,
          y: 10,
          w: 40,
          h: 20,
          radius: 0,
          image: 'pic',
          field: 'art',
          fit: 'cover',
          focusX: 0,
          focusY: 0.5,
          zoom: 1,
        },
      ],
    };
    const art = cardThumbnail(drawing).art!;
    // A square picture covers the 2:1 box at its width, its focus (the middle) at the box's centre.
    expect(thumbnailArtPlacement(art, 100, 100)).toEqual({ x: 0, y: -0.5, w: 1, h: 2 });
    // A wide picture is as high as the box; focus on its left edge keeps the box's left edge there.
    expect(thumbnailArtPlacement(art, 400, 100)).toEqual({ x: 0, y: 0, w: 2, h: 1 });
  });
});
