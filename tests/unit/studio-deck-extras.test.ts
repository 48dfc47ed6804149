// The studio's edits of the deck's generators, builder hints, draft, format lists by card match,
// copy-limit overrides and identity neutral values: each writes what the format holds or refuses
// with one sentence, and built-in games edited this way still load.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deckContextOf, rulesOf, updateRule, type DeckEdit } from '../../card-schema/studio/deck-edits';
import * as extras from '../../card-schema/studio/deck-extras-edits';
import { banMatch, restrictMatch } from '../../card-schema/studio/format-match-edits';
import { deckOf } from '../../card-schema/studio/deck-rule-problems';
import type { GameFileMap, Json } from '../../card-schema/studio/game-files';
import { loadGameSystem } from '../../src-main/services/game-systems';

const SYSTEMS = resolve(import.meta.dirname, '../../card-schema/systems');

/** A built-in game's JSON files by path, as the studio holds them. */
function filesOf(id: string): GameFileMap {
  const root = join(SYSTEMS, id);
  const files: Record<string, unknown> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.json')) files[relative(root, path)] = JSON.parse(readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return files;
}

/** The context with the loaded game's fields (its shared definitions resolved), as the studio builds it. */
function contextOf(id: string, files: GameFileMap) {
  const loaded = loadGameSystem(join(SYSTEMS, id));
  return deckContextOf(
    files,
    loaded.cardTypes.flatMap((type) => Object.keys(type.schema.properties ?? {})),
  );
}

function ok(edit: DeckEdit): GameFileMap {
  if (!edit.ok) throw new Error(edit.problem);
  return edit.files;
}
const problem = (edit: DeckEdit) => (edit.ok ? undefined : edit.problem);

