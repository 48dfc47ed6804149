// What a print-and-play export can be asked for: paper, card size, bleed, gaps, margins, cut
// guides, how fronts and backs are arranged, and the duplex corrections printers need. Pure
// data shared by the API (which checks it), the print dialog (which previews it) and the PDF.
// All lengths are millimetres unless the name says otherwise.

export interface SizeMm {
  widthMm: number;
  heightMm: number;
}

/** Paper presets, portrait. */
export const PAPER_PRESETS = {
  A4: { widthMm: 210, heightMm: 297 },
  Letter: { widthMm: 215.9, heightMm: 279.4 },
  A3: { widthMm: 297, heightMm: 420 },
  Legal: { widthMm: 215.9, heightMm: 355.6 },
  Tabloid: { widthMm: 279.4, heightMm: 431.8 },
} as const satisfies Record<string, SizeMm>;

export type PaperPreset = keyof typeof PAPER_PRESETS;

/** Common card sizes, portrait. */
export const CARD_SIZE_PRESETS = {
  poker: { widthMm: 63, heightMm: 88, label: 'Poker (63 × 88 mm)' },
  bridge: { widthMm: 57, heightMm: 89, label: 'Bridge (57 × 89 mm)' },
  'mini-american': { widthMm: 41, heightMm: 63, label: 'Mini American (41 × 63 mm)' },
  'mini-euro': { widthMm: 44, heightMm: 68, label: 'Mini Euro (44 × 68 mm)' },
  euro: { widthMm: 59, heightMm: 92, label: 'Euro (59 × 92 mm)' },
  japanese: { widthMm: 59, heightMm: 86, label: 'Japanese (59 × 86 mm)' },
  tarot: { widthMm: 70, heightMm: 120, label: 'Tarot (70 × 120 mm)' },
  square: { widthMm: 70, heightMm: 70, label: 'Square (70 × 70 mm)' },
} as const satisfies Record<string, SizeMm & { label: string }>;

export type CardSizePreset = keyof typeof CARD_SIZE_PRESETS;

/**
 * How the pages are arranged.
 * - `duplex-long`: a page of backs after each page of fronts, columns mirrored (flip on the long edge).
 * - `duplex-short`: the same, rows reversed (flip on the short edge).
 * - `gutterfold`: fronts and their backs side by side on one page, with a fold line between.
 * - `separate-backs`: fronts in one file, backs (mirrored for long-edge duplex) in a second.
 * - `card-per-page`: every face on its own page of card + bleed size, for print shops.
 */
export type SheetLayout = 'duplex-long' | 'duplex-short' | 'gutterfold' | 'separate-backs' | 'card-per-page';

export interface PrintOptions {
  paper: PaperPreset | SizeMm;
  /** `auto`: the orientation that fits the most cards. */
  orientation: 'auto' | 'portrait' | 'landscape';
  /** `game`: the card size the game system declares. */
  cardSize: 'game' | CardSizePreset | SizeMm;
  /** Artwork printed past each cut line, 0–6. */
  bleedMm: number;
  /**
   * Space between neighbouring cards' cut lines, 0–20. At 0 cards touch and share their cut lines
   * (bleed only round the outside of the grid); each card's bleed fills up to half of a wider gap,
   * so at twice the bleed every card has its whole bleed.
   */
  gapMm: number;
  /** Nothing (card, bleed or guide) is printed nearer the paper's edge than this, 0–30 (unused for `card-per-page`). */
  marginMm: number;
  /**
   * `corners`: short marks outside the card area; `lines`: cut lines across the whole sheet;
   * `outlines`: each card's own cut line, its corners rounded with the game's corner radius.
   */
  cutGuides: 'none' | 'corners' | 'lines' | 'outlines';
  /** Print-and-cut registration marks (Silhouette/Cricut conventions) round the cards. */
  registrationMarks: boolean;
  /** Line width of guides, 0.25–2 pt. */
  guideWidthPt: number;
  guideColor: 'black' | 'gray';
  /** Guides on back pages too (off: backs stay clean). */
  guidesOnBacks: boolean;
  faces: 'fronts' | 'backs' | 'both';
  /** How fronts and backs share pages (with `fronts` or `backs` only: `card-per-page` or plain sheets). */
  layout: SheetLayout;
  /** Moves every back by this much (−5 to 5, 0.1 steps), for printers that do not register duplex exactly. */
  backOffsetXMm: number;
  backOffsetYMm: number;
  /** Scales back pages about the page centre (97–103 %), for printers that shrink one side. */
  backScaleXPercent: number;
  backScaleYPercent: number;
  /** Adds a first page with a 100 mm ruler, a card outline and a duplex offset test. */
  calibrationPage: boolean;
  /** Slots of the first sheet left empty, for a part-used sheet (0 to one less than a sheet's cards). */
  skipSlots: number;
  /** The pages to write, as the preview numbers them ("1-3,6"); empty: every page. */
  pageRange: string;
  /** Starts a new file every N pages (0: one file). */
  splitEveryPages: number;
  /** The back every card prints with: `own` (each card's), `card:ID` (that card's back) or `image:ID` (a picture). */
  back: string;
  /** `pdfx`: press-ready PDF/X with CMYK colours through an ICC profile, for print shops; `standard`: RGB. */
  profile: 'standard' | 'pdfx';
  /** The pdfx profile's limit on total ink (C+M+Y+K), in percent. */
  inkLimitPercent: number;
  /** One card per page: each card's front then its back, or back then front (some print shops ask for it). */
  cardPageOrder: 'front-back' | 'back-front';
}

