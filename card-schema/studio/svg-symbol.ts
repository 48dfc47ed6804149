// An uploaded SVG file → the `{ path, viewBox }` of a symbol (system.json `symbols`, drawn as one
// path filled in the text's colour). Every `<path d>` is taken and the basic shapes are turned
// into path data; what one filled path cannot draw faithfully (text, images, references,
// gradients, transforms, stroke-only outlines) is refused with a sentence naming it, so the
// designer fixes the drawing rather than getting a wrong icon.
//
// The file is untrusted: it is read by one forward scan with indexOf and hand-written loops (no
// DOM, no regex that could backtrack), sizes are capped before any work, and nothing it says is
// fetched or run.

import { decimalsFor, formatNumber, parsePathData, writePathData, type PathCommand } from './path-data';

/** The largest SVG file read (bytes). */
export const SVG_FILE_LIMIT = 256 * 1024;
/** The most path data collected from a file before it is compacted (characters). */
export const SVG_PATH_SCAN_LIMIT = 64 * 1000;
/** The most path data a symbol may hold: the game-system format's limit (game-system.schema.json). */
export const SYMBOL_PATH_LIMIT = 8000;

export interface SvgSymbol {
  path: string;
  viewBox: string;
  /** Things that may draw differently than in the drawing program (shown with the preview). */
  notes: string[];
}

export type SvgSymbolResult = { ok: true; symbol: SvgSymbol } | { ok: false; message: string };

/** Elements whose drawing one filled path cannot reproduce, with what to do about each. */
const REFUSED: Readonly<Record<string, string>> = {
  text: 'convert text to paths in your drawing program first',
  tspan: 'convert text to paths in your drawing program first',
  textPath: 'convert text to paths in your drawing program first',
  image: 'a symbol is a vector shape: trace the picture or draw it as paths',
  use: 'unlink the clone (or "expand" the symbol) in your drawing program first',
  symbol: 'unlink the clone (or "expand" the symbol) in your drawing program first',
  linearGradient: 'a symbol is drawn in one colour, the text’s: fill the shapes with a flat colour',
  radialGradient: 'a symbol is drawn in one colour, the text’s: fill the shapes with a flat colour',
  pattern: 'a symbol is drawn in one colour, the text’s: fill the shapes with a flat colour',
  mask: 'apply the mask (or clip) in your drawing program first, so only paths remain',
  clipPath: 'apply the mask (or clip) in your drawing program first, so only paths remain',
  filter: 'remove the filter effects (blur, shadow) first',
  foreignObject: 'a symbol holds only vector shapes',
  marker: 'convert the strokes with markers to paths first',
  script: 'a symbol holds only vector shapes',
  svg: 'flatten the nested drawing into the outer one first',
};

/** Elements whose content is never drawn; shapes in them are skipped (refused elements still count). */
const UNDRAWN = new Set(['defs', 'title', 'desc', 'metadata', 'style']);

/** The basic shapes turned into path data. */
const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polygon', 'polyline']);

/** Pixels per unit of the lengths a width or height may be given in (CSS's 96 px per inch). */
const UNIT_PX: Readonly<Record<string, number>> = { '': 1, px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, pt: 4 / 3, pc: 16 };

interface Paint {
  fillNone: boolean;
  stroked: boolean;
  evenOdd: boolean;
}

interface Frame extends Paint {
  name: string;
  /** Inside defs, title, hidden groups…: shapes here are not drawn. */
  undrawn: boolean;
}

