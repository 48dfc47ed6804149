// Makes a pdfkit document press-ready: PDF/X-4 (ISO 15930-7), the print-shop exchange format
// that keeps transparency (card layouts use translucent colours and fading gradients, which
// PDF/X-1a would forbid). What this adds to the document pdfkit writes:
// - an output intent (OutputIntents in the Catalog, /S /GTS_PDFX) embedding the CMYK profile
//   that every colour and picture was converted through (cmyk-profile.ts);
// - GTS_PDFXVersion, Trapped /False and ModDate in the Info dictionary, and the same in the XMP
//   metadata (pdfxid:GTS_PDFXVersion, pdf:Trapped, xmpMM ids and rendition class);
// - CMYK painting for everything (press-colours.ts) and CMYK art (cmyk-images.ts).
// The rest PDF/X asks for is already there: fonts embedded, a document ID, TrimBox and
// BleedBox on every page, no encryption, no actions. The document must be PDF 1.6.

import { randomUUID } from 'node:crypto';
import type PDFDocument from 'pdfkit';
import type { PrintOptions } from '../../../card-schema/print/print-options';
import { loadCmykProfile, type CmykProfile } from './cmyk-profile';
import { toCmykArt } from './cmyk-images';
import type { ConvertedImage } from '../pdf-images';
import { PressColours, paintInCmyk } from './press-colours';

type PdfDoc = typeof PDFDocument;

export const PDFX_VERSION = 'PDF/X-4';
/** PDF/X-4 documents are PDF 1.6. */
export const PDFX_PDF_VERSION = '1.6';

/** What a press-ready export needs before its documents open. */
export interface PressReady {
  profile: CmykProfile;
  inkLimitPercent: number;
  /** Card art as the document embeds it: a CMYK JPEG within the ink limit, and its transparency. */
  convertImage(bytes: Buffer): Promise<ConvertedImage>;
}

/** The press-ready setup for these options, or undefined for the standard (RGB) profile. */
export async function pressReadyFor(print: Pick<PrintOptions, 'profile' | 'inkLimitPercent'>): Promise<PressReady | undefined> {
  if (print.profile !== 'pdfx') return undefined;
  const profile = await loadCmykProfile();
  const { inkLimitPercent } = print;
  const convertImage = async (bytes: Buffer): Promise<ConvertedImage> => {
    const { jpeg, alpha } = await toCmykArt(bytes, inkLimitPercent);
    return { bytes: jpeg, alpha };
  };
  return { profile, inkLimitPercent, convertImage };
}

/** A PDF name where pdfkit would write a string (pdfkit writes any other object by its text). */
class PdfName {
  constructor(private readonly name: string) {}
  get [Symbol.toStringTag](): string {
    return 'PdfName';
  }
  toString(): string {
    return `/${this.name}`;
  }
}

interface DocumentInternals {
  _root: { data: Record<string, unknown> };
  info: Record<string, unknown>;
  ref(data?: unknown): { end(chunk?: Uint8Array): void };
  appendXML(xml: string): void;
  _addInfo(): void;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (text: string): string => text.replace(/[&<>"]/g, (ch) => XML_ESCAPES[ch]);

/** Adds the output intent, the PDF/X keys and CMYK painting to a document just opened. */
export function makePressReady(doc: PdfDoc, press: PressReady): void {
  const internals = doc as unknown as DocumentInternals;
  paintInCmyk(doc, new PressColours(press.profile, press.inkLimitPercent));

  const icc = internals.ref({ N: 4, Alternate: 'DeviceCMYK' });
  icc.end(press.profile.icc);
  const condition = `${press.profile.description} (the CMYK profile built into libvips)`;
  internals._root.data.OutputIntents = [
    {
      Type: 'OutputIntent',
      S: 'GTS_PDFX',
      // Not a registered printing condition: the embedded profile describes it.
      OutputConditionIdentifier: new String('Custom'),
      OutputCondition: new String(condition),
      Info: new String(condition),
      RegistryName: new String('http://www.color.org'),
      DestOutputProfile: icc,
    },
  ];

  const created = internals.info.CreationDate instanceof Date ? internals.info.CreationDate : new Date();
  internals.info.CreationDate = created;
  internals.info.ModDate = created;
  internals.info.GTS_PDFXVersion = PDFX_VERSION;
  internals.info.Trapped = new PdfName('False');

  // pdfkit writes dc:title, xmp:CreateDate and pdf:Producer into the XMP as they are: a title
  // such as "Fire & Ice" would make the metadata PDF/X requires unreadable XML. The Info
  // dictionary is written before the metadata, so the text is escaped just for the XMP.
  const addInfo = internals._addInfo.bind(doc);
  internals._addInfo = () => {
    for (const [key, value] of Object.entries(internals.info))
      if (typeof value === 'string') internals.info[key] = escapeXml(value);
    addInfo();
  };
  // These join pdfkit's XMP.
  const date = `${created.toISOString().split('.')[0]}Z`;
  internals.appendXML(`
        <rdf:Description rdf:about="" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"
            xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
            <pdfxid:GTS_PDFXVersion>${PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
            <pdf:Trapped>False</pdf:Trapped>
            <xmp:ModifyDate>${date}</xmp:ModifyDate>
            <xmp:MetadataDate>${date}</xmp:MetadataDate>
            <xmpMM:DocumentID>uuid:${randomUUID()}</xmpMM:DocumentID>
            <xmpMM:InstanceID>uuid:${randomUUID()}</xmpMM:InstanceID>
            <xmpMM:VersionID>1</xmpMM:VersionID>
            <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
        </rdf:Description>`);
}
