// First-start sample content: every `<samplesDir>/<systemId>/*.json`, set files before deck
// files (decks refer to the sets' cards), imported in ONE transaction. The meta flag is set
// in that same transaction, so samples are seeded exactly once: deleting them stays deleted.
// A broken sample file is reported and skipped; it must not keep the app from starting.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../api/api-error';
import type { Library } from './library';
import { DECK_FILE_FORMAT, importDeckFile } from './deck-files';
import { checkSampleImage } from '../images/sample-images';
import { isPlainObject } from './file-format';
import { SET_FILE_FORMAT, importSetContent, parseSetFile } from './set-files';

export const SAMPLES_SEEDED_KEY = 'samples_seeded';

export interface SeedReport {
  /** False when samples had been seeded before (or there is no samples folder). */
  seeded: boolean;
  sets: number;
  cards: number;
  decks: number;
  /** One sentence per file or card that could not be imported. */
  problems: string[];
}

interface SampleFile {
  path: string;
  text: string;
  format: unknown;
}

function sampleFiles(samplesDir: string): SampleFile[] {
  const files: SampleFile[] = [];
  const systemDirs = readdirSync(samplesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const dir of systemDirs.sort((a, b) => a.name.localeCompare(b.name))) {
    const names = readdirSync(join(samplesDir, dir.name))
      .filter((name) => name.toLowerCase().endsWith('.json'))
      .sort();
    for (const name of names) {
      const path = join(samplesDir, dir.name, name);
      const text = readFileSync(path, 'utf8');
      files.push({ path, text, format: peekFormat(text) });
    }
  }
  return files;
}

function peekFormat(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    return isPlainObject(value) ? value.format : undefined;
  } catch {
    return undefined; // importing it reports the syntax error with its position
  }
}

function describeFailure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function seedSamples(lib: Library, samplesDir: string): SeedReport {
  const report: SeedReport = { seeded: false, sets: 0, cards: 0, decks: 0, problems: [] };
  if (lib.store.getMeta(SAMPLES_SEEDED_KEY) !== undefined || !existsSync(samplesDir)) return report;
  const files = sampleFiles(samplesDir);
  const setFiles = files.filter((file) => file.format !== DECK_FILE_FORMAT);
  const deckFiles = files.filter((file) => file.format === DECK_FILE_FORMAT);

  lib.store.transaction(() => {
    for (const file of setFiles) {
      try {
        if (file.format !== SET_FILE_FORMAT && file.format !== undefined) {
          throw new ApiError(`${file.path}: "format" is neither "${SET_FILE_FORMAT}" nor "${DECK_FILE_FORMAT}"`, 'INVALID_FILE');
        }
        const content = parseSetFile(file.path, file.text, (systemId) => lib.systems.has(systemId));
        // Seeding runs while the app opens, synchronously: the shipped art is checked without sharp.
        const images = [...content.images].map(([id, image]) => checkSampleImage(file.path, id, image));
        const result = importSetContent(lib, file.path, content, images);
        report.sets += 1;
        report.cards += result.imported;
        for (const card of result.rejected) {
          report.problems.push(
            `${file.path}: cards[${card.index}] "${card.name}" rejected: ${card.issues.map((issue) => `${issue.path || '/'} ${issue.message}`).join('; ')}`,
          );
        }
      } catch (error) {
        report.problems.push(describeFailure(error));
      }
    }
    for (const file of deckFiles) {
      try {
        importDeckFile(lib, file.path, file.text);
        report.decks += 1;
      } catch (error) {
        report.problems.push(describeFailure(error));
      }
    }
    lib.store.setMeta(SAMPLES_SEEDED_KEY, new Date().toISOString());
  });
  report.seeded = true;
  return report;
}
