// A new game's files made from another game's (a starter or an installed game): the same folder
// with the new id, name and card size, the layouts scaled to that size, and the identity values
// renamed where the schemas list them. Works on the parsed JSON files by path, as a game-system
// folder holds them; the loader then checks the result like any other game.

import type { IdentityValue } from './format';

export interface CardSize {
  widthMm: number;
  heightMm: number;
  cornerRadiusMm: number;
}

export interface NewGameChoices {
  id: string;
  name: string;
  card: CardSize;
  /** The identity's label and values; only for a game that has an identity. */
  identity?: { label: string; values: IdentityValue[] };
  /** A starter's description and license are its own, not the new game's; a copy keeps a game's. */
  fromStarter: boolean;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys of a layout element measured across the card, down it, or in both (sizes, radii). */
const ACROSS = ['x', 'w'];
const DOWN = ['y', 'h'];
const BOTH = ['radius', 'strokeWidth', 'size', 'minSize'];

const round = (value: number) => Math.round(value * 100) / 100;

/** Layouts drawn for one card size, redrawn for another: positions stretch, text and strokes scale by the smaller ratio so nothing grows out of its box. */
export function scaleLayouts(layouts: Json, sx: number, sy: number): Json {
  const both = Math.min(sx, sy);
  const scaled: Json = {};
  for (const [name, layout] of Object.entries(layouts)) {
    if (!isObject(layout) || !Array.isArray(layout.elements)) {
      scaled[name] = layout;
      continue;
    }
    const elements = layout.elements.map((element: unknown) => {
      if (!isObject(element)) return element;
      const next: Json = { ...element };
      for (const [keys, factor] of [
        [ACROSS, sx],
        [DOWN, sy],
        [BOTH, both],
      ] as const) {
        for (const key of keys) if (typeof next[key] === 'number') next[key] = round(next[key] * factor);
      }
      return next;
    });
    scaled[name] = { ...layout, elements };
  }
  return scaled;
}

/** The file a `system.json` entry names (a path in the folder), or the entry itself when it is inline. */
function fileOrInline(files: Json, system: Json, key: string): { value: unknown; put: (value: unknown) => void } {
  const entry = system[key];
  if (typeof entry === 'string') return { value: files[entry], put: (value) => (files[entry] = value) };
  return { value: entry, put: (value) => (system[key] = value) };
}

/** Every schema node that defines the identity field: in a card type's properties, or the definition it refers to. */
function identityFieldNodes(files: Json, system: Json, field: string): Json[] {
  const definitions = fileOrInline(files, system, 'definitions').value;
  const nodes = new Set<Json>();
  for (const cardType of Array.isArray(system.cardTypes) ? system.cardTypes : []) {
    if (!isObject(cardType)) continue;
    const schema = typeof cardType.schema === 'string' ? files[cardType.schema] : cardType.schema;
    if (!isObject(schema) || !isObject(schema.properties)) continue;
    let node = schema.properties[field];
    for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && hops < 8; hops++) {
      const name = /^#\/\$defs\/([^/]+)$/.exec(node.$ref)?.[1];
      if (name === undefined) break;
      const own = isObject(schema.$defs) ? schema.$defs[name] : undefined;
      node = own ?? (isObject(definitions) ? definitions[name] : undefined);
    }
    if (isObject(node)) nodes.add(node);
  }
  return [...nodes];
}

/** The identity's values renamed in system.json and in each schema node that lists them (its enum and default). */
function renameIdentity(files: Json, system: Json, identity: NonNullable<NewGameChoices['identity']>): void {
  const current = system.identity;
  if (!isObject(current) || typeof current.field !== 'string') return;
  const ids = identity.values.map((value) => value.id);
  for (const node of identityFieldNodes(files, system, current.field)) {
    const list = isObject(node.items) ? node.items : node;
    if (Array.isArray(list.enum)) list.enum = [...ids];
    if (Array.isArray(node.default)) {
      const kept = node.default.filter((value) => ids.includes(value as string));
      if (kept.length > 0) node.default = kept;
      else delete node.default;
    } else if (typeof node.default === 'string' && !ids.includes(node.default)) delete node.default;
    if (typeof node.maxItems === 'number' && node.maxItems > ids.length) node.maxItems = ids.length;
    if (typeof node.minItems === 'number' && node.minItems > ids.length) node.minItems = ids.length;
  }
  system.identity = { ...current, label: identity.label, values: identity.values };
  // The identity field is labelled by its values; an old label table would name values that are gone.
  if (isObject(system.enumLabels)) delete system.enumLabels[current.field];
}

/** The new game's files (a deep copy; `files` is left as it was). */
export function newGameFiles(files: Readonly<Json>, choices: NewGameChoices): Json {
  const next = JSON.parse(JSON.stringify(files)) as Json; // JSON files: a JSON round trip is a deep copy
  const system = next['system.json'];
  if (!isObject(system)) throw new Error('the game has no system.json');
  const card = isObject(system.card) ? system.card : {};
  const [oldWidth, oldHeight] = [Number(card.widthMm), Number(card.heightMm)];
  system.id = choices.id;
  system.name = choices.name;
  system.version = '0.1.0';
  system.card = { ...choices.card };
  if (choices.fromStarter) {
    delete system.description;
    delete system.license;
  }
  if (oldWidth > 0 && oldHeight > 0 && (oldWidth !== choices.card.widthMm || oldHeight !== choices.card.heightMm)) {
    const layouts = fileOrInline(next, system, 'layouts');
    if (isObject(layouts.value))
      layouts.put(scaleLayouts(layouts.value, choices.card.widthMm / oldWidth, choices.card.heightMm / oldHeight));
  }
  if (choices.identity) renameIdentity(next, system, choices.identity);
  return next;
}
