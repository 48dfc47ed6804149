// What an error tells the user: one of the API's codes and a sentence, never an absolute path
// of this machine or a stack; and nesting deep enough to overflow a recursive walk is refused.

import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiHandlers } from '../../src-main/api/contract';
import { ApiError } from '../../src-main/api/api-error';
import { dispatch } from '../../src-main/api/dispatch';
import { tooDeepPath, tooDeepPosition } from '../../src-main/api/json-depth';
import { redactPaths } from '../../src-main/api/redact-paths';
import { decodeWire, encodeWire } from '../../src-main/api/wire';
import { executeJob } from '../../src-main/jobs/execute-job';
import { CancelFlag } from '../../src-main/jobs/job-progress';

const dataDir = join(tmpdir(), 'cw-data-redact');

describe('redactPaths', () => {
  it('names known folders, longest first, and drops stack lines', () => {
    const roots = [
      { path: '/home/ann', name: '~' },
      { path: '/home/ann/.config/Cardwright', name: '<data folder>' },
    ];
    expect(redactPaths("ENOENT: open '/home/ann/.config/Cardwright/systems/x.json'\n    at open (fs.js:1)", roots)).toBe(
      "ENOENT: open '<data folder>/systems/x.json'",
    );
  });

  it('replaces any other absolute path only when asked', () => {
    const message = 'cannot read /opt/app/resources/fonts/a.ttf or C:\\Users\\ann\\x.json at /cardTypes/0';
    expect(redactPaths(message, [], true)).toBe('cannot read <path> or <path> at <path>');
    expect(redactPaths(message, [])).toBe(message);
  });
});

describe('JSON depth', () => {
  it('finds the first level past the limit without recursing', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: [deep] };
    expect(tooDeepPath({ x: deep }, 64)?.slice(0, 3)).toEqual(['x', 'a', 0]);
    expect(tooDeepPath({ x: [[1]] }, 3)).toBeUndefined();
    expect(tooDeepPosition(`{"s":"[[[[",${'['.repeat(70)}`)).toBe(11 + 64);
    expect(tooDeepPosition('{"s":"\\"[[[["}', 2)).toBeUndefined();
  });
});

describe('internal errors', () => {
  it('reach the caller without absolute paths or a stack', async () => {
    const handlers = {
      listSystems: () => {
        throw new Error(`ENOENT: no such file or directory, open '${join(dataDir, 'cards.db')}'`);
      },
      getDeck: () => {
        throw new ApiError(`The deck file ${join(dataDir, 'd.json')} is broken`, 'INVALID_FILE');
      },
    } as unknown as ApiHandlers;
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const roots = [{ path: dataDir, name: '<data folder>' }];
      expect(await dispatch(handlers, 'listSystems', {}, roots)).toEqual({
        ok: false,
        error: {
          code: 'INTERNAL',
          message: "listSystems failed: ENOENT: no such file or directory, open '<data folder>/cards.db'",
        },
      });
      const unnamed = await dispatch(handlers, 'listSystems', {});
      expect(unnamed).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
      expect(JSON.stringify(unnamed)).not.toContain(dataDir);
      expect(await dispatch(handlers, 'getDeck', { id: 'x' }, roots)).toEqual({
        ok: false,
        error: { code: 'INVALID_FILE', message: 'The deck file <data folder>/d.json is broken' },
      });
    } finally {
      log.mockRestore();
    }
  });

  it('of a job reach the caller without the data folder', async () => {
    // The data folder is a file, so opening the job's database fails with its path.
    const dir = mkdtempSync(join(tmpdir(), 'cw-redact-'));
    const dataDir = join(dir, 'data');
    writeFileSync(dataDir, '');
    const paths = { dataDir, systemsDir: dir, userSystemsDir: join(dataDir, 'systems'), fontsDir: dir };
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const outcome = await executeJob(
        { spec: { kind: 'exportSet', setId: 'x' }, paths, systems: [] },
        new CancelFlag(),
        () => {},
      );
      expect(outcome).toMatchObject({ state: 'failed', error: { code: 'INTERNAL', message: /<data folder>/ } });
      expect(JSON.stringify(outcome)).not.toContain(dir);
    } finally {
      log.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses input nested too deep for the services with BAD_INPUT', async () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { deep };
    const envelope = await dispatch({} as ApiHandlers, 'validateCard', { systemId: 'x', doc: deep });
    expect(envelope).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', message: /more than 64 levels deep/ } });
  });
});

describe('decodeWire', () => {
  it('restores bytes anywhere, keeps "__proto__" a plain key, and decodes big bodies quickly', () => {
    const value = { a: [{ b: new Uint8Array([1, 2]) }], c: new Uint8Array([3]) };
    expect(decodeWire(encodeWire(value))).toEqual(value);
    expect(decodeWire(encodeWire(new Uint8Array([9])))).toEqual(new Uint8Array([9]));
    const sneaky = decodeWire('{"__proto__":{"$bytes":"AQ=="}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(sneaky)).toBe(Object.prototype);
    expect(Object.keys(sneaky)).toEqual(['__proto__']);
    const started = performance.now();
    decodeWire(`[${'1234567,'.repeat(10 * 131072)}1]`); // about 10 MB of numbers
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
