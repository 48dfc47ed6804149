// One entry point for both transports (IPC and loopback HTTP): check the method name, parse
// the input with the contract's schema, run the handler, and answer with an Envelope.
// Nothing the caller sends reaches a service without passing its schema first.

import { apiContract, isApiMethod, type ApiHandlers, type ApiMethod } from './contract';
import { ApiError } from './api-error';
import { internalErrorMessage } from './error-wording';
import { MAX_JSON_DEPTH, tooDeepPath } from './json-depth';
import { defaultPathRoots, redactPaths, type PathRoot } from './redact-paths';
import type { Envelope } from './wire';

function describeZodIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : 'input'}: ${issue.message}`)
    .join('; ');
}

/**
 * `roots` are the folders whose absolute paths error messages must not show (the data folder,
 * the app's folders); temp, home and the working folder are always among them.
 */
export async function dispatch(
  handlers: ApiHandlers,
  method: string,
  rawInput: unknown,
  roots: readonly PathRoot[] = [],
): Promise<Envelope<unknown>> {
  if (!isApiMethod(method)) {
    return { ok: false, error: { code: 'BAD_INPUT', message: `Unknown API method "${method.slice(0, 80)}"` } };
  }
  // zod and the services recurse; a value nested absurdly deep would overflow the stack there.
  const deep = tooDeepPath(rawInput);
  if (deep) {
    const where = deep.slice(0, 3).map(String).join('.');
    return {
      ok: false,
      error: { code: 'BAD_INPUT', message: `${method}: the input nests more than ${MAX_JSON_DEPTH} levels deep (at ${where}…)` },
    };
  }
  const parsed = apiContract[method].input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    return { ok: false, error: { code: 'BAD_INPUT', message: `${method}: ${describeZodIssues(parsed.error.issues)}` } };
  }
  try {
    const handler = handlers[method] as (input: unknown) => unknown;
    const value = await handler(parsed.data);
    return { ok: true, value };
  } catch (error) {
    const known = [...roots, ...defaultPathRoots()];
    if (error instanceof ApiError) return { ok: false, error: { code: error.code, message: redactPaths(error.message, known) } };
    // The log keeps the whole error; the caller gets one sentence in the app's words.
    console.error(`[cardwright] ${method} failed:`, error);
    return { ok: false, error: { code: 'INTERNAL', message: internalErrorMessage(method, error) } };
  }
}

export type { ApiMethod };
