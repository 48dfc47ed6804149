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
import { internalErrorMessage } from '../../src-main/api/error-wording';
import { describeJsonSyntax } from '../../card-schema/files/json-syntax';
import { parseJsonText } from '../../src-main/services/file-format';
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
          message: 'Cardwright could not list the installed games: a file it needs is missing.',
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
      expect(outcome).toMatchObject({
        state: 'failed',
        error: { code: 'INTERNAL', message: /^Cardwright could not export the set: / },
      });
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

describe('what an unexpected error tells the user', () => {
  const sqlite = (code: string, message: string) => Object.assign(new Error(message), { code });

  it("is a sentence naming what Cardwright was doing, never the engine's words", () => {
    const cases: [unknown, string][] = [
      [sqlite('SQLITE_BUSY', 'database is locked'), 'its database is busy with another Cardwright window or command'],
      [sqlite('SQLITE_FULL', 'database or disk is full'), 'the disk is full'],
      [sqlite('SQLITE_CORRUPT', 'database disk image is malformed'), 'its database file is damaged'],
      [sqlite('SQLITE_READONLY', 'attempt to write a readonly database'), 'may not write to its data folder'],
      [
        Object.assign(new Error("EACCES: permission denied, open '/x/y'"), { code: 'EACCES' }),
        'may not write to its data folder',
      ],
      [new SyntaxError('Unexpected token \'g\', "garbage" is not valid JSON'), 'a file it keeps is not valid JSON'],
      [
        new TypeError("Cannot read properties of undefined (reading 'x')"),
        'something unexpected went wrong (the details are in the log)',
      ],
    ];
    for (const [error, cause] of cases) {
      const message = internalErrorMessage('saveCard', error);
      expect(message).toMatch(/^Cardwright could not save the card: /);
      expect(message).toContain(cause);
      expect(message).not.toMatch(/SQLITE|EACCES|Unexpected token|Cannot read properties|\/x\/y/);
      expect(message).toMatch(/\.$/);
    }
  });

  it('reaches the caller through dispatch while the log keeps the detail', async () => {
    const handlers = {
      saveDeck: () => {
        throw sqlite('SQLITE_BUSY', 'database is locked');
      },
    } as unknown as ApiHandlers;
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const envelope = await dispatch(handlers, 'saveDeck', { deck: { systemId: 'osmcg', name: 'A', sections: {} } });
      expect(envelope).toEqual({
        ok: false,
        error: {
          code: 'INTERNAL',
          message:
            'Cardwright could not save the deck: its database is busy with another Cardwright window or command. Try again in a moment.',
        },
      });
      expect(String(log.mock.calls[0])).toContain('database is locked');
    } finally {
      log.mockRestore();
    }
  });
});

describe('a file that is not JSON', () => {
  const problem = (text: string) => {
    try {
      parseJsonText('deck.json', text);
    } catch (error) {
      return (error as Error).message;
    }
    return 'parsed';
  };

  it("names the file, the line and column and what is wrong there, not the parser's text", () => {
    expect(problem('garbage')).toBe(
      'deck.json: not valid JSON: line 1 column 1: "garbage" is not a value (text must be in double quotes)',
    );
    expect(problem('{"a": 1,\n  "b": garbage}')).toBe(
      'deck.json: not valid JSON: line 2 column 8: "garbage" is not a value (text must be in double quotes)',
    );
    expect(problem('{"a": 1')).toBe('deck.json: not valid JSON: line 1 column 8: the text ends too early: a "}" is missing');
  });

  it('describes each way JSON goes wrong', () => {
    expect(describeJsonSyntax('{a: 1}')).toBe('line 1 column 2: a property name must be in double quotes');
    expect(describeJsonSyntax('{"a" 1}')).toBe('line 1 column 6: a colon (:) is missing after the property name');
    expect(describeJsonSyntax('{"a": 1 "b": 2}')).toBe('line 1 column 9: a comma (,) or "}" is missing before a double quote');
    expect(describeJsonSyntax('[1, 2,]')).toBe('line 1 column 7: a comma before "]" has nothing after it');
    expect(describeJsonSyntax('{"a": 1,}')).toBe('line 1 column 9: a comma before "}" has nothing after it');
    expect(describeJsonSyntax('[1] x')).toBe('line 1 column 5: there is more text after the end of the JSON');
    expect(describeJsonSyntax('{"a": "x')).toBe('line 1 column 7: a text value is not closed with a double quote');
    expect(describeJsonSyntax('["a\tb"]')).toBe(
      'line 1 column 4: a text value contains a line break or tab (write it as "\\n" or "\\t")',
    );
    expect(describeJsonSyntax('["\\q"]')).toBe('line 1 column 3: "\\q" is not a valid escape (write a backslash as "\\\\")');
    expect(describeJsonSyntax("{'a': 1}")).toBe('line 1 column 2: a property name must be in double quotes');
    expect(describeJsonSyntax("['a']")).toBe('line 1 column 2: text must be in double quotes, not single quotes');
    expect(describeJsonSyntax('[01]')).toBe('line 1 column 2: a number cannot start with 0');
    expect(describeJsonSyntax('[-]')).toBe('line 1 column 2: a number is written wrongly');
    expect(describeJsonSyntax('[1.]')).toBe('line 1 column 3: a number is written wrongly');
    expect(describeJsonSyntax('['.repeat(100_000))).toBe('line 1 column 100001: the text ends too early: a "]" is missing');
    for (const valid of ['{"a": [1, -2.5e3, true, null, "x\\u00e9"]}', ' 3 ', '"s"']) {
      expect(() => JSON.parse(valid)).not.toThrow();
      expect(describeJsonSyntax(valid)).toBe('it is not JSON');
    }
  });
});
