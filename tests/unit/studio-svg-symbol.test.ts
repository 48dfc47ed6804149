// An uploaded SVG file → a symbol's path and viewBox: paths and basic shapes combined into one
// path, the drawing's box kept, everything one filled path cannot draw refused with a sentence,
// and hostile files (huge, malformed, built to make a scanner backtrack) answered quickly.

import { describe, expect, it } from 'vitest';
import { SYMBOL_PATH_LIMIT, symbolFromSvg, type SvgSymbolResult } from '../../card-schema/studio/svg-symbol';
import { parsePathData, writePathData } from '../../card-schema/studio/path-data';
import schema from '../../card-schema/system/game-system.schema.json';

const svg = (body: string, attrs = 'viewBox="0 0 24 24"') => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`;

function ok(result: SvgSymbolResult) {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.symbol;
}
function refused(result: SvgSymbolResult): string {
  if (result.ok) throw new Error(`accepted: ${result.symbol.path}`);
  return result.message;
}

const symbolSchema = schema.properties.symbols.additionalProperties.properties;
const PATH_PATTERN = new RegExp(symbolSchema.path.pattern);
const BOX_PATTERN = new RegExp(symbolSchema.viewBox.pattern);

describe('symbolFromSvg', () => {
  it('takes the viewBox and every path, in a form the game-system format accepts', () => {
    const symbol = ok(
      symbolFromSvg(
        `<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n` +
          svg('<title>Tap</title><path d="M12 2L20.5 10L12 22L3.5 10Z"/><g fill="#000"><path d="m 1,1 2,0 0,2 z"/></g>'),
      ),
    );
    expect(symbol.viewBox).toBe('0 0 24 24');
    expect(symbol.path).toBe('M12 2L20.5 10 12 22 3.5 10ZM1 1l2 0 0 2z');
    expect(symbol.path).toMatch(PATH_PATTERN);
    expect(symbol.viewBox).toMatch(BOX_PATTERN);
    expect(symbol.notes).toEqual([]);
  });

  it('makes a box from width and height when there is no viewBox, in pixels', () => {
    expect(ok(symbolFromSvg(svg('<path d="M0 0H10V10Z"/>', 'width="32" height="16px"'))).viewBox).toBe('0 0 32 16');
    expect(ok(symbolFromSvg(svg('<path d="M0 0H10V10Z"/>', 'width="25.4mm" height="1in"'))).viewBox).toBe('0 0 96 96');
    expect(refused(symbolFromSvg(svg('<path d="M0 0H1V1Z"/>', 'width="100%" height="100%"')))).toMatch(
      /neither a viewBox nor a width/,
    );
    expect(refused(symbolFromSvg(svg('<path d="M0 0H1V1Z"/>', 'viewBox="0 0 0 24"')))).toMatch(/no area/);
    expect(refused(symbolFromSvg(svg('<path d="M0 0H1V1Z"/>', 'viewBox="0 0 24"')))).toMatch(/not four numbers/);
  });

  it('turns the basic shapes into path data, clockwise as SVG draws them', () => {
    const shapes = ok(
      symbolFromSvg(
        svg(
          '<rect x="1" y="2" width="10" height="4"/>' +
            '<rect x="0" y="0" width="10" height="10" rx="2"/>' +
            '<circle cx="12" cy="12" r="5"/>' +
            '<ellipse cx="5" cy="5" rx="4" ry="2"/>' +
            '<polygon points="0,0 4,0 4,4"/>' +
            '<polyline points="1 1 2 2 3 1"/>' +
            '<rect width="0" height="5"/>',
        ),
      ),
    );
    expect(shapes.path).toBe(
      'M1 2H11V6H1Z' +
        'M2 0H8A2 2 0 0 1 10 2V8A2 2 0 0 1 8 10H2A2 2 0 0 1 0 8V2A2 2 0 0 1 2 0Z' +
        'M17 12A5 5 0 0 1 7 12 5 5 0 0 1 17 12Z' +
        'M9 5A4 2 0 0 1 1 5 4 2 0 0 1 9 5Z' +
        'M0 0L4 0 4 4Z' +
        'M1 1L2 2 3 1Z',
    );
    expect(parsePathData(shapes.path)).not.toBeTypeOf('string');
    // A radius is clamped to half the side, and a missing one takes the other's value.
    expect(ok(symbolFromSvg(svg('<rect width="4" height="4" ry="9"/>'))).path).toBe(
      'M2 0H2A2 2 0 0 1 4 2V2A2 2 0 0 1 2 4H2A2 2 0 0 1 0 2V2A2 2 0 0 1 2 0Z',
    );
  });

  it('skips what is not drawn: defs, hidden layers, unfilled unstroked shapes, other vocabularies', () => {
    const symbol = ok(
      symbolFromSvg(
        svg(
          '<defs><path d="M0 0H9V9Z"/></defs><metadata><rdf:RDF/></metadata>' +
            '<sodipodi:namedview transform="rotate(3)"><inkscape:grid/></sodipodi:namedview>' +
            '<g style="display:none"><path d="M5 5H6V6Z"/></g><path fill="none" d="M7 7H8V8Z"/>' +
            '<style><![CDATA[ .a { fill: red } ]]></style><path d="M1 1H2V2Z"/>',
        ),
      ),
    );
    expect(symbol.path).toBe('M1 1H2V2Z');
  });

  it('rounds coordinates to a precision the drawing cannot show, relative to its size', () => {
    expect(ok(symbolFromSvg(svg('<path d="M1.123456789 2.00004L3.99999 -0.0000001Z"/>'))).path).toBe('M1.123 2L4 0Z');
    expect(ok(symbolFromSvg(svg('<path d="M1.123456789 2L3 4Z"/>', 'viewBox="0 0 1000 1000"'))).path).toBe('M1.12 2L3 4Z');
  });

  it('notes an even-odd fill, which the nonzero rule may fill differently', () => {
    const symbol = ok(symbolFromSvg(svg('<path fill-rule="evenodd" d="M0 0H9V9H0Z M2 2H4V4H2Z"/>')));
    expect(symbol.notes[0]).toMatch(/even-odd rule/);
  });

  it.each([
    ['<text x="1" y="2">T</text>', /draws <text>; convert text to paths/],
    ['<image href="x.png" width="2" height="2"/>', /draws <image>/],
    ['<use href="#a"/>', /draws <use>; unlink the clone/],
    ['<defs><linearGradient id="g"/></defs><path d="M0 0H1V1Z"/>', /draws <linearGradient>; a symbol is drawn in one colour/],
    ['<radialGradient id="g"/>', /<radialGradient>/],
    ['<clipPath id="c"><rect width="1" height="1"/></clipPath>', /<clipPath>; apply the mask/],
    ['<filter id="f"/>', /<filter>/],
    ['<svg viewBox="0 0 1 1"/>', /draws <svg>; flatten/],
    ['<g transform="translate(2 3)"><path d="M0 0H1V1Z"/></g>', /moves or scales <g> with a transform/],
    ['<path style="transform: scale(2)" d="M0 0H1V1Z"/>', /moves or scales <path>/],
    ['<path fill="none" stroke="#000" d="M0 0L5 5"/>', /as an outline \(a stroke without fill\)/],
    ['<g style="fill:none;stroke:black"><circle r="3"/></g>', /<circle> as an outline/],
    ['<line x1="0" y1="0" x2="5" y2="5" stroke="black"/>', /<line>, which shows only by its stroke/],
    ['<path d="M0 0 L 5"/>', /cannot be read: its path data has a "L" without all its 2 numbers/],
    ['<path d="L0 0"/>', /does not start with a move/],
    ['<path d="M0 0 X 5 5"/>', /"X", which is no SVG path command/],
    ['<rect width="50%" height="2"/>', /the width "50%", which is not a length in pixels/],
    ['<polygon points="0,0 1,x"/>', /not numbers/],
    ['', /draws no filled shape/],
    ['<path d=""/>', /draws no filled shape/],
  ])('refuses %s with a sentence', (body, message) => {
    expect(refused(symbolFromSvg(svg(body)))).toMatch(message);
  });

  it('refuses what is no SVG drawing', () => {
    expect(refused(symbolFromSvg('<html><body/></html>'))).toMatch(/not an SVG drawing: it starts with <html>/);
    expect(refused(symbolFromSvg('just text'))).toMatch(/has no <svg> element/);
    expect(refused(symbolFromSvg('<svg viewBox="0 0 1 1"><path d="M0 0H1V1Z></svg>'))).toMatch(/never closed/);
    expect(refused(symbolFromSvg('<svg viewBox=0><path/></svg>'))).toMatch(/not quoted/);
    expect(refused(symbolFromSvg('< svg>'))).toMatch(/starts no element/);
  });

  it('refuses files over 256 KB and path data over the limits, with one sentence each', () => {
    expect(refused(symbolFromSvg(svg(`<!--${'x'.repeat(256 * 1024)}-->`)))).toBe(
      'The file is larger than 256 KB; a symbol is a small icon, so save a simpler drawing.',
    );
    // Multi-byte characters count as the bytes they take.
    expect(refused(symbolFromSvg(svg(`<title>${'€'.repeat(90_000)}</title>`)))).toMatch(/larger than 256 KB/);
    const huge = `M0 0${' L1 1'.repeat(14_000)}`;
    expect(refused(symbolFromSvg(svg(`<path d="${huge}"/>`)))).toMatch(/more than 64,000 characters of path data/);
    const long = `M0 0${' L12.25 13.5 L1.5 2.75'.repeat(400)}`;
    expect(refused(symbolFromSvg(svg(`<path d="${long}"/>`)))).toMatch(
      new RegExp(`characters of path data where a symbol holds at most ${SYMBOL_PATH_LIMIT.toLocaleString('en')}`),
    );
  });

  it('answers hostile files quickly: no backtracking, no nesting limit, entities not expanded', () => {
    const hostile = [
      '<'.repeat(250_000),
      `<svg viewBox="0 0 1 1">${'<g>'.repeat(60_000)}<path d="M0 0H1V1Z"/>`,
      `<svg viewBox="0 0 1 1">${'<!a>'.repeat(60_000)}`,
      `<svg viewBox="0 0 1 1"><path d="M0 0${'0'.repeat(200_000)}"/></svg>`,
      `<svg viewBox="0 0 1 1"><path d="M${'.'.repeat(200_000)}"/></svg>`,
      `<svg viewBox="0 0 1 1"><polygon points="${'1,'.repeat(120_000)}"/></svg>`,
      `<svg viewBox="0 0 1 1" a${'='.repeat(200_000)}>`,
      `<svg viewBox="${' 1'.repeat(100_000)}"/>`,
      `<!DOCTYPE svg [<!ENTITY a "${'&a;'.repeat(50_000)}">]><svg viewBox="0 0 1 1"><path d="&a;"/></svg>`,
      `<svg viewBox="0 0 1 1"><path d="M1e999 0H1V1Z"/></svg>`,
    ];
    for (const text of hostile) {
      const start = performance.now();
      const result = symbolFromSvg(text);
      expect(performance.now() - start).toBeLessThan(500);
      expect(result.ok).toBe(text.includes('<g>'));
    }
  });
});

describe('path data', () => {
  it('reads implicit repetitions, arc flags without separators and exponents', () => {
    expect(parsePathData('m1 2 3 4a5 5 0 011 1e1Z')).toEqual([
      { letter: 'M', args: [1, 2] },
      { letter: 'l', args: [3, 4] },
      { letter: 'a', args: [5, 5, 0, 0, 1, 1, 10] },
      { letter: 'Z', args: [] },
    ]);
    expect(parsePathData('M1 2 3 4-2.5.5')).toEqual([
      { letter: 'M', args: [1, 2] },
      { letter: 'L', args: [3, 4] },
      { letter: 'L', args: [-2.5, 0.5] },
    ]);
  });

  it('writes a letter only where the command changes, and a repeated move as moves', () => {
    const commands = parsePathData('M0 0L1 1L2 -2M3 3M4 4Z');
    if (typeof commands === 'string') throw new Error(commands);
    expect(writePathData(commands, 2)).toBe('M0 0L1 1 2-2M3 3M4 4Z');
  });
});
