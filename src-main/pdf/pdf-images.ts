// The card art of one PDF document: each image is opened (decoded and embedded) once, however
// many cards and copies show it — pdfkit caches images by path only, never by Buffer, so
// passing bytes to every doc.image() call would embed a copy per card. Pictures are read page
// by page, so an export of a thousand illustrated cards never holds all their bytes at once.

import type PDFDocument from 'pdfkit';

type PdfDoc = typeof PDFDocument;

/**
 * Reads the print version of these images (see src-main/images). Ids it cannot read are left
 * out of the map: their cards print the layout's placeholder, as the preview shows them.
 */
export type ImageLoader = (ids: readonly string[]) => Promise<ReadonlyMap<string, Buffer>>;

/** An image pdfkit has opened: its pixel size, and itself as doc.image() accepts it. */
export interface OpenedImage {
  width: number;
  height: number;
}

/** What the painter asks for: the opened image, or undefined when there is none to draw. */
export type PdfImages = (id: string) => OpenedImage | undefined;

/** openImage is public in pdfkit but missing from its type declarations. */
interface OpensImages {
  openImage(src: Buffer): OpenedImage;
}

export class SheetImages {
  private readonly opened = new Map<string, OpenedImage | undefined>();
  private pageBytes: ReadonlyMap<string, Buffer> = new Map();

  constructor(
    private readonly doc: PdfDoc,
    private readonly load: ImageLoader = async () => new Map(),
  ) {}

  /** Reads the next page's pictures that are not open yet; the previous page's bytes are let go. */
  async prepare(ids: Iterable<string>): Promise<void> {
    const needed = [...new Set(ids)].filter((id) => !this.opened.has(id));
    this.pageBytes = needed.length > 0 ? await this.load(needed) : new Map();
  }

  readonly lookup: PdfImages = (id) => {
    if (!this.opened.has(id)) {
      const bytes = this.pageBytes.get(id);
      this.opened.set(id, bytes && (this.doc as unknown as OpensImages).openImage(bytes));
    }
    return this.opened.get(id);
  };
}

/** An opened image as doc.image()'s source: pdfkit uses an object with a width and height as is. */
export function asImageSource(image: OpenedImage): PDFKit.Mixins.ImageSrc {
  return image as unknown as PDFKit.Mixins.ImageSrc;
}
