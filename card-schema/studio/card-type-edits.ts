// The studio's edits of card types, on a game's files (game-files.ts): each takes a GameFileMap
// and returns the next one, leaving the old one for undo. A card type lives in three places (its
// entry in system.json `cardTypes`, its JSON Schema, its layout); these edits keep them in step.
// Its fields are field-edits.ts's.
//
// Removing a card type is refused while the game's rules name it (a deck section's or rule's
// `types`, the board, packs, another type's card reference): taking the id out of those lists
// silently would change what they mean (a `types` list left empty matches every card), so the
// designer is told where it is named and decides there. The checks an edit needs first (a bad or
// taken id, an empty name) are separate functions the forms show at their inputs; an edit given
// input that fails them throws, as that is a bug in the caller.

import { NAME_FIELD, TYPE_FIELD, typeFieldsOf } from './field-edits';
import {
  GAME_ID,
  GAME_ID_RULE,
  cardTypesOf,
  isObject,
  partOf,
  systemJson,
  typeSchemaOf,
  withCardType,
  withPart,
  withSystem,
  withTypeSchema,
  withoutOrphanSchemas,
  type GameFileMap,
  type Json,
} from './game-files';

/** Why `id` cannot be a new card type's id, if it cannot. */
export function typeIdProblem(files: GameFileMap, id: string): string | undefined {
  if (id === '') return 'Give the card type an id.';
  if (!GAME_ID.test(id)) return `The id "${id}" cannot be used: use ${GAME_ID_RULE}.`;
  const taken = cardTypesOf(files).find((type) => type.id === id);
  if (taken) return `The card type ${String(taken.label ?? id)} has the id "${id}" already; choose another.`;
  return undefined;
}

export function typeLabelProblem(label: string): string | undefined {
  return label.trim() === '' ? 'Give the card type a name.' : undefined;
}

/** The field a new type's cards are named by: the game's shared `name` definition, when it has one. */
function nameProperty(files: GameFileMap): Json {
  const definitions = partOf(files, 'definitions');
  if (isObject(definitions) && isObject(definitions[NAME_FIELD])) return { $ref: `#/$defs/${NAME_FIELD}` };
  return { type: 'string', title: 'Name', minLength: 1, maxLength: 40 };
}

/** A free key of `layouts` for the new type's layout: its id, or `id-2` … */
function freeLayoutName(layouts: Json, id: string): string {
  if (!(id in layouts)) return id;
  for (let n = 2; ; n++) if (!(`${id}-${n}` in layouts)) return `${id}-${n}`;
}

/** A plain layout for a game with none to copy: the name in a bar, the type's name under it. */
function plainLayout(files: GameFileMap): Json {
  const card = systemJson(files).card;
  const w = isObject(card) && typeof card.widthMm === 'number' ? card.widthMm : 63;
  const h = isObject(card) && typeof card.heightMm === 'number' ? card.heightMm : 88;
  const m = Math.round(w * 0.08 * 10) / 10;
  return {
    background: '#ffffff',
    elements: [
      { kind: 'rect', x: m / 2, y: m / 2, w: w - m, h: h - m, radius: 2, stroke: '#3b4049', strokeWidth: 0.4 },
      { kind: 'text', x: m, y: m, w: w - 2 * m, h: 9, text: '{name}', size: 10, minSize: 7, font: 'bold', valign: 'middle' },
      { kind: 'text', x: m, y: m + 10, w: w - 2 * m, h: 5, text: '{typeLabel}', size: 7, minSize: 6, color: '#5c6370' },
    ],
  };
}

/**
 * A new card type: its schema file (the `type` const and a name), its entry in `cardTypes` and a
 * layout, a copy of the first type's (so it prints like the game's cards from the start), or a
 * plain one when there is none to copy.
 */
export function addCardType(files: GameFileMap, input: { id: string; label: string }): GameFileMap {
  const id = input.id;
  const label = input.label.trim();
  const problem = typeIdProblem(files, id) ?? typeLabelProblem(label);
  if (problem) throw new Error(problem);
  const schema: Json = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: label,
    type: 'object',
    properties: { [TYPE_FIELD]: { const: id, title: 'Card type' }, [NAME_FIELD]: nameProperty(files) },
    required: [TYPE_FIELD, NAME_FIELD],
    additionalProperties: false,
  };
  const layoutsPart = partOf(files, 'layouts');
  const layouts = isObject(layoutsPart) ? layoutsPart : {};
  const first = cardTypesOf(files)[0];
  const template = typeof first?.layout === 'string' ? layouts[first.layout] : undefined;
  const layoutName = freeLayoutName(layouts, id);
  let next = withPart(files, 'layouts', {
    ...layouts,
    [layoutName]: isObject(template) ? (JSON.parse(JSON.stringify(template)) as Json) : plainLayout(files),
  });
  next = withSystem(next, (system) => ({
    ...system,
    cardTypes: [
      ...(Array.isArray(system.cardTypes) ? system.cardTypes : []),
      { id, label, layout: layoutName, fieldOrder: [NAME_FIELD] },
    ],
  }));
  return withTypeSchema(next, id, schema);
}

