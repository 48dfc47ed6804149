// Pictures travel with sets and game bundles, and the library deletes only pictures nothing
// references: a game with an image field (tests/fixtures/art-game.ts) through the API.

import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cardwright } from '../../src-main/api/service';
import { deleteUnusedImages } from '../../src-main/images/image-cleanup';
import { imageFile, sha256Hex } from '../../src-main/images/image-files';
import { openStore, type Store } from '../../src-main/store/store';
import { apiCaller, failure, type Call } from './api-call';
import { ART_GAME_ID, artGameBundle, lanternDoc, testImage } from '../fixtures/art-game';
import { openSampleCardwright } from './sample-app';

const dirs: string[] = [];
const apps: Cardwright[] = [];

async function openApp(): Promise<{ app: Cardwright; call: Call; dataDir: string; setId: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-image-files-'));
  dirs.push(dataDir);
  const app = openSampleCardwright(dataDir);
  apps.push(app);
  const call = apiCaller(app);
  await call('importSystem', { fileName: 'art.cardwright-system.json', text: artGameBundle() });
  const set = await call('createSet', { systemId: ART_GAME_ID, name: 'Gallery' });
  return { app, call, dataDir, setId: set.id };
}

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('set files and game bundles with pictures', () => {
  it('exports the pictures a set references and imports them into another library', async () => {
    const from = await openApp();
    const art = await from.call('addImage', { fileName: 'lamp.png', bytes: await testImage('png', { seed: 7 }) });
    const unused = await from.call('addImage', { fileName: 'other.png', bytes: await testImage('png', { seed: 8 }) });
    await from.call('saveCard', { setId: from.setId, doc: lanternDoc('Painted Lamp', { id: art.id, x: 0.3, zoom: 1.5 }) });
    await from.call('saveCard', { setId: from.setId, doc: lanternDoc('Bare Lamp') });
    const file = await from.call('exportSet', { setId: from.setId });
    const json = JSON.parse(new TextDecoder().decode(file.bytes)) as { formatVersion: number; images: Record<string, unknown> };
    expect(json.formatVersion).toBe(2);
    expect(Object.keys(json.images)).toEqual([art.id]);
    expect(Object.keys(json.images)).not.toContain(unused.id);

    const to = await openApp();
    const text = new TextDecoder().decode(file.bytes);
    const result = await to.call('importSet', { fileName: 'gallery.set.json', text });
    expect(result).toMatchObject({ imported: 2, rejected: [] });
    expect(await to.call('listImageInfo', { ids: [art.id] })).toEqual([art]);
    expect(existsSync(imageFile(to.dataDir, art.id, 'image/png'))).toBe(true);
    const painted = (await to.call('searchCards', { query: 'Painted Lamp' })).cards[0];
    expect((await to.call('getCards', { ids: [painted.id] }))[0].doc).toMatchObject({ art: { id: art.id, x: 0.3, zoom: 1.5 } });

    // Importing it again stores nothing twice.
    await to.call('importSet', { fileName: 'gallery.set.json', text });
    expect(await to.call('listImageInfo', { ids: [art.id] })).toEqual([art]);
  });

  it('refuses a set file whose picture was tampered with, or is broken, and saves no card', async () => {
    const from = await openApp();
    const art = await from.call('addImage', { fileName: 'lamp.png', bytes: await testImage('png', { seed: 3 }) });
    await from.call('saveCard', { setId: from.setId, doc: lanternDoc('Painted Lamp', { id: art.id }) });
    const file = await from.call('exportSet', { setId: from.setId });
    const json = JSON.parse(new TextDecoder().decode(file.bytes)) as { images: Record<string, { data: string }> };
    const original = Buffer.from(json.images[art.id].data, 'base64');

    const to = await openApp();
    const tampered = Buffer.from(original);
    tampered[tampered.length - 20] ^= 0xff;
    json.images[art.id].data = tampered.toString('base64');
    const refused = await failure(to.call('importSet', { fileName: 'gallery.set.json', text: JSON.stringify(json) }));
    expect(refused).toMatchObject({
      code: 'INVALID_FILE',
      message: `gallery.set.json: images["${art.id}"]: the picture's bytes do not match its id (their SHA-256); the file was changed or damaged`,
    });

    // A broken picture whose id is its hash: refused as damaged.
    const broken = original.subarray(0, original.length / 2);
    const brokenId = sha256Hex(broken);
    json.images = { [brokenId]: { mime: 'image/png', data: broken.toString('base64') } } as never;
    const damaged = await failure(to.call('importSet', { fileName: 'gallery.set.json', text: JSON.stringify(json) }));
    expect(damaged.message).toMatch(new RegExp(`^gallery\\.set\\.json images\\["${brokenId}"\\]: the PNG image is damaged`));

    expect((await to.call('listSets', {})).filter((set) => set.name === 'Gallery' && set.cardCount > 0)).toEqual([]);
    expect(await to.call('listImageInfo', { ids: [art.id, brokenId] })).toEqual([]);
  });

  it('rejects a card whose picture is neither in the file nor in the library', async () => {
    const to = await openApp();
    const ghost = 'b'.repeat(64);
    const text = JSON.stringify({
      format: 'cardwright-set',
      formatVersion: 2,
      set: { id: 'ghosts', systemId: ART_GAME_ID, name: 'Ghosts', description: '' },
      cards: [
        { id: 'ghost-1', doc: lanternDoc('Ghost Lamp', { id: ghost }) },
        { id: 'ghost-2', doc: lanternDoc('Plain Lamp') },
      ],
    });
    const result = await to.call('importSet', { fileName: 'ghosts.set.json', text });
    expect(result.imported).toBe(1);
    expect(result.rejected).toEqual([
      {
        index: 0,
        name: 'Ghost Lamp',
        issues: [{ path: '', message: `the image ${ghost} is neither in the file nor in the image library` }],
      },
    ]);
  });

  it('carries the pictures in a game bundle', async () => {
    const from = await openApp();
    const art = await from.call('addImage', { fileName: 'lamp.webp', bytes: await testImage('webp', { seed: 5 }) });
    await from.call('saveCard', { setId: from.setId, doc: lanternDoc('Painted Lamp', { id: art.id }) });
    const bundle = await from.call('exportSystem', { systemId: ART_GAME_ID });
    const json = JSON.parse(new TextDecoder().decode(bundle.bytes)) as { formatVersion: number; images: Record<string, unknown> };
    expect(json.formatVersion).toBe(3);
    expect(Object.keys(json.images)).toEqual([art.id]);

    const to = await openApp();
    const result = await to.call('importSystem', { fileName: 'art.cardwright-system.json', text: JSON.stringify(json) });
    expect(result.sets.map((set) => set.imported)).toEqual([1]);
    expect(await to.call('listImageInfo', { ids: [art.id] })).toEqual([art]);
  });
});

