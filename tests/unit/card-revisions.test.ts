// Card revisions: the pure field-by-field diff; a revision per save that changed the card (none
// when nothing changed), restore keeping the replaced version, one revision per card an import
// changed (none for new or unchanged cards), and a set's errata since a date with its export.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { changedFieldsLine, diffCards, formatValue, labelChanges } from '../../card-schema/system/card-diff';
import type { CardDocument } from '../../card-schema/system/format';
import type { Cardwright } from '../../src-main/api/service';
import { databaseFile, openDatabaseFile } from '../../src-main/store/database';
import { Store } from '../../src-main/store/store';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { apiCaller, failure, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');
const osmcg = loadGameSystem(join(ROOT, 'card-schema/systems/osmcg'));

describe('diffCards', () => {
  const before: CardDocument = {
    type: 'hero',
    name: 'Pyra',
    colors: ['red'],
    atk: 3,
    keywords: [{ kw: 'Caster' }, { kw: 'Ranged', dmg: 2 }],
    abilities: [{ name: 'Rally', text: 'Allies get +1 ATK.' }],
    flavor: 'Fire.',
  };

  it('names the smallest field that differs: nested objects, list items, scalar lists whole', () => {
    const after: CardDocument = {
      ...structuredClone(before),
      colors: ['red', 'blue'],
      atk: 4,
      keywords: [{ kw: 'Caster' }, { kw: 'Ranged', dmg: 3 }, { kw: 'Haste' }],
      abilities: [{ name: 'Rally', text: 'Allies get +2 ATK.' }],
      hp: 20,
    };
    delete after.flavor;
    const changes = diffCards(before, after);
    expect(changes).toEqual([
      { pointer: '/colors', before: ['red'], after: ['red', 'blue'] },
      { pointer: '/atk', before: 3, after: 4 },
      { pointer: '/keywords/1/dmg', before: 2, after: 3 },
      { pointer: '/keywords/2', before: undefined, after: { kw: 'Haste' } },
      { pointer: '/abilities/0/text', before: 'Allies get +1 ATK.', after: 'Allies get +2 ATK.' },
      { pointer: '/flavor', before: 'Fire.', after: undefined },
      { pointer: '/hp', before: undefined, after: 20 },
    ]);
    const labelled = labelChanges(osmcg, before, after, changes);
    expect(labelled.map((change) => change.label)).toEqual([
      'Colors',
      'ATK',
      'Keywords › 2 › Damage',
      'Keywords › 3',
      'Abilities › 1 › Effect',
      'Flavor text',
      'HP',
    ]);
    expect(changedFieldsLine(labelled)).toBe('Colors, ATK, Keywords, Abilities, Flavor text and HP');
    expect(formatValue(['red', 'blue'])).toBe('red, blue');
    expect(formatValue(undefined)).toBe('—');
  });

  it('finds nothing between equal documents; a key named like an Object member is a field', () => {
    expect(diffCards(before, structuredClone(before))).toEqual([]);
    const odd = JSON.parse('{"type":"hero","name":"A","constructor":1}') as CardDocument;
    expect(diffCards(odd, { ...odd, constructor: 2 })).toEqual([{ pointer: '/constructor', before: 1, after: 2 }]);
  });
});

describe('card revisions and set changes (API)', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: Call;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-revisions-'));
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
  });

  afterEach(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const HERO = 'osmcg-core-001';
  const hero = async () => (await call('getCards', { ids: [HERO] }))[0];
  const save = async (doc: CardDocument) => {
    const result = await call('saveCard', { id: HERO, setId: 'osmcg-core', doc });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    return result.card;
  };
  const revisionRows = () => {
    const db = openDatabaseFile(databaseFile(dataDir));
    try {
      return db.prepare('SELECT card_id, cause FROM card_revisions ORDER BY seq').all() as { card_id: string; cause: string }[];
    } finally {
      db.close();
    }
  };

  it('keeps a revision per save that changed the card, lists what changed, restores as a new revision', async () => {
    const original = (await hero()).doc;
    await save(original);
    expect(await call('listCardRevisions', { cardId: HERO })).toEqual([]);

    await save({ ...original, atk: 4 });
    const abilities = structuredClone(original.abilities) as { text: string }[];
    abilities[1].text = 'Deal 3 damage.';
    await save({ ...original, atk: 4, abilities });

    const list = await call('listCardRevisions', { cardId: HERO });
    expect(list.map((revision) => [revision.cause, revision.changed])).toEqual([
      ['save', 'Abilities'],
      ['save', 'ATK'],
    ]);
    const first = await call('getCardRevision', { id: list[1].id });
    expect(first.doc).toEqual(original);

    const restored = await call('restoreCardRevision', { id: list[1].id });
    expect(restored.doc).toEqual(original);
    expect((await hero()).doc).toEqual(original);
    const after = await call('listCardRevisions', { cardId: HERO });
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ cause: 'restore', changed: 'ATK and Abilities' });
    expect((await call('getCardRevision', { id: after[0].id })).doc).toMatchObject({ atk: 4 });
    // The rows are in SQLite, not only in the answer.
    expect(revisionRows().map((row) => row.cause)).toEqual(['save', 'save', 'restore']);

    expect((await failure(call('getCardRevision', { id: 999_999 }))).code).toBe('NOT_FOUND');
  });

  it('refuses to restore a version that no longer fits the schema, naming the problem', async () => {
    const original = (await hero()).doc;
    await save({ ...original, atk: 4 });
    const [revision] = await call('listCardRevisions', { cardId: HERO });
    const db = openDatabaseFile(databaseFile(dataDir));
    db.prepare('UPDATE card_revisions SET doc = ? WHERE seq = ?').run(JSON.stringify({ ...original, atk: -5 }), revision.id);
    db.close();
    const error = await failure(call('restoreCardRevision', { id: revision.id }));
    expect(error.code).toBe('BAD_INPUT');
    expect(error.message).toMatch(/no longer fits .*\/atk/);
    expect((await hero()).doc.atk).toBe(4);
  });

  it("keeps a card's revisions while it is in the trash, and deletes them with it for good", async () => {
    const original = (await hero()).doc;
    await save({ ...original, atk: 4 });
    const receipt = await call('deleteCard', { id: HERO });
    expect(await call('listCardRevisions', { cardId: HERO })).toHaveLength(1);
    await call('restoreFromTrash', { id: receipt.trashId });
    expect(await call('listCardRevisions', { cardId: HERO })).toHaveLength(1);
    const again = await call('deleteCard', { id: HERO });
    await call('deleteFromTrash', { id: again.trashId });
    expect(revisionRows()).toEqual([]);
  });

  it('an import keeps one revision per card it changed, none for new or unchanged cards', async () => {
    const exported = await call('exportSet', { setId: 'osmcg-core' });
    const file = JSON.parse(new TextDecoder().decode(exported.bytes)) as {
      cards: { id: string; doc: CardDocument }[];
    };
    await call('importSet', { fileName: 'same.json', text: JSON.stringify(file), onExisting: 'replace' });
    expect(revisionRows()).toEqual([]);

    file.cards[2].doc.name = 'Renamed by errata';
    file.cards.push({ id: 'brand-new', doc: { ...file.cards[3].doc, name: 'Brand New' } });
    await call('importSet', { fileName: 'errata.json', text: JSON.stringify(file), onExisting: 'replace' });
    expect(revisionRows()).toEqual([{ card_id: file.cards[2].id, cause: 'import' }]);
    const [revision] = await call('listCardRevisions', { cardId: file.cards[2].id });
    expect(revision).toMatchObject({ cause: 'import', changed: 'Name' });
  });

  it('bulk writes of new cards keep no revisions; replacing cards keeps the changed ones', () => {
    const db = openDatabaseFile(':memory:');
    const store = new Store(db);
    store.sets.save({ id: 'core', systemId: 'osmcg', name: 'Core', description: '' });
    const writes = Array.from({ length: 1200 }, (_, i) => ({
      id: `c${i}`,
      setId: 'core',
      doc: { type: 'spell', name: `Card ${i}` },
      searchText: '',
    }));
    store.cards.saveInBulk(writes);
    const count = () => db.prepare('SELECT count(*) FROM card_revisions').pluck().get();
    expect(count()).toBe(0);
    store.cards.saveInBulk(
      writes.map((write, i) => (i % 100 === 0 ? { ...write, doc: { ...write.doc, name: 'New name' } } : write)),
    );
    expect(count()).toBe(12);
    db.close();
  });

  it("lists a set's cards added, removed and changed since a date, and exports the errata log", async () => {
    const cards = (await call('searchCards', { setId: 'osmcg-core', query: '', limit: 40 })).cards;
    const since = new Date().toISOString();
    await new Promise((done) => setTimeout(done, 5));
    const original = (await hero()).doc;
    await save({ ...original, atk: 5 });
    await save({ ...original, atk: 6, flavor: 'Ash and ember.' });
    const removed = cards.find((card) => card.id !== HERO && card.doc.type !== 'spell')!;
    await call('deleteCard', { id: removed.id });
    const spell = cards.find((card) => card.doc.type === 'spell')!;
    const added = await call('saveCard', { setId: 'osmcg-core', doc: { ...spell.doc, name: 'Errata Spark' } });
    if (!added.ok) throw new Error('not saved');

    const changes = await call('setChanges', { setId: 'osmcg-core', since });
    expect(changes.added).toEqual([{ cardId: added.card.id, name: 'Errata Spark' }]);
    expect(changes.removed).toEqual([{ cardId: removed.id, name: removed.doc.name }]);
    expect(changes.changed).toEqual([
      {
        cardId: HERO,
        name: original.name,
        changes: [
          { pointer: '/atk', label: 'ATK', before: '3', after: '6' },
          { pointer: '/flavor', label: 'Flavor text', before: String(original.flavor), after: 'Ash and ember.' },
        ],
      },
    ]);

    const blob = await call('exportSetChanges', { setId: 'osmcg-core', since });
    expect(blob.mimeType).toBe('text/markdown');
    expect(blob.fileName).toMatch(/^OSMCG Starter Set errata since \d{4}-\d\d-\d\d\.md$/);
    const text = new TextDecoder().decode(blob.bytes);
    expect(text).toContain('# Errata: OSMCG Starter Set');
    expect(text).toContain('## Added (1)\n\n- Errata Spark');
    expect(text).toContain(`## Removed (1)\n\n- ${removed.doc.name}`);
    expect(text).toContain(`### ${original.name}\n\n- ATK: 3 → 6\n- Flavor text: ${String(original.flavor)} → Ash and ember.`);

    // Nothing changed since now.
    const later = await call('setChanges', { setId: 'osmcg-core', since: new Date(Date.now() + 1000).toISOString() });
    expect(later).toMatchObject({ added: [], removed: [], changed: [] });
    expect((await failure(call('setChanges', { setId: 'osmcg-core', since: 'yesterday' }))).code).toBe('BAD_INPUT');
  });
});
