// Game-system loading: a folder with system.json (plus the files it names) becomes a GameSystem.
// A system that is itself wrong is refused with the file, the JSON path and the reason; one
// broken system never stops the others from loading.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, normalize, relative, sep } from 'node:path';
import type { ErrorObject } from 'ajv';
import type { CardLayout, FieldPaint, Fill } from '../../card-schema/layout/format';
import type { GameSystem } from '../../card-schema/system/format';
import type { JsonSchema } from '../../card-schema/system/json-schema';
import { matchFields } from '../../card-schema/deck/card-match';
import type { CardMatch } from '../../card-schema/deck/format';
import { describeJsonSyntax } from '../../card-schema/files/json-syntax';
import { boardProblems } from '../../card-schema/playtest/check-board';
import { FormatVersionError, migrateSystemFile } from '../../card-schema/system/migrate';
import gameSystemSchema from '../../card-schema/system/game-system.schema.json';
import { plainSchemaCompiler, type SchemaCompiler } from './compiled-schemas';
import { tooDeepPath } from '../api/json-depth';
import { pointerChild, resolveSchema } from '../../card-schema/system/resolve-schema';
import { unsupportedPattern } from './schema-patterns';
import { badReminder } from './reminder-templates';
import { cardRefProblem } from '../../card-schema/system/card-ref';
import { SEARCH_KEYWORD, searchFlagProblem } from '../../card-schema/search/searched-fields';
import { schemaLeaves } from '../../card-schema/search/schema-leaves';
import { checkRarityAndPacks } from '../../card-schema/packs/check-packs';
import { findInSchema, findInSchemas, type SchemaCheck } from './schema-walk';
import { own } from '../../card-schema/own-keys';
import { expandImageFields, isImageField } from '../../card-schema/system/image-field';
import { checkSpatial } from '../../card-schema/playtest/spatial/check';
import type { InstalledSystem } from './system-registry';
import { loadGameFonts, type DeclaredGameFont } from '../fonts/load-game-fonts';
import { megabytes } from '../fonts/measure-font-file';

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
/** Game files are untrusted: deeper nesting than this is refused before ajv (whose compiler
 * recurses) or any other walk sees it. Real schemas nest a handful of levels. */
export const MAX_GAME_FILE_DEPTH = 64;

/** Created on first use: a job's worker thread, which never loads a game, skips ajv's set-up. */
let plainCompiler: SchemaCompiler | undefined;
const defaultCompiler = () => (plainCompiler ??= plainSchemaCompiler());

interface Reader {
  root: string;
  dir: string;
  display(file: string): string;
  json(file: string, jsonPath: string): unknown;
  /** A file's bytes, refused when over `maxBytes` (`what` names the kind of file in the message). */
  bytes(file: string, jsonPath: string, maxBytes: number, what: string): Buffer;
}

function reader(dir: string): Reader {
  const root = normalize(join(dir, '..'));
  const display = (file: string) => relative(root, join(dir, file)).split(sep).join('/');
  const inside = (file: string, jsonPath: string) => {
    const full = normalize(join(dir, file));
    if (!full.startsWith(normalize(dir + sep))) {
      throw new GameSystemLoadError(display('system.json'), jsonPath, `"${file}" points outside the system folder`);
    }
    return full;
  };
  return {
    root,
    dir,
    display,
    bytes(file, jsonPath, maxBytes, what) {
      const full = inside(file, jsonPath);
      const missing = () => new GameSystemLoadError(display('system.json'), jsonPath, `the file "${file}" does not exist`);
      let size: number | undefined;
      try {
        const stat = statSync(full);
        if (stat.isFile()) size = stat.size;
      } catch {
        // Reported below, like a folder where the file should be.
      }
      if (size === undefined) throw missing();
      if (size > maxBytes) {
        throw new GameSystemLoadError(
          display('system.json'),
          jsonPath,
          `"${file}" is ${megabytes(size)}; ${what} may be at most ${megabytes(maxBytes)}`,
        );
      }
      try {
        return readFileSync(full);
      } catch {
        throw missing();
      }
    },
    json(file, jsonPath) {
      const full = inside(file, jsonPath);
      let text: string;
      try {
        text = readFileSync(full, 'utf8');
      } catch {
        throw new GameSystemLoadError(display('system.json'), jsonPath, `the file "${file}" does not exist`);
      }
      let value: unknown;
      try {
        value = JSON.parse(text) as unknown;
      } catch {
        throw new GameSystemLoadError(display(file), '', `not valid JSON: ${describeJsonSyntax(text)}`);
      }
      const tooDeep = tooDeepPath(value, MAX_GAME_FILE_DEPTH);
      if (tooDeep !== undefined) {
        const pointer = tooDeep.reduce<string>((at, key) => pointerChild(at, key as string | number), '');
        throw new GameSystemLoadError(display(file), pointer, `nested deeper than ${MAX_GAME_FILE_DEPTH} levels`);
      }
      return value;
    },
  };
}

