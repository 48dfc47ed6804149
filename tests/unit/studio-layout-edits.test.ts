// The layout editor's pure core: reading and writing a layout where the game keeps it, the
// layouts it offers, moving, resizing (minimum size, 0.1 mm), snapping with its guides, nudges,
// layers (order, lock, hide, name), binding to fields, conditions and style properties.

import { describe, expect, it } from 'vitest';
import type { CardLayout } from '../../card-schema/layout/format';
import type { GameFileMap } from '../../card-schema/studio/game-files';
import { layoutChoices, layoutOf, layoutsOf, withLayout } from '../../card-schema/studio/layout-files';
import { moveBox, resizeBox, roundBox } from '../../card-schema/studio/layout-geometry';
import { snapMove, snapResize, snapTargets, snapThresholdMm } from '../../card-schema/studio/layout-snap';
import {
  addElement,
  bindElement,
  boundField,
  conditionOf,
  duplicateElement,
  elementLabel,
  moveLayer,
  newElement,
  nudgeElement,
  removeElement,
  renameElement,
  setBox,
  setCondition,
  setFlag,
  setProps,
} from '../../card-schema/studio/layout-edits';

const layout: CardLayout = {
  background: '#ffffff',
  elements: [
    { kind: 'rect', x: 0, y: 0, w: 63, h: 10, fill: '#000000' },
    { kind: 'text', x: 4, y: 2, w: 40, h: 6, text: '{name}', size: 10 },
    { kind: 'image', x: 4, y: 12, w: 55, h: 40, field: 'art' },
  ],
};

const system = {
  name: 'G',
  cardTypes: [
    { id: 'hero', label: 'Hero', layout: 'hero', back: 'hero-back' },
    { id: 'spell', label: 'Spell', layout: 'hero' },
  ],
};

describe('layout files', () => {
  it('reads and writes layouts in layouts.json when system.json names it', () => {
    const files: GameFileMap = {
      'system.json': { ...system, layouts: 'layouts.json' },
      'layouts.json': { hero: layout, 'hero-back': layout, back: layout, extra: layout },
    };
    expect(Object.keys(layoutsOf(files))).toEqual(['hero', 'hero-back', 'back', 'extra']);
    const moved = setBox(layout, 1, { x: 10, y: 2, w: 40, h: 6 });
    const next = withLayout(files, 'hero', moved);
    expect((next['layouts.json'] as Record<string, CardLayout>).hero.elements[1].x).toBe(10);
    expect(layoutOf(files, 'hero')?.elements[1].x).toBe(4);
    expect(next['system.json']).toBe(files['system.json']);
    expect(layoutChoices(files)).toEqual([
      { layoutId: 'hero', label: 'Hero (face), Spell (face)', typeId: 'hero', back: false },
      { layoutId: 'hero-back', label: 'Hero (back)', typeId: 'hero', back: true },
      { layoutId: 'back', label: 'Shared back', typeId: undefined, back: true },
      { layoutId: 'extra', label: 'extra (unused)', typeId: undefined, back: false },
    ]);
  });

  it('writes inline layouts back into system.json', () => {
    const files: GameFileMap = { 'system.json': { ...system, layouts: { hero: layout } } };
    const next = withLayout(files, 'hero', removeElement(layout, 0));
    expect(layoutOf(next, 'hero')?.elements).toHaveLength(2);
    expect(layoutOf(files, 'hero')?.elements).toHaveLength(3);
  });
});

describe('geometry', () => {
  it('moves and resizes from any handle, keeping the opposite edge and a minimum size', () => {
    const box = { x: 10, y: 10, w: 20, h: 10 };
    expect(moveBox(box, 1.5, -2)).toEqual({ x: 11.5, y: 8, w: 20, h: 10 });
    expect(resizeBox(box, 'se', 5, 5)).toEqual({ x: 10, y: 10, w: 25, h: 15 });
    expect(resizeBox(box, 'nw', 5, 5)).toEqual({ x: 15, y: 15, w: 15, h: 5 });
    expect(resizeBox(box, 'w', 50, 0)).toEqual({ x: 29, y: 10, w: 1, h: 10 });
    expect(resizeBox(box, 'n', 0, -3)).toEqual({ x: 10, y: 7, w: 20, h: 13 });
    expect(roundBox({ x: 1.04, y: 2.06, w: 3.149, h: 0.25 })).toEqual({ x: 1, y: 2.1, w: 3.1, h: 0.3 });
  });
});

describe('snapping', () => {
  const card = { widthMm: 63, heightMm: 88 };
  it('snaps a moved box to the card centre and another box, with guides', () => {
    const targets = snapTargets(card, [{ x: 40, y: 50, w: 10, h: 10 }]);
    const snapped = snapMove({ x: 21.2, y: 49.4, w: 20, h: 5 }, targets, 1);
    expect(snapped.box.x).toBeCloseTo(21.5); // centre on 31.5
    expect(snapped.box.y).toBeCloseTo(50); // top on the other box's top
    expect(snapped.guides).toEqual([
      { axis: 'x', at: 31.5 },
      { axis: 'y', at: 50 },
    ]);
  });
  it('snaps to the safe and bleed lines, and not beyond the threshold', () => {
    const targets = snapTargets(card, []);
    expect(snapMove({ x: 2.6, y: 40.3, w: 10, h: 10 }, targets, 0.5).box.x).toBeCloseTo(3);
    expect(snapMove({ x: -2.7, y: 40.3, w: 10, h: 10 }, targets, 0.5).box.x).toBeCloseTo(-3);
    expect(snapMove({ x: 10, y: 20, w: 10, h: 10 }, targets, 0.5)).toEqual({ box: { x: 10, y: 20, w: 10, h: 10 }, guides: [] });
  });
  it('snaps only the dragged edges when resizing', () => {
    const targets = snapTargets(card, []);
    const snapped = snapResize({ x: 10, y: 10, w: 49.6, h: 10 }, 'e', targets, 0.5);
    expect(snapped.box).toEqual({ x: 10, y: 10, w: 50, h: 10 });
    expect(snapped.guides).toEqual([{ axis: 'x', at: 60 }]);
    const left = snapResize({ x: 3.3, y: 10, w: 20, h: 10 }, 'nw', targets, 0.5);
    expect(left.box.x).toBeCloseTo(3);
    expect(left.box.w).toBeCloseTo(20.3);
  });
  it('scales the threshold with the zoom', () => {
    expect(snapThresholdMm(4)).toBeCloseTo(1.5);
    expect(snapThresholdMm(8)).toBeCloseTo(0.75);
  });
});

