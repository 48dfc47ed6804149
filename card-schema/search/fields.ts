// The fields a game's cards can be searched by, read from its card types' JSON Schemas (no game
// is named here): every property at any depth (local $refs followed, oneOf/anyOf/allOf variants
// merged, arrays stepped into with '*'), image fields left out, plus the built-ins name, type,
// set and game. Each field answers to its key, its titles and their singular or plural, in any
// case, with spaces and '_' ignored ("mana_cost", "ManaCost" and "Mana Cost" are one name). A
// list of variants told apart by a fixed property (keywords: { kw: "Haste" }) also answers to the
// list's own names for that property, so `keywords:haste` reads the same as `kw:haste`.

import type { CardTypeDef, GameSystem } from '../system/format';
import type { JsonSchema } from '../system/json-schema';
import { own } from '../own-keys';
import { isImageField } from '../system/image-field';
import { resolveSchema, schemaTypes, variantDiscriminator } from '../system/resolve-schema';
import type { FieldPath } from './query';

export type SearchFieldKind = 'text' | 'enum' | 'number' | 'boolean';

export interface FieldChoice {
  value: string | number | boolean;
  /** What people call it ("Quick Summon", "Red"); the value itself when the schema names nothing else. */
  label: string;
}

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

/** Deeper schemas are not searched (a recursive schema stops here). */
const MAX_DEPTH = 12;
/** Schema nodes read per card type: a game file branching at every level cannot make this slow. */
const MAX_NODES = 20_000;

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

interface Leaf {
  path: FieldPath;
  key: string;
  titles: Set<string>;
  /** Names of the list or object it tells variants apart in (keywords → kw). */
  containerNames: Set<string>;
  kinds: Set<SearchFieldKind>;
  choices: Map<string, FieldChoice>;
  /** Some declaration takes any value of its type (not only a list): the choices are examples, not all. */
  open: boolean;
  cardTypes: Set<string>;
}

/** Subschemas of a keyword that should hold a list of them (a malformed game file may hold anything). */
function schemaList(value: unknown): JsonSchema[] {
  return Array.isArray(value)
    ? value.filter((item): item is JsonSchema => item !== null && typeof item === 'object' && !Array.isArray(item))
    : [];
}

function titleOf(schema: JsonSchema): string | undefined {
  return typeof schema.title === 'string' && schema.title !== '' ? schema.title : undefined;
}

class SchemaWalker {
  readonly leaves = new Map<string, Leaf>();

  constructor(private readonly root: JsonSchema) {}

  private leaf(path: FieldPath): Leaf {
    const id = JSON.stringify(path);
    let found = this.leaves.get(id);
    if (!found) {
      const key = [...path].reverse().find((step) => step !== '*') ?? '';
      found = {
        path,
        key,
        titles: new Set(),
        containerNames: new Set(),
        kinds: new Set(),
        choices: new Map(),
        open: false,
        cardTypes: new Set(),
      };
      this.leaves.set(id, found);
    }
    return found;
  }

  private resolve(schema: JsonSchema): JsonSchema | null {
    try {
      return resolveSchema(this.root, schema);
    } catch {
      return null;
    }
  }

  /** Reads `schema` and everything below it, breadth first (so a budget cut keeps the shallow fields). */
  walkAll(schema: JsonSchema): void {
    const queue: { schema: JsonSchema; path: FieldPath; titles: readonly string[] }[] = [{ schema, path: [], titles: [] }];
    for (let next = 0; next < queue.length && next < MAX_NODES; next++) {
      const node = queue[next];
      this.walk(node.schema, node.path, node.titles, (child, path, titles) => {
        if (queue.length < MAX_NODES) queue.push({ schema: child, path, titles });
      });
    }
  }

  /** Reads one schema node found at `path` (`titles`: the names it is shown under there), queuing what is below it. */
  private walk(
    schema: JsonSchema,
    path: FieldPath,
    titles: readonly string[],
    visit: (schema: JsonSchema, path: FieldPath, titles: readonly string[]) => void,
  ): void {
    if (path.length > MAX_DEPTH || isImageField(schema)) return;
    const resolved = this.resolve(schema);
    if (!resolved || isImageField(resolved)) return;
    const title = titleOf(resolved);
    const ownTitles = title ? [...titles, title] : titles;

    const variants = [...schemaList(resolved.oneOf), ...schemaList(resolved.anyOf), ...schemaList(resolved.allOf)];
    for (const variant of variants) visit(variant, path, titles);
    const choiceVariants = resolved.oneOf !== undefined ? schemaList(resolved.oneOf) : schemaList(resolved.anyOf);
    if (choiceVariants.length > 0) this.nameDiscriminator(choiceVariants, path, ownTitles);

    const types = schemaTypes(resolved);
    if (resolved.properties) {
      for (const [key, property] of Object.entries(resolved.properties)) {
        if (property && typeof property === 'object') visit(property, [...path, key], []);
      }
    }
    if (resolved.items && typeof resolved.items === 'object' && !Array.isArray(resolved.items)) {
      visit(resolved.items, [...path, '*'], ownTitles);
      return;
    }
    if (path.length === 0 || resolved.properties || types.includes('object') || types.includes('array')) return;
    this.addLeaf(resolved, path, ownTitles, variants.length > 0);
  }

