// The card editor's model with a stubbed API: unsaved changes, validation before saving, a
// refused save, leaving with changes, deleting, undo, and the art cropped from the preview with
// its print resolution warning.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardRecord, CardSetInfo, GameSystem } from '../../card-schema/system/format';
import type { SaveCardResult, ValidationIssue } from '../../src-main/api/contract';
import {
  CardEditorModel,
  DRAFT_DEBOUNCE_MS,
  type CardEditorDeps,
  type CardEditorInput,
} from '../../src-renderer/src/editor/card-editor.svelte';
import type { CardDraft, CardDrafts } from '../../src-renderer/src/editor/card-drafts';

// The real client picks its transport from `window` on import.
vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, ApiCallError: Error }));

const system = {
  id: 'game',
  name: 'Game',
  cardTypes: [
    {
      id: 'unit',
      label: 'Unit',
      schema: { type: 'object', properties: { type: { const: 'unit' }, name: { type: 'string' }, power: { type: 'integer' } } },
    },
  ],
} as unknown as GameSystem;
const sets = [{ id: 'set-a', name: 'Set A' }] as CardSetInfo[];
const ART_ID = 'a'.repeat(64);
// A card type with art in a 53 × 35 mm box.
const artSystem = {
  id: 'art-game',
  name: 'Art game',
  card: { widthMm: 63, heightMm: 88 },
  cardTypes: [
    {
      id: 'unit',
      label: 'Unit',
      layout: 'unit',
      schema: { type: 'object', properties: { type: { const: 'unit' }, name: { type: 'string' }, art: { 'x-kind': 'image' } } },
    },
  ],
  layouts: { unit: { background: '#ffffff', elements: [{ kind: 'image', field: 'art', x: 5, y: 10, w: 53, h: 35 }] } },
} as unknown as GameSystem;
const withArt = { id: 'c2', setId: 'set-a', doc: { type: 'unit', name: 'Lamp', art: { id: ART_ID } } } as unknown as CardRecord;
const saved = {
  id: 'c1',
  setId: 'set-a',
  systemId: 'unit-game',
  doc: { type: 'unit', name: 'Scout', power: 1 },
} as unknown as CardRecord;

/** Drafts in a Map, as localStorage would keep them. */
function memoryDrafts(): CardDrafts & { stored: Map<string, CardDraft> } {
  const stored = new Map<string, CardDraft>();
  return {
    stored,
    get: (key) => stored.get(key),
    put: (key, draft) => void stored.set(key, draft),
    remove: (key) => void stored.delete(key),
  };
}

function setup(card: CardRecord | null, found: ValidationIssue[] = [], game: GameSystem = system, drafts = memoryDrafts()) {
  const input: CardEditorInput = {
    system: game,
    sets,
    card,
    initialSetId: null,
    onclose: vi.fn(),
    onsaved: vi.fn(),
    ondeleted: vi.fn(),
  };
  const deps = {
    api: {
      validateCard: vi.fn(async () => found),
      saveCard: vi.fn(async (): Promise<SaveCardResult> => ({ ok: true, card: { ...saved, doc: { ...saved.doc } } })),
      deleteCard: vi.fn(async () => ({ trashId: 't1' })),
      addImage: vi.fn(async () => ({ id: 'b'.repeat(64), mime: 'image/png', width: 800, height: 600, bytes: 4 })),
    },
    confirm: vi.fn(async () => true),
    showError: vi.fn(),
    showSuccess: vi.fn(),
    announceTrashed: vi.fn(),
    imageSize: vi.fn(() => ({ width: 400, height: 300 })),
    lastUsedSets: { get: vi.fn(() => null), remember: vi.fn() },
    drafts,
  };
  const model = new CardEditorModel(() => input, deps as unknown as CardEditorDeps);
  return { model, input, deps };
}

