// The CLI's command-line reading (cli/argv.ts) and its generic mapping of flags onto an options
// schema (cli/option-flags.ts): names, units left off, nesting, switches, types, refusals.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseArgs, UsageError } from '../../src-main/cli/argv';
import { flagFor, mapOptionFlags, optionFlagNames } from '../../src-main/cli/option-flags';

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

const flags = (...argv: string[]) => parseArgs(['export-pdf', ...argv]).flags;

describe('parseArgs', () => {
  it('reads --name value, --name=value, bare switches and --no-switches', () => {
    const { command, flags: read } = parseArgs([
      'export-pdf',
      '--set',
      'Core Set',
      '--bleed=2.5',
      '--backs',
      '--no-crop-marks',
      '--offset',
      '-1',
    ]);
    expect(command).toBe('export-pdf');
    expect([...read]).toEqual([
      ['set', 'Core Set'],
      ['bleed', '2.5'],
      ['backs', true],
      ['crop-marks', false],
      ['offset', '-1'],
    ]);
  });

  it('refuses positional words, repeated flags and odd names', () => {
    expect(() => parseArgs(['export-pdf', 'core'])).toThrow(UsageError);
    expect(() => parseArgs(['export-pdf', '--set', 'a', '--set', 'b'])).toThrow('--set is given twice');
    expect(() => parseArgs(['export-pdf', '--Set', 'a'])).toThrow('"--Set" is not an option name');
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

  it('passes a value that does not fit on for the schema to refuse, and refuses unknown flags by name', () => {
    expect(mapOptionFlags(flags('--bleed', 'lots'), schema, 'export-pdf').options).toEqual({ bleedMm: 'lots' });
    expect(() => mapOptionFlags(flags('--colour', 'red'), schema, 'export-pdf')).toThrow('export-pdf has no option --colour');
    expect(() => mapOptionFlags(flags('--paper'), schema, 'export-pdf')).toThrow('--paper needs a value');
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
});
