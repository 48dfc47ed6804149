// The Game tab's edits on system.json: name, version, description, card size and the identity's
// values (colours, factions). Each returns the files after it, or a sentence saying why not.

import {
  cardTypesOf,
  GAME_ID,
  GAME_ID_RULE,
  isObject,
  partOf,
  systemJson,
  typeSchemaOf,
  withSystem,
  type GameFileMap,
  type Json,
} from '../../../card-schema/studio/game-files';

export type Result = { files: GameFileMap } | { problem: string };

export const CARD_MM = { min: 20, max: 300, cornerMax: 20 } as const;

export function setText(files: GameFileMap, key: 'name' | 'version' | 'description', value: string): Result {
  const text = value.trim();
  if (key === 'name' && text === '') return { problem: 'A game needs a name' };
  if (key === 'name' && text.length > 80) return { problem: 'A name has at most 80 characters' };
  if (key === 'version' && !/^\d+\.\d+\.\d+$/.test(text)) return { problem: 'A version is three numbers, like 1.0.0' };
  return {
    files: withSystem(files, (system) => {
      if (key === 'description' && text === '') {
        const { description: _gone, ...rest } = system;
        return rest;
      }
      return { ...system, [key]: text };
    }),
  };
}

export function setCardSize(files: GameFileMap, key: 'widthMm' | 'heightMm' | 'cornerRadiusMm', value: number): Result {
  const [min, max] = key === 'cornerRadiusMm' ? [0, CARD_MM.cornerMax] : [CARD_MM.min, CARD_MM.max];
  if (!Number.isFinite(value) || value < min || value > max) return { problem: `Between ${min} and ${max} mm` };
  return {
    files: withSystem(files, (system) => ({ ...system, card: { ...(isObject(system.card) ? system.card : {}), [key]: value } })),
  };
}

export interface IdentityValueForm {
  id: string;
  label: string;
  color: string;
  neutral: boolean;
}

export function identityValues(files: GameFileMap): IdentityValueForm[] {
  const identity = systemJson(files).identity;
  const values = isObject(identity) && Array.isArray(identity.values) ? identity.values.filter(isObject) : [];
  return values.map((value) => ({
    id: String(value.id ?? ''),
    label: String(value.label ?? ''),
    color: typeof value.color === 'string' ? value.color : '#888888',
    neutral: value.neutral === true,
  }));
}

/** Problems of one identity value, by the field they belong to. */
export function valueProblems(
  value: IdentityValueForm,
  others: readonly IdentityValueForm[],
): Partial<Record<'id' | 'label' | 'color', string>> {
  const problems: Partial<Record<'id' | 'label' | 'color', string>> = {};
  if (!GAME_ID.test(value.id)) problems.id = `An id is ${GAME_ID_RULE}`;
  else if (others.some((other) => other.id === value.id)) problems.id = `Another value has the id "${value.id}"`;
  if (value.label.trim() === '') problems.label = 'Each value needs a name';
  if (!/^#[0-9a-fA-F]{6}$/.test(value.color)) problems.color = 'A colour as #rrggbb';
  return problems;
}

/**
 * Writes the identity's values. A value's id is what cards store, so changing or removing one
 * that cards use shows in the save's report (cards that become invalid); the schemas' lists of
 * allowed values follow (the enum that names the old ids is rewritten).
 */
export function setIdentityValues(files: GameFileMap, values: readonly IdentityValueForm[]): Result {
  for (const [index, value] of values.entries()) {
    const problems = valueProblems(
      value,
      values.filter((_, other) => other !== index),
    );
    const first = Object.values(problems)[0];
    if (first) return { problem: `${value.label || `Value ${index + 1}`}: ${first}` };
  }
  const identity = systemJson(files).identity;
  if (!isObject(identity)) return { problem: 'This game has no identity' };
  const oldIds = identityValues(files).map((value) => value.id);
  const newIds = values.map((value) => value.id);
  const written = values.map((value) => {
    const out: Json = { id: value.id, label: value.label.trim(), color: value.color };
    if (value.neutral) out.neutral = true;
    return out;
  });
  let next = withSystem(files, (system) => ({ ...system, identity: { ...identity, values: written } }));
  next = rewriteEnums(next, oldIds, newIds);
  return { files: next };
}

/** Every `enum` in the game's schemas that lists exactly the old identity ids now lists the new ones. */
function rewriteEnums(files: GameFileMap, oldIds: readonly string[], newIds: readonly string[]): GameFileMap {
  const same = (list: unknown) =>
    Array.isArray(list) && list.length === oldIds.length && list.every((item, index) => item === oldIds[index]);
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) out[key] = key === 'enum' && same(value) ? [...newIds] : walk(value);
    return out;
  };
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(files))
    out[path] = path.endsWith('.json') && path !== 'layouts.json' ? walk(value) : value;
  return out;
}

