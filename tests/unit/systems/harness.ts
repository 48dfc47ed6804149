// Shared helpers for the per-game tests: load a built-in system and its shipped samples,
// judge a sample deck, and print the sample cards to a PDF for a look.

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { evaluateDeck } from '../../../card-schema/deck/evaluate';
import type { Deck, DeckReport } from '../../../card-schema/deck/format';
import type { CardDocument, GameSystem } from '../../../card-schema/system/format';
import { renderPrintSheet } from '../../../src-main/pdf/print-sheet';
import { createCardValidator } from '../../../src-main/services/card-validator';
import { loadGameSystem } from '../../../src-main/services/game-systems';
import type { ValidationIssue } from '../../../src-main/api/contract';
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
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { format: string; cards?: SampleCard[]; deck?: Deck };
    if (json.format === 'cardwright-set') cards.push(...(json.cards ?? []));
    else if (json.format === 'cardwright-deck' && json.deck) decks.set(file, json.deck);
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
    invalidCards() {
      const validate = createCardValidator(system);
      return cards.map((card) => ({ id: card.id, issues: validate(card.doc) })).filter((result) => result.issues.length > 0);
    },
    judge,
    codes: (deckFile) => judge(deckFile).violations.map((violation) => violation.code),
  };
}

/** Prints every sample card once (with backs) and returns the PDF bytes. */
export async function printSamples(samples: GameSamples): Promise<Uint8Array> {
  const sheet = await renderPrintSheet({
    items: samples.cards.map((card) => ({ system: samples.system, doc: card.doc, copies: 1 })),
    print: { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 3, cutGuides: 'corners', faces: 'fronts' },
    fontsDir: join(ROOT, 'resources/fonts'),
    title: samples.system.name,
  });
  return sheet.bytes;
}
