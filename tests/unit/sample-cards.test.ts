// sampleCards (the Games view's card of each type): the first card of each type the game's sets
// hold, in the game's type order, never another game's card of a type with the same id, and
// found through the type index without sorting the matches.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cardwright } from '../../src-main/api/service';
import { databaseFile, openDatabaseFile } from '../../src-main/store/database';
import { apiCaller, failure, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

describe('sampleCards', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: Call;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-sample-cards-'));
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
  });

  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The first card added of each type in the game's sets, read straight from SQLite. */
  function firstIds(systemId: string): Map<string, string> {
    const db = openDatabaseFile(databaseFile(dataDir));
    try {
      const rows = db
        .prepare('SELECT c.type, c.id FROM cards c JOIN sets s ON s.id = c.set_id WHERE s.system_id = ? ORDER BY c.seq DESC')
        .all(systemId) as { type: string; id: string }[];
      return new Map(rows.map((row) => [row.type, row.id])); // the last write per type is the first card
    } finally {
      db.close();
    }
  }

  it.each(['osmcg', 'muhq'])(
    "%s: one entry per card type in the game's order, each the first card of that type",
    async (systemId) => {
      const system = await call('getSystem', { systemId });
      const samples = await call('sampleCards', { systemId });
      expect(samples.map((sample) => sample.typeId)).toEqual(system.cardTypes.map((cardType) => cardType.id));
      const expected = firstIds(systemId);
      expect(expected.size).toBeGreaterThan(0);
      for (const sample of samples) {
        expect(sample.card?.id ?? null).toBe(expected.get(sample.typeId) ?? null);
        if (sample.card) {
          expect(sample.card.systemId).toBe(systemId);
          expect(sample.card.doc.type).toBe(sample.typeId);
          expect(sample.setName).toEqual(expect.any(String));
        } else expect(sample.setName).toBeNull();
      }
    },
  );

  it("never answers with another game's card of a type with the same id", async () => {
    // OSMCG and muhq both have a "spell" type; each game's sample is its own.
    const [osmcg, muhq] = await Promise.all([
      call('sampleCards', { systemId: 'osmcg' }),
      call('sampleCards', { systemId: 'muhq' }),
    ]);
    const spellOf = (samples: typeof osmcg) => samples.find((sample) => sample.typeId === 'spell')?.card;
    expect(spellOf(osmcg)?.systemId).toBe('osmcg');
    expect(spellOf(muhq)?.systemId).toBe('muhq');
  });

  it('finds the card through the type index, without sorting the matches', () => {
    const db = openDatabaseFile(databaseFile(dataDir));
    try {
      const plan = db
        .prepare(
          "EXPLAIN QUERY PLAN SELECT c.id FROM cards c JOIN sets s ON s.id = c.set_id WHERE c.type = 'spell' AND s.system_id = 'muhq' ORDER BY c.seq LIMIT 1",
        )
        .all() as { detail: string }[];
      const details = plan.map((row) => row.detail).join('\n');
      expect(details).toContain('cards_by_type');
      expect(details).not.toContain('TEMP B-TREE');
    } finally {
      db.close();
    }
  });

  it('refuses a game that is not installed', async () => {
    const error = await failure(call('sampleCards', { systemId: 'no-such-game' }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('no-such-game');
  });
});
