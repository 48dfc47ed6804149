// The deck builder's "only legal for this leader" pool (searchDeckPool with leaderId) follows
// every identity rule kind with the deck check's own per-card test (card-schema/deck/pool-identity.ts):
// subset, intersects, several fields with "all" and with "any", hero-specific cards, and rules
// scoped to a play format. For each kind, the pool holds exactly the cards that, added to a deck
// with that leader, draw no identity complaint from checkDeck.

import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiCaller, failure, type Call } from './api-call';
import { openCardwright } from '../../src-main/api/service';
import type { DeckRule } from '../../card-schema/deck/format';
import type { CardDocument } from '../../card-schema/system/format';

const root = resolve(import.meta.dirname, '../..');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Json = Record<string, unknown> & { properties: Record<string, unknown>; deck: { rules: DeckRule[] } };
const editJson = (file: string, change: (json: Json) => void) => {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Json;
  change(json);
  writeFileSync(file, JSON.stringify(json));
};

/** OSMCG whose heroes and creatures have classes, whose creatures may name the heroes they are for, with `rules` instead of its color identity. */
function openWith(rules: DeckRule[]): Call {
  const systemsDir = mkdtempSync(join(tmpdir(), 'cw-pool-identity-systems-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-pool-identity-'));
  cleanups.push(() => rmSync(systemsDir, { recursive: true, force: true }));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cpSync(join(root, 'card-schema', 'systems', 'osmcg'), join(systemsDir, 'osmcg'), { recursive: true });
  const list = { type: 'array', items: { type: 'string' } };
  editJson(
    join(systemsDir, 'osmcg', 'schemas', 'hero.schema.json'),
    (s) => (s.properties.classes = { ...list, title: 'Classes' }),
  );
  editJson(join(systemsDir, 'osmcg', 'schemas', 'creature.schema.json'), (s) => {
    s.properties.classes = { ...list, title: 'Classes' };
    s.properties.forHeroes = { ...list, title: 'For heroes' };
  });
  editJson(join(systemsDir, 'osmcg', 'system.json'), (s) => {
    s.deck.rules = [...s.deck.rules.filter((rule) => rule.id !== 'color-identity'), ...rules];
  });
  // An empty samples folder: the library holds only the cards each test saves.
  const app = openCardwright({ dataDir, systemsDir, samplesDir: dataDir, fontsDir: join(root, 'resources', 'fonts') });
  cleanups.push(() => app.close());
  return apiCaller(app);
}

const hero = (name: string, colors: string[], classes: string[]): CardDocument => ({
  type: 'hero',
  name,
  colors,
  classes,
  atk: 3,
  hp: 20,
  spd: 5,
  ap: 3,
  startingMana: 3,
  regen: 2,
  manaMax: 9,
});
const creature = (name: string, colors: string[], extra: Record<string, unknown> = {}): CardDocument => ({
  type: 'creature',
  name,
  colors,
  cost: 2,
  atk: 2,
  hp: 2,
  spd: 4,
  ap: 2,
  ...extra,
});

const CARDS: CardDocument[] = [
  creature('Ember Pup', ['red']),
  creature('Tide Pup', ['blue']),
  creature('Storm Pup', ['red', 'blue']),
  creature('Grey Pup', ['neutral']),
  creature('Red Knight', ['red'], { classes: ['knight'] }),
  creature('Red Mage', ['red'], { classes: ['mage'] }),
  creature('Blue Knight', ['blue'], { classes: ['knight'] }),
  creature('Knight-Mage', ['red'], { classes: ['knight', 'mage'] }),
  creature('Pyra’s Torch', ['red'], { forHeroes: ['Pyra'] }),
  creature('Vell’s Lantern', ['red'], { forHeroes: ['Vell'] }),
];

/** Saves the cards and the leader; the pool of the main deck with only legal cards, and what checkDeck says of each card. */
async function poolAndCheck(call: Call, leader: CardDocument, format?: string): Promise<{ pool: string[]; legal: string[] }> {
  const set = await call('createSet', { systemId: 'osmcg', name: `Pups for ${leader.name} ${format ?? ''}`.trim() });
  const saved = new Map<string, string>();
  for (const doc of [leader, ...CARDS]) {
    const result = await call('saveCard', { setId: set.id, doc });
    if (!result.ok) throw new Error(`${doc.name}: ${JSON.stringify(result.issues)}`);
    saved.set(doc.name, result.card.id);
  }
  const leaderId = saved.get(leader.name)!;
  const page = await call('searchDeckPool', {
    systemId: 'osmcg',
    sectionId: 'main',
    leaderId,
    limit: 100,
    ...(format ? { format } : {}),
  });
  const legal: string[] = [];
  for (const doc of CARDS) {
    const report = await call('checkDeck', {
      deck: {
        systemId: 'osmcg',
        name: 'Probe',
        ...(format ? { format } : {}),
        sections: { hero: [{ cardId: leaderId, count: 1 }], main: [{ cardId: saved.get(doc.name)!, count: 1 }] },
      },
    });
    if (!report.violations.some((violation) => violation.code === 'IDENTITY_MISMATCH')) legal.push(doc.name);
  }
  return { pool: page.cards.map((row) => row.card.doc.name).sort(), legal: legal.sort() };
}

