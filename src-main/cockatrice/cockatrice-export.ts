// A set for Cockatrice: a zip laid out like Cockatrice's data folder, so extracting it there
// installs the set: customsets/<set>.xml (card database version 4, card-schema/exports/
// cockatrice.ts) and pics/CUSTOM/<set>/<card>.png, each card's face drawn by the layout engine
// as the TTS export draws it (card-svg.ts) and rasterized with sharp.

import sharp from 'sharp';
import {
  cockatriceCard,
  cockatriceDatabaseXml,
  cockatricePictureName,
  cockatriceSetCode,
} from '../../card-schema/exports/cockatrice';
import { layoutCard } from '../../card-schema/layout/layout-card';
import { ApiError } from '../api/api-error';
import type { CardRecord } from '../../card-schema/system/format';
import { gameFontBuffers } from '../fonts/game-font-files';
import { NO_PROGRESS, type JobProgress } from '../jobs/job-progress';
import { readPrintFonts } from '../pdf/pdf-fonts';
import { requireSet, type Library } from '../services/library';
import { safeFileName } from '../services/file-format';
import { drawingToSvg, SvgFonts } from '../tts/card-svg';
import { imageSources } from '../tts/tts-export';
import { zipStore, type ZipEntry } from '../tts/zip-store';

/** Cockatrice's own pictures are 488 × 680 px (63 × 88 mm); ours are as wide, as tall as the card is. */
export const COCKATRICE_PICTURE_WIDTH_PX = 488;
const FACES_AT_ONCE = 8;

export interface CockatriceExportResult {
  zip: Buffer;
  cards: number;
  /** Names of cards left out: Cockatrice knows a card by its name, so the first of a name is kept. */
  skipped: string[];
}

export async function cockatriceZip(
  lib: Library,
  fontsDir: string,
  setId: string,
  progress: JobProgress = NO_PROGRESS,
  now: Date = new Date(),
): Promise<CockatriceExportResult> {
  const set = requireSet(lib, setId);
  const system = lib.systems.require(set.systemId);
  progress.report('Reading cards', 0, 1);
  const { cards, skipped } = uniqueByName(lib.store.cards.listBySet(set.id));
  if (cards.length === 0) throw new ApiError(`Set “${set.name}” has no cards to export`, 'BAD_INPUT');

  const folder = safeFileName(set.name, '');
  const code = cockatriceSetCode(set.name);
  const fonts = new SvgFonts(await readPrintFonts(fontsDir), gameFontBuffers(lib.systems, [system.id]));
  const drawings = cards.map((card) => layoutCard(system, card.doc));
  const images = await imageSources(lib, drawings);
  const entries: ZipEntry[] = [];
  for (let from = 0; from < cards.length; from += FACES_AT_ONCE) {
    progress.report('Drawing the cards', from, cards.length);
    const batch = cards.slice(from, from + FACES_AT_ONCE).map(async (card, i) => {
      const svg = drawingToSvg(drawings[from + i], COCKATRICE_PICTURE_WIDTH_PX, fonts, (id) => images.get(id));
      const png = await sharp(Buffer.from(svg)).png().toBuffer();
      return { name: `pics/CUSTOM/${folder}/${cockatricePictureName(card.doc.name)}.png`, bytes: png };
    });
    entries.push(...(await Promise.all(batch)));
  }
  progress.report('Drawing the cards', cards.length, cards.length);
  const xml = cockatriceDatabaseXml(
    { code, name: set.name },
    cards.map((card) => cockatriceCard(system, card.doc)),
    now.toISOString().slice(0, 10),
  );
  entries.unshift(
    { name: `customsets/${folder}.xml`, bytes: Buffer.from(xml) },
    { name: 'README.txt', bytes: Buffer.from(readme(set.name, code, folder, cards.length, skipped)) },
  );
  return { zip: zipStore(entries), cards: cards.length, skipped };
}

/**
 * The first card of each name. Cockatrice knows cards by name and finds pictures by file name
 * (on disks that may ignore case), so names that differ only there count as one.
 */
function uniqueByName(records: readonly CardRecord[]): { cards: CardRecord[]; skipped: string[] } {
  const seen = new Set<string>();
  const cards: CardRecord[] = [];
  const skipped: string[] = [];
  for (const card of records) {
    const key = cockatricePictureName(card.doc.name).toLowerCase();
    if (seen.has(key)) skipped.push(card.doc.name);
    else {
      seen.add(key);
      cards.push(card);
    }
  }
  return { cards, skipped };
}

function readme(setName: string, code: string, folder: string, cards: number, skipped: readonly string[]): string {
  const lines = [
    `${setName} for Cockatrice (${cards} cards, set code ${code}), exported by Cardwright.`,
    '',
    "Extract this archive into Cockatrice's data folder, the one holding its customsets and pics",
    'folders (Card Database > Open custom sets folder opens customsets), then choose Card Database >',
    'Reload card database (or restart Cockatrice):',
    `  customsets/${folder}.xml        the cards (card database version 4)`,
    `  pics/CUSTOM/${folder}/*.png     their pictures, found by card name`,
  ];
  if (skipped.length > 0) {
    lines.push(
      '',
      'Cockatrice knows a card by its name; these cards share a name with one exported before them and were left out:',
    );
    for (const name of skipped) lines.push(`  ${name}`);
  }
  return `${lines.join('\n')}\n`;
}
