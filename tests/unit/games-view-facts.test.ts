// The Games view's wording of a game's rules (src-renderer/src/games/game-facts.ts), checked
// against a built-in game so the words follow the real system files.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GlossaryEntry } from '../../card-schema/system/format';
import { loadGameSystems } from '../../src-main/services/game-systems';
import {
  drawText,
  groupGlossary,
  openingHandText,
  removeGameMessage,
  sectionLabel,
  valueText,
} from '../../src-renderer/src/games/game-facts';
import { ROOT } from './systems/harness';

const { systems } = loadGameSystems(join(ROOT, 'card-schema/systems'));
const osmcg = systems.find((system) => system.id === 'osmcg')!;

const entries: GlossaryEntry[] = [
  { term: 'Haste', category: 'Keyword', text: 'Can attack the turn it arrives.' },
  { term: 'Stunned', category: 'Status', text: 'Skips its next attack.' },
  { term: 'Guard', category: 'Keyword', text: 'Must be attacked first.' },
];

describe('groupGlossary', () => {
  it('groups by category in order of first appearance, keeping entry order', () => {
    expect(groupGlossary(entries, '')).toEqual([
      ['Keyword', [entries[0], entries[2]]],
      ['Status', [entries[1]]],
    ]);
  });

  it('filters on term and text, ignoring case and surrounding spaces', () => {
    expect(groupGlossary(entries, '  ATTACK ')).toEqual([
      ['Keyword', [entries[0], entries[2]]],
      ['Status', [entries[1]]],
    ]);
    expect(groupGlossary(entries, 'stun')).toEqual([['Status', [entries[1]]]]);
    expect(groupGlossary(entries, 'nothing like this')).toEqual([]);
  });
});

describe('board wording', () => {
  it('names sections by label, falling back to the id', () => {
    const section = osmcg.deck.sections[0];
    expect(sectionLabel(osmcg, section.id)).toBe(section.label);
    expect(sectionLabel(osmcg, 'no-such-section')).toBe('no-such-section');
  });

  it('words numbers, missing values and values read from the leader card', () => {
    expect(valueText(osmcg, 3)).toBe('3');
    expect(valueText(osmcg, undefined)).toBe('—');
    expect(valueText(osmcg, { leaderField: 'startingMana' })).toMatch(/^the \S.*'s \S/);
    expect(valueText(osmcg, { leaderField: 'noSuchField' })).toMatch(/'s noSuchField$/);
  });
});

describe('opening hand and draw wording (each game as its system file says)', () => {
  const game = (id: string) => systems.find((system) => system.id === id)!;

  it('words each kind of mulligan, never "no mulligan" for one that exists', () => {
    expect(openingHandText(osmcg.board)).toMatch(/^7 cards, London mulligan/);
    const miscrits = game('miscrits');
    expect(miscrits.board.mulligan).toBe('smaller');
    expect(openingHandText(miscrits.board)).toContain('mulligan to one card fewer');
    expect(openingHandText(miscrits.board)).not.toContain('no mulligan');
    expect(openingHandText({ ...miscrits.board, freeMulligans: 1 })).toContain('one card fewer after 1 free');
    expect(openingHandText(game('muhq').board)).toContain('no mulligan');
  });

  it('words a draw up to a hand size instead of "0 per turn"', () => {
    const muhq = game('muhq');
    expect(muhq.board.drawUpTo).toBe(3);
    expect(drawText(muhq)).toMatch(/^up to 3 in hand at each new turn, from \S/);
    expect(drawText(osmcg)).toMatch(/^1 per turn from \S/);
  });
});

describe('removeGameMessage', () => {
  it('counts sets and decks in the singular and plural', () => {
    expect(removeGameMessage('Lantern Watch', 1, 12, 1)).toContain('its 1 card set (12 cards) and 1 deck.');
    expect(removeGameMessage('Lantern Watch', 2, 0, 3)).toContain('its 2 card sets (0 cards) and 3 decks.');
  });
});
