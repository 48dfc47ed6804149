// SVG path data (the `d` attribute) read into commands and written back compactly, so a drawing
// made of several paths and shapes becomes the one path a symbol holds (card-schema/system/
// format.ts SymbolDef). A hand-written scanner, one pass over the text: no regex that could
// backtrack on a hostile file, and every number checked to be finite.

/** One command with its own arguments (implicit repetitions are split into commands of their own). */
export interface PathCommand {
  /** The letter as written: upper case absolute, lower case relative. */
  letter: string;
  args: number[];
}

/** How many numbers each command takes. */
const ARITY: Readonly<Record<string, number>> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;

/**
 * The commands of `d`, or a sentence saying what is wrong with it. An empty `d` is no commands.
 * A first command `m` is absolute (SVG's rule), so it is returned as `M`: that keeps it where it
 * is once the path follows another one.
 */
export function parsePathData(d: string): PathCommand[] | string {
  const commands: PathCommand[] = [];
  let i = 0;
  let letter = '';
  const n = d.length;
  const skipSeparators = (): void => {
    while (i < n && (isSpace(d.charCodeAt(i)) || d[i] === ',')) i++;
  };
  const readNumber = (flag: boolean): number | undefined => {
    skipSeparators();
    // Arc flags are one digit each and may be written without separators ("a5 5 0 011 1").
    if (flag) {
      const c = d[i];
      if (c === '0' || c === '1') {
        i++;
        return Number(c);
      }
      return undefined;
    }
    const start = i;
    if (d[i] === '+' || d[i] === '-') i++;
    let digits = 0;
    for (; i < n && isDigit(d.charCodeAt(i)); i++) digits++;
    if (d[i] === '.') {
      i++;
      for (; i < n && isDigit(d.charCodeAt(i)); i++) digits++;
    }
    if (digits === 0) {
      i = start;
      return undefined;
    }
    if (d[i] === 'e' || d[i] === 'E') {
      const mark = i;
      i++;
      if (d[i] === '+' || d[i] === '-') i++;
      let exponent = 0;
      for (; i < n && isDigit(d.charCodeAt(i)); i++) exponent++;
      if (exponent === 0) i = mark;
    }
    const value = Number(d.slice(start, i));
    return Number.isFinite(value) ? value : undefined;
  };

  skipSeparators();
  while (i < n) {
    const c = d[i];
    if (/[A-Za-z]/.test(c)) {
      if (!(c.toLowerCase() in ARITY)) return `its path data has "${c}", which is no SVG path command`;
      letter = c;
      i++;
    } else if (letter === '' || letter === 'z' || letter === 'Z') {
      return `its path data has "${c}" where a command letter belongs`;
    }
    if (commands.length === 0 && letter.toLowerCase() !== 'm') return 'its path data does not start with a move (M)';
    const arity = ARITY[letter.toLowerCase()];
    const args: number[] = [];
    for (let k = 0; k < arity; k++) {
      const value = readNumber(letter.toLowerCase() === 'a' && (k === 3 || k === 4));
      if (value === undefined) return `its path data has a "${letter}" without all its ${arity} numbers`;
      args.push(value);
    }
    const first = commands.length === 0;
    commands.push({ letter: first ? 'M' : letter, args });
    // Numbers after a move's pair are line-tos of the same kind (SVG's implicit repetition).
    if (letter === 'm') letter = 'l';
    else if (letter === 'M') letter = 'L';
    skipSeparators();
  }
  return commands;
}

/** Decimals to write so rounding moves no point by more than about 1/20000 of the drawing. */
export function decimalsFor(size: number): number {
  if (!(size > 0)) return 3;
  return Math.min(6, Math.max(0, Math.ceil(Math.log10(20000 / size))));
}

/** A number as path data writes it: rounded, without exponent or trailing zeros. */
export function formatNumber(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}

/** The commands as path data: a letter only where the command changes, numbers rounded. */
export function writePathData(commands: readonly PathCommand[], decimals: number): string {
  let out = '';
  let previous = '';
  for (const { letter, args } of commands) {
    // A repeated M would read as L: only other commands may leave out their letter.
    const repeat = letter === previous && letter !== 'M' && letter !== 'm' && args.length > 0;
    if (!repeat) out += letter;
    args.forEach((value, index) => {
      const text = formatNumber(value, decimals);
      if ((repeat || index > 0) && !text.startsWith('-')) out += ' ';
      out += text;
    });
    previous = letter;
  }
  return out;
}
