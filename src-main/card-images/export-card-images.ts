// The exportImages job: every card of a print source (each once) drawn as a PNG or JPEG, front
// (and back), at the dpi and bleed asked, named by the pattern, into a zip or a folder. A few
// cards are rasterized at once (sharp works on its own threads); each batch is written before
// the next is drawn, so memory stays flat however many cards there are. Progress and Cancel
// between batches; a cancelled or failed export leaves no partial output (image-output.ts).

import type { CardRecord } from '../../card-schema/system/format';
import type { CardDrawing } from '../../card-schema/layout/format';
import { hasOwnBack, layoutCard, layoutCardBack } from '../../card-schema/layout/layout-card';
import type { JobResults, JobSpec } from '../api/contract';
import { ApiError } from '../api/api-error';
import { loadSharp } from '../images/load-sharp';
import { gameFontBuffers } from '../fonts/game-font-files';
import { readPrintFonts } from '../pdf/pdf-fonts';
import type { Library } from '../services/library';
import { NO_PROGRESS, type JobProgress } from '../jobs/job-progress';
import { SvgFonts } from '../tts/card-svg';
import { FileNamer, IMAGE_EXTENSION, nameValues, namePatternProblem } from '../../card-schema/exports/card-image-names';
import { imageSourceCards, setNames } from './image-cards';
import { folderOutput, zipOutput, type ImageOutput } from './image-output';
import { CardImageRenderer, cardImageSize } from './render-card-image';

export type ExportImagesSpec = Extract<JobSpec, { kind: 'exportImages' }>;
export type ExportImagesResult = JobResults['exportImages'];

/** Cards rasterized at once: enough to keep sharp's threads busy, few enough to keep memory flat. */
export const CARDS_AT_ONCE = 4;

export const IMAGE_MIME = { png: 'image/png', jpeg: 'image/jpeg' } as const;

interface Face {
  name: string;
  drawing: CardDrawing;
  label: string;
  /** The game's shared back: drawn once, written for every card. */
  shared: boolean;
}

export async function exportCardImages(
  lib: Library,
  spec: ExportImagesSpec,
  paths: { fontsDir: string; dataDir: string },
  outputPath: string,
  progress: JobProgress = NO_PROGRESS,
): Promise<ExportImagesResult> {
  const problem = namePatternProblem(spec.namePattern);
  if (problem) throw new ApiError(problem, 'BAD_INPUT');
  const cards = imageSourceCards(lib, spec.source);
  const sets = setNames(lib, cards);
  const systemIds = new Set(cards.map((card) => card.systemId));
  const fonts = new SvgFonts(await readPrintFonts(paths.fontsDir), gameFontBuffers(lib.systems, systemIds));
  const options = { dpi: spec.dpi, bleedMm: spec.bleedMm, format: spec.format };
  const renderer = new CardImageRenderer(await loadSharp(), fonts, paths.dataDir, options);
  const namer = new FileNamer(spec.namePattern, IMAGE_EXTENSION[spec.format]);
  const sharedBacks = new Map<string, CardDrawing>();
  const sharedBytes = new Map<CardDrawing, Promise<Buffer>>();

  const facesOf = (card: CardRecord, index: number): Face[] => {
    const system = lib.systems.require(card.systemId);
    const names = namer.next(nameValues(card, index, cards.length, sets.get(card.setId) ?? ''));
    const label = `Card ${index + 1} (“${card.doc.name}”)`;
    const faces: Face[] = [{ name: names.front, drawing: layoutCard(system, card.doc), label, shared: false }];
    if (spec.faces === 'both') {
      const own = hasOwnBack(system, card.doc);
      let back = own ? layoutCardBack(system, card.doc) : sharedBacks.get(system.id);
      if (!back) sharedBacks.set(system.id, (back = layoutCardBack(system)));
      faces.push({ name: names.back, drawing: back, label: `${label} back`, shared: !own });
    }
    return faces;
  };
  const render = (face: Face): Promise<Buffer> => {
    if (!face.shared) return renderer.render(face.drawing, face.label);
    let bytes = sharedBytes.get(face.drawing);
    if (!bytes) sharedBytes.set(face.drawing, (bytes = renderer.render(face.drawing, face.label)));
    return bytes;
  };

  const output: ImageOutput = spec.as === 'zip' ? zipOutput(outputPath) : folderOutput(outputPath);
  let images = 0;
  let size = { widthPx: 0, heightPx: 0 };
  try {
    for (let from = 0; from < cards.length; from += CARDS_AT_ONCE) {
      progress.report('Drawing the cards', from, cards.length);
      const faces = cards.slice(from, from + CARDS_AT_ONCE).flatMap((card, i) => facesOf(card, from + i));
      if (from === 0) size = cardImageSize(faces[0].drawing, options);
      const rendered = await Promise.all(faces.map(render));
      for (let i = 0; i < faces.length; i++) await output.add(faces[i].name, rendered[i]);
      images += faces.length;
    }
    progress.report('Drawing the cards', cards.length, cards.length);
    const bytes = await output.finish();
    const fileName = outputPath.split(/[\\/]/).pop() ?? outputPath;
    const mimeType = spec.as === 'zip' ? 'application/zip' : 'inode/directory';
    return { file: { fileName, mimeType, bytes }, cards: cards.length, images, ...size };
  } catch (error) {
    await output.abort();
    throw error;
  }
}
