// The colours of a press-ready (PDF/X) document: every sRGB colour the layouts and the sheet
// use, as CMYK through the output profile and within the total ink limit. Pure black stays
// black ink only (K 100 %), as text and thin lines must be: a rich black of four inks blurs
// when the plates are slightly out of register.

import type PDFDocument from 'pdfkit';
import type { CmykProfile } from './cmyk-profile';
import { limitInk, type Cmyk } from './ink-limit';

type PdfDoc = typeof PDFDocument;

const K_ONLY_BLACK: Cmyk = [0, 0, 0, 1];

export class PressColours {
  private readonly cache = new Map<string, Cmyk>();
  private readonly operators = new Map<string, string>();

  constructor(
    private readonly profile: CmykProfile,
    readonly inkLimitPercent: number,
  ) {}

  /** An sRGB colour (each part 0–255) in CMYK, each part 0–1 rounded as PDF numbers are. */
  fromRgb(r: number, g: number, b: number): Cmyk {
    const key = `${r},${g},${b}`;
    let cmyk = this.cache.get(key);
    if (!cmyk) {
      const converted = r === 0 && g === 0 && b === 0 ? K_ONLY_BLACK : this.profile.toCmyk(r, g, b);
      // Rounded down to the PDF's precision: rounding up could step over the ink limit.
      cmyk = limitInk(converted, this.inkLimitPercent).map((part) => Math.floor(part * 10_000) / 10_000) as unknown as Cmyk;
      this.cache.set(key, cmyk);
    }
    return cmyk;
  }

  /** A "#rrggbb" colour in CMYK, each part 0–1. */
  fromHex(hex: string): Cmyk {
    const value = parseInt(hex.slice(1), 16);
    return this.fromRgb(value >> 16, (value >> 8) & 0xff, value & 0xff);
  }

  /** "/DeviceCMYK cs c m y k scn" (or the stroke's CS/SCN) for a "#rrggbb" colour. */
  operator(hex: string, stroke: boolean): string {
    const key = stroke ? `S${hex}` : hex;
    let operator = this.operators.get(key);
    if (operator === undefined) {
      const parts = this.fromHex(hex).join(' ');
      operator = stroke ? `/DeviceCMYK CS\n${parts} SCN` : `/DeviceCMYK cs\n${parts} scn`;
      this.operators.set(key, operator);
    }
    return operator;
  }
}

/** The press colours of each press-ready document (absent: the document paints in RGB). */
const byDocument = new WeakMap<PdfDoc, PressColours>();

export function pressColoursOf(doc: PdfDoc): PressColours | undefined {
  return byDocument.get(doc);
}

/** pdfkit's colour parsing, which every pdfkit drawing call (guides, marks, symbols) goes through. */
interface NormalizesColors {
  _normalizeColor(color: unknown): unknown;
}

/**
 * Makes `doc` paint in CMYK: the card painter asks pressColoursOf(doc), and pdfkit's own colour
 * parsing is wrapped so that its RGB results (hex, named colours, [r, g, b]) come out as CMYK
 * (pdfkit writes a four-part colour as DeviceCMYK).
 */
export function paintInCmyk(doc: PdfDoc, colours: PressColours): void {
  byDocument.set(doc, colours);
  const internals = doc as unknown as NormalizesColors;
  const normalize = internals._normalizeColor.bind(doc);
  internals._normalizeColor = (color: unknown) => {
    const normalized = normalize(color);
    if (!Array.isArray(normalized) || normalized.length !== 3) return normalized;
    const [r, g, b] = (normalized as number[]).map((part) => Math.round(part * 255));
    return [...colours.fromRgb(r, g, b)];
  };
}
