// App-wide messages: errors stay until dismissed (the user must see them), info fades
// unless the pointer or focus rests on it.

import { errorMessage } from '../api/client';
import { DismissTimer } from './dismiss-timer';

export type ToastKind = 'error' | 'info' | 'success';

/** A button in the toast ("Undo"); running it dismisses the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

const INFO_MS = 3500;
/** Long enough to notice the message and reach its button. */
const ACTION_MS = 10_000;
const MAX_TOASTS = 5;

let nextId = 1;
const list: Toast[] = $state([]);
const timers = new Map<number, DismissTimer>();

export const toasts = {
  get all(): readonly Toast[] {
    return list;
  },
};

function push(kind: ToastKind, message: string, action?: ToastAction): number {
  const id = nextId++;
  // The same message twice in a row is one message (unless its button does something new).
  const last = list.at(-1);
  if (!action && last && !last.action && last.kind === kind && last.message === message) return last.id;
  list.push(action ? { id, kind, message, action } : { id, kind, message });
  while (list.length > MAX_TOASTS) dismissToast(list[0].id);
  if (kind !== 'error') timers.set(id, new DismissTimer(action ? ACTION_MS : INFO_MS, () => dismissToast(id)));
  return id;
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

/** Holds a fading toast while the user reads it (hover or focus). */
export function holdToast(id: number): void {
  timers.get(id)?.pause();
}

export function releaseToast(id: number): void {
  timers.get(id)?.resume();
}

/** Shows what went wrong; accepts anything a catch block receives. */
export function showError(error: unknown): number {
  return push('error', errorMessage(error) || 'Something went wrong');
}

export function showInfo(message: string): number {
  return push('info', message);
}

export function showSuccess(message: string, action?: ToastAction): number {
  return push('success', message, action);
}
