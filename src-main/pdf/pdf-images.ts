// The card art of one PDF document: each image is opened (decoded and embedded) once, however
// many cards and copies show it — pdfkit caches images by path only, never by Buffer, so
// passing bytes to every doc.image() call would embed a copy per card. Pictures are read page
// by page, so an export of a thousand illustrated cards never holds all their bytes at once.

import type PDFDocument from 'pdfkit';
import { addSoftMask } from './pdfx/soft-mask';

type PdfDoc = typeof PDFDocument;

/**
 * Reads the print version of these images (see src-main/images). Ids it cannot read are left
 * out of the map: their cards print the layout's placeholder, as the preview shows them.
 */
export type ImageLoader = ((ids: readonly string[]) => Promise<ReadonlyMap<string, Buffer>>) & {
  /** Told before painting which pictures the pages will ask for, in order, so it can read ahead (image-prefetch.ts). */
  expect?: (ids: readonly string[]) => void;
};

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
  /** Opacity masks of this page's converted pictures (press-ready art with transparency). */
  private pageMasks: ReadonlyMap<string, Buffer> = new Map();

  constructor(
    private readonly doc: PdfDoc,
    private readonly load: ImageLoader = async () => new Map(),
    /** Turns each picture into what the document embeds (a press-ready PDF's CMYK JPEG); none: as read. */
    private readonly convert?: ConvertImage,
  ) {}

  /** Reads the next page's pictures that are not open yet; the previous page's bytes are let go. */
  async prepare(ids: Iterable<string>): Promise<void> {
    const needed = [...new Set(ids)].filter((id) => !this.opened.has(id));
    this.pageBytes = needed.length > 0 ? await this.load(needed) : new Map();
    if (this.convert && this.pageBytes.size > 0) {
      const converted = await convertAll(this.pageBytes, this.convert);
      this.pageBytes = new Map([...converted].map(([id, image]) => [id, image.bytes]));
      this.pageMasks = new Map([...converted].flatMap(([id, image]) => (image.alpha ? [[id, image.alpha] as const] : [])));
    }
  }

  readonly lookup: PdfImages = (id) => {
    if (!this.opened.has(id)) {
      const bytes = this.pageBytes.get(id);
      const image = bytes && (this.doc as unknown as OpensImages).openImage(bytes);
      const mask = this.pageMasks.get(id);
      if (image && mask) addSoftMask(image, mask);
      this.opened.set(id, image);
    }
    return this.opened.get(id);
  };
}

/** A picture as a document embeds it: bytes pdfkit opens, and its opacity (one byte a pixel) when it has one. */
export interface ConvertedImage {
  bytes: Buffer;
  alpha?: Buffer;
}

export type ConvertImage = (bytes: Buffer) => Promise<ConvertedImage>;

async function convertAll(
  images: ReadonlyMap<string, Buffer>,
  convert: ConvertImage,
): Promise<ReadonlyMap<string, ConvertedImage>> {
  // One at a time: a page of large pictures never has all their decoded pixels in memory at once.
  const converted = new Map<string, ConvertedImage>();
  for (const [id, bytes] of images) {
    try {
      converted.set(id, await convert(bytes));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Picture ${id} could not be converted for the print-shop PDF: ${reason}`, { cause: error });
    }
  }
  return converted;
}

/** An opened image as doc.image()'s source: pdfkit uses an object with a width and height as is. */
export function asImageSource(image: OpenedImage): PDFKit.Mixins.ImageSrc {
  return image as unknown as PDFKit.Mixins.ImageSrc;
}
