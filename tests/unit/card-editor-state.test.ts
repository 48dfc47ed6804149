// The card editor's decisions (src-renderer/src/editor/card-editor-state.ts): the document it
// starts from, why it cannot save, the Save button's tooltip, and when a field's issues show.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CardRecord, CardSetInfo } from '../../card-schema/system/format';
import type { ValidationIssue } from '../../src-main/api/contract';
import { loadGameSystems } from '../../src-main/services/game-systems';
import {
  editorSeed,
  freshDocument,
  issuesByPath,
  issuesShownAt,
  isSaveAllowed,
  notSavedMessage,
  retypeDocument,
  saveBlockers,
  saveButtonTitle,
  type SaveState,
} from '../../src-renderer/src/editor/card-editor-state';
import { ROOT } from './systems/harness';

const { systems } = loadGameSystems(join(ROOT, 'card-schema/systems'));
const osmcg = systems.find((system) => system.id === 'osmcg')!;
const [firstType, secondType] = osmcg.cardTypes;
const sets = [{ id: 'set-a' }, { id: 'set-b' }] as CardSetInfo[];
const issues: ValidationIssue[] = [
  { path: '/cost', message: 'must be >= 0' },
  { path: '/cost', message: 'must be integer' },
  { path: '', message: "must have required property 'text'" },
];

describe('editorSeed', () => {
  it('starts a new card of the asked type (else the first) in the asked set', () => {
    const seed = editorSeed(osmcg, sets, { card: null, setId: 'set-a', typeId: secondType.id });
    expect(seed).toMatchObject({ type: secondType, setId: 'set-a', id: null, doc: { type: secondType.id } });
    expect(editorSeed(osmcg, sets, { card: null, setId: 'set-b', typeId: 'no-such-type' })).toMatchObject({
      type: firstType,
      setId: 'set-b',
    });
  });

  it('puts a new card from "All cards" in the set last used, else the only set, else asks', () => {
    expect(editorSeed(osmcg, sets, { card: null, lastUsedSetId: 'set-b' }).setId).toBe('set-b');
    expect(editorSeed(osmcg, sets, { card: null, lastUsedSetId: 'deleted-set' }).setId).toBeNull();
    expect(editorSeed(osmcg, sets, { card: null }).setId).toBeNull();
    expect(editorSeed(osmcg, sets.slice(1), { card: null }).setId).toBe('set-b');
    expect(editorSeed(osmcg, [], { card: null }).setId).toBeNull();
  });

  it('starts a duplicate as a new card holding a private copy of the original', () => {
    const copyOf = { type: secondType.id, name: 'Ember (copy)', tags: ['x'] };
    const seed = editorSeed(osmcg, sets, { card: null, setId: 'set-b', copyOf });
    expect(seed).toMatchObject({ type: secondType, setId: 'set-b', id: null, doc: copyOf });
    expect(seed.doc.tags).not.toBe(copyOf.tags);
  });

  it('edits a private copy of an existing card', () => {
    const card = { id: 'c1', setId: 'set-b', doc: { type: secondType.id, name: 'Ember', tags: ['x'] } } as unknown as CardRecord;
    const seed = editorSeed(osmcg, sets, { card, setId: 'set-a', typeId: firstType.id });
    expect(seed).toMatchObject({ type: secondType, setId: 'set-b', id: 'c1', doc: card.doc });
    expect(seed.doc).not.toBe(card.doc);
    expect(seed.doc.tags).not.toBe(card.doc.tags);
  });
});

describe('freshDocument', () => {
  it('has the type and a string name', () => {
    for (const cardType of osmcg.cardTypes) {
      const doc = freshDocument(cardType);
      expect(doc.type).toBe(cardType.id);
      expect(typeof doc.name).toBe('string');
    }
  });
});

