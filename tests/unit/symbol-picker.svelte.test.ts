// The `{` picker of rules-text fields: which `{` is open at the caret, how typing filters the
// game's symbols, and what choosing one does to the text and the caret.

import { describe, expect, it } from 'vitest';
import {
  SymbolPickerModel,
  filterSymbols,
  insertToken,
  openQuery,
  pickerSymbols,
  type PickerSymbol,
} from '../../src-renderer/src/editor/symbol-picker.svelte';

const SYMBOLS: PickerSymbol[] = pickerSymbols({
  T: { label: 'Tap', path: 'M0 0H1V1Z' },
  R: { label: 'Resource', path: 'M0 0H1V1Z' },
  mana: { label: 'Mana', path: 'M0 0H1V1Z', viewBox: '0 0 10 10' },
  untap: { label: 'Untap', path: 'M0 0H1V1Z' },
});

describe('symbol picker text logic', () => {
  it('finds the open brace before the caret, and none after a space or a closed token', () => {
    expect(openQuery('Pay {ma', 7)).toEqual({ start: 4, filter: 'ma' });
    expect(openQuery('Pay {', 5)).toEqual({ start: 4, filter: '' });
    expect(openQuery('Pay {ma na', 10)).toBeUndefined();
    expect(openQuery('{T} then', 8)).toBeUndefined();
    expect(openQuery('{T}', 3)).toBeUndefined();
    expect(openQuery(`{${'x'.repeat(40)}`, 41)).toBeUndefined();
  });

  it('filters by token start first, then by token or meaning containing the letters', () => {
    expect(filterSymbols(SYMBOLS, '').map((s) => s.token)).toEqual(['T', 'R', 'mana', 'untap']);
    expect(filterSymbols(SYMBOLS, 't').map((s) => s.token)).toEqual(['T', 'untap']);
    expect(filterSymbols(SYMBOLS, 'ap').map((s) => s.token)).toEqual(['T', 'untap']);
    expect(filterSymbols(SYMBOLS, 'res').map((s) => s.token)).toEqual(['R']);
    expect(filterSymbols(SYMBOLS, 'zz')).toEqual([]);
  });

  it('replaces the brace and the filter with the token, keeping the rest and a typed closing brace single', () => {
    expect(insertToken('Pay {ma to draw', 4, 7, 'mana')).toEqual({ text: 'Pay {mana} to draw', caret: 10 });
    expect(insertToken('{', 0, 1, 'T')).toEqual({ text: '{T}', caret: 3 });
    expect(insertToken('Pay {ma}', 4, 7, 'mana')).toEqual({ text: 'Pay {mana}', caret: 10 });
  });
});

describe('SymbolPickerModel', () => {
  it('opens on a typed brace, filters while typing, moves and inserts the highlighted symbol', () => {
    const picker = new SymbolPickerModel(() => SYMBOLS);
    picker.input('Pay 2', 5, '2');
    expect(picker.open).toBe(false);
    picker.input('Pay {', 5, '{');
    expect(picker.open).toBe(true);
    expect(picker.matches).toHaveLength(4);
    picker.input('Pay {t', 6, 't');
    expect(picker.matches.map((s) => s.token)).toEqual(['T', 'untap']);
    picker.move(1);
    expect(picker.active).toBe(1);
    picker.move(1);
    expect(picker.active).toBe(0);
    picker.move(-1);
    expect(picker.choose('Pay {t', 6)).toEqual({ text: 'Pay {untap}', caret: 11 });
    expect(picker.open).toBe(false);
  });

  it('closes on a character no token has, on Esc and when nothing matches; never opens without symbols', () => {
    const picker = new SymbolPickerModel(() => SYMBOLS);
    picker.input('{', 1, '{');
    picker.input('{ ', 2, ' ');
    expect(picker.open).toBe(false);
    picker.input('{', 1, '{');
    picker.input('{zz', 3, 'z');
    expect(picker.open).toBe(false);
    picker.input('{', 1, '{');
    picker.close();
    expect(picker.choose('{', 1)).toBeUndefined();
    // A brace pasted or typed elsewhere does not reopen it without being typed.
    picker.input('{T', 2, 'T');
    expect(picker.open).toBe(false);

    const none = new SymbolPickerModel(() => []);
    none.input('{', 1, '{');
    expect(none.open).toBe(false);
  });
});
