// One entry point for both transports (IPC and loopback HTTP): check the method name, parse
// the input with the contract's schema, run the handler, and answer with an Envelope.
// Nothing the caller sends reaches a service without passing its schema first.

import { ApiError, apiContract, isApiMethod, type ApiHandlers, type ApiMethod } from './contract';
import type { Envelope } from './wire';

function describeZodIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : 'input'}: ${issue.message}`)
    .join('; ');
}

export async function dispatch(handlers: ApiHandlers, method: string, rawInput: unknown): Promise<Envelope<unknown>> {
  if (!isApiMethod(method)) {
    return { ok: false, error: { code: 'BAD_INPUT', message: `Unknown API method "${method.slice(0, 80)}"` } };
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
    if (error instanceof ApiError) return { ok: false, error: { code: error.code, message: error.message } };
    console.error(`[cardwright] ${method} failed:`, error);
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { code: 'INTERNAL', message: `${method} failed: ${message}` } };
  }
}

export type { ApiMethod };