function pointer(instancePath: string, error: ErrorObject): string {
  if (error.keyword === 'required') return `${instancePath}/${(error.params as { missingProperty: string }).missingProperty}`;
  if (error.keyword === 'additionalProperties')
    return `${instancePath}/${(error.params as { additionalProperty: string }).additionalProperty}`;
  return instancePath;
}

/** The most telling ajv error: the deepest one, preferring a `const` mismatch on `kind`. */
function describeFormatError(errors: ErrorObject[]): { path: string; reason: string } {
  const kindError = errors.find((e) => e.keyword === 'const' && e.instancePath.endsWith('/kind'));
  // A known kind with a bad field: the oneOf branch whose kind matched reports the real problem.
  const KIND_CONST = /^(.*\/oneOf)\/(\d+)\/properties\/kind\/const$/;
  const oneOf = kindError ? KIND_CONST.exec(kindError.schemaPath)?.[1] : undefined;
  if (kindError && oneOf) {
    const mismatched = new Set(
      errors
        .filter((e) => e.keyword === 'const' && e.instancePath === kindError.instancePath)
        .map((e) => KIND_CONST.exec(e.schemaPath)?.[2]),
    );
    const matched = errors.filter(
      (e) => e.schemaPath.startsWith(`${oneOf}/`) && !mismatched.has(e.schemaPath.slice(oneOf.length + 1).split('/')[0]),
    );
    if (matched.length > 0) return describeFormatError(matched);
  }
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
  if (deepest.keyword === 'enum') {
    const allowed = (deepest.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v));
    return {
      path,
      reason: `must be ${allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}` : allowed[0]}`,
    };
  }
  return { path, reason: wholeNumberReason(deepest) ?? deepest.message ?? 'is invalid' };
}

/** "must be a whole number ≥ 0" for a count given as -1 or 2.5, rather than ajv's two separate messages. */
function wholeNumberReason(error: ErrorObject): string | undefined {
  if (error.keyword !== 'type' && error.keyword !== 'minimum') return undefined;
  // The schema holding the failed keyword. Inside a $ref, ajv's schema path starts at the
  // referenced definition, so each definition is tried as a starting point too.
  const parts = error.schemaPath.replace(/^#\//, '').split('/');
  const walk = (start: unknown): unknown =>
    parts
      .slice(0, -1)
      .reduce<unknown>(
        (at, part) => (typeof at === 'object' && at !== null ? own(at as Record<string, unknown>, part) : undefined),
        start,
      );
  const schema = [gameSystemSchema, ...Object.values(gameSystemSchema.$defs ?? {})]
    .map(walk)
    .find((at) => typeof at === 'object' && at !== null && Object.hasOwn(at, error.keyword));
  const { type, minimum } = (schema ?? {}) as { type?: unknown; minimum?: unknown };
  if (type !== 'integer') return undefined;
  return typeof minimum === 'number' ? `must be a whole number ≥ ${minimum}` : 'must be a whole number';
}

function fieldsOf(schema: JsonSchema, defs: Record<string, JsonSchema>): string[] {
  return Object.keys(schema.properties ?? {}).concat(
    schema.$ref ? fieldsOf(own(defs, schema.$ref.split('/').pop() ?? '') ?? {}, defs) : [],
  );
}

/**
 * What a game's schemas must get right beyond compiling: patterns RE2 runs, reminders naming
 * parameters, card references naming the game's card types (`typeIds`).
 */
function schemaProblemsOf(typeIds: readonly string[]): SchemaCheck {
  const badCardRef: SchemaCheck = (schema, path) => {
    const problem = cardRefProblem(schema, typeIds);
    return problem && { path: `${path}${problem.suffix}`, reason: problem.reason };
  };
  const badSearchFlag: SchemaCheck = (schema, path) => {
    const reason = searchFlagProblem(schema);
    return reason === undefined ? undefined : { path: `${path}/${SEARCH_KEYWORD}`, reason };
  };
  return (schema, path) =>
    unsupportedPattern(schema, path) ?? badReminder(schema, path) ?? badCardRef(schema, path) ?? badSearchFlag(schema, path);
}

/**
 * Loads one system folder. Throws GameSystemLoadError naming file, JSON path and reason.
 * `schemas` compiles the format's and the game's schemas (the app's caches them across starts).
 */
export function loadGameSystem(dir: string, schemas: SchemaCompiler = defaultCompiler()): GameSystem {
  const read = reader(dir);
  const systemFile = read.display('system.json');
  let raw: unknown;
  try {
    raw = migrateSystemFile(read.json('system.json', ''));
  } catch (error) {
    if (error instanceof FormatVersionError) throw new GameSystemLoadError(systemFile, '/formatVersion', error.message);
    throw error;
  }
  const validate = schemas.compile(gameSystemSchema);
  if (!validate(raw)) {
    const { path, reason } = describeFormatError(validate.errors ?? []);
    throw new GameSystemLoadError(systemFile, path, reason);
  }
  const file = raw as Record<string, unknown> & { cardTypes: Record<string, unknown>[] };

  const definitions = (
    typeof file.definitions === 'string' ? read.json(file.definitions, '/definitions') : (file.definitions ?? {})
  ) as Record<string, JsonSchema>;
  const schemaProblems = schemaProblemsOf(file.cardTypes.map((cardType) => String(cardType.id)));
  const badDefinition = findInSchemas(definitions, schemaProblems);
  if (badDefinition) {
    const [where, base] =
      typeof file.definitions === 'string' ? [read.display(file.definitions), ''] : [systemFile, '/definitions'];
    throw new GameSystemLoadError(where, `${base}${badDefinition.path}`, badDefinition.reason);
  }
  const layoutsFile = typeof file.layouts === 'string' ? file.layouts : undefined;
  const layouts = (layoutsFile ? read.json(layoutsFile, '/layouts') : file.layouts) as Record<string, CardLayout>;
  if (layoutsFile) {
    const check = schemas.compile({
      type: 'object',
      additionalProperties: (gameSystemSchema.$defs as Record<string, unknown>).layout,
      $defs: gameSystemSchema.$defs,
    });
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
    const badSchema = findInSchema(ownSchema, schemaProblems);
    if (badSchema) throw new GameSystemLoadError(where, `${wherePath}${badSchema.path}`, badSchema.reason);
    // `x-kind: image` fields become image references (card-schema/system/image-field.ts).
    const schema: JsonSchema = expandImageFields({ ...ownSchema, $defs: { ...definitions, ...(ownSchema.$defs ?? {}) } });
    delete schema.$id; // several systems may reuse ids; each schema is compiled on its own
    try {
      schemas.compile(schema);
    } catch (error) {
      throw new GameSystemLoadError(where, wherePath, `the JSON Schema does not compile: ${(error as Error).message}`);
    }
    if (!layouts[cardType.layout as string]) {
      throw new GameSystemLoadError(
        systemFile,
        `/cardTypes/${index}/layout`,
        `no layout named "${String(cardType.layout)}" (layouts: ${Object.keys(layouts).join(', ')})`,
      );
    }
    if (cardType.back !== undefined && !Object.hasOwn(layouts, cardType.back as string)) {
      throw new GameSystemLoadError(
        systemFile,
        `/cardTypes/${index}/back`,
        `no layout named "${String(cardType.back)}" (layouts: ${Object.keys(layouts).join(', ')})`,
      );
    }
    return { ...cardType, schema } as GameSystem['cardTypes'][number];
  });

  const fonts = Array.isArray(file.fonts)
    ? loadGameFonts(file.fonts as DeclaredGameFont[], {
        bytes: read.bytes,
        fail: (jsonPath, reason) => {
          throw new GameSystemLoadError(systemFile, jsonPath, reason);
        },
      })
    : undefined;
  const system = { ...file, definitions, layouts, cardTypes, ...(fonts ? { fonts } : {}) } as unknown as GameSystem;
  checkReferences(system, systemFile, layoutsFile ? read.display(layoutsFile) : systemFile, layoutsFile ? '' : '/layouts');
  return system;
}

/** Cross-file checks the format schema cannot express: every name used must exist. */
function checkReferences(system: GameSystem, systemFile: string, layoutsFile: string, layoutsBase: string): void {
  const sections = new Set(system.deck.sections.map((s) => s.id));
  const types = new Set(system.cardTypes.map((t) => t.id));
  const formats = new Set((system.deck.formats ?? []).map((f) => f.id));
  const fields = new Set<string>(['type', 'name']);
  for (const cardType of system.cardTypes)
    for (const field of fieldsOf(cardType.schema, cardType.schema.$defs ?? {})) fields.add(field);

  const fail = (path: string, reason: string): never => {
    throw new GameSystemLoadError(systemFile, path, reason);
  };
  const needSection = (id: string | undefined, path: string) => {
    if (id !== undefined && !sections.has(id))
      fail(path, `no deck section named "${id}" (sections: ${[...sections].join(', ')})`);
  };
  const needSections = (ids: readonly string[] | undefined, path: string) =>
    ids?.forEach((id, j) => needSection(id, `${path}/${j}`));
  const needType = (id: string, path: string) => {
    if (!types.has(id)) fail(path, `no card type named "${id}" (types: ${[...types].join(', ')})`);
  };
  // A dotted field ("cost.amount") is checked by its first part.
  const needField = (field: string | undefined, path: string) => {
    if (field !== undefined && !fields.has(field.split('.')[0])) fail(path, `no card type has a field "${field}"`);
  };
  const needMatch = (match: CardMatch, path: string) => {
    match.types?.forEach((t, j) => needType(t, `${path}/types/${j}`));
    matchFields(match).forEach((field, j) => needField(field, `${path}/where/${j}/field`));
  };

  if (system.identity) needField(system.identity.field, '/identity/field');
  system.deck.sections.forEach((section, i) => section.types.forEach((t, j) => needType(t, `/deck/sections/${i}/types/${j}`)));
  system.deck.rules.forEach((rule, i) => {
    const at = `/deck/rules/${i}`;
    rule.formats?.forEach((f, j) => {
      if (!formats.has(f))
        fail(`${at}/formats/${j}`, `no play format named "${f}" (formats: ${[...formats].join(', ') || 'none'})`);
    });
    switch (rule.kind) {
      case 'sectionSize':
        needSection(rule.section, `${at}/section`);
        if (rule.sizes && (rule.min !== undefined || rule.max !== undefined))
          fail(`${at}/sizes`, 'lists the allowed sizes itself: give "sizes" or "min"/"max", not both');
        break;
      case 'allowedTypes':
        needSection(rule.section, `${at}/section`);
        rule.types.forEach((t, j) => needType(t, `${at}/types/${j}`));
        break;
      case 'copyLimit':
        needSections(rule.sections, `${at}/sections`);
        needField(rule.limitField, `${at}/limitField`);
        if (rule.by && rule.countBy !== undefined)
          fail(`${at}/by`, 'says what counts as the same card itself: give "by" or "countBy", not both');
        rule.by?.forEach((field, j) => {
          if (field !== 'id') needField(field, `${at}/by/${j}`);
        });
        rule.overrides?.forEach((override, j) => needMatch(override.match, `${at}/overrides/${j}/match`));
        break;
      case 'identitySubset':
        if (!system.identity) fail(at, 'an identitySubset rule needs the system to declare an "identity"');
        needSection(rule.leaderSection, `${at}/leaderSection`);
        needSections(rule.sections, `${at}/sections`);
        break;
      case 'identity':
        needSection(rule.leaderSection, `${at}/leaderSection`);
        needSections(rule.sections, `${at}/sections`);
        rule.checks.forEach((check, j) => {
          needField(check.field, `${at}/checks/${j}/field`);
          needField(check.leaderField, `${at}/checks/${j}/leaderField`);
        });
        break;
      case 'quota':
      case 'requires':
      case 'cardsMatch':
        needSections(rule.sections, `${at}/sections`);
        needMatch(rule.match, `${at}/match`);
        break;
      case 'prerequisite':
        needSections(rule.sections, `${at}/sections`);
        needField(rule.field, `${at}/field`);
        needField(rule.targetField, `${at}/targetField`);
        break;
      case 'completeSet':
        needSections(rule.sections, `${at}/sections`);
        needField(rule.field, `${at}/field`);
        break;
    }
  });
  system.deck.formats?.forEach((format, i) => {
    format.banned?.forEach((entry, j) => {
      if (typeof entry !== 'string') needMatch(entry, `/deck/formats/${i}/banned/${j}`);
    });
    format.restricted?.forEach((entry, j) => {
      if ('match' in entry) needMatch(entry.match, `/deck/formats/${i}/restricted/${j}/match`);
    });
  });
  const builder = system.deck.builder;
  needField(builder?.costField, '/deck/builder/costField');
  builder?.stats?.forEach((field, i) => needField(field, `/deck/builder/stats/${i}`));
  needField(builder?.distinguishBy, '/deck/builder/distinguishBy');
  system.deck.generators?.forEach((generator, i) =>
    generator.fill.forEach((fill, j) => {
      const at = `/deck/generators/${i}/fill/${j}`;
      needSection(fill.section, `${at}/section`);
      needMatch(fill.match, `${at}/match`);
      if (typeof fill.copies === 'object') needField(fill.copies.field, `${at}/copies/field`);
    }),
  );
  if (system.deck.draft) {
    needSection(system.deck.draft.section, '/deck/draft/section');
    needMatch(system.deck.draft.eligible, '/deck/draft/eligible');
    if (system.deck.draft.players.min > system.deck.draft.players.max) fail('/deck/draft/players', 'min is above max');
  }
  needSection(system.board.deckSection, '/board/deckSection');
  needSection(system.board.leaderSection, '/board/leaderSection');
  system.board.zones.forEach((zone, i) => needSection(zone.section, `/board/zones/${i}/section`));
  const modes = system.board.modes ?? [];
  modes.forEach((mode, i) => {
    if (mode.players.min > mode.players.max)
      fail(`/board/modes/${i}/players`, `min ${mode.players.min} is above max ${mode.players.max}`);
  });
  if (system.board.tokens) needMatch(system.board.tokens.match, '/board/tokens/match');
  if (system.board.openingHandMustInclude)
    needMatch(system.board.openingHandMustInclude.match, '/board/openingHandMustInclude/match');
  for (const problem of boardProblems(system.board, fields)) fail(problem.path, problem.reason);
  // Moves, keys and counter badges find zones and counter kinds by id: each id once.
  for (const [list, at] of [
    [system.board.zones, '/board/zones'],
    [system.board.counters ?? [], '/board/counters'],
  ] as const) {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.id)) fail(`${at}/${i}/id`, `"${item.id}" is used twice`);
      seen.add(item.id);
    });
  }
  const spatial = checkSpatial(system.board);
  spatial.problems.forEach((problem) => fail(problem.at, problem.message));
  spatial.types.forEach((ref) => needType(ref.type, ref.at));
  spatial.fields.forEach((ref) => needField(ref.field, ref.at));
  if (spatial.match) needMatch(spatial.match.match, spatial.match.at);
  const zoneKinds = new Set(system.board.zones.map((z) => z.kind));
  for (const kind of ['deck', 'hand'] as const)
    if (!zoneKinds.has(kind)) fail('/board/zones', `the board needs a zone of kind "${kind}"`);
  system.reference?.tables?.forEach((table, i) =>
    table.rows.forEach((row, j) => {
      if (row.length !== table.columns.length)
        fail(`/reference/tables/${i}/rows/${j}`, `has ${row.length} cells; the table has ${table.columns.length} columns`);
    }),
  );

  checkEnumLabels(system, fail);
  checkRarityAndPacks(system, { fail, needField, needMatch });

  const layoutFields = new Set<string>([...fields, ...LAYOUT_VARIABLES]);
  const fontIds = (system.fonts ?? []).map((font) => font.id);
  const imageFields = new Set(
    system.cardTypes.flatMap((cardType) =>
      Object.entries(cardType.schema.properties ?? {})
        .filter(([, schema]) => isImageField(safeResolve(cardType.schema, schema)))
        .map(([name]) => name),
    ),
  );
  for (const [layoutId, layout] of Object.entries(system.layouts)) {
    for (const [where, paint] of fieldPaints(layout)) {
      if (!layoutFields.has(paint.byField)) {
        throw new GameSystemLoadError(
          layoutsFile,
          `${layoutsBase}/${layoutId}${where}/byField`,
          `no card type has a field "${paint.byField}"`,
        );
      }
    }
    layout.elements.forEach((element, i) => {
      const at = `${layoutsBase}/${layoutId}/elements/${i}`;
      if (element.when !== undefined && !layoutFields.has(element.when)) {
        throw new GameSystemLoadError(layoutsFile, `${at}/when`, `no card type has a field "${element.when}"`);
      }
      if (element.whenEquals !== undefined && element.when === undefined) {
        throw new GameSystemLoadError(layoutsFile, `${at}/whenEquals`, 'has no effect without "when" (the field it compares)');
      }
      if (element.unless !== undefined && !layoutFields.has(element.unless)) {
        throw new GameSystemLoadError(layoutsFile, `${at}/unless`, `no card type has a field "${element.unless}"`);
      }
      if (element.kind === 'icon' && !Object.hasOwn(system.symbols ?? {}, element.symbol)) {
        const known = Object.keys(system.symbols ?? {});
        throw new GameSystemLoadError(
          layoutsFile,
          `${at}/symbol`,
          `layout "${layoutId}", element ${i}: the icon's symbol "${element.symbol}" is not one of the game's symbols (${known.length > 0 ? `symbols: ${known.join(', ')}` : 'the game declares no "symbols" in system.json'})`,
        );
      }
      if (element.kind === 'image' && !imageFields.has(element.field)) {
        const known = [...imageFields].join(', ') || 'none';
        throw new GameSystemLoadError(
          layoutsFile,
          `${at}/field`,
          `"${element.field}" is no image field of any card type (declare it with "x-kind": "image"; image fields: ${known})`,
        );
      }
      if (element.kind === 'text' && element.family !== undefined && !fontIds.includes(element.family)) {
        const known = fontIds.length > 0 ? `fonts: ${fontIds.join(', ')}` : 'the game declares no "fonts" in system.json';
        throw new GameSystemLoadError(layoutsFile, `${at}/family`, `no font named "${element.family}" (${known})`);
      }
      if (element.kind === 'text') {
        for (const match of element.text.matchAll(PLACEHOLDER)) {
          if (!layoutFields.has(match[1]))
            throw new GameSystemLoadError(layoutsFile, `${at}/text`, `"{${match[1]}}" names no field of any card type`);
        }
        const hideField = element.hideRemindersWhen;
        if (hideField !== undefined && element.reminders !== true) {
          throw new GameSystemLoadError(layoutsFile, `${at}/hideRemindersWhen`, 'has no effect without "reminders": true');
        }
        if (hideField !== undefined && !fields.has(hideField)) {
          throw new GameSystemLoadError(layoutsFile, `${at}/hideRemindersWhen`, `no card type has a field "${hideField}"`);
        }
      }
    });
  }
}

/** Each `enumLabels` entry must name a field holding listed values, and each value must be one of them. */
function checkEnumLabels(system: GameSystem, fail: (path: string, reason: string) => never): void {
  if (!system.enumLabels) return;
  const values = new Map<string, Set<string>>();
  for (const leaf of schemaLeaves(system)) {
    if (!leaf.kinds.has('enum')) continue;
    const known = values.get(leaf.key) ?? new Set<string>();
    for (const choice of leaf.choices.values()) if (typeof choice.value === 'string') known.add(choice.value);
    if (known.size > 0) values.set(leaf.key, known);
  }
  for (const [field, labels] of Object.entries(system.enumLabels)) {
    const at = pointerChild('/enumLabels', field);
    const allowed = values.get(field);
    if (!allowed)
      fail(at, `no card field "${field}" holds a list of values (fields with values: ${[...values.keys()].join(', ')})`);
    for (const value of Object.keys(labels)) {
      if (!allowed.has(value))
        fail(pointerChild(at, value), `"${value}" is not a value of "${field}" (its values: ${[...allowed].join(', ')})`);
    }
  }
}

/** The schema behind a `$ref`, or the schema itself when the reference does not resolve. */
function safeResolve(root: JsonSchema, schema: JsonSchema): JsonSchema {
  try {
    return resolveSchema(root, schema);
  } catch {
    return schema;
  }
}

/** Every `byField` paint of a layout (both ends of a gradient included), with its JSON path inside the layout. */
function fieldPaints(layout: CardLayout): [string, FieldPaint][] {
  const found: [string, FieldPaint][] = [];
  const visit = (where: string, paint: Fill | undefined) => {
    if (typeof paint !== 'object' || paint === null) return;
    if ('gradient' in paint) paint.gradient.forEach((stop, i) => visit(`${where}/gradient/${i}`, stop));
    else if ('byField' in paint) found.push([where, paint]);
  };
  visit('/background', layout.background);
  layout.elements.forEach((element, i) => {
    if (element.kind === 'rect' || element.kind === 'ellipse') {
      visit(`/elements/${i}/fill`, element.fill);
      visit(`/elements/${i}/stroke`, element.stroke);
    } else if (element.kind === 'text' || element.kind === 'icon') visit(`/elements/${i}/color`, element.color);
  });
  return found;
}

/** Folder names in the order `order.json` gives (if the root has one), the rest alphabetically. */
function orderedEntries(rootDir: string, entries: string[]): string[] {
  let order: string[] = [];
  try {
    const parsed = JSON.parse(readFileSync(join(rootDir, 'order.json'), 'utf8')) as { order?: unknown };
    if (Array.isArray(parsed.order)) order = parsed.order.filter((id): id is string => typeof id === 'string');
  } catch {
    // No order file (a user's systems folder): alphabetical.
  }
  const rank = (entry: string) => (order.includes(entry) ? order.indexOf(entry) : order.length);
  return [...entries].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export interface LoadedSystems {
  systems: GameSystem[];
  /** The folder each system was loaded from, by system id. */
  dirs: Map<string, string>;
  errors: GameSystemLoadError[];
}

/** Loads every system folder under `rootDir`; broken ones are reported, not fatal. */
export function loadGameSystems(rootDir: string, schemas: SchemaCompiler = defaultCompiler()): LoadedSystems {
  const systems: GameSystem[] = [];
  const dirs = new Map<string, string>();
  const errors: GameSystemLoadError[] = [];
  let entries: string[];
  try {
    entries = orderedEntries(rootDir, readdirSync(rootDir));
  } catch {
    return { systems, dirs, errors: [new GameSystemLoadError(basename(rootDir), '', 'the game-systems folder cannot be read')] };
  }
  const seen = new Set<string>();
  for (const entry of entries) {
    const dir = join(rootDir, entry);
    if (entry.startsWith('.') || !statSync(dir).isDirectory()) continue;
    try {
      const system = loadGameSystem(dir, schemas);
      if (seen.has(system.id))
        throw new GameSystemLoadError(`${entry}/system.json`, '/id', `another system already uses the id "${system.id}"`);
      seen.add(system.id);
      systems.push(system);
      dirs.set(system.id, dir);
    } catch (error) {
      errors.push(
        error instanceof GameSystemLoadError
          ? error
          : new GameSystemLoadError(`${entry}/system.json`, '', (error as Error).message),
      );
    }
  }
  return { systems, dirs, errors };
}

/** Built-in systems, then the user's; a user system may not take a built-in id. */
export function loadInstalledSystems(
  builtInDir: string,
  userDir: string,
  schemas: SchemaCompiler = defaultCompiler(),
): { installed: InstalledSystem[]; errors: GameSystemLoadError[] } {
  const builtIn = loadGameSystems(builtInDir, schemas);
  const installed: InstalledSystem[] = builtIn.systems.map((system) => ({
    system,
    dir: builtIn.dirs.get(system.id)!,
    builtIn: true,
  }));
  const errors = [...builtIn.errors];
  if (existsSync(userDir)) {
    const user = loadGameSystems(userDir, schemas);
    errors.push(...user.errors);
    for (const system of user.systems) {
      if (builtIn.dirs.has(system.id)) {
        errors.push(
          new GameSystemLoadError(
            `${basename(user.dirs.get(system.id) ?? system.id)}/system.json`,
            '/id',
            `"${system.id}" is the id of a built-in game system; give this one another id`,
          ),
        );
      } else {
        installed.push({ system, dir: user.dirs.get(system.id)!, builtIn: false });
      }
    }
  }
  return { installed, errors };
}
