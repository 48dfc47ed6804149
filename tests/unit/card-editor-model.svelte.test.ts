// The card editor's model with a stubbed API: unsaved changes, validation before saving, a
// refused save, leaving with changes, deleting, and undo.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardRecord, CardSetInfo, GameSystem } from '../../card-schema/system/format';
import type { SaveCardResult, ValidationIssue } from '../../src-main/api/contract';
import { CardEditorModel, type CardEditorDeps, type CardEditorInput } from '../../src-renderer/src/editor/card-editor.svelte';

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
const saved = { id: 'c1', setId: 'set-a', doc: { type: 'unit', name: 'Scout', power: 1 } } as unknown as CardRecord;

function setup(card: CardRecord | null, found: ValidationIssue[] = []) {
  const input: CardEditorInput = {
    system,
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
    },
    confirm: vi.fn(async () => true),
    showError: vi.fn(),
    showSuccess: vi.fn(),
    announceTrashed: vi.fn(),
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
    const { model } = setup(null);
    expect(model.isNew).toBe(true);
    expect(model.dirty).toBe(false);
    expect(model.setId).toBe('set-a');
    expect(model.canSave).toBe(false);
    expect(model.saveTitle).toBe('Checking the card…');
    await validate(model);
    expect(model.validating).toBe(false);
    expect(model.canSave).toBe(true);
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

  it('hides the issues of a new card until its field is touched', () => {
    const { model } = setup(null);
    expect(model.isTouched('/name')).toBe(false);
    model.formContext.touch('/name');
    expect(model.isTouched('/name')).toBe(true);
  });
});
