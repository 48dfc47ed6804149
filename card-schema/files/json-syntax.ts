// Where and how a text fails to be JSON, in words a designer can act on ("line 3 column 9: a
// comma (,) or "}" is missing") instead of the engine's ("Expected ',' or '}' after property
// value in JSON at position 41"), which also differs between engines and sometimes names no
// position at all. A small iterative scanner (a deep file cannot overflow it); it runs only after
// JSON.parse has failed, so speed on valid files does not matter.

export interface JsonSyntaxProblem {
  /** 1-based, counted in characters. */
  line: number;
  column: number;
  reason: string;
}

type Expect = 'value' | 'valueOrEnd' | 'key' | 'keyOrEnd' | 'colon' | 'commaOrEnd' | 'end';

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_$][\w$]*/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

class Stop {
  constructor(
    readonly at: number,
    readonly reason: string,
  ) {}
}

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';
}

function shown(ch: string): string {
  if (ch === '"') return 'a double quote';
  if (ch === "'") return 'a single quote';
  return `"${ch}"`;
}

/** The end of the string that starts at `start` (a double quote). */
function scanString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') return i + 1;
    if (ch === '\\') {
      const next = text[i + 1] ?? '';
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Stop(i, '"\\u" must be followed by four hex digits');
        i += 5;
      } else if (ESCAPES.has(next)) {
        i += 1;
      } else {
        throw new Stop(i, `"\\${next}" is not a valid escape (write a backslash as "\\\\")`);
      }
    } else if (ch.charCodeAt(0) < 0x20) {
      throw new Stop(i, 'a text value contains a line break or tab (write it as "\\n" or "\\t")');
    }
  }
  throw new Stop(start, 'a text value is not closed with a double quote');
}

function scanValue(text: string, i: number, stack: string[]): number {
  const ch = text[i];
  if (ch === '{' || ch === '[') {
    stack.push(ch);
    return i + 1;
  }
  if (ch === '"') return scanString(text, i);
  if (ch === '-' || (ch >= '0' && ch <= '9')) {
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    const end = match ? i + match[0].length : i;
    if (end === i || (end === i + 1 && ch === '-')) throw new Stop(i, 'a number is written wrongly');
    if (text[end] >= '0' && text[end] <= '9') throw new Stop(i, 'a number cannot start with 0');
    if (text[end] === '.' || text[end] === 'e' || text[end] === 'E') throw new Stop(end, 'a number is written wrongly');
    return end;
  }
  for (const literal of ['true', 'false', 'null']) if (text.startsWith(literal, i)) return i + literal.length;
  WORD.lastIndex = i;
  const word = WORD.exec(text)?.[0];
  if (word) return stopAt(i, `"${word.slice(0, 30)}" is not a value (text must be in double quotes)`);
  if (ch === "'") return stopAt(i, 'text must be in double quotes, not single quotes');
  return stopAt(i, `${shown(ch)} cannot start a value`);
}

function stopAt(at: number, reason: string): never {
  throw new Stop(at, reason);
}

function scan(text: string): Stop | undefined {
  const stack: string[] = [];
  let expect: Expect = 'value';
  let i = 0;
  const afterValue = (): Expect => (stack.length === 0 ? 'end' : 'commaOrEnd');
  try {
    for (;;) {
      while (i < text.length && isSpace(text[i])) i++;
      if (i >= text.length) {
        if (expect === 'end') return undefined;
        const open = stack.at(-1);
        if (!open && expect === 'value') return new Stop(i, 'there is no value at all');
        return new Stop(i, `the text ends too early: ${open === '[' ? 'a "]"' : open === '{' ? 'a "}"' : 'a value'} is missing`);
      }
      const ch = text[i];
      const open = stack.at(-1);
      switch (expect) {
        case 'value':
        case 'valueOrEnd': {
          if (ch === ']' && expect === 'valueOrEnd') {
            stack.pop();
            i++;
            expect = afterValue();
            break;
          }
          if ((ch === ']' || ch === '}') && expect === 'value' && open === ch.replace(']', '[').replace('}', '{')) {
            return new Stop(i, `a comma before "${ch}" has nothing after it`);
          }
          const depth = stack.length;
          i = scanValue(text, i, stack);
          if (stack.length > depth) expect = stack.at(-1) === '{' ? 'keyOrEnd' : 'valueOrEnd';
          else expect = afterValue();
          break;
        }
        case 'key':
        case 'keyOrEnd':
          if (ch === '}' && expect === 'keyOrEnd') {
            stack.pop();
            i++;
            expect = afterValue();
          } else if (ch === '}') {
            return new Stop(i, 'a comma before "}" has nothing after it');
          } else if (ch === '"') {
            i = scanString(text, i);
            expect = 'colon';
          } else {
            return new Stop(i, 'a property name must be in double quotes');
          }
          break;
        case 'colon':
          if (ch !== ':') return new Stop(i, 'a colon (:) is missing after the property name');
          i++;
          expect = 'value';
          break;
        case 'commaOrEnd': {
          const close = open === '{' ? '}' : ']';
          if (ch === ',') {
            i++;
            expect = open === '{' ? 'key' : 'value';
          } else if (ch === close) {
            stack.pop();
            i++;
            expect = afterValue();
          } else {
            return new Stop(i, `a comma (,) or "${close}" is missing before ${shown(ch)}`);
          }
          break;
        }
        case 'end':
          return new Stop(i, 'there is more text after the end of the JSON');
      }
    }
  } catch (error) {
    if (error instanceof Stop) return error;
    throw error;
  }
}

function lineAndColumn(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: at - lineStart + 1 };
}

/** The first place `text` stops being JSON, or undefined when it is JSON. */
export function findJsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
  const stop = scan(text);
  if (!stop) return undefined;
  return { ...lineAndColumn(text, stop.at), reason: stop.reason };
}

/** "line 3 column 9: a colon (:) is missing after the property name", for a text JSON.parse refused. */
export function describeJsonSyntax(text: string): string {
  const problem = findJsonSyntaxProblem(text);
  // JSON.parse and the scanner agree on the grammar; this is only a safe fallback.
  if (!problem) return 'it is not JSON';
  return `line ${problem.line} column ${problem.column}: ${problem.reason}`;
}
