// The renderer's thumbnail plumbing: the LRU cache, the per-game cache of card thumbnails (laid
// out once per card version) and the CSS the thumbnail's shapes become.

import { describe, expect, it } from 'vitest';
import type { CardThumbnail, ThumbnailShape } from '../../card-schema/layout/thumbnail';
import type { CardDocument, CardRecord, GameSystem } from '../../card-schema/system/format';
import { CardThumbnails } from '../../src-renderer/src/lib/card-thumbnails';
import { boxStyle, cornerStyle, shapesBackground, thumbLook } from '../../src-renderer/src/lib/card-thumb-style';
import { LruCache } from '../../src-renderer/src/lib/lru-cache';

describe('LruCache', () => {
  it('drops the least recently used entry past its capacity', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('replaces a value without growing, and makes a missing one once', () => {
    const cache = new LruCache<string, number>(3);
    cache.set('a', 1);
    cache.set('a', 2);
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBe(2);
    let made = 0;
    const make = () => ++made * 10;
    expect(cache.getOrSet('b', make)).toBe(10);
    expect(cache.getOrSet('b', make)).toBe(10);
    expect(made).toBe(1);
  });

  it('refuses a capacity below one', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});

describe('CardThumbnails', () => {
  const thumbnail = (): CardThumbnail => ({ aspect: 0.7, corner: { x: 0, y: 0 }, background: '#ffffff', shapes: [] });
  const card = (id: string, updatedAt: string, name = id): CardRecord => ({
    id,
    setId: 's',
    systemId: 'g',
    updatedAt,
    doc: { type: 't', name } as CardDocument,
  });

  function counting(capacity: number) {
    const calls: string[] = [];
    const cache = new CardThumbnails(capacity, (_system, doc) => {
      calls.push(doc.name);
      return thumbnail();
    });
    return { cache, calls };
  }

  it('lays a card out once per version, again when it changed', () => {
    const { cache, calls } = counting(10);
    const system = {} as GameSystem;
    const first = cache.get(system, card('a', '1', 'Ash'));
    expect(cache.get(system, card('a', '1', 'Ash'))).toBe(first);
    cache.get(system, card('a', '2', 'Ashes'));
    expect(calls).toEqual(['Ash', 'Ashes']);
  });

  it('keeps each game system object apart (an edited game lays its cards out again)', () => {
    const { cache, calls } = counting(10);
    cache.get({} as GameSystem, card('a', '1'));
    cache.get({} as GameSystem, card('a', '1'));
    expect(calls).toEqual(['a', 'a']);
  });

  it('forgets the least recently shown cards first', () => {
    const { cache, calls } = counting(2);
    const system = {} as GameSystem;
    for (const id of ['a', 'b', 'a', 'c', 'a', 'b']) cache.get(system, card(id, '1'));
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });
});

describe('thumbnail CSS', () => {
  const shape = (color: string, kind: ThumbnailShape['shape']): ThumbnailShape => ({
    x: 0.1,
    y: 0.5,
    w: 0.5,
    h: 0.25,
    color,
    shape: kind,
    overArt: false,
  });

  it('paints shapes as background layers, the last painted on top, over the base color', () => {
    expect(shapesBackground([shape('#111', 'rect'), shape('#222', 'ellipse')], 30, 42, '#fff')).toBe(
      'radial-gradient(closest-side, #222 92%, transparent) 3px 21px / 15px 10.5px no-repeat, ' +
        'linear-gradient(#111, #111) 3px 21px / 15px 10.5px no-repeat, #fff',
    );
    expect(shapesBackground([], 30, 42)).toBe('transparent');
  });

  it('places boxes and corners in percent', () => {
    expect(boxStyle({ x: 0.1, y: -0.25, w: 1, h: 1.5 })).toBe('left: 10%; top: -25%; width: 100%; height: 150%');
    expect(cornerStyle({ x: 3 / 63, y: 3 / 88 })).toBe('4.762% / 3.409%');
  });

  it("works out a thumbnail's styles once per width: the same strings for every row that shows it", () => {
    const thumb: CardThumbnail = {
      aspect: 0.7,
      corner: { x: 0.05, y: 0.04 },
      background: '#fff',
      shapes: [shape('#111', 'rect'), { ...shape('#222', 'ellipse'), overArt: true }],
      art: {
        image: 'img',
        box: { x: 0.1, y: 0.1, w: 0.8, h: 0.5 },
        radius: { x: 0, y: 0 },
        op: {} as NonNullable<CardThumbnail['art']>['op'],
      },
    };
    const look = thumbLook(thumb, 34);
    expect(look.frame).toBe(
      'width: 34px; height: 49px; border-radius: 5% / 4%; background: linear-gradient(#111, #111) 3.4px 24.5px / 17px 12.25px no-repeat, #fff',
    );
    expect(look.art).toBe('left: 10%; top: 10%; width: 80%; height: 50%; border-radius: 0% / 0%');
    expect(look.over).toBe(
      'background: radial-gradient(closest-side, #222 92%, transparent) 3.4px 24.5px / 17px 12.25px no-repeat, transparent',
    );
    expect(thumbLook(thumb, 34)).toBe(look);
    expect(thumbLook(thumb, 78)).not.toBe(look);
    expect(thumbLook({ ...thumb, shapes: [], art: undefined }, 34)).toMatchObject({ art: undefined, over: undefined });
  });
});
