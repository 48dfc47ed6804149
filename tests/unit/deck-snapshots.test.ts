// Deck versions: the pure diff; snapshots kept on each save (capped), named ones, restore that
// keeps the replaced version, snapshots going to the trash and back with their deck, the
// migration on a database from the previous release; and duplicating a deck.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { diffDecks, type DeckVersion } from '../../card-schema/deck/deck-diff';
import type { Deck } from '../../card-schema/deck/format';
import type { Cardwright } from '../../src-main/api/service';
import { databaseFile } from '../../src-main/store/database';
import { AUTO_SNAPSHOTS_KEPT } from '../../src-main/services/deck-snapshots';
import { apiCaller, failure, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');
const names: Record<string, string> = { bolt: 'Fire Bolt', wolf: 'Ember Wolf', golem: 'Clay Golem', pyra: 'Pyra' };
const nameOf = (entry: { cardId: string; name?: string }) => names[entry.cardId] ?? entry.name ?? entry.cardId;

describe('diffDecks', () => {
  const before: DeckVersion = {
    name: 'Ember',
    sections: {
      hero: [{ cardId: 'pyra', count: 1 }],
      main: [
        { cardId: 'wolf', count: 3 },
        { cardId: 'bolt', count: 2 },
      ],
    },
  };

  it('lists per section the cards added, removed and whose count changed, by name', () => {
    const after: DeckVersion = {
      name: 'Ember Rush',
      notes: 'faster',
      sections: {
        hero: [{ cardId: 'pyra', count: 1 }],
        main: [
          { cardId: 'wolf', count: 4 },
          { cardId: 'golem', count: 1 },
        ],
      },
      boards: { sideboard: [{ cardId: 'bolt', count: 2 }] },
    };
    const diff = diffDecks(before, after, ['hero', 'main'], nameOf);
    expect(diff.same).toBe(false);
    expect(diff.fields).toEqual([
      { field: 'name', before: 'Ember', after: 'Ember Rush' },
      { field: 'notes', before: '', after: 'faster' },
    ]);
    expect(diff.parts).toEqual([
      {
        id: 'main',
        board: false,
        added: [{ cardId: 'golem', name: 'Clay Golem', before: 0, after: 1 }],
        removed: [{ cardId: 'bolt', name: 'Fire Bolt', before: 2, after: 0 }],
        changed: [{ cardId: 'wolf', name: 'Ember Wolf', before: 3, after: 4 }],
      },
      {
        id: 'sideboard',
        board: true,
        added: [{ cardId: 'bolt', name: 'Fire Bolt', before: 0, after: 2 }],
        removed: [],
        changed: [],
      },
    ]);
  });

  it('finds nothing between equal versions, and names a deleted card by its stored name', () => {
    expect(diffDecks(before, structuredClone(before), ['hero', 'main'], nameOf)).toEqual({ fields: [], parts: [], same: true });
    const gone = diffDecks(
      before,
      { ...before, sections: { ...before.sections, main: [{ cardId: 'x9', count: 1, name: 'Old Lamp' }] } },
      [],
      nameOf,
    );
    expect(gone.parts[0].added).toEqual([{ cardId: 'x9', name: 'Old Lamp', before: 0, after: 1 }]);
  });
});

describe('deck snapshots and duplicates (API)', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: Call;

  function open(): void {
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
  }

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-snapshots-'));
  });

  afterEach(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function ommsPack(): Promise<Deck> {
    const summary = (await call('listDecks', { systemId: 'omms' })).find((d) => d.legal)!;
    return call('getDeck', { id: summary.id });
  }

  it('keeps the version each save replaces, drops the oldest automatic ones, and keeps named ones', async () => {
    open();
    const deck = await ommsPack();
    await call('keepDeckSnapshot', { deckId: deck.id, name: 'Tournament list' });
    // Saving the same deck again changes nothing worth keeping.
    await call('saveDeck', { deck });
    expect((await call('listDeckSnapshots', { deckId: deck.id })).map((s) => s.kind)).toEqual(['named']);

    for (let i = 1; i <= AUTO_SNAPSHOTS_KEPT + 2; i++) await call('saveDeck', { deck: { ...deck, name: `Pack ${i}` } });
    const snapshots = await call('listDeckSnapshots', { deckId: deck.id });
    expect(snapshots.filter((s) => s.kind === 'auto')).toHaveLength(AUTO_SNAPSHOTS_KEPT);
    expect(snapshots.filter((s) => s.kind === 'named').map((s) => s.name)).toEqual(['Tournament list']);
    // Newest first: the last save replaced "Pack 21".
    const newest = await call('getDeckSnapshot', { id: snapshots[0].id });
    expect(newest.version.name).toBe(`Pack ${AUTO_SNAPSHOTS_KEPT + 1}`);
    expect(newest.cards).toBe(54);
  });

  it('restores a snapshot, keeping the version it replaces as a snapshot first', async () => {
    open();
    const deck = await ommsPack();
    const kept = await call('keepDeckSnapshot', { deckId: deck.id, name: 'Full pack' });
    const short = { ...deck, sections: { pack: deck.sections.pack.filter((e) => e.cardId !== 'omms-pack-heart-q') } };
    await call('saveDeck', { deck: short });
    expect((await call('listDecks', { systemId: 'omms' })).find((d) => d.id === deck.id)?.legal).toBe(false);

    const restored = await call('restoreDeckSnapshot', { id: kept.id });
    expect(restored.sections.pack).toHaveLength(54);
    expect((await call('listDecks', { systemId: 'omms' })).find((d) => d.id === deck.id)?.legal).toBe(true);
    const [replaced] = await call('listDeckSnapshots', { deckId: deck.id });
    expect(replaced.name).toBe('Before restoring Full pack');
    expect((await call('getDeckSnapshot', { id: replaced.id })).version.sections.pack).toHaveLength(53);
    expect((await failure(call('restoreDeckSnapshot', { id: 'nope' }))).code).toBe('NOT_FOUND');
  });

  it('moves snapshots to the trash with their deck and back on restore', async () => {
    open();
    const deck = await ommsPack();
    const kept = await call('keepDeckSnapshot', { deckId: deck.id, name: 'Keep me' });
    const { trashId } = await call('deleteDeck', { id: deck.id });
    expect((await failure(call('getDeckSnapshot', { id: kept.id }))).code).toBe('NOT_FOUND');
    await call('restoreFromTrash', { id: trashId });
    expect((await call('listDeckSnapshots', { deckId: deck.id })).map((s) => s.name)).toEqual(['Keep me']);
    // Deleted for good: its snapshots go too.
    const again = await call('deleteDeck', { id: deck.id });
    await call('deleteFromTrash', { id: again.trashId });
    expect((await failure(call('getDeckSnapshot', { id: kept.id }))).code).toBe('NOT_FOUND');
  });

  it('adds snapshots to a database from an earlier release (migration 6) and keeps its decks', async () => {
    copyFileSync(join(ROOT, 'tests/fixtures/db/v1.sqlite'), databaseFile(dataDir));
    open();
    const deck = await call('getDeck', { id: 'fx-deck' });
    expect(await call('listDeckSnapshots', { deckId: deck.id })).toEqual([]);
    await call('saveDeck', { deck: { ...deck, notes: 'Changed after the upgrade' } });
    const [snapshot] = await call('listDeckSnapshots', { deckId: deck.id });
    expect((await call('getDeckSnapshot', { id: snapshot.id })).version).toMatchObject({
      name: 'Fixture Deck',
      notes: 'Kept across releases',
    });
  });

  it('duplicates a deck with its boards, notes and format as "Copy of …"', async () => {
    open();
    const deck = await ommsPack();
    const withBoards = await call('saveDeck', {
      deck: { ...deck, notes: 'mine', boards: { maybeboard: [{ cardId: 'omms-pack-club-7', count: 1 }] } },
    });
    const copy = await call('duplicateDeck', { id: withBoards.id });
    expect(copy.id).not.toBe(deck.id);
    expect(copy).toMatchObject({
      name: `Copy of ${deck.name}`,
      notes: 'mine',
      sections: withBoards.sections,
      boards: withBoards.boards,
    });
    expect((await call('duplicateDeck', { id: deck.id, name: 'Second pack' })).name).toBe('Second pack');
    expect((await failure(call('duplicateDeck', { id: 'nope' }))).code).toBe('NOT_FOUND');
  });
});
