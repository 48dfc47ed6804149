// A deck whose card was deleted keeps showing it by name (stored on save, or from the trash for
// decks saved before), the card is replaced in one step, and printings that share a name are
// told apart by set, number and the game's distinguishing field.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entryName } from '../../card-schema/deck/entry-name';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import { loadSamples } from './systems/harness';
import { cardNumber, printingLabels } from '../../card-schema/deck/printing-labels';
import { rankReplacements, replaceCard } from '../../card-schema/deck/replace-card';
import Database from 'better-sqlite3';
import type { Cardwright } from '../../src-main/api/service';
import { databaseFile } from '../../src-main/store/database';
import { apiCaller, failure, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

describe('deck entry names and printings (pure)', () => {
  it('names a deleted card by its stored name, and by its id only when no name survives', () => {
    expect(entryName({ cardId: 'x', name: 'Fire Bolt' }, { type: 'spell', name: 'Fire Bolt' })).toEqual({
      name: 'Fire Bolt',
      deleted: false,
    });
    expect(entryName({ cardId: 'x', name: 'Fire Bolt' }, undefined)).toEqual({ name: 'Fire Bolt (deleted)', deleted: true });
    expect(entryName({ cardId: '15b29d94' }, undefined)).toEqual({ name: 'Deleted card 15b29d94', deleted: true });
  });

  it('names a deleted card in the legality report by its stored name', () => {
    const { system } = loadSamples('omms');
    const report = evaluateDeck(
      system,
      { systemId: 'omms', sections: { pack: [{ cardId: 'gone-1', count: 1, name: 'Queen of Hearts' }] } },
      () => undefined,
    );
    expect(report.violations[0]).toMatchObject({
      code: 'UNKNOWN_CARD',
      cardIds: ['gone-1'],
      message: '1 card in this deck no longer exists in the library ("Queen of Hearts").',
    });
  });

  it('reads a card number from the digits its id ends with', () => {
    expect(cardNumber('osmcg-core-012')).toBe('012');
    expect(cardNumber('omms-pack-club-a')).toBeUndefined();
  });

  it('labels only cards sharing a name, with only the parts that differ', () => {
    const labels = printingLabels(
      [
        { id: 'core-001', doc: { type: 'miscrit', name: 'Sparkit', stage: 'basic' }, setName: 'Core' },
        { id: 'promo-001', doc: { type: 'miscrit', name: 'Sparkit', stage: 'basic' }, setName: 'Promo' },
        { id: 'promo-002', doc: { type: 'miscrit', name: 'Sparkit', stage: 'evolved' }, setName: 'Promo' },
        { id: 'core-003', doc: { type: 'miscrit', name: 'Gustling', stage: 'basic' }, setName: 'Core' },
      ],
      'stage',
    );
    expect(Object.fromEntries(labels)).toEqual({
      'core-001': 'Core · No. 001 · basic',
      'promo-001': 'Promo · No. 001 · basic',
      'promo-002': 'Promo · No. 002 · evolved',
    });
    // Nothing differs but the id: the id tells them apart.
    const twins = printingLabels([
      { id: 'a', doc: { type: 't', name: 'Twin' }, setName: 'S' },
      { id: 'b', doc: { type: 't', name: 'Twin' }, setName: 'S' },
    ]);
    expect(Object.fromEntries(twins)).toEqual({ a: 'a', b: 'b' });
  });

  it('replaces every copy in every section, merging with copies of the replacement', () => {
    const sections = {
      main: [
        { cardId: 'gone', count: 3, name: 'Fire Bolt' },
        { cardId: 'wolf', count: 2 },
        { cardId: 'bolt2', count: 1 },
      ],
      side: [{ cardId: 'gone', count: 1 }],
      other: [{ cardId: 'wolf', count: 1 }],
    };
    expect(replaceCard(sections, 'gone', 'bolt2')).toEqual({
      main: [
        { cardId: 'bolt2', count: 4 },
        { cardId: 'wolf', count: 2 },
      ],
      side: [{ cardId: 'bolt2', count: 1 }],
      other: [{ cardId: 'wolf', count: 1 }],
    });
  });

  it('suggests cards with the same name first', () => {
    const cards = [
      { id: 'fireball', doc: { type: 'spell', name: 'Fireball' } },
      { id: 'bolt-promo', doc: { type: 'spell', name: 'Fire Bolt' } },
      { id: 'gone', doc: { type: 'spell', name: 'Fire Bolt' } },
    ];
    expect(rankReplacements('Fire Bolt', cards, 'gone').map((c) => c.id)).toEqual(['bolt-promo', 'fireball']);
  });
});

describe('deleted cards in saved decks (API)', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: Call;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-deck-names-'));
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
  });

  afterEach(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("names the distinguishing field by the game's labels: “No. 002 · Evolution stage”, “Tank unit”", async () => {
    const miscrits = await call('getSystem', { systemId: 'miscrits' });
    const sparkit = (id: string, stage: string) => ({ id, doc: { type: 'miscrit', name: 'Sparkit', stage }, setName: 'Wilds' });
    const labels = printingLabels([sparkit('wilds-001', 'basic'), sparkit('wilds-002', 'evolution')], 'stage', miscrits);
    expect(Object.fromEntries(labels)).toEqual({
      'wilds-001': 'No. 001 · Basic stage',
      'wilds-002': 'No. 002 · Evolution stage',
    });

    // OMMS's Jack of hearts in two printings, told apart by the unit it places.
    const omms = await call('getSystem', { systemId: 'omms' });
    const jack = (await call('getCards', { ids: ['omms-pack-heart-j'] }))[0];
    const printings = [
      { id: jack.id, doc: { ...jack.doc, unit: 'Scout' }, setName: 'OMMS Standard Pack' },
      { id: 'omms-promo-heart-j', doc: { ...jack.doc, unit: 'Tank' }, setName: 'OMMS Standard Pack' },
    ];
    expect(Object.fromEntries(printingLabels(printings, 'unit', omms))).toEqual({
      'omms-pack-heart-j': 'Scout unit',
      'omms-promo-heart-j': 'Tank unit',
    });
  });

  async function ommsPack() {
    return (await call('listDecks', { systemId: 'omms' })).find((d) => d.legal)!;
  }

  it('stores each entry with its card name on save, and shows it after the card is deleted', async () => {
    const summary = await ommsPack();
    const deck = await call('getDeck', { id: summary.id });
    const saved = await call('saveDeck', { deck });
    expect(saved.sections.pack.find((e) => e.cardId === 'omms-pack-heart-q')?.name).toBe('Queen of Hearts');

    await call('deleteCard', { id: 'omms-pack-heart-q' });
    const after = await call('getDeck', { id: summary.id });
    expect(after.sections.pack.find((e) => e.cardId === 'omms-pack-heart-q')).toEqual({
      cardId: 'omms-pack-heart-q',
      count: 1,
      name: 'Queen of Hearts',
    });
    // Saving with the deleted card is refused, naming it, until it is replaced or removed.
    const refused = await failure(call('saveDeck', { deck: after }));
    expect(refused.message).toContain('"Queen of Hearts" was deleted from the library');
  });

  it('finds the name in the trash for a deck saved before names were stored', async () => {
    const summary = await ommsPack();
    // A deck row as an earlier Cardwright stored it: entries without names.
    const db = new Database(databaseFile(dataDir));
    const row = db.prepare<[string], { doc: string }>('SELECT doc FROM decks WHERE id = ?').get(summary.id)!;
    const doc = JSON.parse(row.doc) as { sections: Record<string, { cardId: string; count: number; name?: string }[]> };
    for (const entries of Object.values(doc.sections)) for (const entry of entries) delete entry.name;
    db.prepare('UPDATE decks SET doc = ? WHERE id = ?').run(JSON.stringify(doc), summary.id);
    db.close();
    const before = await call('getDeck', { id: summary.id });
    expect(before.sections.pack.every((e) => e.name === undefined)).toBe(true);
    await call('deleteCard', { id: 'omms-pack-club-7' });
    const after = await call('getDeck', { id: summary.id });
    expect(after.sections.pack.find((e) => e.cardId === 'omms-pack-club-7')?.name).toBe('Seven of Clubs');
  });
});
