// The card art of one PDF document: each image is opened (decoded and embedded) once, however
// many cards and copies show it — pdfkit caches images by path only, never by Buffer, so
// passing bytes to every doc.image() call would embed a copy per card.

import type PDFDocument from 'pdfkit';

type PdfDoc = typeof PDFDocument;

/** The print version of an image by its id (see src-main/images), or undefined when it is missing. */
export type ImageBytes = (id: string) => Buffer | undefined;

/** An image pdfkit has opened: its pixel size, and itself as doc.image() accepts it. */
export interface OpenedImage {
  width: number;
  height: number;
}

export type PdfImages = (id: string) => OpenedImage | undefined;

/** openImage is public in pdfkit but missing from its type declarations. */
interface OpensImages {
  openImage(src: Buffer): OpenedImage;
}

export function pdfImages(doc: PdfDoc, bytesOf: ImageBytes): PdfImages {
  const opened = new Map<string, OpenedImage | undefined>();
  return (id) => {
    if (!opened.has(id)) {
      const bytes = bytesOf(id);
      opened.set(id, bytes && (doc as unknown as OpensImages).openImage(bytes));
    }
    return opened.get(id);
  };
}

/** An opened image as doc.image()'s source: pdfkit uses an object with a width and height as is. */
export function asImageSource(image: OpenedImage): PDFKit.Mixins.ImageSrc {
  return image as unknown as PDFKit.Mixins.ImageSrc;
}
