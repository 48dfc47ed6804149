// The studio's deck edits on Lantern Watch's files: sections, rules and formats change as asked,
// refuse with a sentence when the game would stop loading, and each problem of a rule is said
// at its field.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addFormat,
  addRule,
  addSection,
  banCard,
  deckContextOf,
  formatsOf,
  moveFormat,
  moveRule,
  newRule,
  parseRuleJson,
  removeFormat,
  removeRule,
  removeSection,
  restrictCard,
  ruleProblems,
  ruleWords,
  rulesOf,
  sectionsOf,
  unbanEntry,
  unrestrictEntry,
  updateFormat,
  updateRule,
  updateSection,
  RULE_KINDS,
  type DeckEdit,
} from '../../card-schema/studio/deck-edits';
import type { GameFileMap, Json } from '../../card-schema/studio/game-files';

const DIR = 'docs/tutorial/lantern-watch';
const read = (path: string): unknown => JSON.parse(readFileSync(`${DIR}/${path}`, 'utf8'));
const FILES: GameFileMap = {
  'system.json': read('system.json'),
  'schemas/keeper.schema.json': read('schemas/keeper.schema.json'),
  'schemas/lantern.schema.json': read('schemas/lantern.schema.json'),
  'schemas/definitions.json': read('schemas/definitions.json'),
};
const context = deckContextOf(FILES);

function ok(edit: DeckEdit): GameFileMap {
  if (!edit.ok) throw new Error(edit.problem);
  return edit.files;
}
function problem(edit: DeckEdit): string {
  if (edit.ok) throw new Error('the edit was not refused');
  return edit.problem;
}
const rule = (id: string): Json => rulesOf(FILES).find((r) => r.id === id) as Json;
const indexOf = (files: GameFileMap, id: string) => rulesOf(files).findIndex((r) => r.id === id);

describe('deck sections', () => {
  it('adds a section with a checked id and label, and changes its label, types, leader flag and description', () => {
    expect(problem(addSection(FILES, { id: 'Side Deck', label: 'Side' }))).toContain('lowercase letters');
    expect(problem(addSection(FILES, { id: 'watch', label: 'Watch 2' }))).toBe('There is a section "watch" already.');
    expect(problem(addSection(FILES, { id: 'reserve', label: ' ' }))).toContain('Give the section a label');
    let files = ok(addSection(FILES, { id: 'reserve', label: 'Reserve' }));
    expect(sectionsOf(files).at(-1)).toEqual({ id: 'reserve', label: 'Reserve', types: [] });

    files = ok(updateSection(files, 'reserve', { types: ['lantern'], leader: true, description: 'Spare lanterns.' }, context));
    expect(sectionsOf(files).at(-1)).toEqual({
      id: 'reserve',
      label: 'Reserve',
      types: ['lantern'],
      leader: true,
      description: 'Spare lanterns.',
    });
    files = ok(updateSection(files, 'reserve', { leader: false, description: '' }, context));
    expect(sectionsOf(files).at(-1)).toEqual({ id: 'reserve', label: 'Reserve', types: ['lantern'] });
    expect(problem(updateSection(files, 'reserve', { types: ['dragon'] }, context))).toBe('There is no card type "dragon".');
    // The original files are untouched: every edit is a new map, for undo.
    expect(sectionsOf(FILES)).toHaveLength(2);
  });

  it('refuses to remove a section while rules or the board name it, and says what removing one means', () => {
    expect(problem(removeSection(FILES, 'watch'))).toBe(
      'Watch is named by rule "twenty-lanterns", rule "watch-is-lanterns", rule "two-copies", rule "faction", rule "few-rares" and the board\'s deck section: change or remove them first.',
    );
    const files = ok(addSection(FILES, { id: 'reserve', label: 'Reserve' }));
    const removed = removeSection(files, 'reserve');
    expect(removed.ok && removed.note).toBe('Cards that decks keep in Reserve are no longer in a section of the game.');
    expect(sectionsOf(ok(removed)).map((s) => s.id)).toEqual(['keeper', 'watch']);
  });
});

