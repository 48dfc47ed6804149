// App-wide messages: errors stay until dismissed (the user must see them), info fades
// unless the pointer or focus rests on it.

import { errorMessage } from '../api/client';
import { DismissTimer } from './dismiss-timer';

export type ToastKind = 'error' | 'info' | 'success';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const INFO_MS = 3500;
const MAX_TOASTS = 5;

let nextId = 1;
const list: Toast[] = $state([]);
const timers = new Map<number, DismissTimer>();

export const toasts = {
  get all(): readonly Toast[] {
    return list;
  },
};

function push(kind: ToastKind, message: string): number {
  const id = nextId++;
  // The same message twice in a row is one message.
  const last = list.at(-1);
  if (last && last.kind === kind && last.message === message) return last.id;
  list.push({ id, kind, message });
  while (list.length > MAX_TOASTS) dismissToast(list[0].id);
  if (kind !== 'error') timers.set(id, new DismissTimer(INFO_MS, () => dismissToast(id)));
  return id;
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

export function showSuccess(message: string): number {
  return push('success', message);
}
