// A picture's transparency in a press-ready PDF: pdfkit embeds a JPEG without any mask, so the
// opened JPEG's embedding is replaced by the same image object with an 8-bit soft mask (SMask,
// DeviceGray, Flate-compressed by pdfkit) beside it.

interface PdfRef {
  end(chunk?: Uint8Array): void;
}

interface RefMaker {
  ref(data: Record<string, unknown>): PdfRef;
}

/** pdfkit's opened JPEG (its JPEG class): what embed() writes. */
interface OpenedJpeg {
  width: number;
  height: number;
  bits: number;
  colorSpace: string;
  data: Uint8Array | null;
  obj: PdfRef | null;
  embed(document: RefMaker): void;
}

/** Makes `image` (opened by pdfkit from a JPEG) embed with `alpha` (one byte a pixel) as its soft mask. */
export function addSoftMask(image: unknown, alpha: Buffer): void {
  const jpeg = image as OpenedJpeg;
  if (alpha.length !== jpeg.width * jpeg.height) {
    throw new Error(`The picture's mask has ${alpha.length} pixels for a ${jpeg.width}×${jpeg.height} picture`);
  }
  jpeg.embed = (document) => {
    if (jpeg.obj || !jpeg.data) return;
    const mask = document.ref({
      Type: 'XObject',
      Subtype: 'Image',
      Width: jpeg.width,
      Height: jpeg.height,
      BitsPerComponent: 8,
      ColorSpace: 'DeviceGray',
    });
    mask.end(alpha);
    const dictionary: Record<string, unknown> = {
      Type: 'XObject',
      Subtype: 'Image',
      BitsPerComponent: jpeg.bits,
      Width: jpeg.width,
      Height: jpeg.height,
      ColorSpace: jpeg.colorSpace,
      Filter: 'DCTDecode',
      SMask: mask,
    };
    // As pdfkit writes a CMYK JPEG: Adobe's inverted CMYK.
    if (jpeg.colorSpace === 'DeviceCMYK') dictionary.Decode = [1, 0, 1, 0, 1, 0, 1, 0];
    jpeg.obj = document.ref(dictionary);
    jpeg.obj.end(jpeg.data);
    jpeg.data = null;
  };
}
