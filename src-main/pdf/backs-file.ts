// The separate-backs print layout writes its backs to a second PDF beside the first.

/** "Deck.pdf" → "Deck (backs).pdf". */
export function backsFilePath(path: string): string {
  return /\.pdf$/i.test(path) ? path.replace(/\.pdf$/i, ' (backs).pdf') : `${path} (backs).pdf`;
}
