// The one object the preload exposes to the renderer (as `window.cardwright`).
// It forwards typed API calls over a single IPC channel; main validates everything.

import type { Envelope } from '../api/wire';

export const API_CHANNEL = 'cardwright:api';

export interface CardwrightBridge {
  call(method: string, input: unknown): Promise<Envelope<unknown>>;
}
