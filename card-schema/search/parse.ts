// The query language's parser: what a typed string says, clause by clause (query.ts has the
// grammar). One left-to-right pass, so any string — 100,000 characters, lone surrogates, control
// characters, nothing but quotes — parses in linear time and never throws; what cannot be run as
// typed becomes a one-line problem and the rest is still searched.
//
//   clause   = ['-'] ( phrase | field op value | word )
//   phrase   = '"' any characters up to the next '"' (or the end: a problem)
//   field    = a letter or '_', then letters, digits and '_' (then directly an operator)
//   op       = ':' | '=' | '!=' | '<' | '<=' | '>' | '>='
//   value    = phrase | characters up to the next space
//   word     = characters up to the next space (operators and brackets inside are plain text)

import type { FieldOp, ParsedQuery, QueryClause, QueryProblem } from './query';

/** Clauses beyond this many are ignored (with one problem saying so): a query stays cheap to run. */
export const MAX_CLAUSES = 50;

/** Longest piece of the typed text quoted back in a problem. */
const MAX_QUOTED = 30;

/** Operators, longest first so `<=` is not read as `<` followed by a value "=…". */
const OPERATORS: readonly FieldOp[] = ['!=', '<=', '>=', ':', '=', '<', '>'];
const COMPARISON_START = /^(?:!=|<=|>=|=|<|>)/;

function isSpace(char: string): boolean {
  return char <= ' ' || /\s/.test(char);
}

function isFieldStart(char: string): boolean {
  return /[\p{L}_]/u.test(char);
}

function isFieldChar(char: string): boolean {
  return /[\p{L}\p{N}_]/u.test(char);
}

/** A piece of the typed text for a message: short, on one line. */
export function quoteTyped(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  const cut = oneLine.length > MAX_QUOTED ? `${oneLine.slice(0, MAX_QUOTED - 1)}…` : oneLine;
  return `‘${cut}’`;
}

class Scanner {
  at = 0;
  readonly clauses: QueryClause[] = [];
  readonly problems: QueryProblem[] = [];

  constructor(readonly text: string) {}

  problem(message: string, start: number, end: number): void {
    this.problems.push({ message, start, end });
  }

  skipSpaces(): void {
    while (this.at < this.text.length && isSpace(this.text[this.at])) this.at++;
  }

  /** The index of the next space at or after `from` (or the end). */
  wordEnd(from: number): number {
    let end = from;
    while (end < this.text.length && !isSpace(this.text[end])) end++;
    return end;
  }

  /** A quoted text starting at the opening quote at `this.at`: its content, and whether it closed. */
  readQuoted(): { content: string; closed: boolean } {
    const open = this.at;
    const close = this.text.indexOf('"', open + 1);
    if (close < 0) {
      this.at = this.text.length;
      return { content: this.text.slice(open + 1), closed: false };
    }
    this.at = close + 1;
    return { content: this.text.slice(open + 1, close), closed: true };
  }

  /** `field op` at `this.at`, if the text there is field syntax. */
  readFieldAndOperator(): { field: string; op: FieldOp } | null {
    // A field name starts with a letter, so "3:4" or "1<2" stay plain text.
    if (!isFieldStart(this.text[this.at] ?? '')) return null;
    let end = this.at;
    while (end < this.text.length && isFieldChar(this.text[end])) end++;
    const op = OPERATORS.find((candidate) => this.text.startsWith(candidate, end));
    if (!op) return null;
    const field = this.text.slice(this.at, end);
    this.at = end + op.length;
    return { field, op };
  }

  clause(): void {
    const start = this.at;
    const negated = this.text[this.at] === '-';
    if (negated) {
      this.at++;
      if (this.at >= this.text.length || isSpace(this.text[this.at])) {
        this.problem('A lone ‘-’ leaves nothing out: put the word right after it, like -wolf', start, this.at);
        return;
      }
    }
    if (this.text[this.at] === '"') return this.phrase(start, negated);
    const field = this.readFieldAndOperator();
    if (field) return this.field(start, negated, field.field, field.op);
    const end = this.wordEnd(this.at);
    const word = this.text.slice(this.at, end);
    this.at = end;
    if (COMPARISON_START.test(word)) {
      this.problem(`${quoteTyped(word)} compares nothing: put a field before it, like cost${word}`, start, end);
      return;
    }
    this.clauses.push({ kind: 'word', text: word, negated, start, end });
  }

  phrase(start: number, negated: boolean): void {
    const { content, closed } = this.readQuoted();
    if (!closed) this.unclosed(start);
    this.clauses.push({ kind: 'phrase', text: content, negated, start, end: this.at });
  }

  field(start: number, negated: boolean, field: string, op: FieldOp): void {
    const quoted = this.text[this.at] === '"';
    let value: string;
    let closed = true;
    if (quoted) {
      ({ content: value, closed } = this.readQuoted());
    } else {
      const end = this.wordEnd(this.at);
      value = this.text.slice(this.at, end);
      this.at = end;
    }
    if (value.trim() === '') {
      this.problem(`${quoteTyped(field + op)} needs a value after it`, start, this.at);
      return;
    }
    if (!closed) this.unclosed(start);
    this.clauses.push({ kind: 'field', field, op, value, quoted, negated, start, end: this.at });
  }

  unclosed(start: number): void {
    this.problem(
      `${quoteTyped(this.text.slice(start))} has no closing quote: searched up to the end as one phrase`,
      start,
      this.text.length,
    );
  }
}

/** What a typed query says: its clauses (ANDed) and what could not be understood. */
export function parseQuery(text: string): ParsedQuery {
  const scanner = new Scanner(text);
  scanner.skipSpaces();
  for (let read = 0; scanner.at < text.length; read++) {
    if (read === MAX_CLAUSES) {
      scanner.problem(
        `Only the first ${MAX_CLAUSES} parts of a search are used: ${quoteTyped(text.slice(scanner.at))} and after were left out`,
        scanner.at,
        text.length,
      );
      break;
    }
    scanner.clause();
    scanner.skipSpaces();
  }
  return { clauses: scanner.clauses, problems: scanner.problems };
}
