// Typing on the card (OnCardTextModel): each keystroke goes to the card as the form would write
// it; Tab walks the boxes in reading order and closes at either end; Esc puts back the value the
// box opened with; the editor follows a value changed underneath (Undo).

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CardDocument } from '../../card-schema/system/format';
import { editableTexts } from '../../card-schema/layout/editable-text';
import { OnCardTextModel, type OnCardTextTarget } from '../../src-renderer/src/lib/on-card-text.svelte';
import { loadGameSystem } from '../../src-main/services/game-systems';

const osmcg = loadGameSystem(fileURLToPath(new URL('../../card-schema/systems/osmcg', import.meta.url)));

function setup() {
  const card = {
    doc: { type: 'creature', name: 'Ember Wolf', colors: ['red'], cost: 3, atk: 3, hp: 4, spd: 6, ap: 2 } as CardDocument,
  };
  const touched: string[] = [];
  const target: OnCardTextTarget = {
    value: (field) => card.doc[field],
    set: (field, value) => {
      const next: CardDocument = { ...card.doc };
      if (value === undefined) delete next[field];
      else next[field] = value;
      card.doc = next;
    },
    touch: (pointer) => touched.push(pointer),
  };
  const model = new OnCardTextModel(
    () => editableTexts(osmcg, card.doc),
    () => target,
  );
  const indexOf = (field: string) => editableTexts(osmcg, card.doc).find((box) => box.field === field)!.index;
  return { card, model, touched, indexOf };
}

describe('OnCardTextModel', () => {
  it('writes each keystroke to the card and touches the field', () => {
    const { card, model, touched, indexOf } = setup();
    model.open(indexOf('name'));
    expect(model.text).toBe('Ember Wolf');
    model.input('Ash Wolf');
    expect(card.doc.name).toBe('Ash Wolf');
    expect(touched).toContain('/name');
    model.commit();
    expect(model.editing).toBeNull();
    expect(card.doc.name).toBe('Ash Wolf');
  });

  it('parses numbers, keeping a half-typed one in the editor', () => {
    const { card, model, indexOf } = setup();
    model.open(indexOf('atk'));
    model.input('12');
    expect(card.doc.atk).toBe(12);
    model.input('12 ');
    expect(model.text).toBe('12 ');
    model.input('many');
    expect(card.doc.atk).toBe('many');
  });

  it('Tab and Shift+Tab walk the boxes in reading order and close at the ends', () => {
    const { model, indexOf } = setup();
    model.open(indexOf('name'));
    expect(model.step(1)).toBe(true);
    expect(model.editing?.field).toBe('cost');
    expect(model.step(-1)).toBe(true);
    expect(model.editing?.field).toBe('name');
    expect(model.step(-1)).toBe(false);
    expect(model.editing).toBeNull();
  });

  it('Esc puts back the value the box opened with, an absent one included', () => {
    const { card, model, indexOf } = setup();
    model.open(indexOf('flavor'));
    model.input('Smoke on the wind.');
    expect(card.doc.flavor).toBe('Smoke on the wind.');
    model.cancel();
    expect('flavor' in card.doc).toBe(false);
    expect(model.editing).toBeNull();
  });

  it('shows the value when it changes underneath (Undo)', () => {
    const { card, model, indexOf } = setup();
    model.open(indexOf('name'));
    model.input('Ash Wolf');
    card.doc = { ...card.doc, name: 'Ember Wolf' };
    expect(model.text).toBe('Ember Wolf');
  });
});