/** The symbol an SVG file's text draws, or the sentence saying why it cannot become one. */
export function symbolFromSvg(text: string): SvgSymbolResult {
  if (utf8Length(text) > SVG_FILE_LIMIT) {
    return refuse(`The file is larger than ${SVG_FILE_LIMIT / 1024} KB; a symbol is a small icon, so save a simpler drawing.`);
  }
  const scan = scanSvg(text);
  if (typeof scan === 'string') return refuse(scan);
  const { viewBox, commands, evenOdd } = scan;
  if (commands.length === 0) return refuse('The SVG draws no filled shape, so there is nothing to make a symbol of.');
  const size = Math.max(viewBox[2], viewBox[3]);
  const path = writePathData(commands, decimalsFor(size));
  if (path.length > SYMBOL_PATH_LIMIT) {
    return refuse(
      `The drawing needs ${path.length.toLocaleString('en')} characters of path data where a symbol holds at most ` +
        `${SYMBOL_PATH_LIMIT.toLocaleString('en')}; simplify it (fewer nodes) in your drawing program.`,
    );
  }
  const notes = evenOdd
    ? [
        'The drawing is filled by the even-odd rule and symbols by the nonzero rule: a hole drawn in the same ' +
          'direction as its outline comes out filled, so check the preview (reverse the hole’s path if it does).',
      ]
    : [];
  const box = viewBox.map((value) => formatNumber(value, 4)).join(' ');
  return { ok: true, symbol: { path, viewBox: box, notes } };
}

const refuse = (message: string): SvgSymbolResult => ({ ok: false, message });

interface Scan {
  viewBox: [number, number, number, number];
  commands: PathCommand[];
  evenOdd: boolean;
}

/** One pass over the markup: the root's box and every drawn shape's commands, or a refusal. */
function scanSvg(text: string): Scan | string {
  const stack: Frame[] = [];
  const commands: PathCommand[] = [];
  let viewBox: Scan['viewBox'] | undefined;
  let rootSeen = false;
  let collected = 0;
  let evenOdd = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const open = text.indexOf('<', i);
    if (open < 0) break;
    // Comments, processing instructions, doctypes and CDATA hold nothing drawn: skip each whole.
    if (text.startsWith('<!--', open)) {
      i = skipPast(text, open + 4, '-->');
      continue;
    }
    if (text.startsWith('<![CDATA[', open)) {
      i = skipPast(text, open + 9, ']]>');
      continue;
    }
    if (text.startsWith('<?', open)) {
      i = skipPast(text, open + 2, '?>');
      continue;
    }
    if (text.startsWith('<!', open)) {
      // A doctype may declare entities in [ … ]; none of them is used (only XML's own are read).
      // The bracket is looked for only up to the first ">", so the scan stays linear.
      const close = text.indexOf('>', open);
      if (close < 0) break;
      let bracket = -1;
      for (let k = open; k < close && bracket < 0; k++) if (text[k] === '[') bracket = k;
      i = bracket >= 0 ? skipPast(text, bracket, ']>') : close + 1;
      continue;
    }
    if (text[open + 1] === '/') {
      const close = text.indexOf('>', open);
      if (close < 0) break;
      stack.pop();
      i = close + 1;
      continue;
    }
    const tag = readTag(text, open);
    if (typeof tag === 'string') return tag;
    i = tag.end;
    const name = tag.name.startsWith('svg:') ? tag.name.slice(4) : tag.name;
    const parent = stack.at(-1);

    if (!rootSeen) {
      if (name !== 'svg') return `This file is not an SVG drawing: it starts with <${name}> where <svg> belongs.`;
      rootSeen = true;
      const box = rootViewBox(tag.attrs);
      if (typeof box === 'string') return box;
      viewBox = box;
    } else if (name in REFUSED) {
      return `The SVG draws <${name}>; ${REFUSED[name]}.`;
    }
    // Elements of other vocabularies (Inkscape's sodipodi:namedview, metadata) are not drawn.
    const foreign = name.includes(':');
    const style = styleOf(tag.attrs);
    const transform = tag.attrs.get('transform') ?? style.get('transform');
    if (!foreign && transform !== undefined && transform.trim() !== '' && transform.trim() !== 'none') {
      return `The SVG moves or scales <${name}> with a transform; apply (flatten) the transforms in your drawing program first (in Inkscape, Path › Object to Path).`;
    }
    const paint = paintOf(tag.attrs, style, parent ?? { fillNone: false, stroked: false, evenOdd: false });
    const hidden = (tag.attrs.get('display') ?? style.get('display'))?.trim() === 'none';
    const undrawn = (parent?.undrawn ?? false) || foreign || hidden || UNDRAWN.has(name);

    // A line has no inside: it shows only by its stroke.
    if (name === 'line' && !undrawn && paint.stroked) {
      return 'The SVG draws <line>, which shows only by its stroke; a symbol is filled, so convert strokes to paths in your drawing program first (in Inkscape, Path › Stroke to Path).';
    }
    if (SHAPES.has(name) && !undrawn && !paint.fillNone) {
      const shape = shapeCommands(name, tag.attrs);
      if (typeof shape === 'string') return shape;
      collected += shape.length;
      if (collected > SVG_PATH_SCAN_LIMIT) {
        return `The drawing has more than ${SVG_PATH_SCAN_LIMIT.toLocaleString('en')} characters of path data; a symbol is a small icon, so simplify it in your drawing program.`;
      }
      commands.push(...shape.commands);
      evenOdd ||= paint.evenOdd;
    } else if (SHAPES.has(name) && !undrawn && paint.stroked) {
      // fill none with a stroke: the drawing is the outline, which a filled path cannot show.
      return `The SVG draws <${name}> as an outline (a stroke without fill); a symbol is filled, so convert strokes to paths in your drawing program first (in Inkscape, Path › Stroke to Path).`;
    }
    if (!tag.selfClosing) stack.push({ name, undrawn, ...paint });
  }
  if (!rootSeen || !viewBox) return 'This file is not an SVG drawing: it has no <svg> element.';
  return { viewBox, commands, evenOdd };
}

