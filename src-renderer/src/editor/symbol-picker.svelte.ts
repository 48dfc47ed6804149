// The `{` picker of rules-text fields: typing `{` in a multi-line text field of a game with
// symbols opens a list of them at the field; the letters typed after it filter the list, and
// choosing one replaces the `{` and those letters with `{token}`. The text logic is pure (and
// tested); the model holds the open list and the highlighted row for SymbolTextarea.svelte.

import type { SymbolDef } from '../../../card-schema/system/format';

export interface PickerSymbol {
  token: string;
  label: string;
  path: string;
  viewBox?: string;
}

/** The filter may only hold what a token may (so a `{` followed by a sentence closes the list). */
const TOKEN_CHAR = /[A-Za-z0-9_-]/;
const TOKEN_MAX = 32;

export function pickerSymbols(symbols: Record<string, SymbolDef> | undefined): PickerSymbol[] {
  return Object.entries(symbols ?? {}).map(([token, symbol]) => ({
    token,
    label: symbol.label,
    path: symbol.path,
    viewBox: symbol.viewBox,
  }));
}

/** The `{` being typed before `caret` and the letters after it, or undefined when there is none. */
export function openQuery(text: string, caret: number): { start: number; filter: string } | undefined {
  for (let i = caret - 1; i >= 0 && caret - i <= TOKEN_MAX + 1; i--) {
    const c = text[i];
    if (c === '{') return { start: i, filter: text.slice(i + 1, caret) };
    if (!TOKEN_CHAR.test(c)) return undefined;
  }
  return undefined;
}

/** Symbols whose token starts with the filter first, then those whose token or meaning contains it. */
export function filterSymbols(symbols: readonly PickerSymbol[], filter: string): PickerSymbol[] {
  const needle = filter.toLowerCase();
  if (needle === '') return [...symbols];
  const starts = symbols.filter((s) => s.token.toLowerCase().startsWith(needle));
  const contains = symbols.filter(
    (s) => !starts.includes(s) && (s.token.toLowerCase().includes(needle) || s.label.toLowerCase().includes(needle)),
  );
  return [...starts, ...contains];
}

/** `text` with `{` + filter (from `start` to `caret`) replaced by `{token}`, and the caret after it. */
export function insertToken(text: string, start: number, caret: number, token: string): { text: string; caret: number } {
  const inserted = `{${token}}`;
  // A `}` already right after the caret (typed by hand, or a token being corrected) is not doubled.
  const end = text[caret] === '}' ? caret + 1 : caret;
  return { text: text.slice(0, start) + inserted + text.slice(end), caret: start + inserted.length };
}

export class SymbolPickerModel {
  /** Where the `{` is, while the list is open. */
  start = $state<number | null>(null);
  filter = $state('');
  active = $state(0);
  readonly matches = $derived.by(() => filterSymbols(this.symbols(), this.filter));
  readonly open = $derived(this.start !== null && this.matches.length > 0);

  constructor(private readonly symbols: () => readonly PickerSymbol[]) {}

  /**
   * After each input: a typed `{` opens the list (in a game with symbols); typing on filters
   * it; a caret moved off the token (or a character no token has) closes it.
   */
  input(text: string, caret: number, typed: string | null): void {
    if (this.symbols().length === 0) return this.close();
    if (this.start === null && typed !== '{') return;
    const query = openQuery(text, caret);
    if (!query || (this.start !== null && query.start !== this.start && typed !== '{')) return this.close();
    this.start = query.start;
    this.filter = query.filter;
    this.active = 0;
  }

  close(): void {
    this.start = null;
    this.filter = '';
    this.active = 0;
  }

  move(by: 1 | -1): void {
    const count = this.matches.length;
    if (count > 0) this.active = (this.active + by + count) % count;
  }

  /** The text after choosing `token` (the highlighted one by default), or undefined when closed. */
  choose(text: string, caret: number, token = this.matches[this.active]?.token): { text: string; caret: number } | undefined {
    if (this.start === null || token === undefined) return undefined;
    const result = insertToken(text, this.start, caret, token);
    this.close();
    return result;
  }
}
