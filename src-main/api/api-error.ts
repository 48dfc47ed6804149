// The error a service throws when the caller can act on it: one sentence naming what is wrong
// and where, with the code the envelope carries (wire.ts). A module of its own so services,
// jobs and the CLI can throw it without importing the API contract (or zod) itself.

import type { ApiErrorCode } from './wire';

/** Errors a caller can show: a message naming what is wrong and where. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ApiErrorCode,
  ) {
    super(message);
  }
}
