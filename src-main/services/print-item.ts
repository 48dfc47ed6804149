// A card of a print source as the PDF gets it, with the library card it comes from, so per-card
// counts (exportPdfJob.cardCopies) and the print dialog can name it.

import type { PrintItem } from '../pdf/print-sheet';

export interface SourcePrintItem extends PrintItem {
  cardId: string;
}
