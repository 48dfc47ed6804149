// The fields a game's cards can be searched by (no game is named here): the leaves of its card
// types' JSON Schemas (schema-leaves.ts) plus the built-ins name, type, set and game. Each field
// answers to its key, its titles and their singular or plural, in any case, with spaces and '_'
// ignored ("mana_cost", "ManaCost" and "Mana Cost" are one name). A list of variants told apart
// by a fixed property (keywords: { kw: "Haste" }) also answers to the list's own names for that
// property, so `keywords:haste` reads the same as `kw:haste`.

import type { GameSystem } from '../system/format';
import { enumLabel } from '../system/enum-labels';
import type { FieldPath } from './query';
import { schemaLeaves, type FieldChoice, type SearchFieldKind } from './schema-leaves';

export type { FieldChoice, SearchFieldKind } from './schema-leaves';

export interface SearchField {
  /** How Help and messages call it: the schema key ("kw", "colors", "cost") or a built-in name. */
  key: string;
  /** Its schema title ("Mana Cost"), else the key. */
  label: string;
  kind: SearchFieldKind;
  /** Built-ins are answered by the resolver itself (set, game) or read fixed paths (name, type). */
  builtIn?: 'name' | 'type' | 'set' | 'game';
  paths: readonly FieldPath[];
  /** The names it answers to, normalized (fieldNameKey). */
  names: readonly string[];
  /** For enums (and numbers or booleans given as a list): the values a card may hold. */
  choices: readonly FieldChoice[];
  /** Steps below the card (array steps not counted): a name shared by several fields means the shallowest. */
  depth: number;
  /** The card types whose schema has it (all of them for the built-ins). */
  cardTypes: readonly string[];
}

/** Generic short names people type for common fields, used when no field answers to the name itself. */
const ABBREVIATIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ['kw', ['keyword']],
  ['atk', ['attack']],
  ['def', ['defense', 'defence']],
  ['hp', ['health']],
  ['spd', ['speed']],
  ['mv', ['movement']],
  ['dmg', ['damage']],
]);

const BUILT_IN_KEYS = new Set(['name', 'type', 'set', 'game']);
/** Names only the built-ins answer to (a nested `name`, like an ability's, is not the card's name). */
const BUILT_IN_NAMES = new Set([...BUILT_IN_KEYS].flatMap(numberForms));

/** A typed or declared field name as compared: lower case, letters and digits only. */
export function fieldNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The name with its singular or plural: colors ↔ color, abilities ↔ ability, statuses ↔ status. */
function numberForms(key: string): string[] {
  const forms = [key];
  if (key.endsWith('ies')) forms.push(`${key.slice(0, -3)}y`);
  if (key.endsWith('es')) forms.push(key.slice(0, -2));
  if (key.endsWith('s')) forms.push(key.slice(0, -1));
  else if (key.endsWith('y')) forms.push(`${key.slice(0, -1)}ies`, `${key}s`);
  else forms.push(`${key}s`, `${key}es`);
  return forms.filter((form) => form.length > 0);
}

function namesOf(keys: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const key of keys) {
    const normalized = fieldNameKey(key);
    if (normalized) for (const form of numberForms(normalized)) names.add(form);
  }
  return [...names];
}

function builtIns(system: GameSystem | null): SearchField[] {
  const cardTypes = (system?.cardTypes ?? []).map((cardType) => cardType.id);
  return [
    {
      key: 'name',
      label: 'Name',
      kind: 'text',
      builtIn: 'name',
      paths: [['name']],
      names: ['name', 'names'],
      choices: [],
      depth: 1,
      cardTypes,
    },
    {
      key: 'type',
      label: 'Card type',
      kind: 'enum',
      builtIn: 'type',
      paths: [['type']],
      names: namesOf(['type', 'cardtype']),
      choices: (system?.cardTypes ?? []).map((cardType) => ({ value: cardType.id, label: cardType.label })),
      depth: 1,
      cardTypes,
    },
    {
      key: 'set',
      label: 'Set',
      kind: 'enum',
      builtIn: 'set',
      paths: [],
      names: ['set', 'sets'],
      choices: [],
      depth: 0,
      cardTypes,
    },
    {
      key: 'game',
      label: 'Game',
      kind: 'enum',
      builtIn: 'game',
      paths: [],
      names: namesOf(['game', 'system']),
      choices: [],
      depth: 0,
      cardTypes,
    },
  ];
}

