// Inline symbols in card text: a token such as `{T}` whose id the game lists in `symbols`
// becomes an icon in the text flow, at the text's size and in its color. Tokens are encoded as
// private-use characters (symbol-glyphs.ts) before line breaking and turned into `symbol` ops
// after it; a token naming no symbol stays text.

import type { SymbolDef } from '../system/format';
import type { DrawOp } from './format';
import type { FontStack } from './font-coverage';
import { own } from '../own-keys';
import { SYMBOL_ADVANCE_EM, SYMBOL_CHAR_BASE, SYMBOL_CHAR_LIMIT, isSymbolChar } from './symbol-glyphs';
import { PT_TO_MM, measureText, verticalMetrics } from './text-measure';

/** The icon's side as a multiple of the font size; the rest of the advance is space around it. */
const SYMBOL_SIZE_EM = 0.9;
const DEFAULT_VIEW_BOX: [number, number, number, number] = [0, 0, 24, 24];
const TOKEN = /\{([A-Za-z0-9][A-Za-z0-9_-]{0,31})\}/g;
const PRIVATE_USE = /[\ue000-\uf8ff]/g;

export interface ResolvedSymbol {
  path: string;
  viewBox: [number, number, number, number];
}

export interface EncodedText {
  text: string;
  /** The symbol each private-use character stands for, by its offset from SYMBOL_CHAR_BASE. */
  symbols: ResolvedSymbol[];
}

/** Replaces each `{id}` naming one of `symbols` by its private-use character. */
export function encodeSymbols(text: string, symbols: Record<string, SymbolDef> | undefined): EncodedText {
  // Private-use characters typed into a card would otherwise pass for symbols.
  const plain = text.replace(PRIVATE_USE, '');
  const used: ResolvedSymbol[] = [];
  const indexById = new Map<string, number>();
  if (!symbols) return { text: plain, symbols: used };
  const encoded = plain.replace(TOKEN, (token, id: string) => {
    const symbol = own(symbols, id);
    if (!symbol || typeof symbol.path !== 'string') return token;
    let index = indexById.get(id);
    if (index === undefined) {
      if (SYMBOL_CHAR_BASE + used.length > SYMBOL_CHAR_LIMIT) return token;
      index = used.length;
      indexById.set(id, index);
      used.push({ path: symbol.path, viewBox: parseViewBox(symbol.viewBox) });
    }
    return String.fromCodePoint(SYMBOL_CHAR_BASE + index);
  });
  return { text: encoded, symbols: used };
}

/**
 * The `{id}` tokens of `text` that name none of the game's symbols, each once, in order. Only a
 * game with symbols has tokens: in another game's text braces are just text.
 */
export function unknownSymbolTokens(text: string, symbols: Record<string, SymbolDef> | undefined): string[] {
  if (!symbols || Object.keys(symbols).length === 0) return [];
  const unknown = new Set<string>();
  for (const [token, id] of text.matchAll(TOKEN)) if (!own(symbols, id)) unknown.add(token);
  return [...unknown];
}

/** "minX minY width height" (spaces or commas); the 24-unit square when absent or unusable. */
export function parseViewBox(viewBox: string | undefined): [number, number, number, number] {
  if (viewBox === undefined) return DEFAULT_VIEW_BOX;
  const parts = viewBox
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n)) || parts[2] <= 0 || parts[3] <= 0) return DEFAULT_VIEW_BOX;
  return [parts[0], parts[1], parts[2], parts[3]];
}

export interface LineStyle {
  size: number;
  /** The text element's fonts; the ops carry its face. */
  stack: FontStack;
  color: string;
}

/**
 * The ops of one laid-out line whose baseline starts at (x, y): the text between symbols as
 * text ops, each symbol as a square icon centred on the capital height in its advance.
 */
export function lineOps(line: string, x: number, y: number, style: LineStyle, symbols: readonly ResolvedSymbol[]): DrawOp[] {
  const { size, stack: font, color } = style;
  const face = font.face;
  if (!Array.from(line).some(isSymbolChar)) return [{ op: 'text', x, y, text: line, size, font: face, color }];
  const em = size * PT_TO_MM;
  const side = SYMBOL_SIZE_EM * em;
  const middle = y - verticalMetrics(size, font).capHeightMm / 2;
  const ops: DrawOp[] = [];
  let prefix = '';
  let run = '';
  let runX = x;
  const flush = () => {
    if (run.trim() !== '') ops.push({ op: 'text', x: runX, y, text: run, size, font: face, color });
    run = '';
  };
  for (const ch of line) {
    if (isSymbolChar(ch)) {
      flush();
      const left = x + measureText(prefix, size, font);
      const symbol = symbols[(ch.codePointAt(0) ?? 0) - SYMBOL_CHAR_BASE];
      if (symbol) {
        const sx = left + (SYMBOL_ADVANCE_EM * em - side) / 2;
        ops.push({ op: 'symbol', x: sx, y: middle - side / 2, size: side, path: symbol.path, viewBox: symbol.viewBox, color });
      }
      prefix += ch;
      runX = x + measureText(prefix, size, font);
      continue;
    }
    prefix += ch;
    // A run starts at its first visible character: leading spaces only move it.
    if (run === '' && ch === ' ') runX = x + measureText(prefix, size, font);
    else run += ch;
  }
  flush();
  return ops;
}

/**
 * Where a symbol's path goes inside its op's square: the viewBox scaled uniformly to fit and
 * centred (both painters apply `translate(x, y) scale(scale) translate(-minX, -minY)`).
 */
export function symbolTransform(op: Extract<DrawOp, { op: 'symbol' }>): { x: number; y: number; scale: number } {
  const [minX, minY, width, height] = op.viewBox;
  const scale = op.size / Math.max(width, height);
  return {
    x: op.x + (op.size - width * scale) / 2 - minX * scale,
    y: op.y + (op.size - height * scale) / 2 - minY * scale,
    scale,
  };
}
