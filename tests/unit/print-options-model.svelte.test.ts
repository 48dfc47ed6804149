// The print dialog's options model: locale paper default, the options it sends, and the live
// plan (grid summary, notes, refusals) the dialog shows before exporting.

import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINT_OPTIONS } from '../../card-schema/print/print-options';
import { gridSummary } from '../../card-schema/print/sheet-plan';
import { PrintOptionsModel } from '../../src-renderer/src/decks/print-options.svelte';

const POKER = { widthMm: 63, heightMm: 88 };

describe('PrintOptionsModel', () => {
  it('defaults to Letter in Letter countries and A4 elsewhere, otherwise the contract defaults', () => {
    expect(new PrintOptionsModel('en-US').paper).toBe('Letter');
    expect(new PrintOptionsModel('es-MX').paper).toBe('Letter');
    expect(new PrintOptionsModel('de-DE').options).toEqual(DEFAULT_PRINT_OPTIONS);
  });

  it('sends custom sizes as millimetres', () => {
    const model = new PrintOptionsModel('en-GB');
    model.paper = 'custom';
    model.customPaper = { widthMm: 300, heightMm: 200 };
    model.cardSize = 'custom';
    model.customCard = { widthMm: 50, heightMm: 70 };
    expect(model.options).toMatchObject({ paper: { widthMm: 300, heightMm: 200 }, cardSize: { widthMm: 50, heightMm: 70 } });
  });

  it('plans live: the grid summary, with no note for the defaults (the whole bleed kept)', () => {
    const model = new PrintOptionsModel('en-US');
    const outcome = model.planFor(POKER, 31);
    expect(outcome.plan && gridSummary(outcome.plan)).toBe('4 × 2 per page, 4 pages');
    expect(outcome.plan?.notes).toEqual([]);
    expect(new PrintOptionsModel('en-GB').planFor(POKER, 31).plan?.notes).toEqual([]);
    model.pageRange = '9';
    expect(model.planFor(POKER, 31).error).toBe('Page range “9” asks for page 9, but the export has 4 pages.');
    model.pageRange = '';
    model.faces = 'both';
    expect(model.withBacks).toBe(true);
    expect(model.planFor(POKER, 31).plan?.pages).toBe(8);
  });

  it('turns a refusal into a message instead of throwing', () => {
    const model = new PrintOptionsModel('en-GB');
    model.cardSize = 'custom';
    model.customCard = { widthMm: 400, heightMm: 400 };
    expect(model.planFor(POKER, 9).error).toMatch(/400 × 400 mm card does not fit on A4/);
  });
});
