// The sheet plan refuses options it cannot print (a card too big for the paper, a page range past
// the end, a whole sheet of skipped slots) with one sentence; those are the caller's to fix, so
// they travel as BAD_INPUT (shown as they are) rather than as an unexpected failure.

import { ApiError } from '../api/api-error';

/** Runs `plan`, turning its refusal into a BAD_INPUT ApiError with the same sentence. */
export function refusedPlan<T>(plan: () => T): T {
  try {
    return plan();
  } catch (error) {
    if (error instanceof Error && !(error instanceof ApiError)) throw new ApiError(error.message, 'BAD_INPUT');
    throw error;
  }
}
