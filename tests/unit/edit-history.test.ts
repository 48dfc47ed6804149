// The card editor's undo/redo history.

import { describe, expect, it } from 'vitest';
import { EditHistory } from '../../src-renderer/src/editor/edit-history';

describe('EditHistory', () => {
  it('undoes and redoes separate steps', () => {
    const history = new EditHistory('a', 100);
    history.record('b', 0);
    history.record('c', 1000);
    expect(history.undo()).toBe('b');
    expect(history.undo()).toBe('a');
    expect(history.undo()).toBeUndefined();
    expect(history.redo()).toBe('b');
    expect(history.redo()).toBe('c');
    expect(history.redo()).toBeUndefined();
  });

  it('folds quick successive changes into one step', () => {
    const history = new EditHistory('', 100);
    history.record('E', 0);
    history.record('Em', 50);
    history.record('Emb', 120);
    history.record('Emb!', 400);
    expect(history.undo()).toBe('Emb');
    expect(history.undo()).toBe('');
    expect(history.canUndo).toBe(false);
  });

  it('ignores recording the present (a restored snapshot) and drops redo after a new change', () => {
    const history = new EditHistory('a', 100);
    history.record('b', 0);
    const restored = history.undo();
    history.record(restored!, 10);
    expect(history.canRedo).toBe(true);
    history.record('x', 20);
    expect(history.canRedo).toBe(false);
    expect(history.undo()).toBe('a');
  });

  it('does not fold a change into the step before an undo', () => {
    const history = new EditHistory('a', 1000);
    history.record('b', 0);
    history.undo();
    history.record('c', 10);
    expect(history.undo()).toBe('a');
  });

  it('makes a gesture one step of its own, however long it lasts', () => {
    const history = new EditHistory('', 100);
    history.record('typed', 0);
    history.beginGesture();
    history.record('typed, dragged a bit', 10); // soon after typing, yet a step of its own
    history.record('typed, dragged more', 500); // long after, yet the same step
    history.endGesture();
    history.record('typed, dragged more, typed', 510); // right after, yet a new step
    expect(history.undo()).toBe('typed, dragged more');
    expect(history.undo()).toBe('typed');
    expect(history.undo()).toBe('');
  });

  it('records nothing for a gesture that changed nothing', () => {
    const history = new EditHistory('a', 100);
    history.beginGesture();
    history.endGesture();
    history.record('b', 0);
    expect(history.undo()).toBe('a');
    expect(history.canUndo).toBe(false);
  });
});
