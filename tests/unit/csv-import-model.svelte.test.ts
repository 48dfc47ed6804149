// The CSV import dialog's model with a stubbed API: the preview's mapping is offered, a column
// moved to another field takes it from the column that had it, Check keeps the mapping for the
// game and runs a dry run, Import waits for a check and goes to the chosen set, and a changed
// mapping throws the old report away.

import { describe, expect, it, vi } from 'vitest';
import type { CsvImportReport, CsvPreview } from '../../src-main/api/contract';
import {
  changesText,
  CsvImportModel,
  ID_CHOICE,
  SKIP_CHOICE,
  TYPE_CHOICE,
  type CsvImportDeps,
} from '../../src-renderer/src/library/csv/csv-import.svelte';

const PREVIEW: CsvPreview = {
  fileName: 'cards.csv',
  encoding: 'UTF-8',
  delimiter: ',',
  hasHeader: true,
  columns: [
    { name: 'Name', samples: ['Ember'] },
    { name: 'Kind', samples: ['Creature'] },
    { name: 'Price', samples: ['2'] },
  ],
  rowsSeen: 1,
  fields: [
    { key: 'name', label: 'Name', kind: 'text', cardTypes: ['creature'] },
    { key: 'cost', label: 'Mana Cost', kind: 'number', cardTypes: ['creature'] },
  ],
  cardTypes: [{ id: 'creature', label: 'Creature' }],
  mapping: { typeColumn: 'Kind', defaultType: null, columns: [{ column: 'Name', field: 'name' }], listSeparator: ';' },
  savedMapping: false,
};

const REPORT: CsvImportReport = {
  fileName: 'cards.csv',
  dryRun: true,
  encoding: 'UTF-8',
  delimiter: ',',
  hasHeader: true,
  rows: 3,
  validRows: 2,
  badRows: 1,
  problems: [{ row: 3, column: 'Price', value: 'x', message: '“x” is not a number' }],
  problemsTotal: 1,
  rejectedCsv: 'Name,Kind,Price,reason\r\n',
  imported: 0,
  changes: { added: 2, updated: 0, unchanged: 0 },
};

function stub() {
  const deps = {
    api: { previewCsv: vi.fn(async () => PREVIEW), saveCsvMapping: vi.fn(async () => undefined) },
    runJob: vi.fn(async (job: { dryRun?: boolean }) =>
      job.dryRun
        ? REPORT
        : {
            ...REPORT,
            dryRun: false,
            imported: 2,
            set: { id: 's1', systemId: 'osmcg', name: 'cards', description: '', cardCount: 2, createdAt: '', updatedAt: '' },
          },
    ),
    download: vi.fn(),
  };
  return { deps, model: new CsvImportModel(deps as unknown as CsvImportDeps, 'osmcg', null) };
}

describe('CSV import model', () => {
  it('maps columns, checks with the mapping saved, then imports into a new set', async () => {
    const { deps, model } = stub();
    await model.open('cards.csv', new TextEncoder().encode('Name,Kind,Price\nEmber,Creature,2\n'));
    expect(model.newSetName).toBe('cards');
    expect(model.choiceOf('Kind')).toBe(TYPE_CHOICE);
    expect(model.choiceOf('Price')).toBe(SKIP_CHOICE);
    model.choose('Price', 'cost');
    model.choose('Name', 'cost'); // takes the field from Price
    expect(model.choiceOf('Price')).toBe(SKIP_CHOICE);
    model.choose('Name', 'name');
    model.choose('Price', 'cost');
    expect(await model.runImport()).toBeNull(); // not checked yet
    await model.runCheck();
    expect(deps.api.saveCsvMapping).toHaveBeenCalledWith({ systemId: 'osmcg', mapping: model.mapping });
    expect(deps.runJob).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'importCsv', dryRun: true }));
    expect(model.check).toEqual(REPORT);
    model.downloadRejected();
    expect(deps.download).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'cards-rejected.csv', mimeType: 'text/csv' }));

    const set = await model.runImport();
    expect(set?.id).toBe('s1');
    expect(deps.runJob).toHaveBeenLastCalledWith(expect.objectContaining({ dryRun: false, newSetName: 'cards' }));
  });

  it('a changed mapping drops the report; a failed preview shows its message', async () => {
    const { deps, model } = stub();
    await model.open('cards.csv', new Uint8Array([65]));
    await model.runCheck();
    model.choose('Kind', SKIP_CHOICE);
    expect(model.check).toBeNull();
    expect(model.mapping?.typeColumn).toBeNull();
    deps.api.previewCsv.mockRejectedValueOnce(new Error('cards.csv: a quoted cell opened on line 3 is never closed'));
    await model.read({ delimiter: ';' });
    expect(model.error).toMatch(/line 3/);
    expect(model.preview).toBeNull();
  });

  it('takes a column as the card id, checks against the chosen set and says what the rows would do', async () => {
    const { deps, model } = stub();
    await model.open('cards.csv', new TextEncoder().encode('Name,Kind,Price\nEmber,Creature,2\n'));
    model.choose('Price', ID_CHOICE);
    expect(model.choiceOf('Price')).toBe(ID_CHOICE);
    expect(model.mapping?.idColumn).toBe('Price');
    model.choose('Price', TYPE_CHOICE);
    expect(model.mapping).toMatchObject({ idColumn: null, typeColumn: 'Price' });
    model.choose('Price', ID_CHOICE);
    model.choose('Kind', TYPE_CHOICE);
    await model.runCheck();
    model.chooseSet('core');
    expect(model.check).toBeNull(); // another set reads the ids differently
    await model.runCheck();
    expect(deps.runJob).toHaveBeenLastCalledWith(expect.objectContaining({ dryRun: true, setId: 'core' }));
    expect(changesText({ added: 0, updated: 1, unchanged: 60 })).toBe('1 updated, 60 unchanged');
    expect(changesText({ added: 2, updated: 0, unchanged: 0 })).toBe('2 new');
    expect(changesText({ added: 0, updated: 0, unchanged: 0 })).toBe('nothing');
  });
});
