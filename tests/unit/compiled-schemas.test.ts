// Compiled card schemas are cached across starts: a second start loads them without compiling,
// validates exactly as a freshly compiled validator does, and ignores and rewrites a broken entry.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CachedSchemaCompiler, plainSchemaCompiler, schemaCacheDir } from '../../src-main/services/compiled-schemas';
import { createCardValidator } from '../../src-main/services/card-validator';
import { loadInstalledSystems } from '../../src-main/services/game-systems';
import type { CardDocument } from '../../card-schema/system/format';

const ROOT = resolve(import.meta.dirname, '../..');
const SYSTEMS = join(ROOT, 'card-schema/systems');

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function cacheDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cardwright-schemas-'));
  dirs.push(dir);
  return schemaCacheDir(dir);
}

function load(dir: string) {
  const schemas = new CachedSchemaCompiler(dir);
  const { installed, errors } = loadInstalledSystems(SYSTEMS, join(dir, 'no-user-systems'), schemas);
  expect(errors).toEqual([]);
  return { schemas, systems: installed.map((entry) => entry.system) };
}

/** Every sample card of a game, plus each one broken in the ways the validator words differently. */
function samplesOf(systemId: string): unknown[] {
  const folder = join(ROOT, 'resources/samples', systemId);
  const cards = readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => {
      const parsed = JSON.parse(readFileSync(join(folder, file), 'utf8')) as { cards?: { doc: CardDocument }[] };
      return (parsed.cards ?? []).map((card) => card.doc);
    });
  const broken = cards
    .slice(0, 20)
    .flatMap((doc) => [
      { ...doc, name: '' },
      { ...doc, name: 7 },
      { ...doc, surprise: true },
      Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'name')),
      Object.fromEntries(Object.entries(doc).map(([key, value]) => [key, Array.isArray(value) ? [...value, ...value] : value])),
      Object.fromEntries(Object.entries(doc).map(([key, value]) => [key, typeof value === 'number' ? -1000 : value])),
      Object.fromEntries(
        Object.entries(doc).map(([key, value]) => [key, typeof value === 'string' && key !== 'type' ? 'x'.repeat(5000) : value]),
      ),
      { ...doc, type: 'no-such-type' },
    ]);
  return [...cards, ...broken];
}

describe('compiled schema cache', () => {
  it('compiles on the first start, loads every schema on the next, and validates as ajv does', () => {
    const dir = cacheDir();
    const first = load(dir);
    expect(first.schemas.stats.misses).toBeGreaterThan(5);
    expect(first.schemas.stats.hits).toBe(0);
    const written = readdirSync(dir).filter((file) => file.endsWith('.cjs'));
    expect(written).toHaveLength(first.schemas.stats.misses);

    const second = load(dir);
    expect(second.schemas.stats).toEqual({ hits: first.schemas.stats.misses, misses: 0, rejected: 0 });
    for (const system of second.systems) {
      const cached = createCardValidator(system, second.schemas);
      const compiled = createCardValidator(system, plainSchemaCompiler());
      const docs = samplesOf(system.id);
      expect(docs.length).toBeGreaterThan(20);
      for (const doc of docs) expect(cached(doc)).toEqual(compiled(doc));
    }
    // The validators came from the cache: nothing more was compiled.
    expect(second.schemas.stats.misses).toBe(0);
  });

  it('ignores a corrupt or truncated entry, compiles that schema again and rewrites it', () => {
    const dir = cacheDir();
    load(dir);
    const files = readdirSync(dir).filter((file) => file.endsWith('.cjs'));
    writeFileSync(join(dir, files[0]), 'module.exports = function (');
    writeFileSync(join(dir, files[1]), 'module.exports = require("child_process").execSync;');
    writeFileSync(join(dir, files[2]), '');
    const again = load(dir);
    expect(again.schemas.stats).toEqual({ hits: files.length - 3, misses: 3, rejected: 3 });
    const third = load(dir);
    expect(third.schemas.stats).toEqual({ hits: files.length, misses: 0, rejected: 0 });
    expect(readdirSync(dir).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  it('keys entries by the schema: a changed schema is compiled, never served an old entry', () => {
    const dir = cacheDir();
    const schemas = new CachedSchemaCompiler(dir);
    const short = schemas.compile({ type: 'string', maxLength: 3 });
    const long = new CachedSchemaCompiler(dir).compile({ type: 'string', maxLength: 5 });
    expect([short('abcd'), long('abcd')]).toEqual([false, true]);
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it('refuses a schema that does not compile and writes nothing for it', () => {
    const dir = cacheDir();
    const schemas = new CachedSchemaCompiler(dir);
    expect(() => schemas.compile({ type: 'no-such-type' })).toThrow();
    expect(() => readdirSync(dir)).toThrow();
  });

  it('still validates when the cache folder cannot be written', () => {
    const dataDir = join(cacheDir(), '..', '..');
    writeFileSync(join(dataDir, 'cache'), 'a file where the cache folder should be');
    const schemas = new CachedSchemaCompiler(schemaCacheDir(dataDir));
    const validate = schemas.compile({ type: 'array', uniqueItems: true });
    expect([validate([1, 2]), validate([1, 1])]).toEqual([true, false]);
  });
});
