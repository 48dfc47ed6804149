// What a player types to find cards of each built-in game, through the API on the sample sets: a
// number field compared (`hp>=40`) and the words of text fields. Miscrits' `hp` is a number on a
// miscrit and a text ("60/120/180/240/300") on a boss: comparisons read the numbers, free text
// finds the boss's.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cardwright } from '../../src-main/api/service';
import { apiCaller, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

let dataDir: string;
let app: Cardwright;
let call: Call;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-game-search-'));
  app = openSampleCardwright(dataDir);
  call = apiCaller(app);
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function found(query: string): Promise<{ ids: string[]; problems: unknown[] }> {
  const result = await call('searchCards', { query, limit: 200 });
  return { ids: result.cards.map((card) => card.id).sort(), problems: result.problems };
}

describe('searching the built-in games', () => {
  it.each([
    ['osmcg', 'game:osmcg hp>=21', ['osmcg-core-001', 'osmcg-core-003', 'osmcg-core-004']],
    ['muhq', 'game:muhq health>=10', ['muhq-vale-012']],
    ['odd-frontier', 'game:odd-frontier defense>=5', ['odd-frontier-first-011']],
    ['miscrits', 'game:miscrits hp>=40', ['miscrits-wilds-010', 'miscrits-wilds-011', 'miscrits-wilds-012']],
    ['omms', 'game:omms value>=10', ['omms-pack-club-10', 'omms-pack-diamond-10', 'omms-pack-heart-10', 'omms-pack-spade-10']],
  ])('%s: %s', async (_game, query, ids) => {
    expect(await found(query)).toEqual({ ids, problems: [] });
  });

  it('miscrits: a boss is found by the numbers of its HP per player count, and hp<25 leaves it out', async () => {
    expect((await found('game:miscrits 300')).ids).toEqual(['miscrits-wilds-020']);
    const small = await found('game:miscrits hp<20');
    expect(small).toEqual({ ids: ['miscrits-wilds-008'], problems: [] });
  });
});
