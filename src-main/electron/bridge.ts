// The one object the preload exposes to the renderer (as `window.cardwright`).
// It forwards typed API calls over a single IPC channel; main validates everything.
// Main sends app commands (menu items) on a second channel; the renderer subscribes.

import type { AppCommand } from '../api/commands';
import type { Envelope } from '../api/wire';

export const API_CHANNEL = 'cardwright:api';
export const COMMAND_CHANNEL = 'cardwright:command';

export interface CardwrightBridge {
  call(method: string, input: unknown): Promise<Envelope<unknown>>;
  /** Runs `listener` for every app command the desktop menu sends; returns an unsubscribe. */
  onCommand(listener: (command: AppCommand) => void): () => void;
}