/** The built-in a typed field name means (`set`, `games`, `Card type`…), if any. */
export function builtInFieldOf(typed: string): SearchField['builtIn'] {
  const key = fieldNameKey(typed);
  return builtIns(null).find((field) => field.names.includes(key))?.builtIn;
}

const fieldsBySystem = new WeakMap<GameSystem, SearchField[]>();

/** Every field the game's cards can be searched by: the built-ins first, then schema fields by depth and order. */
export function searchableFields(system: GameSystem): SearchField[] {
  let fields = fieldsBySystem.get(system);
  if (!fields) {
    fields = readFields(system);
    fieldsBySystem.set(system, fields);
  }
  return fields;
}

function readFields(system: GameSystem): SearchField[] {
  const identity = system.identity;
  const fields: SearchField[] = [];
  for (const leaf of schemaLeaves(system)) {
    if (leaf.path.length === 1 && BUILT_IN_KEYS.has(leaf.path[0])) continue;
    const kind =
      leaf.open && leaf.kinds.has('text')
        ? 'text'
        : leaf.choices.size > 0 && leaf.kinds.has('enum')
          ? 'enum'
          : kindOf(leaf.kinds);
    if (!kind) continue;
    const isIdentity =
      identity !== undefined && leaf.path[0] === identity.field && leaf.path.every((step, i) => i === 0 || step === '*');
    const choices = [...leaf.choices.values()].map((choice) => {
      const identityLabel = isIdentity ? identity.values.find((value) => value.id === choice.value)?.label : undefined;
      // The game's enum labels (system.json enumLabels): `stage:evolution` and `stage:Evolved` alike.
      const label = identityLabel ?? (isIdentity ? undefined : enumLabel(system, leaf.key, choice.value));
      return label ? { value: choice.value, label } : choice;
    });
    const extraNames = isIdentity ? [identity.label, 'identity'] : [];
    const names = namesOf([leaf.key, ...leaf.titles, ...leaf.containerNames, ...extraNames]).filter(
      (name) => !BUILT_IN_NAMES.has(name),
    );
    if (names.length === 0) continue;
    const field: SearchField = {
      key: leaf.key,
      label: [...leaf.titles][0] ?? leaf.key,
      kind,
      paths: [leaf.path],
      names,
      choices: kind === 'text' || leaf.open ? [] : choices,
      depth: leaf.path.filter((step) => step !== '*').length,
      cardTypes: [...leaf.cardTypes],
    };
    fields.push(field);
    // Card types that disagree (a number on one, a text like "60/120/180" on another) give the
    // field both kinds: `hp>=100` compares the numbers, `hp:120` looks for the word in the texts.
    if (kind === 'text' && leaf.kinds.has('number')) fields.push({ ...field, kind: 'number' });
  }
  fields.sort((a, b) => a.depth - b.depth);
  return [...builtIns(system), ...fields];
}

function kindOf(kinds: ReadonlySet<SearchFieldKind>): SearchFieldKind | null {
  for (const kind of ['number', 'boolean', 'enum', 'text'] as const) if (kinds.has(kind)) return kind;
  return null;
}

/**
 * The fields a typed name means in one game: those answering to it at the shallowest depth
 * (`cost` is the card's cost, not an ability's cost line), else through a common abbreviation
 * (`kw` → keyword). Empty when the game has no such field.
 */
export function findFields(fields: readonly SearchField[], typed: string): SearchField[] {
  const key = fieldNameKey(typed);
  const direct = fields.filter((field) => field.names.includes(key));
  const candidates =
    direct.length > 0
      ? direct
      : fields.filter((field) => (ABBREVIATIONS.get(key) ?? []).some((name) => field.names.includes(name)));
  if (candidates.length === 0) return [];
  const shallowest = Math.min(...candidates.map((field) => field.depth));
  return candidates.filter((field) => field.depth === shallowest);
}

/**
 * A few field names to suggest when a typed one is unknown: name and type, then the card-level
 * fields with values to pick or compare (colors, cost…), those most card types have first.
 */
export function suggestedFieldNames(fields: readonly SearchField[], count = 6): string[] {
  const useful = fields
    .filter((field) => !field.builtIn && field.depth === 1 && (field.kind === 'enum' || field.kind === 'number'))
    .sort((a, b) => b.cardTypes.length - a.cardTypes.length);
  const names: string[] = ['name', 'type'];
  for (const field of [...useful, ...fields]) {
    if (names.length === count) break;
    if (field.builtIn === 'set' || field.builtIn === 'game' || names.includes(field.key)) continue;
    names.push(field.key);
  }
  return names;
}