/** Index just past `end` searched from `from`, or the text's end when it never comes. */
function skipPast(text: string, from: number, end: string): number {
  const at = text.indexOf(end, from);
  return at < 0 ? text.length : at + end.length;
}

interface Tag {
  name: string;
  attrs: Map<string, string>;
  selfClosing: boolean;
  /** Index just past the tag's `>`. */
  end: number;
}

const isNameChar = (c: string): boolean =>
  (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === ':' || c === '-' || c === '_' || c === '.';
const isBlank = (c: string): boolean => c === ' ' || c === '\n' || c === '\t' || c === '\r';

/** The start tag at `open` (its `<`): name, attributes (entities decoded) and where it ends. */
function readTag(text: string, open: number): Tag | string {
  const n = text.length;
  let i = open + 1;
  while (i < n && isNameChar(text[i])) i++;
  const name = text.slice(open + 1, i);
  if (name === '') return 'The SVG is not well-formed: a "<" starts no element.';
  const attrs = new Map<string, string>();
  for (;;) {
    while (i < n && isBlank(text[i])) i++;
    if (i >= n) return `The SVG is not well-formed: <${name}> is never closed with ">".`;
    if (text[i] === '>') return { name, attrs, selfClosing: false, end: i + 1 };
    if (text.startsWith('/>', i)) return { name, attrs, selfClosing: true, end: i + 2 };
    const start = i;
    while (i < n && isNameChar(text[i])) i++;
    const attr = text.slice(start, i);
    while (i < n && isBlank(text[i])) i++;
    if (attr === '' || text[i] !== '=') return `The SVG is not well-formed: an attribute of <${name}> has no value.`;
    i++;
    while (i < n && isBlank(text[i])) i++;
    const quote = text[i];
    if (quote !== '"' && quote !== "'") return `The SVG is not well-formed: the attribute ${attr} of <${name}> is not quoted.`;
    const close = text.indexOf(quote, i + 1);
    if (close < 0) return `The SVG is not well-formed: the attribute ${attr} of <${name}> is never closed.`;
    attrs.set(attr, decodeEntities(text.slice(i + 1, close)));
    i = close + 1;
  }
}

/** XML's own entities and character references; anything else stays as written (and fails later). */
function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return value.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, body: string) => {
    if (body.startsWith('#x')) return safeCodePoint(parseInt(body.slice(2), 16), whole);
    if (body.startsWith('#')) return safeCodePoint(parseInt(body.slice(1), 10), whole);
    return named[body] ?? whole;
  });
}

const safeCodePoint = (code: number, fallback: string): string =>
  code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;

/** The `style` attribute's declarations ("fill:none;stroke:#000") by property. */
function styleOf(attrs: Map<string, string>): Map<string, string> {
  const style = new Map<string, string>();
  for (const declaration of (attrs.get('style') ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) style.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
  }
  return style;
}

