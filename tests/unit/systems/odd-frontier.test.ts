// Odd Frontier TCG as data: the sample set is valid and covers every card type, the sample
// archives are judged by the rulebook's deck rules, and the cards print.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSamples, printSamples } from './harness';

const samples = loadSamples('odd-frontier');

describe('Odd Frontier game system', () => {
  it('loads with the rulebook setup', () => {
    const { system } = samples;
    expect(system.cardTypes.map((t) => t.id)).toEqual(['engine', 'creature', 'artifact', 'phenomenon', 'magic']);
    expect(system.board.openingHand).toBe(7);
    expect(system.board.drawPerTurn).toBe(1);
    expect(system.board.resources.find((r) => r.id === 'life')).toMatchObject({ start: 137, min: 0 });
    expect(system.board.resources.find((r) => r.id === 'energy')).toMatchObject({ start: 0, min: 0 });
    expect(system.board.phases.map((phase) => (typeof phase === 'string' ? phase : phase.label))).toEqual([
      'Reset',
      'Pre-combat',
      'Combat',
      'Post-combat',
    ]);
    const terms = (system.reference?.glossary ?? []).map((g) => g.term);
    for (const term of ['Archive', 'Queue', 'Crank', 'First Assault', 'Banish', 'Wound', 'Permanent', 'Reset phase'])
      expect(terms).toContain(term);
  });

  it('has a valid sample set covering every card type and several creature subtypes', () => {
    expect(samples.invalidCards()).toEqual([]);
    expect(samples.cards.length).toBeGreaterThanOrEqual(20);
    const types = new Set(samples.cards.map((c) => c.doc.type));
    expect([...types].sort()).toEqual(samples.system.cardTypes.map((t) => t.id).sort());
    const subtypes = new Set(samples.cards.filter((c) => c.doc.type === 'creature').map((c) => c.doc.subtype));
    expect(subtypes.size).toBeGreaterThanOrEqual(4);
    expect(new Set(samples.cards.map((c) => c.doc.name)).size).toBe(samples.cards.length);
    for (const card of samples.cards) expect(card.id).toMatch(/^odd-frontier-/);
  });

  it('ships a legal archive', () => {
    const report = samples.judge('deck-legal.json');
    expect(report.violations).toEqual([]);
    expect(report.legal).toBe(true);
    expect(report.counts.archive).toBeGreaterThanOrEqual(36);
    expect(report.counts.archive).toBeLessThanOrEqual(40);
  });

  it('rejects an archive of too few cards', () => {
    expect(samples.codes('deck-illegal-small.json')).toEqual(['SECTION_TOO_SMALL']);
    const report = samples.judge('deck-illegal-small.json');
    expect(report.legal).toBe(false);
    expect(report.counts.archive).toBe(20);
    expect(report.violations[0].message).toMatch(/Archive has 20 cards/);
    expect(report.violations[0].message).toMatch(/36/);
  });

  it('rejects an archive with 5 copies of one card', () => {
    expect(samples.codes('deck-illegal-copies.json')).toEqual(['TOO_MANY_COPIES']);
    const [violation] = samples.judge('deck-illegal-copies.json').violations;
    expect(violation.cardIds).toEqual(['odd-frontier-first-001']);
    expect(violation.message).toContain('Tidepool Turbine');
    expect(violation.message).toMatch(/5/);
    expect(violation.message).toMatch(/4/);
  });

  it('prints the sample cards to PDF', async () => {
    const bytes = await printSamples(samples);
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    writeFileSync('/tmp/odd-frontier-cards.pdf', bytes);
    try {
      execFileSync('pdftoppm', [
        '-r',
        '50',
        '-png',
        '-f',
        '1',
        '-l',
        '3',
        '/tmp/odd-frontier-cards.pdf',
        '/tmp/odd-frontier-cards',
      ]);
    } catch {
      // pdftoppm is only a convenience for looking at the cards
    }
  });
});
