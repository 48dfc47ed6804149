// App-wide messages, floating over the view (Toasts.svelte). Every message closes by itself —
// errors after longer — held while the pointer or focus rests on it. An error belongs to the view
// and game it was raised in (its scope): leaving them closes it, so an error never follows the
// user into another view or game. At most three show; a fourth drops the oldest.

import { userMessage } from './user-message';
import { DismissTimer } from './dismiss-timer';
import { MAX_TOASTS, TOAST_MS } from './toast-timing';

export { MAX_TOASTS, TOAST_MS };

export type ToastKind = 'error' | 'info' | 'success';

/** A button in the toast ("Undo"); running it dismisses the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
}

/** Where a message belongs: the view, and the game or deck open in it (null: the view itself). */
export interface ToastScope {
  view: string;
  game: string | null;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
  scope: ToastScope;
}

let nextId = 1;
const list: Toast[] = $state([]);
const timers = new Map<number, DismissTimer>();
let current: ToastScope = { view: '', game: null };

export const toasts = {
  get all(): readonly Toast[] {
    return list;
  },
};

function sameScope(a: ToastScope, b: ToastScope): boolean {
  return a.view === b.view && a.game === b.game;
}

function timeFor(kind: ToastKind, action: ToastAction | undefined): number {
  if (kind === 'error') return TOAST_MS.error;
  return action ? TOAST_MS.action : TOAST_MS[kind];
}

function startTimer(toast: Toast): void {
  timers.get(toast.id)?.cancel();
  timers.set(toast.id, new DismissTimer(timeFor(toast.kind, toast.action), () => dismissToast(toast.id)));
}

function push(kind: ToastKind, message: string, action?: ToastAction): number {
  // The same message twice in a row is one message, shown for its full time again (unless its
  // button does something new).
  const last = list.at(-1);
  if (!action && last && !last.action && last.kind === kind && last.message === message && sameScope(last.scope, current)) {
    startTimer(last);
    return last.id;
  }
  const toast: Toast = { id: nextId++, kind, message, scope: { ...current }, ...(action ? { action } : {}) };
  list.push(toast);
  while (list.length > MAX_TOASTS) dismissToast(list[0].id);
  startTimer(toast);
  return toast.id;
}

/** An error raised before any view showed (at start-up) belongs to the whole app. */
function belongsElsewhere(toast: Toast): boolean {
  return toast.kind === 'error' && toast.scope.view !== '' && !sameScope(toast.scope, current);
}

/**
 * The user is now in `scope`: errors raised elsewhere close. Info and success messages stay
 * for their few seconds (an "Undo" still undoes from another view).
 */
export function enterToastScope(scope: ToastScope): void {
  if (sameScope(scope, current)) return;
  current = { ...scope };
  for (const toast of [...list]) if (belongsElsewhere(toast)) dismissToast(toast.id);
}

/** For a view's script: its messages belong to `view` and whatever `game()` returns while it shows. */
export function useToastScope(view: string, game: () => string | null = () => null): void {
  $effect(() => enterToastScope({ view, game: game() }));
}

/** Runs the toast's button and dismisses the toast. */
export function runToastAction(toast: Toast): void {
  dismissToast(toast.id);
  toast.action?.run();
}

export function dismissToast(id: number): void {
  timers.get(id)?.cancel();
  timers.delete(id);
  const index = list.findIndex((toast) => toast.id === id);
  if (index !== -1) list.splice(index, 1);
}

/** Holds a toast while the user reads it (hover or focus). */
export function holdToast(id: number): void {
  timers.get(id)?.pause();
}

export function releaseToast(id: number): void {
  timers.get(id)?.resume();
}

/** Shows what went wrong, in the app's words; accepts anything a catch block receives. */
export function showError(error: unknown): number {
  return push('error', userMessage(error));
}

export function showInfo(message: string): number {
  return push('info', message);
}

export function showSuccess(message: string, action?: ToastAction): number {
  return push('success', message, action);
}