  private addLeaf(schema: JsonSchema, path: FieldPath, titles: readonly string[], onlyVariants: boolean): void {
    const fixed = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
    const types = schemaTypes(schema);
    if (onlyVariants && !fixed && types.length === 0) return;
    const leaf = this.leaf(path);
    for (const title of titles) leaf.titles.add(title);
    if (fixed) {
      for (const value of fixed) {
        if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
        const id = JSON.stringify(value);
        if (!leaf.choices.has(id)) leaf.choices.set(id, { value, label: String(value) });
      }
      const values = [...leaf.choices.values()].map((choice) => typeof choice.value);
      if (values.length > 0 && values.every((type) => type === 'number')) leaf.kinds.add('number');
      else if (values.length > 0 && values.every((type) => type === 'boolean')) leaf.kinds.add('boolean');
      else leaf.kinds.add('enum');
      return;
    }
    leaf.open = true;
    if (types.includes('integer') || types.includes('number')) leaf.kinds.add('number');
    else if (types.includes('boolean')) leaf.kinds.add('boolean');
    else if (types.includes('string')) leaf.kinds.add('text');
  }

  /** Variants told apart by a fixed property: the container answers for it; each variant's title labels its value. */
  private nameDiscriminator(variants: readonly JsonSchema[], path: FieldPath, containerTitles: readonly string[]): void {
    let discriminator: string | null;
    try {
      discriminator = variantDiscriminator(this.root, [...variants]);
    } catch {
      return; // a variant refers to nothing: its fields are left out like any broken reference
    }
    if (!discriminator) return;
    const leafPath = [...path, discriminator];
    const leaf = this.leaf(leafPath);
    const containerKey = [...path].reverse().find((step) => step !== '*');
    if (containerKey) leaf.containerNames.add(containerKey);
    for (const title of containerTitles) leaf.containerNames.add(title);
    for (const variant of variants) {
      const resolved = this.resolve(variant);
      const property = resolved?.properties ? own(resolved.properties, discriminator) : undefined;
      const target = property ? this.resolve(property) : null;
      const value = target?.const ?? (Array.isArray(target?.enum) && target.enum.length === 1 ? target.enum[0] : undefined);
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
      leaf.choices.set(JSON.stringify(value), { value, label: (resolved && titleOf(resolved)) ?? String(value) });
    }
  }
}

function leavesOf(cardType: CardTypeDef): Leaf[] {
  const walker = new SchemaWalker(cardType.schema);
  walker.walkAll(cardType.schema);
  const leaves = [...walker.leaves.values()];
  for (const leaf of leaves) leaf.cardTypes.add(cardType.id);
  return leaves;
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
  const merged = new Map<string, Leaf>();
  for (const cardType of system.cardTypes) {
    for (const leaf of leavesOf(cardType)) {
      const id = JSON.stringify(leaf.path);
      const known = merged.get(id);
      if (!known) merged.set(id, leaf);
      else {
        for (const title of leaf.titles) known.titles.add(title);
        for (const name of leaf.containerNames) known.containerNames.add(name);
        for (const kind of leaf.kinds) known.kinds.add(kind);
        known.open ||= leaf.open;
        for (const cardType of leaf.cardTypes) known.cardTypes.add(cardType);
        for (const [choiceId, choice] of leaf.choices) if (!known.choices.has(choiceId)) known.choices.set(choiceId, choice);
      }
    }
  }

  const identity = system.identity;
  const fields: SearchField[] = [];
  for (const leaf of merged.values()) {
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
      return identityLabel ? { value: choice.value, label: identityLabel } : choice;
    });
    const extraNames = isIdentity ? [identity.label, 'identity'] : [];
    const names = namesOf([leaf.key, ...leaf.titles, ...leaf.containerNames, ...extraNames]).filter(
      (name) => !BUILT_IN_NAMES.has(name),
    );
    if (names.length === 0) continue;
    fields.push({
      key: leaf.key,
      label: [...leaf.titles][0] ?? leaf.key,
      kind,
      paths: [leaf.path],
      names,
      choices: kind === 'text' || leaf.open ? [] : choices,
      depth: leaf.path.filter((step) => step !== '*').length,
      cardTypes: [...leaf.cardTypes],
    });
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