describe('deck rules', () => {
  it('adds a rule of each kind that has no problem in the game', () => {
    let files = FILES;
    for (const { kind } of RULE_KINDS) {
      const edit = addRule(files, kind, context);
      files = ok(edit);
      const added = rulesOf(files)[edit.ok ? (edit.index ?? -1) : -1];
      expect(added.kind).toBe(kind);
      expect(ruleProblems(added, context)).toEqual({});
    }
    // Each new id is free: "section-size", then "section-size-2".
    expect(rulesOf(ok(addRule(files, 'sectionSize', context))).at(-1)?.id).toBe('section-size-2');
  });

  it('says min above max at max, and writes nothing', () => {
    const index = indexOf(FILES, 'twenty-lanterns');
    const bad = { ...rule('twenty-lanterns'), min: 40, max: 30 };
    expect(ruleProblems(bad, context).max).toBe('A rule no deck can meet: at least 40 and at most 30 cards.');
    expect(problem(updateRule(FILES, index, bad, context))).toBe('A rule no deck can meet: at least 40 and at most 30 cards.');
    const files = ok(updateRule(FILES, index, { ...rule('twenty-lanterns'), min: 18, max: 22 }, context));
    expect(rulesOf(files)[index]).toMatchObject({ min: 18, max: 22 });
  });

  it('finds each problem at its field', () => {
    const size = rule('twenty-lanterns');
    expect(ruleProblems({ ...size, min: undefined, max: undefined, sizes: [] }, context).sizes).toBe(
      'List at least one size ("0, 10").',
    );
    expect(ruleProblems({ ...size, sizes: [0, 10] }, context).sizes).toContain('not both');
    expect(ruleProblems({ ...size, max: -1 }, context).max).toBe('Give a whole number of 0 or more.');
    expect(ruleProblems({ ...size, section: 'graveyard' }, context).section).toBe(
      'There is no section "graveyard" (sections: "keeper", "watch").',
    );
    expect(ruleProblems({ ...size, id: 'Twenty Lanterns' }, context).id).toContain('lowercase letters');
    expect(ruleProblems(size, context, ['twenty-lanterns']).id).toBe(
      'Another rule has the id "twenty-lanterns": each id names one rule.',
    );
    expect(ruleProblems({ ...size, formats: ['modern'] }, context).formats).toBe(
      'There is no play format "modern" (formats: "standard", "open").',
    );
    expect(ruleProblems({ ...size, colour: 'red' }, context).rule).toContain('A sectionSize rule has no "colour"');
    expect(ruleProblems({ ...rule('watch-is-lanterns'), types: ['dragon'] }, context).types).toBe(
      'There is no card type "dragon" (types: "keeper", "lantern").',
    );
    expect(ruleProblems({ ...rule('two-copies'), by: ['colour'] }, context).by).toBe('No card type has a field "colour".');
    expect(ruleProblems({ ...rule('two-copies'), by: ['name'], countBy: 'id' }, context).by).toContain('not both');
    const quota = rule('few-rares');
    expect(ruleProblems({ ...quota, min: 5, max: 4 }, context).max).toBe(
      'A rule no deck can meet: at least 5 and at most 4 rare Lanterns.',
    );
    expect(ruleProblems({ ...quota, match: { where: [{ field: 'rarity' }] } }, context).match).toContain(
      'Say what rarity must be',
    );
    expect(ruleProblems({ ...quota, label: '' }, context).label).toContain('Say what the cards are called');
    expect(
      ruleProblems(
        { kind: 'identity', leaderSection: 'keeper', sections: ['watch'], checks: [{ field: 'faction', mode: 'some' }] },
        context,
      ).checks,
    ).toBe('Check 1: choose a mode: "subset" or "intersects".');
    expect(ruleProblems({ kind: 'teleport' }, context).kind).toContain('is not a kind of deck rule');
  });

  it('removes and reorders rules', () => {
    const index = indexOf(FILES, 'two-copies');
    const without = ok(removeRule(FILES, index));
    expect(rulesOf(without).map((r) => r.id)).not.toContain('two-copies');
    const up = ok(moveRule(FILES, index, -1));
    expect(indexOf(up, 'two-copies')).toBe(index - 1);
    expect(problem(removeRule(FILES, 99))).toContain('gone');
  });

  it('takes a rule as JSON only when it parses to an object of the same kind', () => {
    expect(parseRuleJson('{"kind": "quota",', 'quota')).toEqual({ problem: expect.stringMatching(/^The JSON does not parse: /) });
    expect(parseRuleJson('[1]', 'quota')).toEqual({ problem: 'A rule is a JSON object: { "kind": … }.' });
    expect(parseRuleJson('{"kind": "requires"}', 'quota')).toEqual({ problem: expect.stringContaining('stays a quota rule') });
    expect(parseRuleJson('{"kind": "quota", "label": "x"}', 'quota')).toEqual({ rule: { kind: 'quota', label: 'x' } });
  });

  it('says what a rule means even when it has a description', () => {
    expect(ruleWords(FILES, rule('twenty-lanterns'))).toBe('Watch: exactly 20 cards.');
    expect(ruleWords(FILES, { ...rule('twenty-lanterns'), sizes: [0, 10], min: undefined, max: undefined })).toBe(
      'Watch: 0 or 10 cards.',
    );
    expect(ruleWords(FILES, { kind: 'identity', leaderSection: 'keeper' })).toBe('This rule is not complete yet.');
  });

  it('makes default rules from the game: the leader section leads, the others follow', () => {
    expect(newRule('identitySubset', context, [])).toEqual({
      id: 'identity-subset',
      kind: 'identitySubset',
      leaderSection: 'keeper',
      sections: ['watch'],
    });
    expect(newRule('identity', context, []).checks).toEqual([{ field: 'faction', mode: 'subset' }]);
  });
});