/** How `PrintOptions.back` names a card's back or a picture. */
export const BACK_CHOICE_PATTERN = /^(own|card:[A-Za-z0-9_-]{1,64}|image:[A-Za-z0-9_-]{1,128})$/;

export const DEFAULT_PRINT_OPTIONS: PrintOptions = {
  paper: 'A4',
  orientation: 'auto',
  cardSize: 'game',
  bleedMm: 3,
  gapMm: 0,
  marginMm: 5,
  cutGuides: 'corners',
  registrationMarks: false,
  guideWidthPt: 0.4,
  guideColor: 'black',
  guidesOnBacks: false,
  faces: 'fronts',
  layout: 'duplex-long',
  backOffsetXMm: 0,
  backOffsetYMm: 0,
  backScaleXPercent: 100,
  backScaleYPercent: 100,
  calibrationPage: false,
  skipSlots: 0,
  pageRange: '',
  splitEveryPages: 0,
  back: 'own',
  profile: 'standard',
  inkLimitPercent: 300,
  cardPageOrder: 'front-back',
};

/** The limits the API checks and the dialog's inputs use. */
export const PRINT_LIMITS = {
  paperMm: { min: 50, max: 1200 },
  cardMm: { min: 10, max: 500 },
  bleedMm: { min: 0, max: 6 },
  gapMm: { min: 0, max: 20 },
  marginMm: { min: 0, max: 30 },
  guideWidthPt: { min: 0.25, max: 2 },
  backOffsetMm: { min: -5, max: 5 },
  backScalePercent: { min: 97, max: 103 },
  copies: { min: 1, max: 99 },
  skipSlots: { min: 0, max: 500 },
  splitEveryPages: { min: 0, max: 10_000 },
  inkLimitPercent: { min: 200, max: 400 },
  pageRangeChars: { max: 200 },
} as const;

/** Where US paper sizes are the norm: the paper default for these locales is Letter. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'CR', 'GT', 'SV', 'DO', 'PR', 'PA', 'NI', 'HN']);

/** Letter for en-US, en-CA, es-MX and the other Letter countries; A4 everywhere else. */
export function defaultPaperForLocale(locale: string | undefined): PaperPreset {
  const region = /^[a-z]{2,3}(?:[-_][A-Za-z]{4})?[-_]([A-Za-z]{2})\b/i.exec(locale ?? '')?.[1]?.toUpperCase();
  return region && LETTER_REGIONS.has(region) ? 'Letter' : 'A4';
}

/** The size a paper option stands for, portrait (the shorter side first). */
export function paperSize(paper: PrintOptions['paper']): SizeMm {
  const size = typeof paper === 'string' ? PAPER_PRESETS[paper] : paper;
  return {
    widthMm: Math.min(size.widthMm, size.heightMm),
    heightMm: Math.max(size.widthMm, size.heightMm),
  };
}

/** A paper option's name for people: "A4", "Letter" or "200 × 300 mm". */
export function paperLabel(paper: PrintOptions['paper']): string {
  return typeof paper === 'string' ? paper : `${formatMm(paper.widthMm)} × ${formatMm(paper.heightMm)} mm`;
}

/** The card size an option stands for, given the game's own size. */
export function cardSizeOf(cardSize: PrintOptions['cardSize'], gameCard: SizeMm): SizeMm {
  if (cardSize === 'game') return { widthMm: gameCard.widthMm, heightMm: gameCard.heightMm };
  const size = typeof cardSize === 'string' ? CARD_SIZE_PRESETS[cardSize] : cardSize;
  return { widthMm: size.widthMm, heightMm: size.heightMm };
}

/** Millimetres for people: at most one decimal, no trailing zero ("3", "2.7"). */
export function formatMm(mm: number): string {
  return String(Math.round(mm * 10) / 10);
}
