// Game-system loading: a folder with system.json (plus the files it names) becomes a GameSystem.
// A system that is itself wrong is refused with the file, the JSON path and the reason; one
// broken system never stops the others from loading.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, normalize, relative, sep } from 'node:path';
import type { ErrorObject } from 'ajv';
import type { CardLayout } from '../../card-schema/layout/format';
import type { GameSystem } from '../../card-schema/system/format';
import type { JsonSchema } from '../../card-schema/system/json-schema';
import gameSystemSchema from '../../card-schema/system/game-system.schema.json';
import { createAjv } from './ajv';

export class GameSystemLoadError extends Error {
  constructor(
    /** File relative to the systems root, e.g. "osmcg/schemas/creature.schema.json". */
    readonly file: string,
    /** JSON pointer inside that file ("" for the whole file). */
    readonly jsonPath: string,
    readonly reason: string,
  ) {
    super(`${file}${jsonPath ? ` at ${jsonPath}` : ''}: ${reason}`);
    this.name = 'GameSystemLoadError';
  }
}

/** Template fields every layout may use besides card fields. */
const LAYOUT_VARIABLES = new Set(['typeLabel', 'systemName']);
const PLACEHOLDER = /\{([A-Za-z_$][\w$.-]*)(?:\|[a-z]+)?\}/g;

const ajv = createAjv();
const validateSystemFile = ajv.compile(gameSystemSchema);

interface Reader {
  root: string;
  dir: string;
  display(file: string): string;
  json(file: string, jsonPath: string): unknown;
}

function reader(dir: string): Reader {
  const root = normalize(join(dir, '..'));
  const display = (file: string) => relative(root, join(dir, file)).split(sep).join('/');
  return {
    root,
    dir,
    display,
    json(file, jsonPath) {
      const full = normalize(join(dir, file));
      if (!full.startsWith(normalize(dir + sep))) {
        throw new GameSystemLoadError(display('system.json'), jsonPath, `"${file}" points outside the system folder`);
      }
      let text: string;
      try {
        text = readFileSync(full, 'utf8');
      } catch {
        throw new GameSystemLoadError(display('system.json'), jsonPath, `the file "${file}" does not exist`);
      }
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        throw new GameSystemLoadError(display(file), '', `not valid JSON: ${(error as Error).message}`);
      }
    },
  };
}

function pointer(instancePath: string, error: ErrorObject): string {
  if (error.keyword === 'required') return `${instancePath}/${(error.params as { missingProperty: string }).missingProperty}`;
  if (error.keyword === 'additionalProperties') return `${instancePath}/${(error.params as { additionalProperty: string }).additionalProperty}`;
  return instancePath;
}

/** The most telling ajv error: the deepest one, preferring a `const` mismatch on `kind`. */
function describeFormatError(errors: ErrorObject[]): { path: string; reason: string } {
  const kindError = errors.find((e) => e.keyword === 'const' && e.instancePath.endsWith('/kind'));
  if (kindError) {
    const kinds = errors
      .filter((e) => e.keyword === 'const' && e.instancePath === kindError.instancePath)
      .map((e) => `"${(e.params as { allowedValue: string }).allowedValue}"`);
    return { path: kindError.instancePath, reason: `unknown kind; expected one of ${kinds.join(', ')}` };
  }
  const deepest = [...errors].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
  const path = pointer(deepest.instancePath, deepest);
  if (deepest.keyword === 'required') return { path, reason: 'is required' };
  if (deepest.keyword === 'additionalProperties') return { path, reason: 'is not a known field of the game-system format' };
  return { path, reason: deepest.message ?? 'is invalid' };
}

function fieldsOf(schema: JsonSchema, defs: Record<string, JsonSchema>): string[] {
  return Object.keys(schema.properties ?? {}).concat(schema.$ref ? fieldsOf(defs[schema.$ref.split('/').pop() ?? ''] ?? {}, defs) : []);
}

/** Loads one system folder. Throws GameSystemLoadError naming file, JSON path and reason. */
export function loadGameSystem(dir: string): GameSystem {
  const read = reader(dir);
  const systemFile = read.display('system.json');
  const raw = read.json('system.json', '');
  if (!validateSystemFile(raw)) {
    const { path, reason } = describeFormatError(validateSystemFile.errors ?? []);
    throw new GameSystemLoadError(systemFile, path, reason);
  }
  const file = raw as Record<string, unknown> & { cardTypes: Record<string, unknown>[] };

  const definitions = (typeof file.definitions === 'string' ? read.json(file.definitions, '/definitions') : (file.definitions ?? {})) as Record<string, JsonSchema>;
  const layoutsFile = typeof file.layouts === 'string' ? file.layouts : undefined;
  const layouts = (layoutsFile ? read.json(layoutsFile, '/layouts') : file.layouts) as Record<string, CardLayout>;
  if (layoutsFile) {
    const check = ajv.compile({ type: 'object', additionalProperties: (gameSystemSchema.$defs as Record<string, unknown>).layout, $defs: gameSystemSchema.$defs });
    if (!check(layouts)) {
      const { path, reason } = describeFormatError(check.errors ?? []);
      throw new GameSystemLoadError(read.display(layoutsFile), path, reason);
    }
  }

  const cardTypes = file.cardTypes.map((cardType, index) => {
    const schemaFile = typeof cardType.schema === 'string' ? cardType.schema : undefined;
    const ownSchema = (schemaFile ? read.json(schemaFile, `/cardTypes/${index}/schema`) : cardType.schema) as JsonSchema;
    const where = schemaFile ? read.display(schemaFile) : systemFile;
    const wherePath = schemaFile ? '' : `/cardTypes/${index}/schema`;
    if (typeof ownSchema !== 'object' || ownSchema === null || Array.isArray(ownSchema)) {
      throw new GameSystemLoadError(where, wherePath, 'a card type schema must be a JSON object');
    }
    const schema: JsonSchema = { ...ownSchema, $defs: { ...definitions, ...(ownSchema.$defs ?? {}) } };
    delete schema.$id; // several systems may reuse ids; each schema is compiled on its own
    try {
      ajv.compile(schema);
    } catch (error) {
      throw new GameSystemLoadError(where, wherePath, `the JSON Schema does not compile: ${(error as Error).message}`);
    }
    if (!layouts[cardType.layout as string]) {
      throw new GameSystemLoadError(systemFile, `/cardTypes/${index}/layout`, `no layout named "${String(cardType.layout)}" (layouts: ${Object.keys(layouts).join(', ')})`);
    }
    return { ...cardType, schema } as GameSystem['cardTypes'][number];
  });

  const system = { ...file, definitions, layouts, cardTypes } as unknown as GameSystem;
  checkReferences(system, systemFile, layoutsFile ? read.display(layoutsFile) : systemFile, layoutsFile ? '' : '/layouts');
  return system;
}

