// The Card faces tab's model against a stand-in studio: a drag is previewed without editing and
// becomes ONE labelled edit on release (snapped, rounded), nudges, adding and removing are each
// an edit, and the game drawn for the preview carries the edited layout where the cards take it
// (a face, a type's own back, the shared back, a layout no type uses yet).

import { describe, expect, it } from 'vitest';
import type { CardLayout } from '../../card-schema/layout/format';
import type { GameSystem } from '../../card-schema/system/format';
import type { GameFileMap } from '../../card-schema/studio/game-files';
import { layoutOf } from '../../card-schema/studio/layout-files';
import { LayoutEditorModel, PX_PER_MM, type LayoutStudio } from '../../src-renderer/src/studio/layout/layout-editor.svelte';
import { previewSystem } from '../../src-renderer/src/studio/layout/preview-system';

const layout: CardLayout = {
  background: '#ffffff',
  elements: [
    { kind: 'rect', x: 0, y: 0, w: 63, h: 10, fill: '#000000' },
    { kind: 'text', x: 10, y: 20, w: 30, h: 8, text: '{name}', size: 10 },
  ],
};
const schema = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, flavor: { type: 'string' } } };
const systemJson = {
  name: 'G',
  card: { widthMm: 63, heightMm: 88 },
  cardTypes: [{ id: 'hero', label: 'Hero', layout: 'hero', schema }],
  layouts: 'layouts.json',
};

function studio(): LayoutStudio & { steps: string[] } {
  const loaded = { ...systemJson, layouts: { hero: layout } } as unknown as GameSystem;
  const stand = {
    files: { 'system.json': systemJson, 'layouts.json': { hero: layout } } as GameFileMap | null,
    system: loaded as GameSystem | undefined,
    steps: [] as string[],
    edit(label: string, files: GameFileMap) {
      stand.steps.push(label);
      stand.files = files;
    },
  };
  return stand;
}

describe('LayoutEditorModel', () => {
  it('previews a drag and commits it as one edit on release, snapped to the card centre', () => {
    const s = studio();
    const model = new LayoutEditorModel(s);
    expect(model.choice?.layoutId).toBe('hero');
    model.beginDrag(1, null, 20, 24);
    model.dragTo(25, 30);
    model.dragTo(26.7, 34.03); // left edge 16.7: the box's centre (31.7) snaps onto the card's (31.5)
    expect(s.steps).toEqual([]);
    expect(model.layout?.elements[1]).toMatchObject({ x: 16.5, y: 30 });
    expect(model.guides).toContainEqual({ axis: 'x', at: 31.5 });
    model.endDrag();
    expect(s.steps).toEqual(['Move']);
    expect(layoutOf(s.files!, 'hero')?.elements[1]).toMatchObject({ x: 16.5, y: 30, w: 30, h: 8 });
    expect(model.draft).toBeNull();
    expect(model.guides).toEqual([]);
  });

  it('resizes from a handle, and a click without movement edits nothing', () => {
    const s = studio();
    const model = new LayoutEditorModel(s);
    model.beginDrag(1, null, 20, 24);
    model.endDrag();
    expect(s.steps).toEqual([]);
    expect(model.selected).toBe(1);
    model.snapping = false;
    model.beginDrag(1, 'se', 40, 28);
    model.dragTo(45.04, 30.96);
    model.endDrag();
    expect(s.steps).toEqual(['Resize']);
    expect(layoutOf(s.files!, 'hero')?.elements[1]).toMatchObject({ x: 10, y: 20, w: 35, h: 11 });
  });

  it('nudges, duplicates and removes the selected element, one edit each', () => {
    const s = studio();
    const model = new LayoutEditorModel(s);
    model.select(1);
    model.nudge(0.1, -1);
    expect(layoutOf(s.files!, 'hero')?.elements[1]).toMatchObject({ x: 10.1, y: 19 });
    model.duplicate();
    expect(model.selected).toBe(2);
    model.remove();
    expect(model.selected).toBeNull();
    expect(s.steps).toEqual(['Nudge', 'Duplicate Text {name}', 'Remove Text {name}']);
    expect(layoutOf(s.files!, 'hero')?.elements).toHaveLength(2);
  });

  it('draws the game with the layout being edited, and zooms within its range', () => {
    const s = studio();
    const model = new LayoutEditorModel(s);
    model.select(1);
    model.nudge(5, 0);
    expect(model.system?.layouts.hero.elements[1].x).toBe(15);
    expect(model.fields.map((field) => field.name)).toEqual(['name', 'flavor']);
    expect(model.doc).toMatchObject({ type: 'hero', name: 'Hero' });
    model.setZoom(9);
    expect(model.zoom).toBe(4);
    model.fit((63 + 6) * PX_PER_MM * 2, 2000);
    expect(model.zoom).toBe(2);
  });
});

describe('previewSystem', () => {
  const base = {
    name: 'G',
    card: { widthMm: 63, heightMm: 88 },
    cardTypes: [
      { id: 'hero', label: 'Hero', layout: 'hero', back: 'hero-back', schema },
      { id: 'spell', label: 'Spell', layout: 'spell', schema },
    ],
    layouts: { hero: layout, spell: layout, 'hero-back': layout, back: layout },
  } as unknown as GameSystem;
  const edited: CardLayout = { background: '#000000', elements: [] };

  it('puts the edited layout where the cards take it: a face, a type back, the shared back, an unused one', () => {
    const face = previewSystem(base, { layoutId: 'spell', label: '', typeId: 'spell', back: false }, edited);
    expect(face.layouts.spell).toBe(edited);
    expect(face.cardTypes).toBe(base.cardTypes);
    const shared = previewSystem(base, { layoutId: 'back', label: '', back: true }, edited);
    expect(shared.layouts.back).toBe(edited);
    expect(shared.cardTypes.map((type) => type.back)).toEqual([undefined, undefined]);
    const unused = previewSystem(
      { ...base, layouts: { ...base.layouts, extra: layout } },
      { layoutId: 'extra', label: '', back: false },
      edited,
    );
    expect(unused.cardTypes[0].layout).toBe('extra');
    expect(unused.layouts.extra).toBe(edited);
  });
});
