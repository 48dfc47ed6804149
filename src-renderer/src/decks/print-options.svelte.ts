// The print dialog's options: every PrintOptions field as editable state, the paper default
// from the user's locale, and the sheet plan (grid, notes, page 1) computed live from them, so
// the dialog shows what the export will do before it runs.

import {
  CARD_SIZE_PRESETS,
  DEFAULT_PRINT_OPTIONS,
  PAPER_PRESETS,
  defaultPaperForLocale,
  type CardSizePreset,
  type PaperPreset,
  type PrintOptions,
  type SizeMm,
} from '../../../card-schema/print/print-options';
import { planSheet, type GameCard, type SheetPlan } from '../../../card-schema/print/sheet-plan';

export const PAPER_CHOICES = Object.keys(PAPER_PRESETS) as PaperPreset[];
export const CARD_SIZE_CHOICES = Object.keys(CARD_SIZE_PRESETS) as CardSizePreset[];

export const LAYOUT_LABELS: Record<PrintOptions['layout'], string> = {
  'duplex-long': 'Duplex, flip on long edge',
  'duplex-short': 'Duplex, flip on short edge',
  gutterfold: 'Gutterfold (front and back side by side, fold)',
  'separate-backs': 'Backs in a separate file',
  'card-per-page': 'One card per page (print shop)',
};

/** 1/8 in, the bleed print shops ask for. */
export const PRINT_SHOP_BLEED_MM = 3.175;

/** A plan, or why there is none (a card that does not fit, a value out of range). */
export type PlanOutcome = { plan: SheetPlan; error?: undefined } | { plan?: undefined; error: string };

export class PrintOptionsModel {
  paper: PaperPreset | 'custom' = $state(DEFAULT_PRINT_OPTIONS.paper as PaperPreset);
  customPaper: SizeMm = $state({ widthMm: 210, heightMm: 297 });
  orientation: PrintOptions['orientation'] = $state(DEFAULT_PRINT_OPTIONS.orientation);
  cardSize: 'game' | CardSizePreset | 'custom' = $state('game');
  customCard: SizeMm = $state({ widthMm: 63, heightMm: 88 });
  bleedMm = $state(DEFAULT_PRINT_OPTIONS.bleedMm);
  gapMm = $state(DEFAULT_PRINT_OPTIONS.gapMm);
  marginMm = $state(DEFAULT_PRINT_OPTIONS.marginMm);
  cutGuides: PrintOptions['cutGuides'] = $state(DEFAULT_PRINT_OPTIONS.cutGuides);
  guideWidthPt = $state(DEFAULT_PRINT_OPTIONS.guideWidthPt);
  guideColor: PrintOptions['guideColor'] = $state(DEFAULT_PRINT_OPTIONS.guideColor);
  guidesOnBacks = $state(DEFAULT_PRINT_OPTIONS.guidesOnBacks);
  faces: PrintOptions['faces'] = $state(DEFAULT_PRINT_OPTIONS.faces);
  #layout: PrintOptions['layout'] = $state(DEFAULT_PRINT_OPTIONS.layout);
  get layout(): PrintOptions['layout'] {
    return this.#layout;
  }
  set layout(layout: PrintOptions['layout']) {
    this.#layout = layout;
    this.suggestPrintShopBleed();
  }
  backOffsetXMm = $state(DEFAULT_PRINT_OPTIONS.backOffsetXMm);
  backOffsetYMm = $state(DEFAULT_PRINT_OPTIONS.backOffsetYMm);
  backScaleXPercent = $state(DEFAULT_PRINT_OPTIONS.backScaleXPercent);
  backScaleYPercent = $state(DEFAULT_PRINT_OPTIONS.backScaleYPercent);
  calibrationPage = $state(DEFAULT_PRINT_OPTIONS.calibrationPage);
  registrationMarks = $state(DEFAULT_PRINT_OPTIONS.registrationMarks);
  skipSlots = $state(DEFAULT_PRINT_OPTIONS.skipSlots);
  pageRange = $state(DEFAULT_PRINT_OPTIONS.pageRange);
  splitEveryPages = $state(DEFAULT_PRINT_OPTIONS.splitEveryPages);
  back = $state(DEFAULT_PRINT_OPTIONS.back);
  #profile: PrintOptions['profile'] = $state(DEFAULT_PRINT_OPTIONS.profile);
  get profile(): PrintOptions['profile'] {
    return this.#profile;
  }
  set profile(profile: PrintOptions['profile']) {
    this.#profile = profile;
    this.suggestPrintShopBleed();
  }
  inkLimitPercent = $state(DEFAULT_PRINT_OPTIONS.inkLimitPercent);
  cardPageOrder: PrintOptions['cardPageOrder'] = $state(DEFAULT_PRINT_OPTIONS.cardPageOrder);

  /**
   * Print shops ask for 1/8 in of bleed: choosing one card per page with the print-shop profile
   * turns a bleed still at the default into that (a bleed the user set is kept).
   */
  private suggestPrintShopBleed(): void {
    if (this.#layout === 'card-per-page' && this.#profile === 'pdfx' && this.bleedMm === DEFAULT_PRINT_OPTIONS.bleedMm) {
      this.bleedMm = PRINT_SHOP_BLEED_MM;
    }
  }

  /** `locale`: the user's (navigator.language); Letter countries get Letter paper. */
  constructor(locale?: string) {
    this.paper = defaultPaperForLocale(locale);
  }

  /** The options as the API takes them. */
  get options(): PrintOptions {
    return {
      paper: this.paper === 'custom' ? { ...this.customPaper } : this.paper,
      orientation: this.orientation,
      cardSize: this.cardSize === 'custom' ? { ...this.customCard } : this.cardSize,
      bleedMm: this.bleedMm,
      gapMm: this.gapMm,
      marginMm: this.marginMm,
      cutGuides: this.cutGuides,
      guideWidthPt: this.guideWidthPt,
      guideColor: this.guideColor,
      guidesOnBacks: this.guidesOnBacks,
      faces: this.faces,
      layout: this.layout,
      backOffsetXMm: this.backOffsetXMm,
      backOffsetYMm: this.backOffsetYMm,
      backScaleXPercent: this.backScaleXPercent,
      backScaleYPercent: this.backScaleYPercent,
      calibrationPage: this.calibrationPage,
      registrationMarks: this.registrationMarks,
      skipSlots: this.skipSlots,
      pageRange: this.pageRange,
      splitEveryPages: this.splitEveryPages,
      back: this.back,
      profile: this.profile,
      inkLimitPercent: this.inkLimitPercent,
      cardPageOrder: this.cardPageOrder,
    };
  }

  /** Backs are printed, so the duplex options matter. */
  get withBacks(): boolean {
    return this.faces !== 'fronts';
  }

  /**
   * The plan for `cardCount` cards the game draws at `gameCard` (its corner radius rounds outline
   * guides); an input the plan refuses gives its reason.
   */
  planFor(gameCard: GameCard, cardCount: number): PlanOutcome {
    try {
      return { plan: planSheet(this.options, gameCard, cardCount) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Every page the export has before a page range picks some (the preview's numbering); undefined when it cannot plan. */
  pageCountFor(gameCard: GameCard, cardCount: number): number | undefined {
    try {
      const plan = planSheet({ ...this.options, pageRange: '' }, gameCard, cardCount);
      return plan.pages + plan.backPages;
    } catch {
      return undefined;
    }
  }
}