describe('play formats', () => {
  it('adds, relabels and reorders formats, saying when the default changes', () => {
    expect(problem(addFormat(FILES, { id: 'open', label: 'Open 2' }))).toBe('There is a format "open" already.');
    let files = ok(addFormat(FILES, { id: 'league', label: 'League' }));
    files = ok(updateFormat(files, 'league', { label: 'League play', description: 'Season 1.' }));
    expect(formatsOf(files).at(-1)).toEqual({ id: 'league', label: 'League play', description: 'Season 1.' });
    expect(problem(updateFormat(files, 'league', { label: '' }))).toContain('Give the format a label');
    const moved = moveFormat(files, 'open', -1);
    expect(moved.ok && moved.note).toBe('Decks that chose no format now play Open.');
  });

  it('refuses to remove a format rules apply in; removing the first one names the new default', () => {
    const scoped = ok(updateRule(FILES, indexOf(FILES, 'few-rares'), { ...rule('few-rares'), formats: ['standard'] }, context));
    expect(problem(removeFormat(scoped, 'standard'))).toBe('Rule "few-rares" applies in Standard: change its formats first.');
    const removed = removeFormat(FILES, 'standard');
    expect(removed.ok && removed.note).toBe(
      'Decks set to Standard will name a format the game does not have. Decks that chose no format now play Open.',
    );
  });

  it('bans and restricts cards by name', () => {
    expect(problem(banCard(FILES, 'standard', 'Midnight Bell'))).toBe('"Midnight Bell" is banned in Standard already.');
    let files = ok(banCard(FILES, 'open', ' Old Lamp '));
    expect(formatsOf(files)[1].banned).toEqual(['Old Lamp']);
    files = ok(unbanEntry(files, 'open', 0));
    expect(formatsOf(files)[1]).toEqual({ id: 'open', label: 'Open', description: 'Every card is allowed.' });
    files = ok(restrictCard(files, 'standard', 'Phoenix Wick', 1));
    files = ok(restrictCard(files, 'standard', 'Phoenix Wick', 2));
    expect(formatsOf(files)[0].restricted).toEqual([{ name: 'Phoenix Wick', max: 2 }]);
    expect(problem(restrictCard(files, 'standard', 'Phoenix Wick', -1))).toContain('whole number');
    files = ok(unrestrictEntry(files, 'standard', 0));
    expect(formatsOf(files)[0].restricted).toBeUndefined();
  });
});
