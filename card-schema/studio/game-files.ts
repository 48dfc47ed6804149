// A game's files as the studio edits them: the parsed JSON files of its folder by path
// ("system.json", "schemas/hero.schema.json", "layouts.json"), exactly what the loader reads and
// a bundle carries. Every edit returns a new map (the old one stays for undo); a part that
// system.json holds inline or in a file of its own is read and written where it is.

export type Json = Record<string, unknown>;
/** The game's JSON files by path inside its folder. */
export type GameFileMap = Readonly<Record<string, unknown>>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field name a card stores and a layout names: a JSON identifier. */
export const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const FIELD_NAME_RULE = 'letters, digits and _, starting with a letter or _ (no spaces)';
/** Ids a game writes into its files (types, sections, rules, zones): the loader's pattern. */
export const GAME_ID = /^[a-z0-9][a-z0-9-]*$/;
export const GAME_ID_RULE = 'lowercase letters, digits and dashes, starting with a letter or digit';

export function systemJson(files: GameFileMap): Json {
  const system = files['system.json'];
  return isObject(system) ? system : {};
}

/** `system.json`'s part `key` (definitions, layouts): the file it names, or the value itself. */
export function partOf(files: GameFileMap, key: string): unknown {
  const entry = systemJson(files)[key];
  return typeof entry === 'string' ? files[entry] : entry;
}

/** Writes `system.json`'s part `key` where it lives (its own file, or inline). */
export function withPart(files: GameFileMap, key: string, value: unknown): GameFileMap {
  const entry = systemJson(files)[key];
  if (typeof entry === 'string') return { ...files, [entry]: value };
  return withSystem(files, (system) => ({ ...system, [key]: value }));
}

export function withSystem(files: GameFileMap, change: (system: Json) => Json): GameFileMap {
  return { ...files, 'system.json': change(JSON.parse(JSON.stringify(systemJson(files))) as Json) };
}

export function cardTypesOf(files: GameFileMap): Json[] {
  const types = systemJson(files).cardTypes;
  return Array.isArray(types) ? types.filter(isObject) : [];
}

/** A card type's JSON Schema (from its file, or inline), undefined for an unknown type. */
export function typeSchemaOf(files: GameFileMap, typeId: string): Json | undefined {
  const type = cardTypesOf(files).find((candidate) => candidate.id === typeId);
  if (!type) return undefined;
  const schema = typeof type.schema === 'string' ? files[type.schema] : type.schema;
  return isObject(schema) ? schema : undefined;
}

/** Writes a card type's schema where it lives; a type that has none yet gets `schemas/<id>.schema.json`. */
export function withTypeSchema(files: GameFileMap, typeId: string, schema: Json): GameFileMap {
  const type = cardTypesOf(files).find((candidate) => candidate.id === typeId);
  if (!type) throw new Error(`The game has no card type "${typeId}"`);
  if (typeof type.schema === 'string') return { ...files, [type.schema]: schema };
  if (isObject(type.schema)) return withCardType(files, typeId, (current) => ({ ...current, schema }));
  const path = freePath(files, `schemas/${typeId}.schema.json`);
  return withCardType({ ...files, [path]: schema }, typeId, (current) => ({ ...current, schema: path }));
}

export function withCardType(files: GameFileMap, typeId: string, change: (type: Json) => Json): GameFileMap {
  return withSystem(files, (system) => ({
    ...system,
    cardTypes: (Array.isArray(system.cardTypes) ? system.cardTypes : []).map((type: unknown) =>
      isObject(type) && type.id === typeId ? change(type) : type,
    ),
  }));
}

/** `path`, or `name-2.ext`, `name-3.ext` … when the folder holds a file there already. */
export function freePath(files: GameFileMap, path: string): string {
  if (!(path in files)) return path;
  const dot = path.indexOf('.', path.lastIndexOf('/') + 1);
  const [stem, ext] = dot < 0 ? [path, ''] : [path.slice(0, dot), path.slice(dot)];
  for (let n = 2; ; n++) if (!(`${stem}-${n}${ext}` in files)) return `${stem}-${n}${ext}`;
}

/** The files no card type, `definitions` or `layouts` names any more (a removed type's schema). */
export function withoutOrphanSchemas(files: GameFileMap): GameFileMap {
  const system = systemJson(files);
  const named = new Set<string>(['system.json']);
  for (const key of ['definitions', 'layouts']) if (typeof system[key] === 'string') named.add(system[key]);
  for (const type of cardTypesOf(files)) if (typeof type.schema === 'string') named.add(type.schema);
  const kept: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(files)) {
    if (named.has(path) || !path.startsWith('schemas/')) kept[path] = value;
  }
  return kept;
}
