// What set and deck files share: JSON parsing with a position on error, the format/version
// envelope, readable paths like `cards[12].doc`, and the download blob of an export.

import type { FileBlob } from '../api/contract';
import { ApiError } from '../api/api-error';
import { MAX_JSON_DEPTH, tooDeepPath } from '../api/json-depth';
import { misdecodedTextProblem } from '../../card-schema/files/decode-text';
import { describeJsonSyntax } from '../../card-schema/files/json-syntax';

export function invalidFile(fileName: string, problem: string): ApiError {
  return new ApiError(`${fileName}: ${problem}`, 'INVALID_FILE');
}

/** `['cards', 12, 'doc']` -> `cards[12].doc` */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, '');
}

export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'true/false';
  return 'an object';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function parseJsonText(fileName: string, text: string): unknown {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (source.trim() === '') throw invalidFile(fileName, 'the file is empty');
  let value: unknown;
  try {
    value = JSON.parse(source) as unknown;
  } catch {
    // UTF-16 or Latin-1 bytes read as UTF-8 (by a caller that had only text): say so, not "Unexpected token".
    const encoding = misdecodedTextProblem(source);
    if (encoding) throw invalidFile(fileName, encoding);
    // Our own words and position: the engine's ("Unexpected token 'g', …") vary and may name none.
    throw invalidFile(fileName, `not valid JSON: ${describeJsonSyntax(source)}`);
  }
  checkJsonDepth(fileName, value);
  return value;
}

/**
 * Refuses content nested more than `max` levels deep (INVALID_FILE naming where), before
 * anything that recurses (JSON.stringify, the schema checks) can overflow the stack on it.
 */
export function checkJsonDepth(fileName: string, value: unknown, max = MAX_JSON_DEPTH): void {
  const path = tooDeepPath(value, max);
  if (!path) return;
  // The full path of a 100,000-deep file is 100,000 keys long; its start says where.
  const shown = path
    .slice(0, 6)
    .map((key, index) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      return /^[A-Za-z_$][\w$]*$/.test(name) ? `${index ? '.' : ''}${name}` : `[${JSON.stringify(name)}]`;
    })
    .join('');
  throw invalidFile(fileName, `nests more than ${max} levels deep, at ${shown}${path.length > 6 ? '…' : ''}`);
}

export interface FileEnvelope {
  format: string;
  version: number;
  /** The top-level key holding the content ("set" or "deck"). */
  body: string;
}

/** Checks `format` and `formatVersion` and returns the file's top-level object. */
export function readEnvelope(fileName: string, value: unknown, expected: FileEnvelope): Record<string, unknown> {
  if (!isPlainObject(value))
    throw invalidFile(fileName, `expected a JSON object at the top level, found ${describeValue(value)}`);
  if (value.format !== expected.format) {
    const found = typeof value.format === 'string' ? `"${value.format}"` : describeValue(value.format);
    throw invalidFile(
      fileName,
      `"format" must be "${expected.format}", found ${found} — is this a Cardwright ${expected.body} file?`,
    );
  }
  const version = value.formatVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw invalidFile(fileName, `"formatVersion" must be a whole number from 1, found ${describeValue(version)}`);
  }
  if (version > expected.version) {
    throw invalidFile(
      fileName,
      `"formatVersion" is ${version}; this Cardwright reads ${expected.body} files up to version ${expected.version} (update Cardwright)`,
    );
  }
  if (!isPlainObject(value[expected.body])) {
    throw invalidFile(fileName, `"${expected.body}" must be an object, found ${describeValue(value[expected.body])}`);
  }
  return value;
}

/** Zod issues as `where: what` sentences; "received undefined" reads as "is missing". */
export function describeIssues(prefix: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const where = formatPath([prefix, ...issue.path]);
      const what = /received undefined$/.test(issue.message) ? 'is missing' : issue.message;
      return `${where}: ${what}`;
    })
    .join('; ');
}

// One implementation for the app's exports and the renderer's previews of their names.
export { safeFileName } from '../../card-schema/files/safe-file-name';

export function jsonBlob(fileName: string, value: unknown): FileBlob {
  return { fileName, mimeType: 'application/json', bytes: new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`) };
}
