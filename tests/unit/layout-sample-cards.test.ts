// layoutSampleCards (the layout editor's preview strip): of one card type of a game, the card
// with the longest name, the one with the longest text in a field and one with an optional field
// empty, as SQLite finds them among the library's cards, never another game's or type's.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cardwright } from '../../src-main/api/service';
import { databaseFile, openDatabaseFile } from '../../src-main/store/database';
import { apiCaller, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

describe('layoutSampleCards', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: Call;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-layout-samples-'));
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
  });

  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The game's cards of the type straight from SQLite, in the order they were added. */
  function docs(systemId: string, type: string): { id: string; doc: Record<string, unknown> }[] {
    const db = openDatabaseFile(databaseFile(dataDir));
    try {
      const rows = db
        .prepare(
          'SELECT c.id, c.doc FROM cards c JOIN sets s ON s.id = c.set_id WHERE s.system_id = ? AND c.type = ? ORDER BY c.seq',
        )
        .all(systemId, type) as { id: string; doc: string }[];
      return rows.map((row) => ({ id: row.id, doc: JSON.parse(row.doc) as Record<string, unknown> }));
    } finally {
      db.close();
    }
  }

  const longest = (cards: ReturnType<typeof docs>, field: string) =>
    cards.reduce((best, card) => (String(card.doc[field] ?? '').length > String(best.doc[field] ?? '').length ? card : best));

  it('finds the longest name, the longest rules text and an empty optional field of the type', async () => {
    const cards = docs('osmcg', 'creature');
    expect(cards.length).toBeGreaterThan(2);
    const samples = await call('layoutSampleCards', {
      systemId: 'osmcg',
      typeId: 'creature',
      textField: 'text',
      emptyField: 'flavor',
    });
    expect(samples.map((sample) => sample.reason)).toEqual(['longest-name', 'longest-text', 'empty-field']);
    const [name, text, empty] = samples;
    expect(name.card.doc.name.length).toBe(String(longest(cards, 'name').doc.name).length);
    expect(String(text.card.doc.text).length).toBe(String(longest(cards, 'text').doc.text).length);
    expect(empty.card.doc.flavor ?? '').toBe('');
    expect(empty.card.id).toBe(cards.find((card) => (card.doc.flavor ?? '') === '')?.id);
    for (const sample of samples) {
      expect(sample.card.systemId).toBe('osmcg');
      expect(sample.card.doc.type).toBe('creature');
    }
  });

  it('leaves a reason out when no card fits it, and asks only what it is given', async () => {
    const samples = await call('layoutSampleCards', { systemId: 'osmcg', typeId: 'creature', emptyField: 'name' });
    expect(samples.map((sample) => sample.reason)).toEqual(['longest-name']);
    expect(await call('layoutSampleCards', { systemId: 'osmcg', typeId: 'no-such-type' })).toEqual([]);
  });

  it('refuses a field that is no field name', async () => {
    await expect(call('layoutSampleCards', { systemId: 'osmcg', typeId: 'creature', textField: 'a" OR 1' })).rejects.toThrow();
  });
});
