// Set statistics (API setStats): counts by type, cost and identity, checked against a count made
// by hand from the sample set files; an empty set; a set of a game without cost or identity.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Cardwright } from '../../src-main/api/service';
import { apiCaller, failure, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');

interface SampleCard {
  doc: Record<string, unknown> & { type: string };
}

function sampleCards(file: string): SampleCard[] {
  return (JSON.parse(readFileSync(join(ROOT, 'resources/samples', file), 'utf8')) as { cards: SampleCard[] }).cards;
}

/** How many cards `pick` says yes to: the hand count the SQL must agree with. */
function handCount(cards: SampleCard[], pick: (doc: SampleCard['doc']) => boolean): number {
  return cards.filter((c) => pick(c.doc)).length;
}

describe('setStats', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: Call;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-set-stats-'));
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
  });

  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts a set by type, cost and identity as a hand count of its file does', async () => {
    const cards = sampleCards('osmcg/core-set.json');
    const stats = await call('setStats', { setId: 'osmcg-core' });
    expect(stats.cards).toBe(cards.length);
    expect(stats.types.map((t) => t.type)).toEqual(app.systems.find((s) => s.id === 'osmcg')!.cardTypes.map((t) => t.id));
    for (const t of stats.types) expect(t.count, t.type).toBe(handCount(cards, (doc) => doc.type === t.type));
    expect(stats.types.find((t) => t.type === 'creature')).toMatchObject({ label: 'Creature', count: 26 });

    const cost = stats.cost!;
    expect(cost.field).toBe('cost');
    expect(cost.without).toBe(handCount(cards, (doc) => typeof doc.cost !== 'number'));
    for (const bucket of cost.buckets) {
      const inBucket = (doc: SampleCard['doc']) =>
        typeof doc.cost === 'number' && doc.cost >= bucket.min && (bucket.max === undefined || doc.cost <= bucket.max);
      expect(bucket.count, `cost ${bucket.label}`).toBe(handCount(cards, inBucket));
    }
    expect(cost.buckets.reduce((n, b) => n + b.count, 0) + cost.without).toBe(cards.length);

    const identity = stats.identity!;
    expect(identity.label).toBe('Color');
    const colorsOf = (doc: SampleCard['doc']) => (Array.isArray(doc.colors) ? (doc.colors as string[]) : []);
    for (const value of identity.values)
      expect(value.count, value.id).toBe(handCount(cards, (doc) => colorsOf(doc).includes(value.id)));
    expect(identity.multi).toBe(handCount(cards, (doc) => colorsOf(doc).length > 1));
    expect(identity.none).toBe(handCount(cards, (doc) => colorsOf(doc).length === 0));
  });

  it('has no cost chart for a game without a cost field, and counts its identity field', async () => {
    const cards = sampleCards('miscrits/wilds-set.json');
    const stats = await call('setStats', { setId: 'miscrits-wilds' });
    expect(stats.cost).toBeUndefined();
    expect(stats.identity!.values.find((v) => v.id === 'nature')!.count).toBe(
      handCount(cards, (doc) => doc.element === 'nature'),
    );
    expect(stats.identity!.none).toBe(handCount(cards, (doc) => doc.element === undefined));
  });

  it('counts a set by rarity, from the most common up, and the cards without one', async () => {
    const cards = sampleCards('osmcg/core-set.json');
    const rarity = (await call('setStats', { setId: 'osmcg-core' })).rarity!;
    expect(rarity.label).toBe('Rarity');
    expect(rarity.values.map((v) => v.label)).toEqual(['Common', 'Uncommon', 'Rare', 'Mythic']);
    for (const value of rarity.values) expect(value.count, value.id).toBe(handCount(cards, (doc) => doc.rarity === value.id));
    expect(rarity.values.map((v) => v.count)).toEqual([20, 19, 11, 3]);
    // Heroes and Terrain have no rarity.
    expect(rarity.none).toBe(handCount(cards, (doc) => doc.type === 'hero' || doc.type === 'terrain'));
    // A game without a rarity has no rarity chart.
    expect((await call('setStats', { setId: 'odd-frontier-first-survey' })).rarity).toBeUndefined();
  });

  it('answers every built-in game, an empty set with zeros, and an unknown set with NOT_FOUND', async () => {
    for (const set of await call('listSets', {})) {
      const stats = await call('setStats', { setId: set.id });
      expect(stats.cards, set.id).toBe(set.cardCount);
    }
    const empty = await call('createSet', { systemId: 'osmcg', name: 'Nothing yet' });
    const stats = await call('setStats', { setId: empty.id });
    expect(stats.cards).toBe(0);
    expect(stats.types.every((t) => t.count === 0)).toBe(true);
    expect(stats.cost!.without).toBe(0);
    expect(stats.cost!.buckets.every((b) => b.count === 0)).toBe(true);
    expect(stats.identity!.values.every((v) => v.count === 0)).toBe(true);
    expect(stats.rarity).toMatchObject({ none: 0 });
    expect(stats.rarity!.values.every((v) => v.count === 0)).toBe(true);
    expect(await failure(call('setStats', { setId: 'no-such-set' }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
