// Sideboard and maybeboard: every game has them, kept apart from the game's sections (so a game
// section named "sideboard" does not clash), never judged, played or printed; a card moves
// between the deck and a board in one step; deck files carry them (version 2).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import { changeBoardCount, compactBoards, homeSection, moveCard } from '../../card-schema/deck/side-boards';
import { createPlaytest } from '../../card-schema/playtest/engine';
import type { Deck } from '../../card-schema/deck/format';
import type { Cardwright } from '../../src-main/api/service';
import { loadSamples } from './systems/harness';
import { apiCaller, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

describe('side boards (pure)', () => {
  const parts = {
    sections: { main: [{ cardId: 'wolf', count: 3 }], hero: [{ cardId: 'pyra', count: 1 }] },
    boards: { sideboard: [{ cardId: 'wolf', count: 1 }] },
  };

  it('moves every copy in one step, merging with copies already there', () => {
    const moved = moveCard(parts, 'wolf', { kind: 'section', id: 'main' }, { kind: 'board', id: 'sideboard' });
    expect(moved).toEqual({
      sections: { main: [], hero: parts.sections.hero },
      boards: { sideboard: [{ cardId: 'wolf', count: 4 }] },
    });
    const back = moveCard(moved, 'wolf', { kind: 'board', id: 'sideboard' }, { kind: 'section', id: 'main' });
    expect(back.sections.main).toEqual([{ cardId: 'wolf', count: 4 }]);
    expect(compactBoards(back.boards)).toBeUndefined();
    expect(moveCard(parts, 'nope', { kind: 'section', id: 'main' }, { kind: 'board', id: 'maybeboard' })).toBe(parts);
  });

  it('counts copies on a board and finds the section a card goes back to', () => {
    expect(changeBoardCount(parts.boards, 'sideboard', 'wolf', -1)).toEqual({ sideboard: [] });
    const { system } = loadSamples('osmcg');
    expect(homeSection(system, { type: 'creature', name: 'X' })).toBe('main');
    expect(homeSection(system, { type: 'mission', name: 'X' })).toBe('missions');
  });
});

describe('side boards never count', () => {
  const omms = loadSamples('omms');
  const legal = omms.decks.get('deck-legal.json')!;
  const lookup = (id: string) => omms.docs.get(id);
  // A whole second pack on the sideboard and a card on the maybeboard: still one legal pack.
  const withBoards: Deck = {
    ...legal,
    boards: { sideboard: legal.sections.pack, maybeboard: [{ cardId: 'omms-pack-club-7', count: 3 }] },
  };

  it('for legality', () => {
    expect(evaluateDeck(omms.system, withBoards, lookup)).toMatchObject({ legal: true, counts: { pack: 54 } });
  });

  it('for the playtest deck', () => {
    const state = createPlaytest(omms.system, withBoards, lookup, 7);
    expect(Object.keys(state.cards)).toHaveLength(54);
  });
});

describe('side boards through the API', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: Call;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-boards-'));
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
  });

  afterEach(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function packWithBoards(): Promise<Deck> {
    const summary = (await call('listDecks', { systemId: 'omms' })).find((d) => d.legal)!;
    const deck = await call('getDeck', { id: summary.id });
    return call('saveDeck', {
      deck: { ...deck, boards: { sideboard: [{ cardId: 'omms-pack-club-7', count: 2 }], maybeboard: [] } },
    });
  }

  it('stores the boards (empty ones dropped), judges and prints without them', async () => {
    const deck = await packWithBoards();
    expect(deck.boards).toEqual({ sideboard: [{ cardId: 'omms-pack-club-7', count: 2, name: 'Seven of Clubs' }] });
    expect((await call('listDecks', { systemId: 'omms' })).find((d) => d.id === deck.id)).toMatchObject({
      legal: true,
      counts: { pack: 54 },
    });
    const pdf = await call('exportPdf', { source: { kind: 'deck', deckId: deck.id }, print: {} });
    expect(pdf.cards).toBe(54);
    // Printed only when asked.
    const withSideboard = await call('exportPdf', {
      source: { kind: 'deck', deckId: deck.id, boards: ['sideboard'] },
      print: {},
    });
    expect(withSideboard.cards).toBe(56);
  });

  it('refuses a board card of another game or that does not exist, naming where', async () => {
    const deck = await packWithBoards();
    const bad = await call('checkDeck', { deck }).then(() =>
      call('saveDeck', { deck: { ...deck, boards: { maybeboard: [{ cardId: 'osmcg-core-001', count: 1 }] } } }).catch(
        (e: Error) => e,
      ),
    );
    expect((bad as Error).message).toContain('boards.maybeboard[0]');
  });

  it('writes deck files with boards as version 2 and reads them back; without boards still version 1', async () => {
    const deck = await packWithBoards();
    const file = JSON.parse(new TextDecoder().decode((await call('exportDeck', { id: deck.id })).bytes));
    expect(file.formatVersion).toBe(2);
    expect(file.deck.boards.sideboard).toEqual([{ cardId: 'omms-pack-club-7', count: 2, name: 'Seven of Clubs' }]);
    const imported = await call('importDeck', { fileName: 'pack.deck.json', text: JSON.stringify(file) });
    expect(imported.boards).toEqual(deck.boards);
    const plain = await call('saveDeck', { deck: { ...deck, boards: {} } });
    expect(JSON.parse(new TextDecoder().decode((await call('exportDeck', { id: plain.id })).bytes)).formatVersion).toBe(1);
  });
});

describe('a game section named "sideboard"', () => {
  it("is the game's own section, judged as such, and the builder-only sideboard stays apart", () => {
    const omms = loadSamples('omms');
    const system = {
      ...omms.system,
      deck: {
        ...omms.system.deck,
        sections: [...omms.system.deck.sections, { id: 'sideboard', label: 'Rules sideboard', types: ['joker'] }],
        rules: [{ kind: 'sectionSize' as const, section: 'sideboard', max: 1 }],
      },
    };
    const joker = [{ cardId: 'omms-pack-joker-red', count: 2 }];
    const lookup = (id: string) => omms.docs.get(id);
    const judged = evaluateDeck(system, { systemId: 'omms', sections: { sideboard: joker } }, lookup);
    expect(judged).toMatchObject({ legal: false, counts: { sideboard: 2 } });
    const withBoard: Pick<Deck, 'systemId' | 'sections' | 'boards'> = {
      systemId: 'omms',
      sections: {},
      boards: { sideboard: joker },
    };
    const apart = evaluateDeck(system, withBoard, lookup);
    expect(apart).toMatchObject({ legal: true, counts: { sideboard: 0 } });
  });
});
