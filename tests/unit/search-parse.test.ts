// parseQuery: the query language's clauses, and a one-line problem (with its character range)
// for whatever cannot be run as typed.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CLAUSES, parseQuery } from '../../card-schema/search/parse';

const word = (text: string, start: number, negated = false) => ({
  kind: 'word',
  text,
  negated,
  start,
  end: start + text.length + (negated ? 1 : 0),
});

describe('parseQuery', () => {
  it('reads free words and prefixes', () => {
    expect(parseQuery('  ember tide ')).toEqual({ clauses: [word('ember', 2), word('tide', 8)], problems: [] });
  });

  it('reads quoted phrases, negations and negated phrases', () => {
    const { clauses, problems } = parseQuery('"ember tide" -wolf -"deep sea"');
    expect(problems).toEqual([]);
    expect(clauses).toEqual([
      { kind: 'phrase', text: 'ember tide', negated: false, start: 0, end: 12 },
      word('wolf', 13, true),
      { kind: 'phrase', text: 'deep sea', negated: true, start: 19, end: 30 },
    ]);
  });

  it('reads field clauses with every operator', () => {
    const { clauses, problems } = parseQuery('type:creature color=red kw!=haste cost<3 cost<=3 atk>2 atk>=2 -set:core');
    expect(problems).toEqual([]);
    expect(
      clauses.map((clause) => (clause.kind === 'field' ? [clause.field, clause.op, clause.value, clause.negated] : clause)),
    ).toEqual([
      ['type', ':', 'creature', false],
      ['color', '=', 'red', false],
      ['kw', '!=', 'haste', false],
      ['cost', '<', '3', false],
      ['cost', '<=', '3', false],
      ['atk', '>', '2', false],
      ['atk', '>=', '2', false],
      ['set', ':', 'core', true],
    ]);
  });

  it('reads a quoted field value', () => {
    expect(parseQuery('kw:"quick summon" x').clauses[0]).toEqual({
      kind: 'field',
      field: 'kw',
      op: ':',
      value: 'quick summon',
      quoted: true,
      negated: false,
      start: 0,
      end: 17,
    });
  });

  it('keeps operators and brackets inside plain words as text', () => {
    const { clauses, problems } = parseQuery('fire AND (ice) *star* x-ray a"b 3:4 1<2');
    expect(problems).toEqual([]);
    expect(clauses.map((clause) => clause.kind === 'word' && clause.text)).toEqual([
      'fire',
      'AND',
      '(ice)',
      '*star*',
      'x-ray',
      'a"b',
      '3:4',
      '1<2',
    ]);
  });

  it('searches an unclosed quote as a phrase up to the end, with a problem', () => {
    const { clauses, problems } = parseQuery('wolf "ember ti');
    expect(clauses[1]).toEqual({ kind: 'phrase', text: 'ember ti', negated: false, start: 5, end: 14 });
    expect(problems).toEqual([{ message: expect.stringContaining('no closing quote'), start: 5, end: 14 }]);
  });

  it('says so when a field has no value, leaving the clause out', () => {
    const { clauses, problems } = parseQuery('type: wolf cost<= kw:""');
    expect(clauses).toEqual([word('wolf', 6)]);
    expect(problems).toEqual([
      { message: '‘type:’ needs a value after it', start: 0, end: 5 },
      { message: '‘cost<=’ needs a value after it', start: 11, end: 17 },
      { message: '‘kw:’ needs a value after it', start: 18, end: 23 },
    ]);
  });

  it('says so when an operator has no field, and on a lone minus', () => {
    const { clauses, problems } = parseQuery('<=3 - wolf >2');
    expect(clauses).toEqual([word('wolf', 6)]);
    expect(problems.map((problem) => [problem.start, problem.end])).toEqual([
      [0, 3],
      [4, 5],
      [11, 13],
    ]);
    expect(problems[0].message).toBe('‘<=3’ compares nothing: put a field before it, like cost<=3');
    expect(problems[1].message).toContain('lone ‘-’');
  });

  it(`uses the first ${MAX_CLAUSES} clauses and says the rest were left out`, () => {
    const text = Array.from({ length: 80 }, (_, index) => `w${index}`).join(' ');
    const { clauses, problems } = parseQuery(text);
    expect(clauses).toHaveLength(MAX_CLAUSES);
    expect(problems).toHaveLength(1);
    expect(problems[0].start).toBe(text.indexOf('w50'));
    expect(problems[0].end).toBe(text.length);
    expect(problems[0].message).toContain('‘w50 w51');
  });

  it('keeps a problem on one short line', () => {
    const { problems } = parseQuery(`"${'long phrase\n'.repeat(20)}`);
    expect(problems[0].message).not.toContain('\n');
    expect(problems[0].message.length).toBeLessThan(120);
  });

  it('parses 100,000 characters of any kind in linear time', () => {
    const texts = [
      'a'.repeat(100_000),
      '"'.repeat(100_000),
      '-'.repeat(100_000),
      'x:'.repeat(50_000),
      '<='.repeat(50_000),
      ' "a'.repeat(33_333),
      '\ud800\u0000\u0007 '.repeat(25_000),
      'cost<=3 -"x y" '.repeat(6_000),
    ];
    for (const text of texts) {
      const started = performance.now();
      const parsed = parseQuery(text);
      expect(performance.now() - started, text.slice(0, 10)).toBeLessThan(200);
      expect(parsed.clauses.length).toBeLessThanOrEqual(MAX_CLAUSES);
    }
  });

  it('never throws, and gives ranges inside the text', () => {
    const alphabet = [...'ab -"\':=!<>()*_3 \t\n', 'é', '🔥', '\ud800', '\u0000', '\u0301'];
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.array(fc.constantFrom(...alphabet)).map((chars) => chars.join('')),
    );
    fc.assert(
      fc.property(text, (typed) => {
        const { clauses, problems } = parseQuery(typed);
        for (const part of [...clauses, ...problems]) {
          expect(part.start).toBeGreaterThanOrEqual(0);
          expect(part.end).toBeGreaterThanOrEqual(part.start);
          expect(part.end).toBeLessThanOrEqual(typed.length);
        }
        for (const problem of problems) expect(problem.message).not.toMatch(/\n/);
      }),
      { numRuns: 500 },
    );
  });
});