/** Fill and stroke as inherited from the parent and set here (style wins over attributes, as in CSS). */
function paintOf(attrs: Map<string, string>, style: Map<string, string>, parent: Paint): Paint {
  const fill = (style.get('fill') ?? attrs.get('fill'))?.trim();
  const stroke = (style.get('stroke') ?? attrs.get('stroke'))?.trim();
  const rule = (style.get('fill-rule') ?? attrs.get('fill-rule'))?.trim();
  return {
    fillNone: fill === undefined || fill === 'inherit' ? parent.fillNone : fill === 'none' || fill === 'transparent',
    stroked: stroke === undefined || stroke === 'inherit' ? parent.stroked : stroke !== 'none' && stroke !== 'transparent',
    evenOdd: rule === undefined || rule === 'inherit' ? parent.evenOdd : rule === 'evenodd',
  };
}

/** The root's viewBox, or one made from its width and height (in pixels). */
function rootViewBox(attrs: Map<string, string>): Scan['viewBox'] | string {
  const box = attrs.get('viewBox');
  if (box !== undefined) {
    const numbers = numberList(box);
    if (numbers === undefined || numbers.length !== 4) return `The SVG's viewBox "${clip(box)}" is not four numbers.`;
    const [minX, minY, width, height] = numbers;
    if (!(width > 0 && height > 0)) return `The SVG's viewBox "${clip(box)}" has no area: its width and height must be above 0.`;
    return [minX, minY, width, height];
  }
  const width = lengthPx(attrs.get('width'));
  const height = lengthPx(attrs.get('height'));
  if (width === undefined || height === undefined || !(width > 0 && height > 0)) {
    return 'The SVG has neither a viewBox nor a width and height in absolute units, so its drawing has no size; save it with a viewBox.';
  }
  return [0, 0, width, height];
}

const clip = (value: string): string => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** "24", "24px", "6.35mm" → pixels; percentages and unknown units → undefined. */
function lengthPx(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  let end = trimmed.length;
  while (end > 0 && /[a-z]/i.test(trimmed[end - 1])) end--;
  const unit = trimmed.slice(end).toLowerCase();
  if (!(unit in UNIT_PX) || end === 0) return undefined;
  const number = strictNumber(trimmed.slice(0, end));
  return number === undefined ? undefined : number * UNIT_PX[unit];
}

/** A plain decimal number (what SVG attributes hold), or undefined. */
function strictNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 40) return undefined;
  // Number() would also take "0x1f" and "Infinity": only decimal notation is a length here.
  for (const c of trimmed)
    if (!((c >= '0' && c <= '9') || c === '.' || c === '-' || c === '+' || c === 'e' || c === 'E')) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** Numbers separated by spaces and/or commas (viewBox, points), or undefined for anything else. */
function numberList(text: string): number[] | undefined {
  const numbers: number[] = [];
  for (const part of text.split(/[\s,]+/)) {
    if (part === '') continue;
    const value = strictNumber(part);
    if (value === undefined) return undefined;
    numbers.push(value);
  }
  return numbers;
}

interface Shape {
  commands: PathCommand[];
  /** Characters of path data it came from (what the scan limit counts). */
  length: number;
}