/** Writes `files` over a copy of the built-in game and loads it. */
function loadEdited(id: string, files: GameFileMap) {
  const dir = mkdtempSync(join(tmpdir(), 'cardwright-deck-extras-'));
  try {
    cpSync(join(SYSTEMS, id), dir, { recursive: true });
    for (const [path, value] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), JSON.stringify(value, null, 2));
    }
    return loadGameSystem(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const MUHQ = filesOf('muhq');
const muhq = contextOf('muhq', MUHQ);
const OMMS = filesOf('omms');
const omms = contextOf('omms', OMMS);
const OSMCG = filesOf('osmcg');
const osmcg = contextOf('osmcg', OSMCG);

describe('generators', () => {
  it('adds a generator with a fill that loads, edits its fills and refuses what the loader would', () => {
    let files = ok(extras.addGenerator(OMMS, { id: 'hearts', label: 'All hearts' }, omms));
    expect(extras.generatorsOf(files).map((g) => g.id)).toEqual(['standard-pack', 'hearts']);
    files = ok(extras.setFill(files, 'hearts', 0, { section: 'pack', match: { types: ['heart'] }, copies: 2 }, omms));
    files = ok(extras.setFill(files, 'hearts', 1, { section: 'pack', match: { types: ['joker'] }, copies: 1 }, omms));
    expect(extras.generatorsOf(files)[1].fill).toHaveLength(2);
    files = ok(extras.updateGenerator(files, 'hearts', { description: 'Two of each heart.' }));
    files = ok(extras.moveGenerator(files, 'hearts', -1));
    expect(extras.generatorsOf(files)[0]).toMatchObject({ id: 'hearts', description: 'Two of each heart.' });

    expect(problem(extras.addGenerator(files, { id: 'Hearts!', label: 'x' }, omms))).toMatch(/^A generator id is lowercase/);
    expect(problem(extras.addGenerator(files, { id: 'hearts', label: 'x' }, omms))).toBe(
      'There is a generator "hearts" already.',
    );
    expect(problem(extras.setFill(files, 'hearts', 0, { section: 'pack', match: {}, copies: 0 }, omms))).toBe(
      'Copies are a whole number of 1 or more, or a card field.',
    );
    expect(problem(extras.setFill(files, 'hearts', 0, { section: 'nope', match: {}, copies: 1 }, omms))).toMatch(
      /^There is no section "nope"/,
    );
    expect(problem(extras.setFill(files, 'hearts', 0, { section: 'pack', match: {}, copies: { field: 'glow' } }, omms))).toBe(
      'No card type has a field "glow".',
    );
    expect(problem(extras.updateGenerator(files, 'hearts', { label: ' ' }))).toMatch(/^Give the generator a label/);
    const single = ok(extras.removeFill(files, 'hearts', 1));
    expect(problem(extras.removeFill(single, 'hearts', 0))).toMatch(/^A generator fills at least one section/);
    expect(extras.generatorsOf(ok(extras.removeGenerator(files, 'standard-pack')))).toHaveLength(1);
  });
});

describe('builder hints', () => {
  it('sets the cost field and stats within the format’s limit of 8, and drops an empty builder', () => {
    let files = ok(extras.setBuilderField(OSMCG, 'distinguishBy', 'name', osmcg));
    expect(extras.builderOf(files)).toMatchObject({ costField: 'cost', distinguishBy: 'name' });
    files = ok(extras.moveBuilderStat(files, 1, -1));
    expect(extras.builderOf(files).stats).toEqual(['hp', 'atk', 'spd', 'ap']);
    expect(problem(extras.setBuilderField(files, 'costField', 'glow', osmcg))).toBe(
      'The cost field: no card type has a field "glow".',
    );
    expect(problem(extras.addBuilderStat(files, 'hp', osmcg))).toBe('The pool shows hp already.');
    const unused = () => osmcg.fields.find((f) => !(extras.builderOf(files).stats as string[]).includes(f)) as string;
    while ((extras.builderOf(files).stats as string[]).length < 8) files = ok(extras.addBuilderStat(files, unused(), osmcg));
    expect(problem(extras.addBuilderStat(files, unused(), osmcg))).toBe('The pool shows at most 8 stats: remove one first.');
    let bare = ok(extras.setBuilderField(OSMCG, 'costField', '', osmcg));
    for (let i = 0; i < 4; i++) bare = ok(extras.removeBuilderStat(bare, 0));
    expect('builder' in deckOf(bare)).toBe(false);
  });
});

describe('draft', () => {
  it('edits muhq’s draft within the format’s limits and refuses a draft no table can play', () => {
    const draft = extras.draftOf(MUHQ) as Json;
    const files = ok(extras.setDraft(MUHQ, { ...draft, pileSize: 12, players: { min: 3, max: 4 } }, muhq));
    expect(extras.draftOf(files)).toMatchObject({ section: 'store', pileSize: 12, players: { min: 3, max: 4 } });
    expect(problem(extras.setDraft(MUHQ, { ...draft, players: { min: 5, max: 4 } }, muhq))).toBe(
      'A draft no table can play: at least 5 and at most 4 players.',
    );
    expect(extras.draftProblems({ ...draft, pileSize: 101, maxPicks: 0, players: { min: 1, max: 13 } }, muhq)).toEqual({
      pileSize: 'A pile holds a whole number of 1 to 100 cards.',
      maxPicks: 'Each player picks a whole number of 1 to 1000 cards.',
      playersMax: 'A draft has a whole number of 1 to 12 players at most.',
    });
    expect(problem(extras.setDraft(MUHQ, { ...draft, eligible: { types: ['dragon'] } }, muhq))).toMatch(
      /^There is no card type "dragon"/,
    );
    expect(problem(extras.addDraft(MUHQ, muhq))).toBe('The game has a draft already.');
    const none = ok(extras.removeDraft(MUHQ));
    expect(extras.draftOf(none)).toBeUndefined();
    expect(extras.draftOf(ok(extras.addDraft(none, muhq)))).toMatchObject({ pileSize: 10, maxPicks: 25, eligible: {} });
  });
});

describe('format lists by card match', () => {
  it('bans and restricts the cards a match picks, and refuses an empty or unknown match', () => {
    let files = ok(banMatch(OSMCG, 'standard', { types: ['terrain'] }, osmcg));
    files = ok(restrictMatch(files, 'standard', { types: ['equipment'] }, 2, osmcg));
    files = ok(restrictMatch(files, 'standard', { types: ['equipment'] }, 1, osmcg));
    const standard = (deckOf(files).formats as Json[])[0];
    expect(standard.banned).toEqual([{ types: ['terrain'] }]);
    expect(standard.restricted).toEqual([{ match: { types: ['equipment'] }, max: 1 }]);
    expect(problem(banMatch(files, 'standard', {}, osmcg))).toMatch(/^Say which cards to ban/);
    expect(problem(banMatch(files, 'standard', { types: ['terrain'] }, osmcg))).toBe(
      'These cards are banned in Standard already.',
    );
    expect(problem(banMatch(files, 'standard', { where: [{ field: 'glow', exists: true }] }, osmcg))).toBe(
      'No card type has a field "glow".',
    );
    expect(problem(restrictMatch(files, 'standard', { types: ['spell'] }, -1, osmcg))).toMatch(/whole number of 0 or more/);
  });
});

describe('copy-limit overrides and identity neutral values', () => {
  it('writes overrides and neutral values through the rule edit, and refuses bad ones', () => {
    const index = rulesOf(OSMCG).findIndex((rule) => rule.kind === 'copyLimit');
    const rule = rulesOf(OSMCG)[index];
    const files = ok(updateRule(OSMCG, index, { ...rule, overrides: [{ match: { types: ['hero'] }, max: 1 }] }, osmcg));
    expect(rulesOf(files)[index].overrides).toEqual([{ match: { types: ['hero'] }, max: 1 }]);
    expect(problem(updateRule(OSMCG, index, { ...rule, overrides: [{ match: {}, max: -1 }] }, osmcg))).toBe(
      'Override 1 needs a "max" of 0 or more.',
    );
    const identity = { id: 'fits', kind: 'identity', leaderSection: 'hero', sections: ['main'], checks: [] as Json[] };
    const field = osmcg.identityField as string;
    const withNeutral = ok(
      updateRule(files, index, { ...identity, checks: [{ field, mode: 'subset', neutral: ['colorless'] }] }, osmcg),
    );
    expect(rulesOf(withNeutral)[index].checks).toEqual([{ field, mode: 'subset', neutral: ['colorless'] }]);
    expect(problem(updateRule(files, index, { ...identity, checks: [{ field, mode: 'subset', neutral: [3] }] }, osmcg))).toBe(
      'Check 1: neutral values are a list of texts.',
    );
  });
});

describe('what the forms write loads', () => {
  it('muhq, omms and osmcg after an edit of every kind', () => {
    let files = MUHQ;
    const draft = extras.draftOf(files) as Json;
    files = ok(extras.setDraft(files, { ...draft, pileSize: 8, players: { min: 2, max: 12 } }, muhq));
    files = ok(extras.setFill(files, 'starting-deck', 1, { section: 'store', match: { types: ['potion'] }, copies: 1 }, muhq));
    files = ok(extras.addBuilderStat(files, 'buyCost', muhq));
    let loaded = loadEdited('muhq', files);
    expect(loaded.deck.draft).toMatchObject({ pileSize: 8, players: { min: 2, max: 12 } });
    expect(loaded.deck.generators?.[0].fill).toHaveLength(2);
    expect(loaded.deck.builder?.stats).toContain('buyCost');

    files = ok(extras.addGenerator(OMMS, { id: 'jokers', label: 'Jokers' }, omms));
    files = ok(extras.setFill(files, 'jokers', 0, { section: 'pack', match: { types: ['joker'] }, copies: 3 }, omms));
    files = ok(extras.setBuilderField(files, 'distinguishBy', '', omms));
    files = ok(extras.addDraft(files, omms));
    loaded = loadEdited('omms', files);
    expect(loaded.deck.generators?.map((g) => g.id)).toEqual(['standard-pack', 'jokers']);
    expect(loaded.deck.builder?.distinguishBy).toBeUndefined();
    expect(loaded.deck.draft?.section).toBe('pack');

    files = ok(banMatch(OSMCG, 'standard', { where: [{ field: 'cost', in: [9, 10] }] }, osmcg));
    files = ok(restrictMatch(files, 'duel', { types: ['equipment'] }, 2, osmcg));
    const index = rulesOf(files).findIndex((rule) => rule.kind === 'copyLimit');
    files = ok(
      updateRule(files, index, { ...rulesOf(files)[index], overrides: [{ match: { types: ['spell'] }, max: 2 }] }, osmcg),
    );
    loaded = loadEdited('osmcg', files);
    expect(loaded.deck.formats?.[0].banned).toContainEqual({ where: [{ field: 'cost', in: [9, 10] }] });
    expect(loaded.deck.rules[index]).toMatchObject({ overrides: [{ match: { types: ['spell'] }, max: 2 }] });
  });
});