describe('cleanup of unused pictures', () => {
  const stores: Store[] = [];
  const track = (store: Store) => (stores.push(store), store);
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
  });

  it('deletes only pictures no card references, in the library or in the trash, once past the grace period', async () => {
    const { call, dataDir, setId } = await openApp();
    const add = async (seed: number) => call('addImage', { fileName: `${seed}.png`, bytes: await testImage('png', { seed }) });
    const inCard = await add(1);
    const inTrash = await add(2);
    const unused = await add(3);
    await call('saveCard', { setId, doc: lanternDoc('Kept Lamp', { id: inCard.id }) });
    const trashed = await call('saveCard', { setId, doc: lanternDoc('Trashed Lamp', { id: inTrash.id }) });
    if (!trashed.ok) throw new Error('the card was not saved');
    await call('deleteCard', { id: trashed.card.id });
    await call('getImage', { id: unused.id, variant: 'thumb' });

    const store = track(openStore(dataDir));
    // Within the grace period nothing goes, not even the unused picture.
    expect(deleteUnusedImages(store, dataDir)).toEqual({ deleted: 0 });
    expect(existsSync(imageFile(dataDir, unused.id, 'image/png'))).toBe(true);

    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(deleteUnusedImages(store, dataDir, { now: later })).toEqual({ deleted: 1 });
    expect(existsSync(imageFile(dataDir, unused.id, 'image/png'))).toBe(false);
    expect(existsSync(join(dataDir, 'images', 'cache', unused.id.slice(0, 2), `${unused.id}.thumb.webp`))).toBe(false);
    expect(await call('listImageInfo', { ids: [inCard.id, inTrash.id, unused.id] })).toEqual([inCard, inTrash]);
    for (const kept of [inCard, inTrash]) expect(existsSync(imageFile(dataDir, kept.id, 'image/png'))).toBe(true);

    // Emptying the trash makes its picture unused; the next cleanup deletes it.
    await call('emptyTrash', {});
    expect(deleteUnusedImages(store, dataDir, { now: later })).toEqual({ deleted: 1 });
    expect(await call('listImageInfo', { ids: [inCard.id, inTrash.id] })).toEqual([inCard]);
    expect(existsSync(imageFile(dataDir, inCard.id, 'image/png'))).toBe(true);
  });

  it('sweeps old files without a row (an import that rolled back), but not referenced ones', async () => {
    const { call, dataDir, setId } = await openApp();
    const kept = await call('addImage', { fileName: 'kept.png', bytes: await testImage('png', { seed: 11 }) });
    const stray = await call('addImage', { fileName: 'stray.png', bytes: await testImage('png', { seed: 12 }) });
    await call('saveCard', { setId, doc: lanternDoc('Kept Lamp', { id: kept.id }) });
    const store = track(openStore(dataDir));
    store.images.delete(kept.id);
    store.images.delete(stray.id);
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const image of [kept, stray]) utimesSync(imageFile(dataDir, image.id, 'image/png'), old, old);
    expect(deleteUnusedImages(store, dataDir)).toEqual({ deleted: 1 });
    expect(existsSync(imageFile(dataDir, kept.id, 'image/png'))).toBe(true);
    expect(existsSync(imageFile(dataDir, stray.id, 'image/png'))).toBe(false);
  });

  it('runs as a background job some time after start-up', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cw-image-cleanup-job-'));
    dirs.push(dataDir);
    const app = openSampleCardwright(dataDir, { startupBackupDelayMs: 60_000, startupImageCleanupDelayMs: 10 });
    apps.push(app);
    await expect.poll(() => app.jobs.list().map((job) => job.kind)).toEqual(['cleanUpImages']);
    const done = await app.jobs.wait(app.jobs.list()[0].id);
    expect(done).toMatchObject({ state: 'done', title: 'Tidy the image library', result: { deleted: 0 } });
  });
});