/** A shape element as path commands (an empty list for one SVG does not draw: zero size). */
function shapeCommands(name: string, attrs: Map<string, string>): Shape | string {
  if (name === 'path') {
    const d = attrs.get('d') ?? '';
    if (d.length > SVG_PATH_SCAN_LIMIT) {
      return `The drawing has more than ${SVG_PATH_SCAN_LIMIT.toLocaleString('en')} characters of path data; a symbol is a small icon, so simplify it in your drawing program.`;
    }
    const commands = parsePathData(d);
    if (typeof commands === 'string') return `The SVG's <path> cannot be read: ${commands}.`;
    return { commands, length: d.length };
  }
  const number = (attr: string, fallback?: number): number | string => {
    const raw = attrs.get(attr);
    if (raw === undefined) return fallback ?? 0;
    const px = lengthPx(raw);
    return px === undefined
      ? `The SVG gives <${name}> the ${attr} "${clip(raw)}", which is not a length in pixels; save the shape as a path.`
      : px;
  };
  const read = (...names: string[]): number[] | string => {
    const values: number[] = [];
    for (const attr of names) {
      const value = number(attr);
      if (typeof value === 'string') return value;
      values.push(value);
    }
    return values;
  };
  const done = (commands: PathCommand[]): Shape => ({ commands, length: commands.length * 12 });
  const c = (letter: string, ...args: number[]): PathCommand => ({ letter, args });

  switch (name) {
    case 'rect': {
      const values = read('x', 'y', 'width', 'height');
      if (typeof values === 'string') return values;
      const [x, y, w, h] = values;
      if (!(w > 0 && h > 0)) return done([]);
      // SVG's rule: a missing radius takes the other's value; each is at most half the side.
      const rxRaw = attrs.has('rx') ? number('rx') : undefined;
      const ryRaw = attrs.has('ry') ? number('ry') : undefined;
      if (typeof rxRaw === 'string') return rxRaw;
      if (typeof ryRaw === 'string') return ryRaw;
      const rx = Math.min(Math.max(rxRaw ?? ryRaw ?? 0, 0), w / 2);
      const ry = Math.min(Math.max(ryRaw ?? rxRaw ?? 0, 0), h / 2);
      if (rx === 0 || ry === 0) return done([c('M', x, y), c('H', x + w), c('V', y + h), c('H', x), c('Z')]);
      const arc = (ex: number, ey: number): PathCommand => c('A', rx, ry, 0, 0, 1, ex, ey);
      return done([
        c('M', x + rx, y),
        c('H', x + w - rx),
        arc(x + w, y + ry),
        c('V', y + h - ry),
        arc(x + w - rx, y + h),
        c('H', x + rx),
        arc(x, y + h - ry),
        c('V', y + ry),
        arc(x + rx, y),
        c('Z'),
      ]);
    }
    case 'circle':
    case 'ellipse': {
      const values = name === 'circle' ? read('cx', 'cy', 'r') : read('cx', 'cy', 'rx', 'ry');
      if (typeof values === 'string') return values;
      const [cx, cy, rx, ry = rx] = values;
      if (!(rx > 0 && ry > 0)) return done([]);
      // Clockwise from the rightmost point, as SVG draws them (it matters for holes under nonzero).
      return done([c('M', cx + rx, cy), c('A', rx, ry, 0, 0, 1, cx - rx, cy), c('A', rx, ry, 0, 0, 1, cx + rx, cy), c('Z')]);
    }
    case 'line': {
      const values = read('x1', 'y1', 'x2', 'y2');
      if (typeof values === 'string') return values;
      return done([c('M', values[0], values[1]), c('L', values[2], values[3])]);
    }
    default: {
      // polygon and polyline: pairs of numbers; an odd last number is ignored, as SVG does.
      const raw = attrs.get('points') ?? '';
      if (raw.length > SVG_PATH_SCAN_LIMIT) {
        return `The drawing has more than ${SVG_PATH_SCAN_LIMIT.toLocaleString('en')} characters of path data; a symbol is a small icon, so simplify it in your drawing program.`;
      }
      const points = numberList(raw);
      if (points === undefined) return `The SVG's <${name}> has points "${clip(raw)}", which are not numbers.`;
      if (points.length < 4) return done([]);
      const commands = [c('M', points[0], points[1])];
      for (let k = 2; k + 1 < points.length; k += 2) commands.push(c('L', points[k], points[k + 1]));
      // A filled polyline is filled as if closed, so both close.
      commands.push(c('Z'));
      return { commands, length: raw.length };
    }
  }
}

/** UTF-8 length of `text`, stopping early once it is past the file limit. */
function utf8Length(text: string): number {
  if (text.length > SVG_FILE_LIMIT) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair is one 4-byte character: 4 for its high half, nothing for its low half.
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdbff ? 4 : code >= 0xdc00 && code <= 0xdfff ? 0 : 3;
  }
  return bytes;
}
