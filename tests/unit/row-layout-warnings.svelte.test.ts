// List rows' layout warnings come just after the rows: nothing at first, the cards laid out in
// slices (newest asks first), then kept per card version; art warnings follow the image sizes.

import { describe, expect, it, vi } from 'vitest';
import type { CardDrawing, DrawOp } from '../../card-schema/layout/format';
import type { CardDocument, CardRecord, GameSystem } from '../../card-schema/system/format';
import { RowLayoutWarnings } from '../../src-renderer/src/lib/row-layout-warnings.svelte';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, ApiCallError: Error }));

const system = { id: 'g' } as GameSystem;
const card = (id: string, updatedAt = '1'): CardRecord => ({
  id,
  setId: 's',
  systemId: 'g',
  updatedAt,
  doc: { type: 't', name: id } as CardDocument,
});
const art: DrawOp = {
  op: 'image',
  x: 0,
  y: 0,
  w: 63,
  h: 88,
  radius: 0,
  image: 'pic',
  field: 'art',
  fit: 'cover',
  focusX: 0.5,
  focusY: 0.5,
  zoom: 1,
};
const drawing = (id: string): CardDrawing => ({
  widthMm: 63,
  heightMm: 88,
  cornerRadiusMm: 0,
  ops: [{ op: 'rect', x: 0, y: 0, w: 63, h: 88, fill: '#fff' } as DrawOp, art],
  warnings: [{ pointer: '/name', code: 'text-cut', message: `${id} is too long` }],
});

function setup(options: { sliceCards?: number } = {}) {
  const laidOut: string[] = [];
  const queue: (() => void)[] = [];
  const warnings = new RowLayoutWarnings(
    (_system, record) => {
      laidOut.push(record.id);
      return record.id === 'broken' ? null : drawing(record.id);
    },
    (run) => {
      // Each slice has time for `sliceCards` cards.
      let left = options.sliceCards ?? 1000;
      queue.push(() => run(() => (left -= 1) + 1));
    },
    3,
  );
  const runScheduled = () => {
    const runs = queue.splice(0);
    runs.forEach((run) => run());
    return runs.length;
  };
  return { warnings, laidOut, runScheduled };
}

describe('RowLayoutWarnings', () => {
  it('answers nothing at first, lays the card out once later, then keeps it', () => {
    const { warnings, laidOut, runScheduled } = setup();
    expect(warnings.get(system, card('a'), () => undefined)).toBeUndefined();
    expect(laidOut).toEqual([]);
    expect(runScheduled()).toBe(1);
    expect(warnings.get(system, card('a'), () => undefined)).toEqual([
      { pointer: '/name', code: 'text-cut', message: 'a is too long' },
    ]);
    expect(laidOut).toEqual(['a']);
    expect(runScheduled()).toBe(0);
  });

  it('lays out a new version of a card again, and a card that does not lay out has no warnings', () => {
    const { warnings, laidOut, runScheduled } = setup();
    warnings.get(system, card('a', '1'));
    warnings.get(system, card('broken'));
    runScheduled();
    expect(warnings.get(system, card('broken'))).toEqual([]);
    expect(warnings.get(system, card('a', '2'))).toBeUndefined();
    runScheduled();
    expect(laidOut).toEqual(['broken', 'a', 'a']);
  });

  it('works in slices, newest ask first, and schedules the rest', () => {
    const { warnings, laidOut, runScheduled } = setup({ sliceCards: 2 });
    for (const id of ['a', 'b', 'c']) warnings.get(system, card(id), () => undefined);
    expect(runScheduled()).toBe(1);
    expect(laidOut).toEqual(['c', 'b']);
    expect(runScheduled()).toBe(1);
    expect(laidOut).toEqual(['c', 'b', 'a']);
  });

  it('reads art warnings from the kept image boxes as the picture sizes become known', () => {
    const { warnings, runScheduled } = setup();
    warnings.get(system, card('a'));
    runScheduled();
    expect(warnings.get(system, card('a'), () => undefined)).toHaveLength(1);
    const soft = warnings.get(system, card('a'), () => ({ width: 200, height: 280 }));
    expect(soft?.map((warning) => warning.code)).toEqual(['text-cut', 'art-resolution']);
  });
});
