// The print dialog's model suggests the print-shop bleed (1/8 in) for one card per page with
// the press-ready profile, whichever of the two is chosen first, and keeps a bleed the user set.

import { describe, expect, it } from 'vitest';
import { PRINT_SHOP_BLEED_MM, PrintOptionsModel } from '../../src-renderer/src/decks/print-options.svelte';

describe('print-shop bleed', () => {
  it('becomes 1/8 in when one card per page and the print-shop profile are both chosen', () => {
    const model = new PrintOptionsModel('en-US');
    model.profile = 'pdfx';
    expect(model.bleedMm).toBe(3);
    model.layout = 'card-per-page';
    expect(model.options).toMatchObject({ bleedMm: PRINT_SHOP_BLEED_MM, profile: 'pdfx', layout: 'card-per-page' });

    const other = new PrintOptionsModel('en-US');
    other.layout = 'card-per-page';
    other.profile = 'pdfx';
    expect(other.bleedMm).toBe(3.175);
  });

  it('keeps a bleed the user chose', () => {
    const model = new PrintOptionsModel('en-GB');
    model.bleedMm = 2;
    model.layout = 'card-per-page';
    model.profile = 'pdfx';
    expect(model.bleedMm).toBe(2);
  });
});
