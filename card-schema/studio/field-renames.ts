// Renaming a card field in the studio: the type's schema, its field order and layout, and the
// game-wide places that name fields (deck rules, board, identity, rarity, labels) follow the
// new name, and every card of the type carries its value over (applyRenames). A rename is
// undone by its inverse, so undoing a saved rename moves the values back.

import {
  cardTypesOf,
  isObject,
  partOf,
  typeSchemaOf,
  withCardType,
  withPart,
  withSystem,
  withTypeSchema,
  type GameFileMap,
  type Json,
} from './game-files';

export interface FieldRename {
  cardType: string;
  from: string;
  to: string;
}

/** Keys whose string value (or list of strings) names a card field, anywhere in system.json. */
const FIELD_KEYS = new Set(['field', 'leaderField', 'limitField', 'costField', 'by', 'fields', 'nameField']);

function renameKey(object: Json, from: string, to: string): Json {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key === from ? to : key, value]));
}

function renameRefs(value: unknown, from: string, to: string, key?: string): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => (key && FIELD_KEYS.has(key) && item === from ? to : renameRefs(item, from, to)));
  }
  if (!isObject(value)) return key && FIELD_KEYS.has(key) && value === from ? to : value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameRefs(v, from, to, k)]));
}

/** Element keys whose value is a bare card field name. */
const LAYOUT_FIELD_KEYS = ['field', 'when', 'unless', 'hideRemindersWhen'];
/** Element keys holding a paint, whose `byField` (also inside a gradient's ends) names a card field. */
const PAINT_KEYS = ['fill', 'stroke', 'color'];

/** A paint with its `byField` (or its gradient ends' `byField`) renamed. */
function renameInPaint(paint: unknown, from: string, to: string): unknown {
  if (!isObject(paint)) return paint;
  if (Array.isArray(paint.gradient)) return { ...paint, gradient: paint.gradient.map((end) => renameInPaint(end, from, to)) };
  return paint.byField === from ? { ...paint, byField: to } : paint;
}

/** `{from}` tokens of a layout's text templates, and every element key and paint naming the field. */
function renameInLayout(layout: unknown, from: string, to: string): unknown {
  if (!isObject(layout) || !Array.isArray(layout.elements)) return layout;
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const token = new RegExp(`\\{${escaped}([}:|])`, 'g');
  return {
    ...layout,
    background: renameInPaint(layout.background, from, to),
    elements: layout.elements.map((element: unknown) => {
      if (!isObject(element)) return element;
      const next: Json = { ...element };
      for (const key of LAYOUT_FIELD_KEYS) if (next[key] === from) next[key] = to;
      for (const key of PAINT_KEYS) if (key in next) next[key] = renameInPaint(next[key], from, to);
      for (const key of ['text', 'template']) {
        if (typeof next[key] === 'string') next[key] = (next[key] as string).replace(token, `{${to}$1`);
      }
      return next;
    }),
  };
}

/** Does another card type than `typeId` still have a field named `name`? */
function otherTypeHas(files: GameFileMap, typeId: string, name: string): boolean {
  return cardTypesOf(files).some((type) => {
    if (type.id === typeId || typeof type.id !== 'string') return false;
    const props = typeSchemaOf(files, type.id)?.properties;
    return isObject(props) && name in props;
  });
}

export function renameField(files: GameFileMap, rename: FieldRename): GameFileMap {
  const { cardType, from, to } = rename;
  const schema = typeSchemaOf(files, cardType);
  if (!schema || !isObject(schema.properties) || !(from in schema.properties)) {
    throw new Error(`The card type "${cardType}" has no field "${from}"`);
  }
  if (to in schema.properties) throw new Error(`The card type "${cardType}" has a field "${to}" already`);
  let next = withTypeSchema(files, cardType, {
    ...schema,
    properties: renameKey(schema.properties, from, to),
    ...(Array.isArray(schema.required) ? { required: schema.required.map((name: unknown) => (name === from ? to : name)) } : {}),
  });
  const type = cardTypesOf(next).find((candidate) => candidate.id === cardType);
  next = withCardType(next, cardType, (current) =>
    Array.isArray(current.fieldOrder)
      ? { ...current, fieldOrder: current.fieldOrder.map((name: unknown) => (name === from ? to : name)) }
      : current,
  );
  const layouts = partOf(next, 'layouts');
  if (isObject(layouts) && typeof type?.layout === 'string' && type.layout in layouts) {
    next = withPart(next, 'layouts', { ...layouts, [type.layout]: renameInLayout(layouts[type.layout], from, to) });
  }
  // Game-wide references follow only when no other type keeps a field by the old name.
  if (otherTypeHas(next, cardType, from)) return next;
  return withSystem(next, (system) => {
    const renamed = renameRefs(system, from, to) as Json;
    if (isObject(renamed.enumLabels) && from in renamed.enumLabels) {
      renamed.enumLabels = renameKey(renamed.enumLabels, from, to);
    }
    return renamed;
  });
}

/** A card document with the renames of its type applied in order; the same object when none applies. */
export function applyRenames<T extends Record<string, unknown>>(doc: T, renames: readonly FieldRename[]): T {
  let next = doc;
  for (const rename of renames) {
    if (next.type !== rename.cardType || !Object.hasOwn(next, rename.from) || Object.hasOwn(next, rename.to)) continue;
    next = renameKey(next, rename.from, rename.to) as T;
  }
  return next;
}

export function invertRenames(renames: readonly FieldRename[]): FieldRename[] {
  return renames.map(({ cardType, from, to }) => ({ cardType, from: to, to: from })).reverse();
}

/** A chain of renames made shorter: a→b then b→c is a→c; a→b then b→a is nothing. */
export function composeRenames(renames: readonly FieldRename[]): FieldRename[] {
  const out: FieldRename[] = [];
  for (const rename of renames) {
    const earlier = out.findIndex((r) => r.cardType === rename.cardType && r.to === rename.from);
    if (earlier < 0) out.push({ ...rename });
    else if (out[earlier].from === rename.to) out.splice(earlier, 1);
    else out[earlier] = { ...out[earlier], to: rename.to };
  }
  return out;
}