/** Colours new identity values get, in turn (the designer recolours them). */
const PALETTE = ['#c8641e', '#2d6f9e', '#4d7f34', '#8e3b8a', '#b8912f', '#6b6478', '#b03a48', '#3a8a85'];

/** The schema node a property stands for: itself, or the definition its `$ref` names. */
function resolved(files: GameFileMap, schema: Json, node: unknown): Json | undefined {
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && hops < 8; hops++) {
    const name = /^#\/\$defs\/([^/]+)$/.exec(node.$ref)?.[1];
    if (name === undefined) return undefined;
    const own = isObject(schema.$defs) ? schema.$defs[name] : undefined;
    const shared = partOf(files, 'definitions');
    node = own ?? (isObject(shared) ? shared[name] : undefined);
  }
  return isObject(node) ? node : undefined;
}

/** The fields that can be the identity: a choice or a list of choices, with the values they allow. */
export function identityCandidates(files: GameFileMap): { field: string; label: string; values: string[] }[] {
  const found = new Map<string, { field: string; label: string; values: string[] }>();
  for (const type of cardTypesOf(files)) {
    const schema = typeof type.id === 'string' ? typeSchemaOf(files, type.id) : undefined;
    if (!schema || !isObject(schema.properties)) continue;
    for (const [field, property] of Object.entries(schema.properties)) {
      const node = resolved(files, schema, property);
      const list =
        node &&
        (Array.isArray(node.enum)
          ? node.enum
          : isObject(node.items) && Array.isArray(node.items.enum)
            ? node.items.enum
            : undefined);
      if (!list || found.has(field) || !list.every((value) => typeof value === 'string')) continue;
      found.set(field, { field, label: typeof node.title === 'string' ? node.title : field, values: list as string[] });
    }
  }
  return [...found.values()];
}

const title = (id: string) => id.charAt(0).toUpperCase() + id.slice(1).replace(/-/g, ' ');

/** Makes a choice field the game's identity, its values named after the field's labels (or ids) and coloured in turn. */
export function makeIdentity(files: GameFileMap, field: string): Result {
  const candidate = identityCandidates(files).find((found) => found.field === field);
  if (!candidate) return { problem: `No card type has a choice field "${field}"` };
  if (candidate.values.length === 0) return { problem: `${candidate.label} has no values to make an identity of` };
  const labels = systemJson(files).enumLabels;
  const named = isObject(labels) && isObject(labels[field]) ? labels[field] : {};
  const values = candidate.values.map((id, index) => ({
    id,
    label: typeof named[id] === 'string' ? named[id] : title(id),
    color: PALETTE[index % PALETTE.length],
  }));
  return { files: withSystem(files, (system) => ({ ...system, identity: { field, label: candidate.label, values } })) };
}

export function setIdentityLabel(files: GameFileMap, label: string): Result {
  const identity = systemJson(files).identity;
  if (!isObject(identity)) return { problem: 'This game has no identity' };
  if (label.trim() === '') return { problem: 'The identity needs a name ("Faction", "Color")' };
  return { files: withSystem(files, (system) => ({ ...system, identity: { ...identity, label: label.trim() } })) };
}
