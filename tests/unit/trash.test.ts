// The trash, end to end through the API: deleting a card, set, deck or game moves it to the
// trash; restoring puts back the same ids (decks find their cards again); a restore that
// cannot work says why; entries older than 30 days and emptied ones are gone for good.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Cardwright } from '../../src-main/api/service';
import { databaseFile } from '../../src-main/store/database';
import { apiCaller, failure, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');
const CORE = 'osmcg-core';

let dataDir: string;
let app: Cardwright;
let call: Call;

function open(): void {
  app = openSampleCardwright(dataDir);
  call = apiCaller(app);
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-trash-'));
  open();
});

afterEach(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function coreCards() {
  return (await call('searchCards', { setId: CORE, limit: 5_000 })).cards;
}

async function sampleDeckId(): Promise<string> {
  const decks = await call('listDecks', { systemId: 'osmcg' });
  const deck = decks.find((d) => d.legal) ?? decks[0];
  return deck.id;
}

describe('the trash', () => {
  it('takes a deleted card and gives it back with its id, document and place', async () => {
    const [card] = await coreCards();
    const { trashId } = await call('deleteCard', { id: card.id });
    expect(await call('getCards', { ids: [card.id] })).toEqual([]);
    expect((await call('searchCards', { query: card.doc.name, setId: CORE })).cards.map((c) => c.id)).not.toContain(card.id);

    const { entries, keepDays } = await call('listTrash', {});
    expect(keepDays).toBe(30);
    expect(entries).toEqual([
      expect.objectContaining({
        id: trashId,
        kind: 'card',
        itemId: card.id,
        name: card.doc.name,
        detail: expect.stringMatching(/^in “/),
      }),
    ]);
    const days = (Date.parse(entries[0].expiresAt) - Date.parse(entries[0].deletedAt)) / 86_400_000;
    expect(days).toBe(30);

    const restored = await call('restoreFromTrash', { id: trashId });
    expect(restored).toMatchObject({ kind: 'card', itemId: card.id, message: expect.stringContaining(card.doc.name) });
    const [back] = await call('getCards', { ids: [card.id] });
    expect({ id: back.id, setId: back.setId, doc: back.doc }).toEqual({ id: card.id, setId: card.setId, doc: card.doc });
    expect((await call('searchCards', { query: card.doc.name, setId: CORE })).cards.map((c) => c.id)).toContain(card.id);
    expect((await call('listTrash', {})).entries).toEqual([]);
  });

  it('takes a set with its cards and restores them in their order; decks see their cards again', async () => {
    const before = await coreCards();
    const deckId = await sampleDeckId();
    const legalBefore = (await call('checkDeck', { deck: await call('getDeck', { id: deckId }) })).legal;

    const { trashId } = await call('deleteSet', { id: CORE });
    expect((await call('listSets', {})).map((set) => set.id)).not.toContain(CORE);
    const report = await call('checkDeck', { deck: await call('getDeck', { id: deckId }) });
    expect(report.legal).toBe(false);
    const [entry] = (await call('listTrash', {})).entries;
    expect(entry).toMatchObject({ id: trashId, kind: 'set', sets: 1, cards: before.length, decks: 0 });

    expect((await call('restoreFromTrash', { id: trashId })).message).toMatch(new RegExp(`back with ${before.length} cards`));
    const set = (await call('listSets', {})).find((s) => s.id === CORE);
    expect(set?.cardCount).toBe(before.length);
    expect((await coreCards()).map((c) => c.id)).toEqual(before.map((c) => c.id));
    expect((await call('checkDeck', { deck: await call('getDeck', { id: deckId }) })).legal).toBe(legalBefore);
  });

  it('takes a deck and gives it back whole', async () => {
    const deckId = await sampleDeckId();
    const deck = await call('getDeck', { id: deckId });
    const { trashId } = await call('deleteDeck', { id: deckId });
    expect((await failure(call('getDeck', { id: deckId }))).code).toBe('NOT_FOUND');
    await call('restoreFromTrash', { id: trashId });
    expect(await call('getDeck', { id: deckId })).toEqual(deck);
  });

  it('says why a card cannot come back while its set is in the trash, and restores it after the set', async () => {
    const [card] = await coreCards();
    const cardEntry = await call('deleteCard', { id: card.id });
    const setEntry = await call('deleteSet', { id: CORE });
    const refused = await failure(call('restoreFromTrash', { id: cardEntry.trashId }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toMatch(/its set “.+” is in the trash too; restore the set first/);
    await call('restoreFromTrash', { id: setEntry.trashId });
    await call('restoreFromTrash', { id: cardEntry.trashId });
    expect((await call('getCards', { ids: [card.id] })).map((c) => c.id)).toEqual([card.id]);
  });

  it('refuses a restore whose id is taken again, and changes nothing', async () => {
    const [card] = await coreCards();
    const { trashId } = await call('deleteCard', { id: card.id });
    const again = await call('saveCard', { id: card.id, setId: CORE, doc: { ...card.doc, name: 'Made again' } });
    expect(again.ok).toBe(true);
    const refused = await failure(call('restoreFromTrash', { id: trashId }));
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`a card with the id "${card.id}" exists again`),
    });
    expect((await call('getCards', { ids: [card.id] }))[0].doc.name).toBe('Made again');
    expect((await call('listTrash', {})).entries.map((entry) => entry.id)).toEqual([trashId]);
  });

  it('deletes for good: one entry, everything, and whatever is older than 30 days', async () => {
    const cards = await coreCards();
    const first = await call('deleteCard', { id: cards[0].id });
    const second = await call('deleteCard', { id: cards[1].id });
    await call('deleteFromTrash', { id: first.trashId });
    expect((await call('listTrash', {})).entries.map((entry) => entry.id)).toEqual([second.trashId]);
    expect((await failure(call('restoreFromTrash', { id: first.trashId }))).code).toBe('NOT_FOUND');
    expect(await call('emptyTrash', {})).toEqual({ deleted: 1 });
    expect((await call('listTrash', {})).total).toBe(0);

    // Age an entry past the keep time (as if deleted 31 days ago): the next start purges it.
    const old = await call('deleteCard', { id: cards[2].id });
    const fresh = await call('deleteCard', { id: cards[3].id });
    await app.close();
    const db = new Database(databaseFile(dataDir));
    db.prepare('UPDATE trash SET deleted_at = ? WHERE id = ?').run(
      new Date(Date.now() - 31 * 86_400_000).toISOString(),
      old.trashId,
    );
    db.close();
    open();
    expect((await call('listTrash', {})).entries.map((entry) => entry.id)).toEqual([fresh.trashId]);
    const leftover = new Database(databaseFile(dataDir), { readonly: true });
    expect(leftover.prepare('SELECT count(*) AS n FROM trash_cards').get()).toEqual({ n: 1 });
    leftover.close();
  });

  it('takes an installed game with its folder, sets and decks, and gives it back', async () => {
    const bundle = readFileSync(join(ROOT, 'docs/tutorial/lantern-watch.cardwright-system.json'), 'utf8');
    await call('importSystem', { fileName: 'lantern-watch.cardwright-system.json', text: bundle });
    const setsBefore = (await call('listSets', {})).filter((set) => set.systemId === 'lantern-watch');
    const removed = await call('removeSystem', { systemId: 'lantern-watch' });
    expect(existsSync(join(dataDir, 'systems', 'lantern-watch'))).toBe(false);
    expect(readdirSync(join(dataDir, 'trash'))).toEqual([removed.trashId]);
    expect((await call('listTrash', {})).entries[0]).toMatchObject({
      kind: 'game',
      itemId: 'lantern-watch',
      sets: setsBefore.length,
    });

    const restored = await call('restoreFromTrash', { id: removed.trashId });
    expect(restored.message).toMatch(/installed again/);
    expect((await call('listSystems', {})).map((system) => system.id)).toContain('lantern-watch');
    expect((await call('listSets', {})).filter((set) => set.systemId === 'lantern-watch')).toEqual(setsBefore);
    expect(readdirSync(join(dataDir, 'trash'))).toEqual([]);

    // Emptying the trash deletes the folder too.
    const again = await call('removeSystem', { systemId: 'lantern-watch' });
    await call('emptyTrash', {});
    expect(existsSync(join(dataDir, 'trash', again.trashId))).toBe(false);
  });

  it('refuses to restore a deck or set of a game that is not installed', async () => {
    const bundle = readFileSync(join(ROOT, 'docs/tutorial/lantern-watch.cardwright-system.json'), 'utf8');
    await call('importSystem', { fileName: 'lantern-watch.cardwright-system.json', text: bundle });
    const set = (await call('listSets', {})).find((s) => s.systemId === 'lantern-watch')!;
    const setEntry = await call('deleteSet', { id: set.id });
    const game = await call('removeSystem', { systemId: 'lantern-watch' });
    const refused = await failure(call('restoreFromTrash', { id: setEntry.trashId }));
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/"lantern-watch", which is not installed/),
    });
    await call('restoreFromTrash', { id: game.trashId });
    await call('restoreFromTrash', { id: setEntry.trashId });
    expect((await call('listSets', {})).map((s) => s.id)).toContain(set.id);
  });

  it('indexes a restored card for its game as it is now, and the cards go back in bulk with their triggers kept', async () => {
    // The game leaves flavor out of search when the card is deleted, searches it when it comes back.
    const bundle = JSON.parse(readFileSync(join(ROOT, 'docs/tutorial/lantern-watch.cardwright-system.json'), 'utf8')) as {
      system: { files: Record<string, { flavor: Record<string, unknown> }> };
      sets: unknown[];
    };
    const definitions = bundle.system.files['schemas/definitions.json'];
    const flavor = definitions.flavor;
    definitions.flavor = { ...flavor, 'x-search': false };
    const fileName = 'lantern-watch.cardwright-system.json';
    await call('importSystem', { fileName, text: JSON.stringify(bundle) });
    const found = async (query: string) => (await call('searchCards', { query, limit: 50 })).cards.map((card) => card.id);
    expect(await found('yesterday')).toEqual([]);
    const card = await call('deleteCard', { id: 'lantern-watch-003' });
    const set = await call('deleteSet', { id: 'lantern-watch-sample' });

    definitions.flavor = flavor;
    await call('importSystem', { fileName, text: JSON.stringify({ ...bundle, sets: [] }) });
    await call('restoreFromTrash', { id: set.trashId });
    await call('restoreFromTrash', { id: card.trashId });
    expect(await found('yesterday')).toEqual(['lantern-watch-003']);
    expect(await found('harbor hours')).toEqual(['lantern-watch-002']);
    // Every card is in the index and the pool once, and the next card written is indexed by its trigger again.
    const db = new Database(databaseFile(dataDir), { readonly: true });
    const count = (sql: string) => (db.prepare(sql).pluck().get() as number) ?? 0;
    expect(count("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'cards'")).toBe(6);
    expect(count("SELECT count(*) FROM card_pool WHERE system_id = 'lantern-watch'")).toBe(18);
    expect(count("SELECT count(*) FROM cards_fts WHERE cards_fts MATCH 'yesterday'")).toBe(1);
    db.close();
    const [restored] = await call('getCards', { ids: ['lantern-watch-003'] });
    await call('saveCard', { id: restored.id, setId: restored.setId, doc: { ...restored.doc, flavor: 'Lit at moonrise.' } });
    expect(await found('moonrise')).toEqual(['lantern-watch-003']);
    expect(await found('yesterday')).toEqual([]);
  });
});