const pyra = hero('Pyra', ['red'], ['knight']);

describe('the deck pool’s "only legal for this leader" filter', () => {
  it('follows identitySubset: the leader’s colors and neutral ones', async () => {
    const call = openWith([{ kind: 'identitySubset', leaderSection: 'hero', sections: ['main'] }]);
    const { pool, legal } = await poolAndCheck(call, pyra);
    expect(pool).toEqual(legal);
    expect(pool).toEqual(
      ['Ember Pup', 'Grey Pup', 'Knight-Mage', 'Pyra’s Torch', 'Red Knight', 'Red Mage', 'Vell’s Lantern'].sort(),
    );
  });

  it('follows an intersecting identity: a red/blue card under a red leader', async () => {
    const call = openWith([
      { kind: 'identity', leaderSection: 'hero', sections: ['main'], checks: [{ field: 'colors', mode: 'intersects' }] },
    ]);
    const { pool, legal } = await poolAndCheck(call, pyra);
    expect(pool).toEqual(legal);
    expect(pool).toContain('Storm Pup');
    expect(pool).not.toContain('Tide Pup');
    expect(pool).not.toContain('Blue Knight');
  });

  it('follows several fields that must all hold', async () => {
    const call = openWith([
      {
        kind: 'identity',
        leaderSection: 'hero',
        sections: ['main'],
        checks: [
          { field: 'colors', mode: 'subset' },
          { field: 'classes', mode: 'intersects' },
        ],
      },
    ]);
    const { pool, legal } = await poolAndCheck(call, pyra);
    expect(pool).toEqual(legal);
    expect(pool).toContain('Red Knight');
    expect(pool).toContain('Knight-Mage');
    expect(pool).not.toContain('Red Mage');
    expect(pool).not.toContain('Blue Knight');
  });

  it('follows several fields of which any one is enough', async () => {
    const call = openWith([
      {
        kind: 'identity',
        leaderSection: 'hero',
        sections: ['main'],
        combine: 'any',
        checks: [
          { field: 'colors', mode: 'subset' },
          { field: 'classes', mode: 'intersects' },
        ],
      },
    ]);
    const { pool, legal } = await poolAndCheck(call, pyra);
    expect(pool).toEqual(legal);
    expect(pool).toContain('Blue Knight');
    expect(pool).toContain('Red Mage');
    expect(pool).not.toContain('Tide Pup');
  });

  it('follows hero-specific cards: only those naming the leader', async () => {
    const call = openWith([
      {
        kind: 'identity',
        leaderSection: 'hero',
        sections: ['main'],
        checks: [{ field: 'forHeroes', leaderField: 'name', mode: 'intersects', label: 'hero' }],
      },
    ]);
    const { pool, legal } = await poolAndCheck(call, pyra);
    expect(pool).toEqual(legal);
    expect(pool).toContain('Pyra’s Torch');
    expect(pool).not.toContain('Vell’s Lantern');
    expect(pool).toContain('Tide Pup'); // names no hero: the check does not apply
  });

  it('follows a rule only in the play format it is scoped to', async () => {
    const rules: DeckRule[] = [{ kind: 'identitySubset', leaderSection: 'hero', sections: ['main'], formats: ['moba'] }];
    const duel = await poolAndCheck(openWith(rules), pyra);
    expect(duel.pool).toEqual(duel.legal);
    expect(duel.pool).toContain('Tide Pup');
    const moba = await poolAndCheck(openWith(rules), pyra, 'moba');
    expect(moba.pool).toEqual(moba.legal);
    expect(moba.pool).not.toContain('Tide Pup');
  });

  it('refuses a leader that is not a card of the game, and an unknown format', async () => {
    const call = openWith([]);
    const missing = await failure(call('searchDeckPool', { systemId: 'osmcg', sectionId: 'main', leaderId: 'nobody' }));
    expect(missing.message).toBe('The leader card "nobody" is not a card of OSMCG');
    const set = await call('createSet', { systemId: 'osmcg', name: 'Pups' });
    const saved = await call('saveCard', { setId: set.id, doc: pyra });
    if (!saved.ok) throw new Error('hero not saved');
    const format = await failure(
      call('searchDeckPool', { systemId: 'osmcg', sectionId: 'main', leaderId: saved.card.id, format: 'sealed' }),
    );
    expect(format.message).toMatch(/^OSMCG has no play format "sealed" \(formats: /);
  });
});
