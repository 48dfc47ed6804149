// Two pdfkit steps done the cheap way for a card's collected content (paint-drawing.ts), with
// the same bytes and objects as pdfkit's own calls. Profiled on 1,000 illustrated cards, they
// were a fifth of the painting: pdfkit turns each content string into bytes with a JavaScript
// loop per character, and doc.fillOpacity() writes its own chunk, so a card's content was cut
// into pieces at every opacity change.

import type PDFDocument from 'pdfkit';

type PdfDoc = typeof PDFDocument;

/** A content chunk as pdfkit writes a string (each char's low byte, then "\n"), made natively. */
export function contentBytes(operators: string): Buffer {
  return Buffer.from(`${operators}\n`, 'latin1');
}

/** The pdfkit internals its opacity calls use (OpacityMixin._doOpacity). */
interface OpacityInternals {
  _opacityRegistry: Record<string, [PDFKit.PDFKitReference, string]>;
  _opacityCount: number;
  ref(data: Record<string, unknown>): PDFKit.PDFKitReference & { end(): void };
  page: { ext_gstates: Record<string, unknown> };
}

/**
 * The "/GsN gs" operator pdfkit's doc.fillOpacity(opacity) (or strokeOpacity) would write: the
 * ExtGState registered once per document and opacity, in pdfkit's own registry (so pdfkit's
 * calls share it) and named in the current page's (or form's) resources.
 */
export function opacityOperator(doc: PdfDoc, fill: number | null, stroke: number | null): string {
  const internals = doc as unknown as OpacityInternals;
  const clamp = (value: number | null) => (value === null ? null : Math.max(0, Math.min(1, value)));
  const [ca, CA] = [clamp(fill), clamp(stroke)];
  const key = `${ca}_${CA}`;
  let entry = internals._opacityRegistry[key];
  if (!entry) {
    const dictionary = internals.ref({ Type: 'ExtGState', ...(ca !== null ? { ca } : {}), ...(CA !== null ? { CA } : {}) });
    dictionary.end();
    entry = [dictionary, `Gs${++internals._opacityCount}`];
    internals._opacityRegistry[key] = entry;
  }
  internals.page.ext_gstates[entry[1]] = entry[0];
  return `/${entry[1]} gs`;
}