/** Lets the debounced validation run and answer. */
async function validate(model: CardEditorModel): Promise<void> {
  model.validateSoon();
  await vi.advanceTimersByTimeAsync(300);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('CardEditorModel', () => {
  it('starts a new card clean, and can save it once validation answered', async () => {
    const { model, deps, input } = setup(null);
    expect(model.isNew).toBe(true);
    expect(model.dirty).toBe(false);
    expect(model.setId).toBe('set-a');
    expect(model.canSave).toBe(false);
    expect(model.saveTitle).toBe('Checking the card…');
    await validate(model);
    expect(model.validating).toBe(false);
    expect(model.canSave).toBe(true);
    // The set a new card went into is where the next one from "All cards" goes.
    await model.save();
    expect(input.onsaved).toHaveBeenCalled();
    expect(deps.lastUsedSets.remember).toHaveBeenCalledWith('unit-game', 'set-a');
  });

  it('is dirty after an edit and clean again after saving', async () => {
    const { model, input, deps } = setup(saved);
    model.doc = { ...model.doc, name: 'Scout Captain' };
    expect(model.dirty).toBe(true);
    expect(model.title).toBe('Scout Captain');
    await validate(model);
    await model.save();
    expect(deps.api.saveCard).toHaveBeenCalledWith({ id: 'c1', setId: 'set-a', doc: model.doc });
    expect(input.onsaved).toHaveBeenCalled();
    expect(model.dirty).toBe(false);
    expect(model.saveTitle).toBe('No changes to save');
  });

  it('blocks saving while the card has problems and names them', async () => {
    const { model } = setup(saved, [{ path: '/power', message: 'must be integer' }]);
    model.doc = { ...model.doc, power: 1.5 };
    await validate(model);
    expect(model.canSave).toBe(false);
    expect(model.blockers).toHaveLength(1);
    expect(model.blockers[0]).toMatch(/^1 problem to fix: /);
    expect(model.issuesByPath.get('/power')).toEqual(['must be integer']);
  });

  it('shows every issue when main refuses the save', async () => {
    const { model, deps, input } = setup(null);
    deps.api.saveCard.mockResolvedValueOnce({ ok: false, issues: [{ path: '/name', message: 'too short' }] });
    await validate(model);
    await model.save();
    expect(model.issues).toEqual([{ path: '/name', message: 'too short' }]);
    expect(model.showAllIssues).toBe(true);
    expect(deps.showError).toHaveBeenCalledWith('Not saved: the card has 1 problem.');
    expect(input.onsaved).not.toHaveBeenCalled();
  });

  it("changes a card's type keeping the shared fields, and asks before dropping filled-in ones", async () => {
    const twoTypes = {
      ...system,
      cardTypes: [
        system.cardTypes[0],
        {
          id: 'order',
          label: 'Order',
          layout: 'unit',
          schema: {
            type: 'object',
            properties: { type: { const: 'order' }, name: { type: 'string' }, art: { 'x-kind': 'image' } },
          },
        },
      ],
    } as unknown as GameSystem;
    const { model, deps } = setup(saved, [], twoTypes);
    deps.confirm.mockResolvedValueOnce(false);
    expect(await model.changeType('order')).toBe(false);
    expect(deps.confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Change “Scout” to Order?',
        message: expect.stringMatching(/^Order cards have no Power: it is removed\./),
        confirmLabel: 'Change to Order',
      }),
    );
    expect(model.doc).toEqual(saved.doc);

    expect(await model.changeType('order')).toBe(true);
    expect(model.doc).toEqual({ type: 'order', name: 'Scout' });
    expect(model.dirty).toBe(true);
    model.recordHistory();
    expect(model.undo()).toBe(true);
    expect(model.doc).toEqual(saved.doc);
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const { model, input, deps } = setup(saved);
    await model.back();
    expect(deps.confirm).not.toHaveBeenCalled();
    expect(input.onclose).toHaveBeenCalledTimes(1);
    model.doc = { ...model.doc, power: 2 };
    deps.confirm.mockResolvedValueOnce(false);
    await model.back();
    expect(input.onclose).toHaveBeenCalledTimes(1);
  });

  it('moves a saved card to the trash after confirming, and offers Undo', async () => {
    const { model, input, deps } = setup(saved);
    await model.remove();
    expect(deps.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('kept in the Trash for 30 days') }),
    );
    expect(deps.api.deleteCard).toHaveBeenCalledWith({ id: 'c1' });
    expect(deps.announceTrashed).toHaveBeenCalledWith('“Scout”', { trashId: 't1' });
    expect(input.ondeleted).toHaveBeenCalled();
  });

  it('undoes and redoes an edit', () => {
    const { model } = setup(saved);
    model.doc = { ...model.doc, power: 2 };
    model.recordHistory();
    expect(model.undo()).toBe(true);
    expect(model.doc.power).toBe(1);
    expect(model.redo()).toBe(true);
    expect(model.doc.power).toBe(2);
  });

  it('makes a picture dropped on the preview the art of the box under it, replacing the old crop', async () => {
    const { model, deps } = setup({ ...withArt, doc: { ...withArt.doc, art: { id: ART_ID, zoom: 2 } } }, [], artSystem);
    const file = { name: 'lamp.png', size: 4, arrayBuffer: async () => new Uint8Array([1, 2, 3, 4]).buffer };
    await model.dropArt(file, 30, 20);
    expect(deps.api.addImage).toHaveBeenCalledWith({ fileName: 'lamp.png', bytes: new Uint8Array([1, 2, 3, 4]) });
    expect(model.doc.art).toEqual({ id: 'b'.repeat(64) });
    // One art field: a drop beside its box still means that field.
    await model.dropArt(file, 1, 80);
    expect(deps.showError).not.toHaveBeenCalled();
  });

  it('refuses a dropped file the library refuses, or one too large, keeping the art', async () => {
    const { model, deps } = setup(withArt, [], artSystem);
    deps.api.addImage.mockRejectedValueOnce(new Error('notes.png: this is not a PNG, JPEG, WebP or SVG image'));
    const file = { name: 'notes.png', size: 10, arrayBuffer: async () => new ArrayBuffer(10) };
    await model.dropArt(file, 30, 20);
    expect(deps.showError).toHaveBeenCalledWith(new Error('notes.png: this is not a PNG, JPEG, WebP or SVG image'));
    await model.dropArt({ ...file, name: 'huge.png', size: 60 * 1024 * 1024 }, 30, 20);
    expect(deps.showError).toHaveBeenLastCalledWith(expect.objectContaining({ message: expect.stringContaining('huge.png') }));
    expect(model.doc.art).toEqual({ id: ART_ID });
  });

  it('says where to drop when the card has no art box', async () => {
    const noArt = { ...artSystem, layouts: { unit: { background: '#ffffff', elements: [] } } } as unknown as GameSystem;
    const { model, deps } = setup(saved, [], noArt);
    await model.dropArt({ name: 'a.png', size: 4, arrayBuffer: async () => new ArrayBuffer(4) }, 30, 20);
    expect(deps.showError).toHaveBeenCalledWith(new Error('Drop the picture on an art box: this card has none there.'));
    expect(deps.api.addImage).not.toHaveBeenCalled();
  });

  it('crops the art from the preview, one undo step per drag, apart from typing just before', () => {
    const { model } = setup(withArt, [], artSystem);
    expect(model.hasArt).toBe(true);
    model.doc = { ...model.doc, name: 'Lamp!' };
    model.recordHistory();
    model.artCrop.beginGesture();
    for (const x of [0.45, 0.4, 0.35]) {
      model.artCrop.crop('art', { x });
      model.recordHistory();
    }
    model.artCrop.endGesture();
    expect(model.doc.art).toEqual({ id: ART_ID, x: 0.35 });
    model.artCrop.crop('art', { zoom: 99 }); // clamped, like the slider
    expect(model.doc.art).toEqual({ id: ART_ID, x: 0.35, zoom: 8 });
    model.artCrop.crop('name', { zoom: 2 }); // not an image field: nothing
    expect(model.doc.name).toBe('Lamp!');
    model.recordHistory();
    expect(model.undo()).toBe(true);
    expect(model.doc.art).toEqual({ id: ART_ID, x: 0.35 });
    expect(model.undo()).toBe(true);
    expect(model.doc).toMatchObject({ name: 'Lamp!', art: { id: ART_ID } });
    expect(model.undo()).toBe(true);
    expect(model.doc.name).toBe('Lamp');
  });

  it('warns at the image field when the art prints below 300 dpi', () => {
    const { model, deps } = setup(withArt, [], artSystem);
    expect(model.formContext.warningsAt('/art')).toEqual([
      'This art prints at 192 dpi in its box (300 dpi looks sharp): use a picture at least 626 × 413 pixels.',
    ]);
    expect(deps.imageSize).toHaveBeenCalledWith(ART_ID);
    expect(setup(saved).model.hasArt).toBe(false);
  });

  it('hides the issues of a new card until its field is touched', () => {
    const { model } = setup(null);
    expect(model.isTouched('/name')).toBe(false);
    model.formContext.touch('/name');
    expect(model.isTouched('/name')).toBe(true);
  });
});

