// Form XObjects: a drawing painted once into its own content stream and placed on every page
// that shows it (`/Fx Do`), so a back printed on a hundred pages is stored once. pdfkit has no
// public API for forms; while a form is painted, the document's current page is swapped for a
// stand-in whose content stream and resources are the form's, so pdfkit's own painting (fonts,
// images, opacity states) registers everything in the form's resources.

import type PDFDocument from 'pdfkit';
import type { BoxMm } from './imposition';
import { MM_TO_PT } from './imposition';

type PdfDoc = typeof PDFDocument;

/** The parts of pdfkit's internals this module relies on (present in pdfkit 0.15–0.17). */
interface PdfRef {
  data: Record<string, unknown>;
  end(): void;
}
interface PageInternals {
  resources: PdfRef;
  content: PdfRef;
  xobjects: Record<string, PdfRef>;
}
interface DocInternals {
  page: PageInternals;
  ref(data: Record<string, unknown>): PdfRef;
  addContent(data: string): void;
}

export interface FormXObject {
  name: string;
  ref: PdfRef;
}

const pt = (mm: number) => mm * MM_TO_PT;

/**
 * Paints into a new form XObject whose coordinates are those of the current page's user space
 * (millimetres × MM_TO_PT, y down as pdfkit draws); `bbox` bounds what it shows.
 */
export function paintForm(doc: PdfDoc, name: string, bbox: BoxMm, paint: () => void): FormXObject {
  const internals = doc as unknown as DocInternals;
  const page = internals.page;
  if (!page) throw new Error('A form XObject is made while a page is open');
  const resources = internals.ref({ ProcSet: ['PDF', 'Text', 'ImageB', 'ImageC', 'ImageI'] });
  const form = internals.ref({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [pt(bbox.x), pt(bbox.y), pt(bbox.x + bbox.w), pt(bbox.y + bbox.h)],
    Resources: resources,
  });
  const standIn = Object.create(Object.getPrototypeOf(page) as object) as PageInternals;
  Object.assign(standIn, page, { resources, content: form });
  internals.page = standIn;
  try {
    paint();
  } finally {
    internals.page = page;
  }
  resources.end();
  form.end();
  return { name, ref: form };
}

/** Places a form on the current page at the current transformation. */
export function placeForm(doc: PdfDoc, form: FormXObject): void {
  const internals = doc as unknown as DocInternals;
  internals.page.xobjects[form.name] = form.ref;
  internals.addContent(`/${form.name} Do`);
}
