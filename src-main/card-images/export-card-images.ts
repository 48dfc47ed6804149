// The exportImages job: every card of a print source (each once) drawn as a PNG or JPEG, front
// (and back), at the dpi and bleed asked, named by the pattern, into a zip or a folder. A sliding
// window of faces is in flight: while sharp rasterizes some on its own threads, this thread lays
// out and builds the SVG of the next ones; the oldest is written as soon as it is done, so at most
// the window's images are held however many cards there are. Progress and Cancel at every card;
// a cancelled or failed export leaves no partial output (image-output.ts). With a print-on-demand
// preset (pod-presets.ts) the cards are laid out again at the service's card size (as a PDF's
// card-size override is), drawn at its bleed and dpi, named for upload, with a quantities.csv.

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
import { podFileNames, podPreset, QUANTITIES_FILE } from '../../card-schema/exports/pod-presets';
import { systemAtCardSize } from '../../card-schema/layout/card-size';
import { imageSourceCards, imageSourceCounts, setNames } from './image-cards';
import { quantitiesCsv, type QuantityRow } from './pod-quantities';
import { folderOutput, zipOutput, type ImageOutput } from './image-output';
import { CardImageRenderer, cardImageSize } from './render-card-image';

export type ExportImagesSpec = Extract<JobSpec, { kind: 'exportImages' }>;
export type ExportImagesResult = JobResults['exportImages'];

/** Faces in flight at once: enough to keep sharp's threads and this one busy, few enough to keep memory flat. */
export const FACES_IN_FLIGHT = 8;

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
  const preset = spec.preset ? podPreset(spec.preset) : undefined;
  const problem = preset ? undefined : namePatternProblem(spec.namePattern);
  if (problem) throw new ApiError(problem, 'BAD_INPUT');
  const cards = imageSourceCards(lib, spec.source);
  const sets = setNames(lib, cards);
  const systemIds = new Set(cards.map((card) => card.systemId));
  const fonts = new SvgFonts(await readPrintFonts(paths.fontsDir), gameFontBuffers(lib.systems, systemIds));
  const options = preset
    ? { dpi: preset.dpi, bleedMm: preset.bleedMm, format: spec.format }
    : { dpi: spec.dpi, bleedMm: spec.bleedMm, format: spec.format };
  const renderer = new CardImageRenderer(await loadSharp(), fonts, paths.dataDir, options);
  const namer = new FileNamer(spec.namePattern, IMAGE_EXTENSION[spec.format]);
  const sharedBacks = new Map<string, CardDrawing>();
  const sharedBytes = new Map<CardDrawing, Promise<Buffer>>();
  const counts = preset ? imageSourceCounts(lib, spec.source) : new Map<string, number>();
  const quantities: QuantityRow[] = [];

  const facesOf = (card: CardRecord, index: number): Face[] => {
    const gameSystem = lib.systems.require(card.systemId);
    const system = preset ? systemAtCardSize(gameSystem, preset.trim) : gameSystem;
    const names = preset
      ? podFileNames(index, cards.length, card.doc.name, spec.format)
      : namer.next(nameValues(card, index, cards.length, sets.get(card.setId) ?? ''));
    if (preset) {
      const back = spec.faces === 'both' ? names.back : undefined;
      quantities.push({ front: names.front, back, name: card.doc.name, count: counts.get(card.id) ?? 1 });
    }
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
  const inFlight: { name: string; bytes: Promise<Buffer> }[] = [];
  const writeOldest = async () => {
    const oldest = inFlight.shift()!;
    await output.add(oldest.name, await oldest.bytes);
    images++;
  };
  try {
    for (let index = 0; index < cards.length; index++) {
      progress.report('Drawing the cards', index, cards.length);
      const faces = facesOf(cards[index], index);
      if (index === 0) size = cardImageSize(faces[0].drawing, options);
      for (const face of faces) {
        const bytes = render(face);
        // Awaited in order below; a failure before its turn must not surface as unhandled.
        bytes.catch(() => undefined);
        inFlight.push({ name: face.name, bytes });
      }
      while (inFlight.length > FACES_IN_FLIGHT) await writeOldest();
    }
    while (inFlight.length > 0) await writeOldest();
    if (preset) await output.add(QUANTITIES_FILE, new TextEncoder().encode(quantitiesCsv(quantities)));
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
