// The CLI's command-line reading (cli/argv.ts) and its generic mapping of flags onto an options
// schema (cli/option-flags.ts): names, units left off, nesting, switches, types, refusals.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { globalOptions, parseArgs, UsageError } from '../../src-main/cli/argv';
import { flagFor, mapOptionFlags, optionFlagNames, optionHelpRows } from '../../src-main/cli/option-flags';
import { didYouMean, nearest } from '../../src-main/cli/suggest';

const schema = z
  .object({
    paper: z.enum(['A4', 'Letter']).default('A4'),
    bleedMm: z.number().min(0).max(5).default(3),
    cropMarks: z.boolean().default(true),
    layout: z.union([z.literal('grid'), z.literal('gutters')]).optional(),
    margin: z.object({ topMm: z.number(), sideMm: z.number() }).partial().optional(),
    sheets: z.array(z.number()).optional(),
  })
  .prefault({});

const flags = (...argv: string[]) => parseArgs(argv).flags;

describe('parseArgs', () => {
  it('reads --name value, --name=value, bare switches and --no-switches', () => {
    const { words, flags: read } = parseArgs([
      'export-pdf',
      '--set',
      'Core Set',
      '--bleed=2.5',
      '--backs',
      '--no-crop-marks',
      '--offset',
      '-1',
    ]);
    expect(words).toEqual(['export-pdf']);
    expect([...read]).toEqual([
      ['set', 'Core Set'],
      ['bleed', '2.5'],
      ['backs', true],
      ['crop-marks', false],
      ['offset', '-1'],
    ]);
  });

  it('keeps the words a switch is followed by as words, wherever they stand', () => {
    const switches = new Set(['replace', 'force']);
    const read = parseArgs(['--replace', 'set.json', '--force'], (name) => switches.has(name));
    expect(read.words).toEqual(['set.json']);
    expect([...read.flags]).toEqual([
      ['replace', true],
      ['force', true],
    ]);
    expect(parseArgs(['--no-force', 'x'], (name) => switches.has(name)).flags.get('force')).toBe(false);
  });

  it('refuses repeated flags and odd names', () => {
    expect(() => parseArgs(['--set', 'a', '--set', 'b'])).toThrow('--set is given twice');
    expect(() => parseArgs(['--Set', 'a'])).toThrow('"--Set" is not an option name');
  });
});

describe('globalOptions', () => {
  it('takes --data-dir and --help out of the line wherever they stand', () => {
    expect(globalOptions(['--data-dir', 'D', 'deck', 'check', 'F'])).toEqual({
      dataDir: 'D',
      help: false,
      rest: ['deck', 'check', 'F'],
    });
    expect(globalOptions(['deck', '--data-dir=D', 'check', 'F', '--help'])).toEqual({
      dataDir: 'D',
      help: true,
      rest: ['deck', 'check', 'F'],
    });
    expect(globalOptions(['-h'])).toEqual({ dataDir: undefined, help: true, rest: [] });
  });

  it('refuses --data-dir without a folder, or given twice, as a wrong command line', () => {
    expect(() => globalOptions(['deck', '--data-dir'])).toThrow(UsageError);
    expect(() => globalOptions(['--data-dir', '--help'])).toThrow('--data-dir needs a folder');
    expect(() => globalOptions(['--data-dir', 'a', '--data-dir', 'b'])).toThrow('--data-dir is given twice');
  });
});

describe('nearest (did you mean)', () => {
  it('offers the accepted word a typo is nearest to, or none when nothing is near', () => {
    expect(nearest('exprot-pdf', ['export-pdf', 'export-set', 'import'])).toBe('export-pdf');
    expect(nearest('chek', ['check', 'convert'])).toBe('check');
    expect(nearest('a5', ['A4', 'Letter'])).toBe('A4');
    expect(nearest('frobnicate', ['export-pdf', 'import'])).toBeUndefined();
    expect(didYouMean('jsn', ['json', 'csv'])).toBe(' (did you mean json?)');
    expect(didYouMean('zzzzzz', ['json', 'csv'])).toBe('');
  });
});

describe('mapOptionFlags', () => {
  it('maps kebab-case flags onto the schema, leaving units off, into nested options, typed', () => {
    const mapped = mapOptionFlags(
      flags('--paper', 'Letter', '--bleed', '2', '--no-crop-marks', '--layout', 'grid', '--margin-top', '4', '--sheets', '1, 2'),
      schema,
      'export-pdf',
    );
    expect(mapped.options).toEqual({
      paper: 'Letter',
      bleedMm: 2,
      cropMarks: false,
      layout: 'grid',
      margin: { topMm: 4 },
      sheets: [1, 2],
    });
    expect(schema.parse(mapped.options)).toMatchObject({ bleedMm: 2, margin: { topMm: 4 } });
    expect(flagFor(mapped, ['margin', 'topMm'])).toBe('--margin-top');
    expect(flagFor(mapped, ['bleedMm'])).toBe('--bleed');
  });

  it('refuses a value the option does not take, listing what it takes, its default and the nearest', () => {
    const refusal = (...argv: string[]) => {
      try {
        mapOptionFlags(flags(...argv), schema, 'export-pdf');
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error(`${argv.join(' ')} was taken`);
    };
    expect(refusal('--bleed', 'lots')).toBe('--bleed: "lots" is not accepted; give a number from 0 to 5 (default 3)');
    expect(refusal('--bleed', '9')).toBe('--bleed: 9 is not accepted; give a number from 0 to 5 (default 3)');
    expect(refusal('--paper', 'Leter')).toBe(
      '--paper: "Leter" is not accepted (did you mean Letter?); give A4 or Letter (default A4)',
    );
    expect(refusal('--layout', 'sideways')).toBe('--layout: "sideways" is not accepted; give grid or gutters');
    expect(refusal('--paper')).toBe('--paper needs a value: A4 or Letter (default A4)');
    expect(refusal('--colour', 'red')).toContain('export-pdf has no option --colour');
    expect(refusal('--bleeed', '2')).toContain('export-pdf has no option --bleeed (did you mean --bleed?)');
    // Case aside, a choice is taken as the schema spells it.
    expect(mapOptionFlags(flags('--paper', 'letter'), schema, 'export-pdf').options).toEqual({ paper: 'Letter' });
  });

  it('finds options in the variants of a union', () => {
    const union = z.discriminatedUnion('layout', [
      z.object({ layout: z.literal('grid'), gapMm: z.number() }),
      z.object({ layout: z.literal('fold'), foldLine: z.boolean() }),
    ]);
    expect(mapOptionFlags(flags('--layout', 'grid', '--gap', '2'), union, 'export-pdf').options).toEqual({
      layout: 'grid',
      gapMm: 2,
    });
    expect(mapOptionFlags(flags('--fold-line'), union, 'export-pdf').options).toEqual({ foldLine: true });
  });

  it('lists the flags the schema offers', () => {
    expect(optionFlagNames(schema)).toEqual([
      '--paper',
      '--bleed-mm',
      '--crop-marks',
      '--layout',
      '--margin-top-mm',
      '--margin-side-mm',
      '--sheets',
    ]);
  });

  it('documents every option with what it accepts and its default', () => {
    expect(optionHelpRows(schema)).toEqual([
      ['--paper A4|Letter', 'default A4'],
      ['--bleed-mm N (0 to 5)', 'default 3'],
      ['--crop-marks / --no-crop-marks', 'default true'],
      ['--layout grid|gutters', ''],
      ['--margin-top-mm N', ''],
      ['--margin-side-mm N', ''],
      ['--sheets TEXT', ''],
    ]);
  });
});