/** Cross-file checks the format schema cannot express: every name used must exist. */
function checkReferences(system: GameSystem, systemFile: string, layoutsFile: string, layoutsBase: string): void {
  const sections = new Set(system.deck.sections.map((s) => s.id));
  const types = new Set(system.cardTypes.map((t) => t.id));
  const fail = (path: string, reason: string) => {
    throw new GameSystemLoadError(systemFile, path, reason);
  };
  const needSection = (id: string | undefined, path: string) => {
    if (id !== undefined && !sections.has(id)) fail(path, `no deck section named "${id}" (sections: ${[...sections].join(', ')})`);
  };
  const needType = (id: string, path: string) => {
    if (!types.has(id)) fail(path, `no card type named "${id}" (types: ${[...types].join(', ')})`);
  };
  system.deck.sections.forEach((section, i) => section.types.forEach((t, j) => needType(t, `/deck/sections/${i}/types/${j}`)));
  system.deck.rules.forEach((rule, i) => {
    const at = `/deck/rules/${i}`;
    switch (rule.kind) {
      case 'sectionSize':
        needSection(rule.section, `${at}/section`);
        break;
      case 'allowedTypes':
        needSection(rule.section, `${at}/section`);
        rule.types.forEach((t, j) => needType(t, `${at}/types/${j}`));
        break;
      case 'copyLimit':
        rule.sections?.forEach((s, j) => needSection(s, `${at}/sections/${j}`));
        break;
      case 'identitySubset':
        if (!system.identity) fail(at, 'an identitySubset rule needs the system to declare an "identity"');
        needSection(rule.leaderSection, `${at}/leaderSection`);
        rule.sections.forEach((s, j) => needSection(s, `${at}/sections/${j}`));
        break;
    }
  });
  needSection(system.board.deckSection, '/board/deckSection');
  needSection(system.board.leaderSection, '/board/leaderSection');
  const zoneKinds = new Set(system.board.zones.map((z) => z.kind));
  for (const kind of ['deck', 'hand'] as const) if (!zoneKinds.has(kind)) fail('/board/zones', `the board needs a zone of kind "${kind}"`);

  const fields = new Set<string>(LAYOUT_VARIABLES);
  for (const cardType of system.cardTypes) for (const field of fieldsOf(cardType.schema, cardType.schema.$defs ?? {})) fields.add(field);
  for (const [layoutId, layout] of Object.entries(system.layouts)) {
    layout.elements.forEach((element, i) => {
      const at = `${layoutsBase}/${layoutId}/elements/${i}`;
      if (element.when !== undefined && !fields.has(element.when)) {
        throw new GameSystemLoadError(layoutsFile, `${at}/when`, `no card type has a field "${element.when}"`);
      }
      if (element.kind === 'text') {
        for (const match of element.text.matchAll(PLACEHOLDER)) {
          if (!fields.has(match[1])) throw new GameSystemLoadError(layoutsFile, `${at}/text`, `"{${match[1]}}" names no field of any card type`);
        }
      }
    });
  }
}

/** Loads every system folder under `rootDir`; broken ones are reported, not fatal. */
export function loadGameSystems(rootDir: string): { systems: GameSystem[]; errors: GameSystemLoadError[] } {
  const systems: GameSystem[] = [];
  const errors: GameSystemLoadError[] = [];
  let entries: string[];
  try {
    entries = readdirSync(rootDir).sort();
  } catch {
    return { systems, errors: [new GameSystemLoadError(basename(rootDir), '', 'the game-systems folder cannot be read')] };
  }
  const seen = new Set<string>();
  for (const entry of entries) {
    const dir = join(rootDir, entry);
    if (!statSync(dir).isDirectory()) continue;
    try {
      const system = loadGameSystem(dir);
      if (seen.has(system.id)) throw new GameSystemLoadError(`${entry}/system.json`, '/id', `another system already uses the id "${system.id}"`);
      seen.add(system.id);
      systems.push(system);
    } catch (error) {
      errors.push(error instanceof GameSystemLoadError ? error : new GameSystemLoadError(`${entry}/system.json`, '', (error as Error).message));
    }
  }
  return { systems, errors };
}
