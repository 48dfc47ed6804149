// The layout editor's edits of one card layout: add, remove and duplicate elements, move and
// resize them (rounded to 0.1 mm, never below the minimum size), nudge them, reorder, lock,
// hide and rename layers, bind a box to a card field, show it only under a condition, and set
// its style. Elements draw in list order, so the last one is the top layer.
//
// Pure: a layout in, a new layout out; the old one untouched for undo. An index out of range
// returns the layout as it was.

import type { CardLayout, LayoutElement, LayoutElementKind, LayoutScalar } from '../layout/format';
import { MIN_BOX_MM, roundBox, roundMm, type Box } from './layout-geometry';

export const ELEMENT_KINDS: readonly { kind: LayoutElementKind; label: string }[] = [
  { kind: 'text', label: 'Text' },
  { kind: 'image', label: 'Image' },
  { kind: 'rect', label: 'Rectangle' },
  { kind: 'ellipse', label: 'Ellipse' },
  { kind: 'icon', label: 'Symbol' },
  { kind: 'pips', label: 'Identity pips' },
];

export const kindLabel = (kind: LayoutElementKind): string => ELEMENT_KINDS.find((entry) => entry.kind === kind)?.label ?? kind;

/** What the layer list calls an element: its name, else its kind and what it shows. */
export function elementLabel(element: LayoutElement): string {
  if (element.name) return element.name;
  if (element.kind === 'text') {
    const text = element.text.replace(/\s+/g, ' ');
    return `Text ${text.length > 24 ? `${text.slice(0, 23)}…` : text}`;
  }
  if (element.kind === 'image') return `Image {${element.field}}`;
  if (element.kind === 'icon') return `Symbol {${element.symbol}}`;
  return kindLabel(element.kind);
}

const withElement = (layout: CardLayout, index: number, change: (element: LayoutElement) => LayoutElement): CardLayout =>
  index < 0 || index >= layout.elements.length
    ? layout
    : { ...layout, elements: layout.elements.map((element, i) => (i === index ? change(element) : element)) };

/** A new element of `kind`, centred on a card of this size, with what it needs to draw. */
export function newElement(kind: LayoutElementKind, card: { widthMm: number; heightMm: number }, field = 'name'): LayoutElement {
  const w = roundMm(Math.min(30, card.widthMm / 2));
  const h = roundMm(kind === 'text' ? 8 : Math.min(20, card.heightMm / 4));
  const box = { x: roundMm((card.widthMm - w) / 2), y: roundMm((card.heightMm - h) / 2), w, h };
  switch (kind) {
    case 'text':
      return { kind, ...box, text: `{${field}}`, size: 9 };
    case 'image':
      return { kind, ...box, field };
    case 'rect':
      return { kind, ...box, fill: '#d4d4d8', radius: 1 };
    case 'ellipse':
      return { kind, ...box, fill: '#d4d4d8' };
    case 'icon':
      return { kind, ...box, w: 8, h: 8, symbol: field };
    case 'pips':
      return { kind, ...box, size: 3 };
  }
}

/** Adds an element as the top layer; returns the layout and its index. */
export function addElement(layout: CardLayout, element: LayoutElement): { layout: CardLayout; index: number } {
  return { layout: { ...layout, elements: [...layout.elements, element] }, index: layout.elements.length };
}

export function removeElement(layout: CardLayout, index: number): CardLayout {
  if (index < 0 || index >= layout.elements.length) return layout;
  return { ...layout, elements: layout.elements.filter((_, i) => i !== index) };
}

/** A copy just above the element, 2 mm down and right, unlocked; returns the copy's index. */
export function duplicateElement(layout: CardLayout, index: number): { layout: CardLayout; index: number } {
  const element = layout.elements[index];
  if (!element) return { layout, index };
  const copy: LayoutElement = {
    ...(JSON.parse(JSON.stringify(element)) as LayoutElement),
    x: roundMm(element.x + 2),
    y: roundMm(element.y + 2),
  };
  delete copy.locked;
  if (element.name) copy.name = `${element.name} copy`;
  const elements = [...layout.elements];
  elements.splice(index + 1, 0, copy);
  return { layout: { ...layout, elements }, index: index + 1 };
}