describe('saving', () => {
  const ready: SaveState = { blockers: [], saving: false, validating: false, dirty: true, isNew: false };

  it('names what blocks saving', () => {
    expect(saveBlockers('set-a', [], String)).toEqual([]);
    expect(saveBlockers(null, [], String)).toEqual(['Choose the set this card belongs to.']);
    expect(saveBlockers('set-a', issues.slice(0, 1), (i) => i.message)).toEqual(['1 problem to fix: must be >= 0']);
    expect(saveBlockers('set-a', issues.slice(0, 2), (i) => i.message)).toEqual([
      '2 problems to fix: must be >= 0; must be integer',
    ]);
  });

  it('allows saving a changed or new card that is valid, checked and not already saving', () => {
    expect(isSaveAllowed(ready)).toBe(true);
    expect(isSaveAllowed({ ...ready, dirty: false, isNew: true })).toBe(true);
    expect(isSaveAllowed({ ...ready, dirty: false })).toBe(false);
    expect(isSaveAllowed({ ...ready, saving: true })).toBe(false);
    expect(isSaveAllowed({ ...ready, validating: true })).toBe(false);
    expect(isSaveAllowed({ ...ready, blockers: ['x'] })).toBe(false);
  });

  it('explains the Save button', () => {
    expect(saveButtonTitle(ready, 'Save (Ctrl+S)')).toBe('Save (Ctrl+S)');
    expect(saveButtonTitle({ ...ready, blockers: ['a', 'b'] }, 'Save')).toBe('a\nb');
    expect(saveButtonTitle({ ...ready, validating: true }, 'Save')).toBe('Checking the card…');
    expect(saveButtonTitle({ ...ready, dirty: false }, 'Save')).toBe('No changes to save');
  });

  it('words a refused save', () => {
    expect(notSavedMessage(1)).toBe('Not saved: the card has 1 problem.');
    expect(notSavedMessage(3)).toBe('Not saved: the card has 3 problems.');
  });
});

describe('issues at fields', () => {
  it('groups messages by pointer', () => {
    expect(issuesByPath(issues)).toEqual(
      new Map([
        ['/cost', ['must be >= 0', 'must be integer']],
        ['', ["must have required property 'text'"]],
      ]),
    );
  });

  it('shows a field’s issues once it or a field inside it was touched, or when all are shown', () => {
    expect(issuesShownAt('/cost', [], false)).toBe(false);
    expect(issuesShownAt('/cost', [], true)).toBe(true);
    expect(issuesShownAt('/cost', ['/cost'], false)).toBe(true);
    expect(issuesShownAt('/keywords', ['/keywords/0/kw'], false)).toBe(true);
    expect(issuesShownAt('/key', ['/keywords'], false)).toBe(false);
  });
});

describe('retypeDocument', () => {
  const type = (id: string) => osmcg.cardTypes.find((cardType) => cardType.id === id)!;

  it("keeps every field the new type also has, as typed, and takes the new type's defaults for the rest", () => {
    const creature = {
      ...freshDocument(type('creature')),
      name: 'Ash Hound',
      colors: ['red'],
      cost: 3,
      text: 'Fast.',
      flavor: 'Smoke.',
      atk: 4,
    };
    const { doc, dropped } = retypeDocument(creature, type('spell'));
    expect(doc).toMatchObject({ type: 'spell', name: 'Ash Hound', colors: ['red'], cost: 3, text: 'Fast.', flavor: 'Smoke.' });
    expect(doc).not.toHaveProperty('atk');
    expect(Object.keys(doc)).toEqual(expect.arrayContaining(Object.keys(freshDocument(type('spell')))));
    expect(dropped).toEqual(expect.arrayContaining(['atk', 'hp', 'spd', 'ap']));
    expect(dropped).not.toContain('cost');
  });

  it('drops without naming them the fields left empty or, given what the card started from, still as they were', () => {
    const fresh = freshDocument(type('creature'));
    const untouched = { ...fresh, name: 'New', keywords: [] };
    expect(retypeDocument(untouched, type('mission'), fresh).dropped).toEqual([]);
    expect(retypeDocument(untouched, type('mission')).dropped).toEqual(expect.arrayContaining(['atk', 'hp']));
  });

  it('names every filled-in field the new type has no place for', () => {
    const hero = {
      ...freshDocument(type('hero')),
      name: 'Pyra',
      atk: 5,
      abilities: [{ name: 'Blaze', text: 'Burn.' }],
      text: 'Leads.',
    };
    const { doc, dropped } = retypeDocument(hero, type('objective'));
    expect(dropped).toEqual(expect.arrayContaining(['atk', 'abilities', 'text']));
    expect(doc.name).toBe('Pyra');
    expect(doc.type).toBe('objective');
  });
});
