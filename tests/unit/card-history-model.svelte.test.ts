// The card history dialog's model with a stubbed API: the newest revision compared with the card
// now, field by field with the form's labels; any two versions; a restore that asks first.

import { describe, expect, it, vi } from 'vitest';
import type { CardRecord, GameSystem } from '../../card-schema/system/format';
import type { CardRevision, CardRevisionSummary } from '../../src-main/api/contract';
import { CURRENT, CardHistoryModel, type CardHistoryDeps } from '../../src-renderer/src/editor/card-history.svelte';

const system = {
  id: 'game',
  cardTypes: [
    {
      id: 'unit',
      label: 'Unit',
      schema: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Name' },
          power: { type: 'integer', title: 'Power' },
          moves: { type: 'array', items: { type: 'object', properties: { text: { type: 'string', title: 'Rules text' } } } },
        },
      },
    },
  ],
} as unknown as GameSystem;

const docs = {
  1: { type: 'unit', name: 'Scout', power: 1, moves: [{ text: 'Run.' }] },
  2: { type: 'unit', name: 'Scout', power: 2, moves: [{ text: 'Run.' }] },
};
const now: CardRecord = {
  id: 'c1',
  setId: 's',
  systemId: 'game',
  updatedAt: '',
  doc: { type: 'unit', name: 'Scout', power: 2, moves: [{ text: 'Sprint.' }] },
};
const summaries: CardRevisionSummary[] = [
  { id: 2, cardId: 'c1', cause: 'save', createdAt: '2026-03-02T10:00:00.000Z', name: 'Scout', changed: 'Moves' },
  { id: 1, cardId: 'c1', cause: 'save', createdAt: '2026-03-01T10:00:00.000Z', name: 'Scout', changed: 'Power' },
];

function setup() {
  const deps = {
    api: {
      listCardRevisions: vi.fn(async () => summaries),
      getCardRevision: vi.fn(async ({ id }: { id: number }): Promise<CardRevision> => ({
        ...summaries.find((s) => s.id === id)!,
        setId: 's',
        doc: docs[id as 1 | 2],
      })),
      restoreCardRevision: vi.fn(async () => ({ ...now, doc: docs[1] })),
      getCards: vi.fn(async () => [now]),
    },
    confirm: vi.fn(async () => true),
    showError: vi.fn(),
    showSuccess: vi.fn(),
  };
  return { deps, model: new CardHistoryModel(deps as unknown as CardHistoryDeps, 'c1', () => system) };
}

describe('CardHistoryModel', () => {
  it('compares the newest revision with the card now, then any two versions, by field label', async () => {
    const { model, deps } = setup();
    await model.load();
    expect(model.from).toBe('2');
    expect(model.to).toBe(CURRENT);
    expect(model.diff).toEqual([{ pointer: '/moves/0/text', label: 'Moves › 1 › Rules text', before: 'Run.', after: 'Sprint.' }]);
    model.from = '1';
    model.to = '2';
    await model.compare();
    expect(model.diff).toEqual([{ pointer: '/power', label: 'Power', before: '1', after: '2' }]);
    model.to = '1';
    await model.compare();
    expect(model.diff).toEqual([]);
    expect(deps.showError).not.toHaveBeenCalled();
  });

  it('restores a revision after asking, saying that unsaved changes leave the form', async () => {
    const { model, deps } = setup();
    await model.load();
    deps.confirm.mockResolvedValueOnce(false);
    expect(await model.restore(summaries[1], true)).toBeUndefined();
    expect(deps.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('Undo brings them back') }),
    );
    expect(deps.api.restoreCardRevision).not.toHaveBeenCalled();
    const card = await model.restore(summaries[1], false);
    expect(deps.api.restoreCardRevision).toHaveBeenCalledWith({ id: 1 });
    expect(card?.doc).toEqual(docs[1]);
    expect(deps.api.listCardRevisions).toHaveBeenCalledTimes(2);
  });
});