/** The element's box set to `box`: rounded to 0.1 mm, at least MIN_BOX_MM wide and high. */
export function setBox(layout: CardLayout, index: number, box: Box): CardLayout {
  const rounded = roundBox({ ...box, w: Math.max(MIN_BOX_MM, box.w), h: Math.max(MIN_BOX_MM, box.h) });
  return withElement(layout, index, (element) => ({ ...element, ...rounded }));
}

/** Moves the element by (dx, dy) mm: an arrow key's nudge. A locked element stays. */
export function nudgeElement(layout: CardLayout, index: number, dx: number, dy: number): CardLayout {
  const element = layout.elements[index];
  if (!element || element.locked) return layout;
  return setBox(layout, index, { x: element.x + dx, y: element.y + dy, w: element.w, h: element.h });
}

export type LayerMove = 'up' | 'down' | 'top' | 'bottom';

/** The element one layer up or down, or to the top or bottom; returns its new index. */
export function moveLayer(layout: CardLayout, index: number, move: LayerMove): { layout: CardLayout; index: number } {
  const count = layout.elements.length;
  if (index < 0 || index >= count) return { layout, index };
  const to = { up: Math.min(count - 1, index + 1), down: Math.max(0, index - 1), top: count - 1, bottom: 0 }[move];
  if (to === index) return { layout, index };
  const elements = [...layout.elements];
  const [element] = elements.splice(index, 1);
  elements.splice(to, 0, element);
  return { layout: { ...layout, elements }, index: to };
}

/** Sets or clears `locked` or `hidden` (absent when false, as the format's default). */
export function setFlag(layout: CardLayout, index: number, flag: 'locked' | 'hidden', on: boolean): CardLayout {
  return withElement(layout, index, (element) => {
    const next = { ...element };
    if (on) next[flag] = true;
    else delete next[flag];
    return next;
  });
}

export function renameElement(layout: CardLayout, index: number, name: string): CardLayout {
  const trimmed = name.trim().slice(0, 60);
  return withElement(layout, index, (element) => {
    const next = { ...element };
    if (trimmed) next.name = trimmed;
    else delete next.name;
    return next;
  });
}

/** The card field an element shows: a text's only `{field}`, an image's field; undefined otherwise. */
export function boundField(element: LayoutElement): string | undefined {
  if (element.kind === 'image') return element.field;
  if (element.kind === 'text') return /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(element.text)?.[1];
  return undefined;
}

/** Binds the element to a card field: a text shows `{field}`, an image the picture in `field`. */
export function bindElement(layout: CardLayout, index: number, field: string): CardLayout {
  return withElement(layout, index, (element) =>
    element.kind === 'text' ? { ...element, text: `{${field}}` } : element.kind === 'image' ? { ...element, field } : element,
  );
}

/** When an element is drawn. */
export type ElementCondition =
  | { kind: 'always' }
  | { kind: 'when'; field: string }
  | { kind: 'equals'; field: string; value: LayoutScalar | LayoutScalar[] }
  | { kind: 'unless'; field: string };

export function conditionOf(element: LayoutElement): ElementCondition {
  if (element.when !== undefined && element.whenEquals !== undefined)
    return { kind: 'equals', field: element.when, value: element.whenEquals };
  if (element.when !== undefined) return { kind: 'when', field: element.when };
  if (element.unless !== undefined) return { kind: 'unless', field: element.unless };
  return { kind: 'always' };
}

export function setCondition(layout: CardLayout, index: number, condition: ElementCondition): CardLayout {
  return withElement(layout, index, (element) => {
    const next = { ...element };
    delete next.when;
    delete next.whenEquals;
    delete next.unless;
    if (condition.kind === 'when' || condition.kind === 'equals') next.when = condition.field;
    if (condition.kind === 'equals') next.whenEquals = condition.value;
    if (condition.kind === 'unless') next.unless = condition.field;
    return next;
  });
}

/** Sets style properties of the element; a property set to undefined is removed (the format's default). */
export function setProps(layout: CardLayout, index: number, props: Record<string, unknown>): CardLayout {
  return withElement(layout, index, (element) => {
    const next: Record<string, unknown> = { ...element };
    for (const [key, value] of Object.entries(props)) {
      if (key === 'kind') continue;
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    return next as unknown as LayoutElement;
  });
}
