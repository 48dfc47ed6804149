// The toast model: every message closes by itself (errors after longer, held while hovered), an
// error closes when the user leaves the view or game it belongs to, at most three show, and what
// an engine threw is never shown as it is.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dismissToast,
  enterToastScope,
  holdToast,
  MAX_TOASTS,
  releaseToast,
  showError,
  showInfo,
  showSuccess,
  TOAST_MS,
  toasts,
} from '../../src-renderer/src/lib/toast.svelte';
import { UNEXPECTED_MESSAGE } from '../../src-renderer/src/lib/user-message';

const messages = () => toasts.all.map((toast) => toast.message);

beforeEach(() => {
  vi.useFakeTimers();
  enterToastScope({ view: 'library', game: 'osmcg' });
});

afterEach(() => {
  for (const toast of [...toasts.all]) dismissToast(toast.id);
  vi.useRealTimers();
});

describe('toasts', () => {
  it('close by themselves: info and success after a few seconds, errors after longer', () => {
    showInfo('Copied');
    showSuccess('Saved “Ember Drake”');
    showError(new Error('The set “Tides” has no cards.'));
    vi.advanceTimersByTime(TOAST_MS.info);
    expect(messages()).toEqual(['The set “Tides” has no cards.']);
    expect(TOAST_MS.error).toBeGreaterThanOrEqual(2 * TOAST_MS.info);
    vi.advanceTimersByTime(TOAST_MS.error - TOAST_MS.info - 1);
    expect(messages()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('give a button time to be reached', () => {
    showSuccess('Deleted 3 cards', { label: 'Undo', run: () => {} });
    vi.advanceTimersByTime(TOAST_MS.success);
    expect(messages()).toEqual(['Deleted 3 cards']);
    vi.advanceTimersByTime(TOAST_MS.action - TOAST_MS.success);
    expect(messages()).toEqual([]);
  });

  it('stay while hovered or focused, then take the time they had left', () => {
    const id = showError(new Error('The deck could not be saved.'));
    vi.advanceTimersByTime(TOAST_MS.error - 1000);
    holdToast(id);
    vi.advanceTimersByTime(60_000);
    expect(messages()).toHaveLength(1);
    releaseToast(id);
    vi.advanceTimersByTime(999);
    expect(messages()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('show at most three, dropping the oldest', () => {
    for (const n of [1, 2, 3, 4, 5]) showError(new Error(`Problem ${n}.`));
    expect(MAX_TOASTS).toBe(3);
    expect(messages()).toEqual(['Problem 3.', 'Problem 4.', 'Problem 5.']);
  });

  it('show the same message twice in a row once, for its full time again', () => {
    showError(new Error('The disk is full.'));
    vi.advanceTimersByTime(TOAST_MS.error - 1);
    showError(new Error('The disk is full.'));
    expect(messages()).toEqual(['The disk is full.']);
    vi.advanceTimersByTime(TOAST_MS.error - 1);
    expect(messages()).toHaveLength(1);
  });
});

describe('an error', () => {
  it('records the view and game it was raised in', () => {
    showError(new Error('Nope.'));
    expect(toasts.all[0].scope).toEqual({ view: 'library', game: 'osmcg' });
  });

  it('closes when the user leaves its view or game, and never follows into another', () => {
    showError(new Error('The card could not be saved.'));
    showSuccess('Saved “Tide Caller”');
    enterToastScope({ view: 'library', game: 'osmcg' });
    expect(messages()).toHaveLength(2);
    enterToastScope({ view: 'library', game: 'lantern-watch' });
    // Info and success close by themselves within seconds; an Undo still works from anywhere.
    expect(messages()).toEqual(['Saved “Tide Caller”']);

    showError(new Error('The deck could not be opened.'));
    enterToastScope({ view: 'help', game: null });
    expect(messages()).toEqual(['Saved “Tide Caller”']);
    enterToastScope({ view: 'library', game: 'lantern-watch' });
    expect(messages()).toEqual(['Saved “Tide Caller”']);
  });
});

describe('an error raised before any view showed', () => {
  it('belongs to the whole app: it stays when the first view opens, and closes by itself', async () => {
    vi.resetModules();
    const fresh = await import('../../src-renderer/src/lib/toast.svelte');
    fresh.showError(new Error('The card fonts could not be loaded.'));
    fresh.enterToastScope({ view: 'library', game: 'osmcg' });
    expect(fresh.toasts.all.map((toast) => toast.message)).toEqual(['The card fonts could not be loaded.']);
    vi.advanceTimersByTime(TOAST_MS.error);
    expect(fresh.toasts.all).toEqual([]);
  });
});

describe('what an error says', () => {
  it("is the app's own sentence, or one sentence in the app's words for what an engine threw", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      showError(new SyntaxError('Unexpected token \'g\', "garbage" is not valid JSON'));
      showError(new Error('SQLITE_BUSY: database is locked'));
      showError(new TypeError("Cannot read properties of undefined (reading 'name')"));
      expect(messages()).toEqual([UNEXPECTED_MESSAGE]);
      expect(log).toHaveBeenCalledTimes(3);
      const api = Object.assign(new Error('Cardwright could not save the card: the disk is full.'), { name: 'ApiCallError' });
      showError(api);
      expect(messages()).toEqual([UNEXPECTED_MESSAGE, 'Cardwright could not save the card: the disk is full.']);
    } finally {
      log.mockRestore();
    }
  });
});
