// How long each message shows unless held, and how many show at once. Plain constants (no
// runes), so the browser tests wait by the same numbers the app uses.

export const TOAST_MS = {
  info: 4_000,
  success: 4_000,
  /** Long enough to notice the message and reach its button ("Undo"). */
  action: 10_000,
  /** Errors give time to read and act on them. */
  error: 12_000,
} as const;

export const MAX_TOASTS = 3;
