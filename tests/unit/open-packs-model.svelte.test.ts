// The Open packs dialog's model, against the real backend (openCardwright with the samples): open
// three OSMCG boosters from a seed, group them for display, make the pool a sealed deck that is
// a real deck of the library, export it as a deck list, print the packs; bad input and a set
// that cannot fill a slot are problems the dialog shows.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cardwright } from '../../src-main/api/service';
import type { GameSystem } from '../../card-schema/system/format';
import { OpenPacksModel, randomSeed, type PacksApi } from '../../src-renderer/src/library/open-packs.svelte';
import { apiCaller, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

vi.mock('../../src-renderer/src/api/client', () => ({
  api: {},
  errorMessage: (error: unknown) => (error instanceof Error ? error.message : String(error)),
}));

describe('OpenPacksModel', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: Call;
  let packsApi: PacksApi;
  let osmcg: GameSystem;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-packs-model-'));
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
    packsApi = {
      openPacks: (input) => call('openPacks', input),
      saveDeck: (input) => call('saveDeck', input),
      convertDeckList: (input) => call('convertDeckList', input),
    };
    osmcg = await call('getSystem', { systemId: 'osmcg' });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const coreSet = async () => (await call('listSets', {})).find((s) => s.id === 'osmcg-core')!;

  it('opens three boosters from a seed and shows each card with its slot and rarity', async () => {
    const model = new OpenPacksModel(await coreSet(), osmcg, packsApi);
    expect(model.kinds.map((k) => k.label)).toEqual(['Booster']);
    expect(model.seed).toMatch(/^[a-z2-9]{6}$/);
    model.seed = 'table-7';
    await model.open();
    expect(model.problem).toBeNull();
    expect(model.packs).toHaveLength(3);
    for (const pack of model.packs) {
      expect(pack.map((shown) => shown.rarity ?? shown.slot)).toEqual([
        ...Array(6).fill('Common'),
        ...Array(3).fill('Uncommon'),
        expect.stringMatching(/^(Rare|Mythic)$/),
        'Terrain',
      ]);
    }
    expect(model.poolIds).toHaveLength(33);
    expect(model.summary).toBe('3 × Booster of “OSMCG Starter Set”, seed table-7: 33 cards');
    // The same seed opens the same packs.
    const again = new OpenPacksModel(await coreSet(), osmcg, packsApi);
    again.seed = 'table-7';
    await again.open();
    expect(again.poolIds).toEqual(model.poolIds);
  });

  it('makes the pool a sealed deck in the library, a deck list and a print of the packs', async () => {
    const model = new OpenPacksModel(await coreSet(), osmcg, packsApi);
    model.seed = 'sealed-1';
    await model.open();
    const deck = await model.startSealedDeck();
    expect(deck).not.toBeNull();
    const stored = await call('getDeck', { id: deck!.id });
    expect(stored.name).toBe('Sealed: OSMCG Starter Set (sealed-1)');
    const pooled = stored.boards?.sideboard ?? [];
    expect(pooled.reduce((n, e) => n + e.count, 0)).toBe(33);
    expect(new Set(pooled.map((e) => e.cardId))).toEqual(new Set(model.poolIds));
    expect((await call('listDecks', { systemId: 'osmcg' })).some((d) => d.id === deck!.id)).toBe(true);

    const list = await model.poolList();
    const text = new TextDecoder().decode(list!.bytes);
    expect(text).toMatch(/^Sideboard/m);
    const first = model.packs[0][0].card.doc.name;
    expect(text).toContain(first);

    const target = model.printTarget()!;
    expect(target.source).toEqual({ kind: 'cards', cardIds: model.poolIds });
    const preview = await call('previewPrint', { source: target.source, copies: 1, limit: 5 });
    expect(preview.count).toBe(33);
  });

  it('prints the packs pack by pack, in the order opened, a card in two packs in both places', async () => {
    const model = new OpenPacksModel(await coreSet(), osmcg, packsApi);
    model.seed = 'print-order';
    await model.open();
    const opened = model.packs.flatMap((pack) => pack.map((shown) => shown.card.doc.name));
    const packOf = (index: number) => Math.floor(index / (opened.length / model.packs.length));
    // The seed gives a card in two packs: merged into one item it would print out of pack order.
    expect(opened.some((name, i) => opened.indexOf(name) !== i && packOf(opened.indexOf(name)) !== packOf(i))).toBe(true);
    const preview = await call('previewPrint', { source: model.printTarget()!.source, copies: 1, limit: 200 });
    expect(preview.cards.map((card) => card.doc.name)).toEqual(opened);
  });

  it('shows bad input and a slot the set cannot fill as problems', async () => {
    const model = new OpenPacksModel(await coreSet(), osmcg, packsApi);
    model.seed = '  ';
    expect(model.invalid).toBe('Type a seed, or take a new one.');
    model.seed = 'x';
    model.count = 0;
    expect(model.invalid).toBe('Open 1 to 100 packs.');
    model.count = 1;
    expect(model.invalid).toBe('');

    const empty = await call('createSet', { systemId: 'osmcg', name: 'Packs of nothing' });
    const none = new OpenPacksModel({ ...empty, cardCount: 0 }, osmcg, packsApi);
    none.seed = 'x';
    await none.open();
    expect(none.problem).toBe(
      'Cannot open packs of “Packs of nothing”: Booster, slot 1 (Common): needs 6 cards without repeats in a pack, but the set has none',
    );
    expect(none.opened).toBeNull();

    const odd = (await call('listSets', {})).find((s) => s.systemId === 'odd-frontier')!;
    const noPacks = new OpenPacksModel(odd, await call('getSystem', { systemId: 'odd-frontier' }), packsApi);
    expect(noPacks.invalid).toBe('Odd Frontier declares no packs (system.json "packs").');
  });

  it('takes short seeds from its own alphabet', () => {
    let i = 0;
    expect(randomSeed(() => (i++ % 3) / 3)).toHaveLength(6);
  });
});