/** The type's name for people; the schema's title follows when it said the same. */
export function setCardTypeLabel(files: GameFileMap, typeId: string, label: string): GameFileMap {
  const problem = typeLabelProblem(label);
  if (problem) throw new Error(problem);
  const type = cardTypesOf(files).find((candidate) => candidate.id === typeId);
  const schema = typeSchemaOf(files, typeId);
  let next = withCardType(files, typeId, (current) => ({ ...current, label: label.trim() }));
  if (schema && (schema.title === undefined || schema.title === type?.label)) {
    next = withTypeSchema(next, typeId, { ...schema, title: label.trim() });
  }
  return next;
}

/** The type's description: its schema's `description` (removed when empty). */
export function setCardTypeDescription(files: GameFileMap, typeId: string, description: string): GameFileMap {
  const schema = typeSchemaOf(files, typeId) ?? {};
  const { description: _old, ...rest } = schema;
  const text = description.trim();
  return withTypeSchema(files, typeId, text === '' ? rest : { ...rest, description: text });
}

function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, index + by));
  const out = [...list];
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item);
  return out;
}

/** The type `by` places up (negative) or down the list (the order of the editor's type picker). */
export function moveCardType(files: GameFileMap, typeId: string, by: number): GameFileMap {
  return withSystem(files, (system) => {
    const types: unknown[] = Array.isArray(system.cardTypes) ? system.cardTypes : [];
    const index = types.findIndex((type) => isObject(type) && type.id === typeId);
    return index < 0 ? system : { ...system, cardTypes: moved(types, index, by) };
  });
}

/** Where the game names the type besides its own entry, as phrases ("deck section \"watch\""). */
export function cardTypeUses(files: GameFileMap, typeId: string): string[] {
  const uses: string[] = [];
  const { cardTypes: _types, ...rest } = systemJson(files);
  const walk = (value: unknown, path: (string | number)[], owner: Json | undefined): void => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i], owner));
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'types' && Array.isArray(child) && child.includes(typeId)) uses.push(placeOf(path, value, owner));
      walk(child, [...path, key], typeof value.id === 'string' ? value : owner);
    }
  };
  walk(rest, [], undefined);
  for (const type of cardTypesOf(files)) {
    if (type.id === typeId || typeof type.id !== 'string') continue;
    for (const spec of typeFieldsOf(files, type.id)) {
      if (spec.kind === 'cardRef' && spec.types?.includes(typeId)) uses.push(`the field "${spec.name}" of ${String(type.label)}`);
    }
  }
  return [...new Set(uses)];
}

const PLACES: Record<string, string> = {
  sections: 'deck section',
  rules: 'deck rule',
  generators: 'deck generator',
  formats: 'format',
  packs: 'pack',
  zones: 'board zone',
};

/** A phrase for the place at `path`: the nearest list item with an id, or the part it is in. */
function placeOf(path: (string | number)[], node: Json, owner: Json | undefined): string {
  const top = String(path[0] ?? '');
  const holder = typeof node.id === 'string' ? node : owner;
  const listKey = [...path].reverse().find((step) => typeof step === 'string' && step in PLACES);
  if (holder && typeof listKey === 'string') return `${PLACES[listKey]} "${String(holder.id)}"`;
  if (top === 'board') return 'the board setup';
  if (top === 'deck') return 'the deck rules';
  return `system.json's "${top}"`;
}

/** Why the type cannot be removed now, if it cannot: a sentence naming where it is used. */
export function cardTypeRemovalProblem(files: GameFileMap, typeId: string): string | undefined {
  const uses = cardTypeUses(files, typeId);
  if (uses.length === 0) return undefined;
  const label = String(cardTypesOf(files).find((type) => type.id === typeId)?.label ?? typeId);
  return `${label} cannot be removed while ${uses.join(', ')} ${uses.length === 1 ? 'names' : 'name'} it: take it out there first.`;
}

/** The type, its schema file and its layout (when no other type draws with it) go. */
export function removeCardType(files: GameFileMap, typeId: string): GameFileMap {
  const problem = cardTypeRemovalProblem(files, typeId);
  if (problem) throw new Error(problem);
  const type = cardTypesOf(files).find((candidate) => candidate.id === typeId);
  let next = withSystem(files, (system) => ({
    ...system,
    cardTypes: (Array.isArray(system.cardTypes) ? system.cardTypes : []).filter(
      (candidate: unknown) => !(isObject(candidate) && candidate.id === typeId),
    ),
  }));
  const layout = type?.layout;
  const layouts = partOf(next, 'layouts');
  const stillUsed =
    systemJson(next).back === layout || cardTypesOf(next).some((other) => other.layout === layout || other.back === layout);
  if (typeof layout === 'string' && isObject(layouts) && layout in layouts && !stillUsed) {
    const { [layout]: _gone, ...rest } = layouts;
    next = withPart(next, 'layouts', rest);
  }
  return withoutOrphanSchemas(next);
}
