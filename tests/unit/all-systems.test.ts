// Every built-in game system, checked the same way: it loads, it ships samples in
// resources/samples/<id>/, every sample card is valid, every card type has a sample card,
// `deck-legal*` / `deck-boss*` decks are legal and `deck-illegal*` decks are not, and ids
// carry the system's id so games can never collide in one library.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGameSystems } from '../../src-main/services/game-systems';
import { ROOT, loadSamples } from './systems/harness';

const SYSTEMS_DIR = join(ROOT, 'card-schema/systems');
const { systems, errors } = loadGameSystems(SYSTEMS_DIR);

describe('built-in game systems', () => {
  it('all load without errors', () => {
    expect(errors.map((error) => error.message)).toEqual([]);
    const folders = readdirSync(SYSTEMS_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(systems.map((system) => system.id).sort()).toEqual(folders.sort());
  });

  it('are listed in the order of order.json, OSMCG (the primary game) first', () => {
    const { order } = JSON.parse(readFileSync(join(SYSTEMS_DIR, 'order.json'), 'utf8')) as { order: string[] };
    expect(systems.map((system) => system.id)).toEqual(order);
    expect(order[0]).toBe('osmcg');
  });

  it('include the five seed games', () => {
    expect(systems.map((system) => system.id)).toEqual(
      expect.arrayContaining(['osmcg', 'muhq', 'odd-frontier', 'miscrits', 'omms']),
    );
  });
});

describe.each(systems.map((system) => [system.id]))('%s samples', (systemId) => {
  const samples = loadSamples(systemId);

  it('are valid cards covering every card type', () => {
    expect(samples.invalidCards()).toEqual([]);
    const covered = new Set(samples.cards.map((card) => card.doc.type));
    expect(samples.system.cardTypes.map((type) => type.id).filter((type) => !covered.has(type))).toEqual([]);
  });

  it('use ids that start with the system id', () => {
    for (const card of samples.cards) expect(card.id.startsWith(`${systemId}-`), card.id).toBe(true);
    for (const [file, deck] of samples.decks) {
      expect(deck.systemId, file).toBe(systemId);
      expect(deck.id?.startsWith(`${systemId}-`), `${file}: deck.id ${deck.id}`).toBe(true);
    }
    expect(new Set(samples.cards.map((card) => card.id)).size).toBe(samples.cards.length);
  });

  it('include a legal deck and an illegal one, judged as named', () => {
    const files = [...samples.decks.keys()];
    expect(files.some((file) => file.startsWith('deck-legal'))).toBe(true);
    expect(files.some((file) => file.startsWith('deck-illegal'))).toBe(true);
    for (const file of files) {
      const report = samples.judge(file);
      if (file.startsWith('deck-illegal')) expect(report.legal, `${file} should be illegal`).toBe(false);
      else
        expect(
          report.violations.map((v) => v.message),
          `${file} should be legal`,
        ).toEqual([]);
      // Every violation names what is wrong in a sentence.
      for (const violation of report.violations) expect(violation.message).toMatch(/\S.*[.)]$/);
    }
  });
});
