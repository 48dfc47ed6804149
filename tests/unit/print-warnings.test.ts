// Print-time warnings: a PDF export names the cards that print with a print problem (here a
// symbol token muhq's game does not have, and a name in a script no card font sets (Runic)), each once however
// many copies print; an export without such cards carries none. The message the app shows is
// built from them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cardwright } from '../../src-main/api/service';
import { printWarningsMessage } from '../../src-renderer/src/decks/print-warnings';
import { apiCaller, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

describe('print warnings', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: Call;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-print-warnings-'));
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
  });

  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function spell(name: string, text: string): Promise<string> {
    const saved = await call('saveCard', {
      setId: 'muhq-vale',
      doc: { type: 'spell', name, playCost: 1, startingCopies: 1, text },
    });
    if (!saved.ok) throw new Error(JSON.stringify(saved.issues));
    return saved.card.id;
  }

  it('names each card that prints with a warning once, with what is wrong', async () => {
    const odd = await spell('Odd Token', '{Q}: gain 1 {R}.');
    const fine = await spell('Fine Token', '{T}: gain 1 {R}.');
    const runic = await spell('Gate ᚠᚢ', 'Draw a card.');
    const pdf = await call('exportPdf', { source: { kind: 'cards', cardIds: [odd, fine, runic] }, copies: 3, print: {} });
    expect(pdf.cards).toBe(9);
    expect(pdf.warnings?.cards).toBe(2);
    expect(pdf.warnings?.messages).toEqual([
      "“Odd Token” (muhq's game: The Vale): {Q} is no symbol of this game, so it prints as typed; its symbols are {T}, {R}, {coin}, {health}, {move}, {atk}, {upkeep}.",
      expect.stringMatching(/^“Gate ᚠᚢ” \(muhq's game: The Vale\): .*ᚠ/),
    ]);
    expect(printWarningsMessage(pdf.warnings!)).toBe(`2 cards print with warnings: ${pdf.warnings!.messages.join(' ')}`);
  });

  it('carries no warnings when every card prints as written', async () => {
    const fine = await spell('Quiet Token', '{T}: draw a card.');
    const pdf = await call('exportPdf', { source: { kind: 'cards', cardIds: [fine] }, print: {} });
    expect(pdf).not.toHaveProperty('warnings');
  });
});
