// A game's card schemas read as leaves: every property holding a value (text, a number, yes/no or
// one of a list), at any depth, with the titles it is shown under and the card types that have
// it. Local $refs are followed, oneOf/anyOf/allOf variants merged, arrays stepped into with '*',
// image fields left out. Game files are untrusted: the walk is breadth first within a node budget
// and skips what is malformed. fields.ts turns the leaves into searchable fields.

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

/** Deeper schemas are not searched (a recursive schema stops here). */
const MAX_DEPTH = 12;
/** Schema nodes read per card type: a game file branching at every level cannot make this slow. */
const MAX_NODES = 20_000;

export interface SchemaLeaf {
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
  readonly leaves = new Map<string, SchemaLeaf>();

  constructor(private readonly root: JsonSchema) {}

  private leaf(path: FieldPath): SchemaLeaf {
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

function leavesOf(cardType: CardTypeDef): SchemaLeaf[] {
  const walker = new SchemaWalker(cardType.schema);
  walker.walkAll(cardType.schema);
  const leaves = [...walker.leaves.values()];
  for (const leaf of leaves) leaf.cardTypes.add(cardType.id);
  return leaves;
}

/** The leaves of every card type of the game, one per path (what several card types share is merged). */
export function schemaLeaves(system: GameSystem): SchemaLeaf[] {
  const merged = new Map<string, SchemaLeaf>();
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
  return [...merged.values()];
}
