// Print-on-demand presets for card image exports (src-main/card-images/): the card sizes, bleeds,
// resolution and file format the common services publish for card uploads, and how the files are
// named for upload ("001 Front - Ember Hound.png" / "001 Back.png", numbered in export order so
// each front sorts beside its back). Pure data and arithmetic: the dialog shows the pixel size a
// preset gives with the same functions the export uses.

import type { SizeMm } from '../print/print-options';
import { safeFileName } from '../files/safe-file-name';
import { IMAGE_EXTENSION } from './card-image-names';

const MM_PER_INCH = 25.4;
const inches = (value: number) => value * MM_PER_INCH;

export interface PodPreset {
  /** "Poker — The Game Crafter". */
  label: string;
  service: string;
  /** The card as it is cut. */
  trim: SizeMm;
  /** Artwork past each cut line. */
  bleedMm: number;
  dpi: 300;
  format: 'png' | 'jpeg';
  /** What the trim and bleed are in the service's own words ("2.5 × 3.5 in + 1/8 in bleed"). */
  spec: string;
}

// Sources: each preset names the service's product page, whose template gives the pixel size.
// The Game Crafter: the card plus 1/8 in bleed each side at 300 dpi, PNG (its "Poker Deck"
// template is 825 × 1125 px, also reported in
// https://netninja.com/2016/07/04/designing-amazon-web-services-playing-cards/).
// MakePlayingCards: a poker card's upload is 822 × 1122 px at 300 dpi, i.e. 2.5 × 3.5 in with
// 0.12 in bleed each side. Check a service's page before a large order: they change templates.
const TGC_BLEED = inches(1 / 8);
const TGC = 'The Game Crafter';

export const POD_PRESETS = {
  // https://www.thegamecrafter.com/make/products/PokerDeck — 825 × 1125 px
  'poker-tgc': {
    label: `Poker — ${TGC}`,
    service: TGC,
    trim: { widthMm: inches(2.5), heightMm: inches(3.5) },
    bleedMm: TGC_BLEED,
    dpi: 300,
    format: 'png',
    spec: '2.5 × 3.5 in + 1/8 in bleed',
  },
  // https://www.thegamecrafter.com/make/products/BridgeDeck — 750 × 1125 px
  'bridge-tgc': {
    label: `Bridge — ${TGC}`,
    service: TGC,
    trim: { widthMm: inches(2.25), heightMm: inches(3.5) },
    bleedMm: TGC_BLEED,
    dpi: 300,
    format: 'png',
    spec: '2.25 × 3.5 in + 1/8 in bleed',
  },
  // https://www.thegamecrafter.com/make/products/MiniDeck — 600 × 825 px
  'mini-tgc': {
    label: `Mini — ${TGC}`,
    service: TGC,
    trim: { widthMm: inches(1.75), heightMm: inches(2.5) },
    bleedMm: TGC_BLEED,
    dpi: 300,
    format: 'png',
    spec: '1.75 × 2.5 in + 1/8 in bleed',
  },
  // https://www.thegamecrafter.com/make/products/TarotDeck — 900 × 1500 px
  'tarot-tgc': {
    label: `Tarot — ${TGC}`,
    service: TGC,
    trim: { widthMm: inches(2.75), heightMm: inches(4.75) },
    bleedMm: TGC_BLEED,
    dpi: 300,
    format: 'png',
    spec: '2.75 × 4.75 in + 1/8 in bleed',
  },
  // https://www.thegamecrafter.com/make/products/SquareDeck — 825 × 825 px
  'square-tgc': {
    label: `Square — ${TGC}`,
    service: TGC,
    trim: { widthMm: inches(2.5), heightMm: inches(2.5) },
    bleedMm: TGC_BLEED,
    dpi: 300,
    format: 'png',
    spec: '2.5 × 2.5 in + 1/8 in bleed',
  },
  // https://www.thegamecrafter.com/make/products/LargeSquareDeck — 1125 × 1125 px
  'large-square-tgc': {
    label: `Large square — ${TGC}`,
    service: TGC,
    trim: { widthMm: inches(3.5), heightMm: inches(3.5) },
    bleedMm: TGC_BLEED,
    dpi: 300,
    format: 'png',
    spec: '3.5 × 3.5 in + 1/8 in bleed',
  },
  // https://www.thegamecrafter.com/make/products/JumboDeck — 1125 × 1725 px
  'jumbo-tgc': {
    label: `Jumbo — ${TGC}`,
    service: TGC,
    trim: { widthMm: inches(3.5), heightMm: inches(5.5) },
    bleedMm: TGC_BLEED,
    dpi: 300,
    format: 'png',
    spec: '3.5 × 5.5 in + 1/8 in bleed',
  },
  // https://www.makeplayingcards.com/design/custom-blank-card.html ("Poker size") — 822 × 1122 px
  'poker-mpc': {
    label: 'Poker — MakePlayingCards',
    service: 'MakePlayingCards',
    trim: { widthMm: inches(2.5), heightMm: inches(3.5) },
    bleedMm: inches(0.12),
    dpi: 300,
    format: 'png',
    spec: '2.5 × 3.5 in + 0.12 in bleed',
  },
} as const satisfies Record<string, PodPreset>;

export type PodPresetId = keyof typeof POD_PRESETS;
export const POD_PRESET_IDS = Object.keys(POD_PRESETS) as [PodPresetId, ...PodPresetId[]];

export function podPreset(id: PodPresetId): PodPreset {
  return POD_PRESETS[id];
}

/** The file's size in pixels: (trim + 2 × bleed) / 25.4 × dpi, as every card image is sized. */
export function podPixelSize(preset: PodPreset): { widthPx: number; heightPx: number } {
  const px = (mm: number) => Math.round((mm / MM_PER_INCH) * preset.dpi);
  return {
    widthPx: px(preset.trim.widthMm + 2 * preset.bleedMm),
    heightPx: px(preset.trim.heightMm + 2 * preset.bleedMm),
  };
}

/** "Poker — The Game Crafter: 2.5 × 3.5 in + 1/8 in bleed, 825 × 1125 px PNG" (every preset is 300 dpi). */
export function describePodPreset(id: PodPresetId): string {
  const preset = POD_PRESETS[id];
  const { widthPx, heightPx } = podPixelSize(preset);
  return `${preset.label}: ${preset.spec}, ${widthPx} × ${heightPx} px ${preset.format.toUpperCase()}`;
}

/** The name of the file listing each card's count beside the images. */
export const QUANTITIES_FILE = 'quantities.csv';

/**
 * Upload names: "001 Front - Ember Hound.png" and "001 Back.png", numbered 1… in export order
 * (at least three digits, more when the export has more cards), so a service that pairs files by
 * name, and anyone sorting them, sees each front beside its back. The number keeps names unique.
 */
export function podFileNames(
  index: number,
  count: number,
  cardName: string,
  format: keyof typeof IMAGE_EXTENSION,
): { front: string; back: string } {
  const number = String(index + 1).padStart(Math.max(3, String(count).length), '0');
  const extension = IMAGE_EXTENSION[format];
  const name = safeFileName(cardName, '').slice(0, 100).trim() || 'card';
  return { front: `${number} Front - ${name}${extension}`, back: `${number} Back${extension}` };
}
