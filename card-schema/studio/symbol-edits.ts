// The studio's edits of a game's symbols: the `{token}`s card text writes, each a small
// drawing with what it means. Each edit checks its input first and either returns the next
// files or refuses with one sentence at the field it concerns.
//
// Pure: files in, files (or a refusal) out, the old map untouched for undo (game-files.ts).

import { isObject, systemJson, withSystem, type GameFileMap, type Json } from './game-files';
import { done, refuse, withoutKey, type EditResult } from './play-edit-shared';

/** Symbol ids as `{token}`s in card text spell them (game-system.schema.json `symbols`). */
export const SYMBOL_TOKEN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
export const SYMBOL_TOKEN_RULE = 'letters, digits, _ and -, starting with a letter or digit, at most 32';

export interface SymbolInput {
  label: string;
  path: string;
  viewBox?: string;
}

export function symbolsOf(files: GameFileMap): Record<string, Json> {
  const symbols = systemJson(files).symbols;
  const out: Record<string, Json> = {};
  if (isObject(symbols)) for (const [token, symbol] of Object.entries(symbols)) if (isObject(symbol)) out[token] = symbol;
  return out;
}

/** Why `token` cannot name a new symbol (or undefined when it can); `except` is the one being renamed. */
export function symbolTokenProblem(files: GameFileMap, token: string, except?: string): string | undefined {
  if (token === '') return 'Give the symbol a token: what card text writes between { and }.';
  if (!SYMBOL_TOKEN.test(token)) return `{${token}} cannot be a symbol's token: use ${SYMBOL_TOKEN_RULE}.`;
  const taken = Object.keys(symbolsOf(files)).find((existing) => existing === token && existing !== except);
  if (taken !== undefined) return `The game has a symbol {${token}} already.`;
  return undefined;
}

const labelProblem = (label: string): string | undefined =>
  label.trim() === ''
    ? 'Say what the symbol means (“Tap”).'
    : label.trim().length > 60
      ? 'A symbol’s meaning fits in 60 characters.'
      : undefined;

export function addSymbol(files: GameFileMap, token: string, symbol: SymbolInput): EditResult {
  const tokenProblem = symbolTokenProblem(files, token);
  if (tokenProblem) return refuse('symbol-token', tokenProblem);
  const problem = labelProblem(symbol.label);
  if (problem) return refuse('symbol-label', problem);
  if (Object.keys(symbolsOf(files)).length >= 256) return refuse('symbol-token', 'A game has at most 256 symbols.');
  if (symbol.path.trim() === '') return refuse('symbol-path', 'The symbol has no drawing.');
  const added: Json = { label: symbol.label.trim(), ...(symbol.viewBox ? { viewBox: symbol.viewBox } : {}), path: symbol.path };
  return done(withSystem(files, (system) => ({ ...system, symbols: { ...symbolsOf(files), [token]: added } })));
}

/** Renames a symbol's token in place (card text that writes the old token then warns). */
export function renameSymbol(files: GameFileMap, from: string, to: string): EditResult {
  const symbols = symbolsOf(files);
  if (!(from in symbols)) return refuse(`symbol:${from}`, `The game has no symbol {${from}}.`);
  if (from === to) return done(files);
  const problem = symbolTokenProblem(files, to, from);
  if (problem) return refuse(`symbol:${from}:token`, problem);
  const next: Record<string, Json> = {};
  for (const [token, symbol] of Object.entries(symbols)) next[token === from ? to : token] = symbol;
  return done(withSystem(files, (system) => ({ ...system, symbols: next })));
}

export function setSymbolLabel(files: GameFileMap, token: string, label: string): EditResult {
  const symbols = symbolsOf(files);
  if (!(token in symbols)) return refuse(`symbol:${token}`, `The game has no symbol {${token}}.`);
  const problem = labelProblem(label);
  if (problem) return refuse(`symbol:${token}:label`, problem);
  return done(
    withSystem(files, (system) => ({ ...system, symbols: { ...symbols, [token]: { ...symbols[token], label: label.trim() } } })),
  );
}

export function removeSymbol(files: GameFileMap, token: string): EditResult {
  const symbols = { ...symbolsOf(files) };
  if (!(token in symbols)) return refuse(`symbol:${token}`, `The game has no symbol {${token}}.`);
  delete symbols[token];
  return done(
    withSystem(files, (system) => (Object.keys(symbols).length === 0 ? withoutKey(system, 'symbols') : { ...system, symbols })),
  );
}
