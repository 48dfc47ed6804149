// JSON Schemas compiled once, not at every start. Compiling the games' card schemas with ajv was
// about half of start-up's CPU (and again in every import's worker thread). A schema compiled
// once is written as ajv's standalone code to `<data folder>/cache/schemas/<hash>.cjs`, the hash
// taken over the schema, ajv's version and this cache's format, so a changed schema or another
// ajv never finds an old entry. The next start evaluates that code instead of compiling: no ajv
// code generation. An entry that fails to load (corrupt, truncated, from a build whose helpers it
// does not know) is ignored and rewritten. Validation stays in the main process and its threads
// (the renderer's CSP forbids new Function).

import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnySchema, ValidateFunction } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import equalModule from 'ajv/dist/runtime/equal.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { createAjv } from './ajv';
import { linearRegExp } from './linear-regexp';
import { hasDuplicateItems, UNIQUE_ITEMS_MODULE } from './linear-unique-items';

/** Bumped when what the cached code may require changes (a new helper, another ajv option). */
const CACHE_FORMAT = 1;

/** ajv's version, part of each entry's hash (read from its package, which the build leaves in node_modules). */
const AJV_VERSION = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;

export interface SchemaCompiler {
  /** The schema's validator; throws when the schema does not compile. */
  compile(schema: AnySchema): ValidateFunction;
}

/** Compiles every time (tests, and callers without a data folder). */
export function plainSchemaCompiler(): SchemaCompiler {
  const ajv = createAjv();
  return { compile: (schema) => ajv.compile(schema) };
}

export function schemaCacheDir(dataDir: string): string {
  return join(dataDir, 'cache', 'schemas');
}

/** A CommonJS module's own export, whichever way the bundler or loader wrapped it. */
function moduleExport<T>(wrapped: unknown, isIt: (value: unknown) => value is T, what: string): T {
  let value = wrapped;
  for (let i = 0; i < 3 && !isIt(value); i++) value = (value as { default?: unknown } | undefined)?.default;
  if (!isIt(value)) throw new Error(`ajv's ${what} could not be loaded`);
  return value;
}

const isFunction = (value: unknown): value is (...args: never[]) => unknown => typeof value === 'function';
const standaloneCode = moduleExport(standaloneModule, isFunction, 'standalone code generator') as typeof standaloneModule;

/** What cached code may `require`: ajv's runtime helpers, its formats and Cardwright's own keywords. */
const RUNTIME: Record<string, unknown> = {
  'ajv/dist/runtime/ucs2length': { default: moduleExport(ucs2lengthModule, isFunction, 'ucs2length') },
  'ajv/dist/runtime/equal': { default: moduleExport(equalModule, isFunction, 'equal') },
  'ajv-formats/dist/formats': { fullFormats },
  'cardwright/linear-regexp': { linearRegExp },
  [UNIQUE_ITEMS_MODULE]: { hasDuplicateItems },
};

function runtimeRequire(name: string): unknown {
  if (!Object.hasOwn(RUNTIME, name)) throw new Error(`cached validator code requires unknown module "${name}"`);
  return RUNTIME[name];
}

function evaluate(code: string): ValidateFunction {
  const module: { exports: unknown } = { exports: {} };
  // The code is what standaloneCode wrote for a schema (CommonJS: it sets module.exports).
  new Function('require', 'module', 'exports', code)(runtimeRequire, module, module.exports);
  if (typeof module.exports !== 'function') throw new Error('cached validator code exports no function');
  return module.exports as ValidateFunction;
}

export interface SchemaCacheStats {
  /** Loaded from the cache folder. */
  hits: number;
  /** Compiled (and written for the next start). */
  misses: number;
  /** Entries that failed to load, compiled and written again. */
  rejected: number;
}

/** A SchemaCompiler that keeps each schema's standalone code in `dir` (see the top of this file). */
export class CachedSchemaCompiler implements SchemaCompiler {
  readonly stats: SchemaCacheStats = { hits: 0, misses: 0, rejected: 0 };
  private readonly ajv = createAjv({ standalone: true });
  /** This process's validators by hash: systems that share a schema, and reloads, compile nothing. */
  private readonly loaded = new Map<string, ValidateFunction>();

  constructor(private readonly dir: string) {}

  compile(schema: AnySchema): ValidateFunction {
    const key = createHash('sha256')
      .update(JSON.stringify({ format: CACHE_FORMAT, ajv: AJV_VERSION, schema }))
      .digest('hex');
    let validate = this.loaded.get(key);
    if (!validate) {
      validate = this.fromCache(key) ?? this.compileAndStore(key, schema);
      this.loaded.set(key, validate);
    }
    return validate;
  }

  private file(key: string): string {
    return join(this.dir, `${key}.cjs`);
  }

  private fromCache(key: string): ValidateFunction | undefined {
    let code: string;
    try {
      code = readFileSync(this.file(key), 'utf8');
    } catch {
      return undefined; // not cached yet
    }
    try {
      const validate = evaluate(code);
      this.stats.hits++;
      return validate;
    } catch {
      this.stats.rejected++;
      return undefined;
    }
  }

  private compileAndStore(key: string, schema: AnySchema): ValidateFunction {
    // Throws for a schema that does not compile: nothing is written for it.
    const compiled = this.ajv.compile(schema);
    this.stats.misses++;
    try {
      const code = standaloneCode(this.ajv, compiled);
      // From here on the evaluated code validates: ajv need not keep the schema's compiled form.
      this.ajv.removeSchema(schema);
      // The evaluated code is what the next start runs: use it now, so a bad entry shows at once.
      const validate = evaluate(code);
      // Another thread may load this entry meanwhile: write beside it, then rename over it.
      mkdirSync(this.dir, { recursive: true });
      const partial = join(this.dir, `.${key}.${randomUUID()}.tmp`);
      try {
        writeFileSync(partial, code);
        renameSync(partial, this.file(key));
      } finally {
        rmSync(partial, { force: true });
      }
      return validate;
    } catch (error) {
      // A read-only data folder, or code that cannot run standalone: validate with the compiled function.
      console.warn(`[cardwright] a compiled schema could not be cached: ${(error as Error).message}`);
      return compiled;
    }
  }
}
