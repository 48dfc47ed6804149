// The library's set models with stubbed dependencies: an import that meets a set the library has
// asks, then runs again as the user chose (or writes nothing on cancel); "Edit set…" checks its
// fields as typed and shows a taken name under the name; "Move to set…" offers the game's other sets.

import { describe, expect, it, vi } from 'vitest';
import type { CardSetInfo } from '../../card-schema/system/format';
import type { ImportSetResult, JobResults, SetImportQuestion } from '../../src-main/api/contract';
import { SetImportFlow, type SetImportDeps } from '../../src-renderer/src/library/set-import.svelte';
import { EditSetModel } from '../../src-renderer/src/library/edit-set.svelte';
import { MoveCardsModel } from '../../src-renderer/src/library/move-cards.svelte';

const set = (id: string, name: string, extra: Partial<CardSetInfo> = {}): CardSetInfo => ({
  id,
  systemId: 'osmcg',
  name,
  description: '',
  code: '',
  version: '',
  author: '',
  license: '',
  cardCount: 3,
  updatedAt: '',
  ...extra,
});

const changes = { added: 1, updated: 1, removed: 1, unchanged: 2 };
const question: SetImportQuestion = {
  outcome: 'exists',
  fileName: 'core.set.json',
  existing: set('core', 'Core'),
  fileSetName: 'Core',
  fileCards: 4,
  changes,
};
const imported = (outcome: ImportSetResult['outcome']): ImportSetResult => ({
  outcome,
  set: set(outcome === 'copied' ? 'copy' : 'core', 'Core'),
  imported: 4,
  changes,
  rejected: [],
});

function importDeps(answers: JobResults['importSet'][]) {
  return {
    runImport: vi.fn(async (_job: Parameters<SetImportDeps['runImport']>[0]) => answers.shift() ?? null),
    onimported: vi.fn(async () => undefined),
    showError: vi.fn(),
  };
}

const file = { fileName: 'core.set.json', text: '{}' };

describe('SetImportFlow', () => {
  it('asks about a set the library has, then replaces it when told to', async () => {
    const deps = importDeps([question, imported('replaced')]);
    const flow = new SetImportFlow(deps);
    await flow.start(file);
    expect(flow.question).toEqual(question);
    expect(deps.onimported).not.toHaveBeenCalled();
    await flow.choose('replace');
    expect(deps.runImport.mock.calls.map(([job]) => job.onExisting)).toEqual(['ask', 'replace']);
    expect(flow.question).toBeNull();
    expect(flow.report?.outcome).toBe('replaced');
    expect(deps.onimported).toHaveBeenCalledWith(imported('replaced'));
  });

  it('imports a copy, or writes nothing on cancel', async () => {
    const copy = importDeps([question, imported('copied')]);
    const flow = new SetImportFlow(copy);
    await flow.start(file);
    await flow.choose('copy');
    expect(copy.runImport.mock.calls.at(-1)?.[0]).toMatchObject({ onExisting: 'copy', fileName: 'core.set.json' });
    expect(flow.report?.outcome).toBe('copied');

    const cancel = importDeps([question]);
    const cancelled = new SetImportFlow(cancel);
    await cancelled.start(file);
    await cancelled.choose('cancel');
    expect(cancel.runImport).toHaveBeenCalledTimes(1);
    expect(cancelled.question).toBeNull();
    expect(cancelled.report).toBeNull();
  });

  it('a new set is imported without a question; a failed import shows its error', async () => {
    const deps = importDeps([imported('created')]);
    const flow = new SetImportFlow(deps);
    await flow.start(file);
    expect(flow.report?.outcome).toBe('created');
    const failing = { ...importDeps([]), runImport: vi.fn(async () => Promise.reject(new Error('broken file'))) };
    await new SetImportFlow(failing).start(file);
    expect(failing.showError).toHaveBeenCalledWith(new Error('broken file'));
  });
});

describe('EditSetModel', () => {
  it('checks fields as typed and shows a taken name under the name', async () => {
    const taken = Object.assign(new Error('A set named “Tide” already exists in OSMCG'), { code: 'CONFLICT' });
    const api = { updateSet: vi.fn(async () => Promise.reject(taken)) };
    const model = new EditSetModel(set('core', 'Core', { code: 'CORE' }), { api, errorMessage: (e) => (e as Error).message });
    expect(model.values).toMatchObject({ name: 'Core', code: 'CORE' });
    model.values.code = 'two words';
    expect(model.problemOf('code')).toMatch(/may hold letters/);
    expect(model.canSave).toBe(false);
    model.values.code = 'CORE';
    model.values.name = ' Tide ';
    expect(await model.save()).toBeNull();
    expect(api.updateSet).toHaveBeenCalledWith(expect.objectContaining({ id: 'core', name: 'Tide', code: 'CORE' }));
    expect(model.problemOf('name')).toBe('A set named “Tide” already exists in OSMCG');
    model.values.name = 'Tide Two';
    expect(model.problemOf('name')).toBeUndefined();
  });
});

describe('MoveCardsModel', () => {
  it("offers the game's sets other than the one the cards are in, and moves them", async () => {
    const api = { moveCards: vi.fn(async () => ({ set: set('b', 'Beta'), moved: 2 })) };
    const sets = [set('c', 'Gamma'), set('a', 'Alpha'), set('b', 'Beta')];
    const model = new MoveCardsModel(['x', 'y'], ['a'], sets, { api, errorMessage: String });
    expect(model.targets.map((s) => s.name)).toEqual(['Beta', 'Gamma']);
    expect(model.targetId).toBe('b');
    expect(await model.move()).toEqual({ set: set('b', 'Beta'), moved: 2 });
    expect(api.moveCards).toHaveBeenCalledWith({ cardIds: ['x', 'y'], setId: 'b' });
    // Cards from several sets may go to any of them.
    expect(new MoveCardsModel(['x', 'z'], ['a', 'c'], sets, { api, errorMessage: String }).targets).toHaveLength(3);
  });
});
