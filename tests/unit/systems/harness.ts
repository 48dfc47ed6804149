// Shared helpers for the per-game tests: load a built-in system and its shipped samples (with
// their embedded art), judge a sample deck, and print the sample cards to a PDF for a look.

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { evaluateDeck } from '../../../card-schema/deck/evaluate';
import type { Deck, DeckReport } from '../../../card-schema/deck/format';
import type { CardDocument, GameSystem } from '../../../card-schema/system/format';
import { renderPrintSheet } from '../../../src-main/pdf/print-sheet';
import { createCardValidator } from '../../../src-main/services/card-validator';
import { loadGameSystem } from '../../../src-main/services/game-systems';
import type { ValidationIssue } from '../../../src-main/api/contract';
import type { FileImage } from '../../../src-main/images/file-images';
import { DEFAULT_PRINT_OPTIONS } from '../../../card-schema/print/print-options';

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface SampleCard {
  id: string;
  doc: CardDocument;
}

export interface GameSamples {
  system: GameSystem;
  /** Every card of every set file in resources/samples/<id>/. */
  cards: SampleCard[];
  docs: Map<string, CardDocument>;
  /** Deck files by file name. */
  decks: Map<string, Deck>;
  /** The pictures the set files carry (`images`), by SHA-256 id. */
  images: Map<string, FileImage>;
  /** Schema problems of every sample card; empty when all are valid. */
  invalidCards(): { id: string; issues: ValidationIssue[] }[];
  judge(deckFile: string): DeckReport;
  /** Violation codes of a sample deck, in report order. */
  codes(deckFile: string): string[];
}

export function loadSamples(systemId: string): GameSamples {
  const system = loadGameSystem(join(ROOT, 'card-schema/systems', systemId));
  const dir = join(ROOT, 'resources/samples', systemId);
  const cards: SampleCard[] = [];
  const decks = new Map<string, Deck>();
  const images = new Map<string, FileImage>();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      format: string;
      cards?: SampleCard[];
      deck?: Deck;
      images?: Record<string, FileImage>;
    };
    if (json.format === 'cardwright-set') {
      cards.push(...(json.cards ?? []));
      for (const [id, image] of Object.entries(json.images ?? {})) images.set(id, image);
    } else if (json.format === 'cardwright-deck' && json.deck) decks.set(file, json.deck);
    else throw new Error(`${systemId}/${file}: neither a set nor a deck file`);
  }
  const docs = new Map(cards.map((card) => [card.id, card.doc]));
  const judge = (deckFile: string): DeckReport => {
    const deck = decks.get(deckFile);
    if (!deck) throw new Error(`${systemId} has no sample deck ${deckFile} (has: ${[...decks.keys()].join(', ')})`);
    return evaluateDeck(system, deck, (id) => docs.get(id));
  };
  return {
    system,
    cards,
    docs,
    decks,
    images,
    invalidCards() {
      const validate = createCardValidator(system);
      return cards.map((card) => ({ id: card.id, issues: validate(card.doc) })).filter((result) => result.issues.length > 0);
    },
    judge,
    codes: (deckFile) => judge(deckFile).violations.map((violation) => violation.code),
  };
}

/**
 * Prints every sample card once (or the cards `only` names) and returns the PDF bytes; with
 * `art`, the cards show their embedded sample pictures (otherwise the art is left out).
 */
export async function printSamples(
  samples: GameSamples,
  options: { art?: boolean; only?: readonly string[] } = {},
): Promise<Uint8Array> {
  const cards = options.only ? samples.cards.filter((card) => options.only?.includes(card.id)) : samples.cards;
  const sheet = await renderPrintSheet({
    items: cards.map((card) => ({ system: samples.system, doc: card.doc, copies: 1 })),
    print: { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 3, cutGuides: 'corners', faces: 'fronts' },
    fontsDir: join(ROOT, 'resources/fonts'),
    title: samples.system.name,
    loadImages: options.art
      ? async (ids) =>
          new Map(
            ids.flatMap((id) => {
              const image = samples.images.get(id);
              return image ? [[id, Buffer.from(image.data, 'base64')] as const] : [];
            }),
          )
      : undefined,
  });
  return sheet.bytes;
}