describe('CardEditorModel across saves', () => {
  /** An edit as the view makes it: the document changes, the effect records the step. */
  function edit(model: CardEditorModel, change: Record<string, unknown>): void {
    model.doc = { ...model.doc, ...change };
    model.recordHistory();
    // Apart from the next edit (not one coalesced typing step).
    vi.advanceTimersByTime(1000);
  }

  it('undo after a save brings the pre-save form back, unsaved; redo goes forward again', async () => {
    const { model, deps } = setup(saved);
    edit(model, { power: 2 });
    await validate(model);
    await model.save();
    edit(model, { name: 'Scout Captain' });
    await validate(model);
    await model.save();
    expect(deps.api.saveCard).toHaveBeenCalledTimes(2);
    expect(model.dirty).toBe(false);

    expect(model.undo()).toBe(true);
    expect(model.doc).toEqual({ type: 'unit', name: 'Scout', power: 2 });
    expect(model.dirty).toBe(true);
    expect(model.undo()).toBe(true);
    expect(model.doc).toEqual(saved.doc);
    expect(model.undo()).toBe(false);
    expect(model.redo()).toBe(true);
    expect(model.redo()).toBe(true);
    expect(model.doc.name).toBe('Scout Captain');
    expect(model.dirty).toBe(false);
  });

  it('a restored revision takes the form’s place, saved; undo brings the form’s edits back', () => {
    const { model, input } = setup(saved);
    edit(model, { power: 5 });
    const restored = { ...saved, doc: { type: 'unit', name: 'Old Scout', power: 0 } } as CardRecord;
    model.applyRestored(restored);
    model.recordHistory();
    expect(model.doc).toEqual(restored.doc);
    expect(model.dirty).toBe(false);
    expect(input.onsaved).toHaveBeenCalledWith(restored);
    expect(model.undo()).toBe(true);
    expect(model.doc.power).toBe(5);
    expect(model.dirty).toBe(true);
  });

  it('keeps unsaved edits as a draft and offers them back when the card is opened again', async () => {
    const drafts = memoryDrafts();
    const first = setup(saved, [], system, drafts).model;
    first.doc = { ...first.doc, power: 7 };
    const cancel = first.keepDraftSoon();
    expect(drafts.stored.size).toBe(0);
    vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS);
    cancel();
    expect(drafts.stored.get('card:c1')?.doc).toEqual({ type: 'unit', name: 'Scout', power: 7 });

    // The app reloaded: the card opens as saved, with the draft offered.
    const { model, deps } = setup(saved, [], system, drafts);
    expect(model.doc).toEqual(saved.doc);
    expect(model.draftOffer?.doc.power).toBe(7);
    // While offered it is not overwritten or dropped.
    model.keepDraftSoon();
    expect(drafts.stored.has('card:c1')).toBe(true);
    model.restoreDraft();
    expect(model.doc.power).toBe(7);
    expect(model.dirty).toBe(true);
    expect(model.draftOffer).toBeNull();
    await validate(model);
    await model.save();
    expect(deps.api.saveCard).toHaveBeenCalledWith({ id: 'c1', setId: 'set-a', doc: { type: 'unit', name: 'Scout', power: 7 } });
    expect(drafts.stored.size).toBe(0);
  });

  it('drops the draft when the changes are discarded, and offers none that equals the card', async () => {
    const drafts = memoryDrafts();
    drafts.put('card:c1', { doc: { ...saved.doc }, savedAt: '2026-01-01T12:03:00.000Z' });
    expect(setup(saved, [], system, drafts).model.draftOffer).toBeNull();

    drafts.put('card:c1', { doc: { ...saved.doc, power: 3 }, savedAt: '2026-01-01T12:03:00.000Z' });
    const offered = setup(saved, [], system, drafts).model;
    offered.discardDraft();
    expect(offered.draftOffer).toBeNull();
    expect(drafts.stored.size).toBe(0);

    const { model } = setup(saved, [], system, drafts);
    model.doc = { ...model.doc, power: 9 };
    model.keepDraftSoon();
    vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS);
    expect(drafts.stored.size).toBe(1);
    await model.back();
    expect(drafts.stored.size).toBe(0);
  });
});
