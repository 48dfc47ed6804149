// The preview's view of a sheet plan: every page in print order (the separate backs file's pages
// after the main file's, numbered on as the page range numbers them), what each page is in words
// ("backs of sheet 2"), and which page is the other side of the same sheet or card.

import { planPages, type PlannedPage, type SheetPlan } from '../../../card-schema/print/sheet-plan';

export interface PreviewPage {
  page: PlannedPage;
  /** "Fronts of sheet 2", "Back of card 7", "Backs file, page 1: backs of sheet 1". */
  label: string;
  /** The index of the page on the sheet's (or card's) other side, when it has one. */
  partner?: number;
  side: 'front' | 'back' | 'both';
}

export function previewPages(plan: SheetPlan): PreviewPage[] {
  const pages: PreviewPage[] = [];
  const sides = new Map<string, { front?: number; back?: number }>();
  let sheet = 0;
  let backSheet = 0;
  let backsFilePage = 0;
  const pair = (key: string, side: 'front' | 'back', index: number) => {
    const entry = sides.get(key) ?? {};
    entry[side] = index;
    sides.set(key, entry);
  };
  for (const page of planPages(plan)) {
    const index = pages.length;
    let label: string;
    let side: PreviewPage['side'] = 'front';
    switch (page.kind) {
      case 'calibration':
        label = 'Calibration page';
        pair('calibration', 'front', index);
        break;
      case 'calibration-back':
        label = 'Calibration page, back';
        side = 'back';
        pair('calibration', 'back', index);
        break;
      case 'fronts':
        label = `Fronts of sheet ${++sheet}`;
        pair(`sheet ${sheet}`, 'front', index);
        break;
      case 'backs':
        backSheet++;
        side = 'back';
        label = `Backs of sheet ${backSheet}`;
        pair(`sheet ${backSheet}`, 'back', index);
        break;
      case 'gutterfold':
        label = `Sheet ${++sheet}: fronts left, backs right, fold in the middle`;
        side = 'both';
        break;
      case 'card-front':
      case 'card-back': {
        const card = (page.placements[0]?.card ?? 0) + 1;
        side = page.kind === 'card-front' ? 'front' : 'back';
        label = `${side === 'front' ? 'Front' : 'Back'} of card ${card}`;
        pair(`card ${card}`, side, index);
        break;
      }
    }
    if (page.file === 'backs') label = `Backs file, page ${++backsFilePage}: ${label.toLowerCase()}`;
    pages.push({ page, label, side });
  }
  for (const { front, back } of sides.values()) {
    if (front === undefined || back === undefined) continue;
    pages[front].partner = back;
    pages[back].partner = front;
  }
  return pages;
}