describe('element edits', () => {
  it('sets boxes rounded to 0.1 mm with a minimum size, and nudges unless locked', () => {
    const next = setBox(layout, 1, { x: 5.04, y: 2.96, w: 0.2, h: 6 });
    expect(next.elements[1]).toMatchObject({ x: 5, y: 3, w: 1, h: 6 });
    expect(nudgeElement(layout, 1, 0.1, -1).elements[1]).toMatchObject({ x: 4.1, y: 1 });
    const locked = setFlag(layout, 1, 'locked', true);
    expect(nudgeElement(locked, 1, 1, 1)).toBe(locked);
    expect(setFlag(locked, 1, 'locked', false).elements[1]).not.toHaveProperty('locked');
    expect(setBox(layout, 9, { x: 0, y: 0, w: 1, h: 1 })).toBe(layout);
  });

  it('adds, duplicates and removes elements', () => {
    const added = addElement(layout, newElement('text', { widthMm: 63, heightMm: 88 }, 'title'));
    expect(added.index).toBe(3);
    expect(added.layout.elements[3]).toMatchObject({ kind: 'text', text: '{title}', x: 16.5, w: 30 });
    const copy = duplicateElement(setFlag(renameElement(layout, 1, 'Title'), 1, 'locked', true), 1);
    expect(copy.index).toBe(2);
    expect(copy.layout.elements[2]).toMatchObject({ name: 'Title copy', x: 6, y: 4 });
    expect(copy.layout.elements[2]).not.toHaveProperty('locked');
    expect(removeElement(layout, 0).elements.map((element) => element.kind)).toEqual(['text', 'image']);
  });

  it('reorders layers, names and hides them', () => {
    expect(moveLayer(layout, 0, 'top').layout.elements.map((element) => element.kind)).toEqual(['text', 'image', 'rect']);
    expect(moveLayer(layout, 2, 'bottom').index).toBe(0);
    expect(moveLayer(layout, 1, 'up').layout.elements[2].kind).toBe('text');
    expect(moveLayer(layout, 1, 'down').layout.elements[0].kind).toBe('text');
    expect(moveLayer(layout, 2, 'up').layout).toBe(layout);
    expect(elementLabel(layout.elements[1])).toBe('Text {name}');
    expect(elementLabel(renameElement(layout, 1, '  Title ').elements[1])).toBe('Title');
    expect(renameElement(renameElement(layout, 1, 'T'), 1, ' ').elements[1]).not.toHaveProperty('name');
    expect(setFlag(layout, 2, 'hidden', true).elements[2].hidden).toBe(true);
  });

  it('binds text and images to fields', () => {
    const bound = bindElement(bindElement(layout, 1, 'title'), 2, 'portrait');
    expect(bound.elements[1]).toMatchObject({ text: '{title}' });
    expect(bound.elements[2]).toMatchObject({ field: 'portrait' });
    expect(boundField(bound.elements[1])).toBe('title');
    expect(boundField({ ...layout.elements[1], text: 'Cost {cost}' } as CardLayout['elements'][number])).toBeUndefined();
    expect(bindElement(layout, 0, 'x').elements[0]).toEqual(layout.elements[0]);
  });

  it('sets and reads conditions', () => {
    const equals = setCondition(layout, 0, { kind: 'equals', field: 'rarity', value: ['rare', 'mythic'] });
    expect(equals.elements[0]).toMatchObject({ when: 'rarity', whenEquals: ['rare', 'mythic'] });
    expect(conditionOf(equals.elements[0])).toEqual({ kind: 'equals', field: 'rarity', value: ['rare', 'mythic'] });
    const unless = setCondition(equals, 0, { kind: 'unless', field: 'art' });
    expect(unless.elements[0]).not.toHaveProperty('when');
    expect(unless.elements[0]).not.toHaveProperty('whenEquals');
    expect(conditionOf(unless.elements[0])).toEqual({ kind: 'unless', field: 'art' });
    expect(conditionOf(setCondition(unless, 0, { kind: 'always' }).elements[0])).toEqual({ kind: 'always' });
    expect(conditionOf(setCondition(layout, 0, { kind: 'when', field: 'cost' }).elements[0])).toEqual({
      kind: 'when',
      field: 'cost',
    });
  });

  it('sets style props, removing ones set to undefined, never the kind', () => {
    const next = setProps(layout, 1, { size: 12, align: 'center', kind: 'rect' });
    expect(next.elements[1]).toMatchObject({ kind: 'text', size: 12, align: 'center' });
    expect(setProps(next, 1, { align: undefined }).elements[1]).not.toHaveProperty('align');
  });
});
