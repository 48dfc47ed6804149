// Per game in Chromium: the game's legal sample deck opened in the deck builder, then broken
// through the UI (the pool, quick-add, the deck rows' + and − buttons, the format select) in each
// way the game's deck rules (card-schema/systems/<id>/system.json) forbid, one rule at a time and
// undone before the next. Each time the Legality panel must show exactly what the rules engine
// (`evaluateDeck`, run here on the same deck) says, and the explanation must name what is wrong
// (the card, the counts). Rules no UI path can break (a card type a section refuses: the pool
// never offers it) are checked to be impossible instead.

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import type { DeckEntry } from '../../card-schema/deck/format';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { expect, test } from './fixtures';
import { searchPool } from './pool-search';

const ROOT = resolve(import.meta.dirname, '../..');

/** The deck the test believes the builder holds, changed alongside every UI step. */
class Model {
  readonly system: GameSystem;
  readonly docs = new Map<string, CardDocument>();
  readonly ids = new Map<string, string>();
  sections: Record<string, DeckEntry[]>;
  format: string | undefined;
  readonly deckName: string;

  constructor(
    readonly game: string,
    sample: string,
  ) {
    this.system = JSON.parse(readFileSync(join(ROOT, `card-schema/systems/${game}/system.json`), 'utf8')) as GameSystem;
    const dir = join(ROOT, 'resources/samples', game);
    for (const file of readdirSync(dir)) {
      const content = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { cards?: { id: string; doc: CardDocument }[] };
      for (const card of content.cards ?? []) {
        this.docs.set(card.id, card.doc);
        this.ids.set(card.doc.name, card.id);
      }
    }
    const deck = (
      JSON.parse(readFileSync(join(dir, sample), 'utf8')) as {
        deck: { name: string; format?: string; sections: Record<string, DeckEntry[]> };
      }
    ).deck;
    this.deckName = deck.name;
    this.sections = structuredClone(deck.sections);
    this.format = deck.format;
  }

  id(name: string): string {
    const id = this.ids.get(name);
    if (!id) throw new Error(`no card named ${name} in ${this.game}`);
    return id;
  }

  change(section: string, name: string, delta: number): void {
    const entries = (this.sections[section] ??= []);
    const id = this.id(name);
    const entry = entries.find((e) => e.cardId === id);
    if (entry) entry.count += delta;
    else entries.push({ cardId: id, count: delta });
    this.sections[section] = entries.filter((e) => e.count > 0);
  }

  copies(section: string, name: string): number {
    return this.sections[section]?.find((e) => e.cardId === this.id(name))?.count ?? 0;
  }

  messages(): string[] {
    return evaluateDeck(this.system, { systemId: this.system.id, sections: this.sections, format: this.format }, (id) =>
      this.docs.get(id),
    ).violations.map((v) => v.message);
  }

  rule(id: string) {
    const rule = this.system.deck.rules.find((r) => r.id === id);
    if (!rule) throw new Error(`${this.game} has no rule ${id}`);
    return rule;
  }
}

/**
 * The rules each game's tests below break (or show can't be broken), by id: every rule of every
 * system.json must be listed, so a rule added to a game fails here until a test breaks it. No
 * game's formats ban or limit cards yet (no `banned`/`limits`), so there is no banned-card case.
 */
const COVERED: Record<string, string[]> = {
  osmcg: [
    'one-hero',
    'thirty-cards',
    'hero-is-hero',
    'no-heroes-in-deck',
    'color-identity',
    'missions-are-missions',
    'objectives-are-objectives',
    'terrain-is-terrain',
    'missions-distinct',
    'missions-optional',
    'objectives-optional',
    'duel-ten-missions',
    'duel-no-objectives',
    'objective-modes-eight-objectives',
    'objective-modes-no-missions',
  ],
  muhq: ['one-map', 'map-is-map', 'store-size', 'store-cards', 'store-buyable', 'starting-cards', 'starting-size'],
  'odd-frontier': ['archive-size', 'archive-types', 'four-copies'],
  miscrits: [
    'forty',
    'book-cards',
    'four-copies',
    'needs-a-basic',
    'evolutions-need-base',
    'no-boss-in-book',
    'no-boss-deck',
    'one-boss',
    'boss-actions',
    'boss-attacks',
    'boss-has-no-book',
  ],
  omms: ['fifty-four', 'pack-cards', 'complete-pack'],
};

test('every deck rule of every game is one the tests below break', () => {
  for (const [game, ids] of Object.entries(COVERED)) {
    const model = new Model(game, 'deck-legal.json');
    expect(model.system.deck.rules.map((rule) => rule.id).sort(), game).toEqual([...ids].sort());
    for (const format of model.system.deck.formats ?? []) {
      expect(
        Object.keys(format).filter((key) => !['id', 'label', 'description'].includes(key)),
        format.id,
      ).toEqual([]);
    }
  }
});

async function openSample(page: Page, model: Model): Promise<void> {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: model.deckName }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  await expectShown(page, model, []);
}

const entry = (page: Page, section: string, name: string) =>
  page.getByTestId(`deck-section-${section}`).locator(`[data-testid="deck-entry"][data-card-name="${name}"]`);

/** Clicks a deck row's + (or −) button `times` times. */
async function plus(page: Page, model: Model, section: string, name: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    await entry(page, section, name).getByRole('button', { name: 'Add a copy' }).click();
    model.change(section, name, 1);
    await expect(entry(page, section, name)).toHaveAttribute('aria-label', `${model.copies(section, name)} × ${name}`);
  }
}

async function minus(page: Page, model: Model, section: string, name: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    await entry(page, section, name).getByTestId('remove-card').click();
    model.change(section, name, -1);
    const left = model.copies(section, name);
    if (left) await expect(entry(page, section, name)).toHaveAttribute('aria-label', `${left} × ${name}`);
    else await expect(entry(page, section, name)).toHaveCount(0);
  }
}

/** Picks the section's tab in the pool ("Add to …" or "Choose …" for a leader). */
async function selectSection(page: Page, model: Model, section: string): Promise<void> {
  const leader = model.system.deck.sections.find((s) => s.id === section)?.leader;
  const tab = page.getByTestId(leader ? 'leader-picker' : `section-tab-${section}`);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Finds the card in the pool of `section` and clicks its add button. */
async function addFromPool(page: Page, model: Model, section: string, name: string): Promise<void> {
  await selectSection(page, model, section);
  await searchPool(page, name);
  await page.locator(`[data-testid="add-card"][data-card-name="${name}"]`).click();
  const leader = model.system.deck.sections.find((s) => s.id === section)?.leader;
  if (leader) model.sections[section] = [];
  model.change(section, name, 1);
  await expect(entry(page, section, name)).toHaveAttribute('aria-label', `${model.copies(section, name)} × ${name}`);
  await page.getByTestId('deck-card-search').fill('');
}

/** Types "<copies> <name>" into the quick-add box of `section`. */
async function quickAdd(page: Page, model: Model, section: string, name: string, copies: number): Promise<void> {
  await selectSection(page, model, section);
  await page.getByTestId('quick-add').fill(`${copies} ${name}`);
  await page.getByTestId('quick-add').press('Enter');
  await expect(page.getByTestId('quick-add-message')).toContainText(`Added ${copies} × ${name} to`);
  model.change(section, name, copies);
  await expect(entry(page, section, name)).toHaveAttribute('aria-label', `${model.copies(section, name)} × ${name}`);
}

async function setFormat(page: Page, model: Model, format: string | undefined): Promise<void> {
  const label = (model.system.deck.formats ?? []).find((f) => f.id === (format ?? model.system.deck.formats?.[0].id))!.label;
  await page.getByTestId('deck-format').selectOption({ label });
  model.format = format;
}

/** The section pool, searched for `name`, does not offer it: the section's type rule can't be broken. */
async function poolRefuses(page: Page, model: Model, section: string, name: string, ruleId: string): Promise<void> {
  const rule = model.rule(ruleId);
  expect(rule.kind).toBe('allowedTypes');
  expect((rule as { types: string[] }).types).not.toContain(model.docs.get(model.id(name))!.type);
  const row = page.locator(`[data-testid="pool-row"][data-card-name="${name}"]`);
  // The card is in the library: the pool of a section taking its type offers it (tokens are
  // taken by none). Then the refusing section's pool, searched the same, drops it.
  const home = model.system.deck.sections.find((s) => s.types.includes(model.docs.get(model.id(name))!.type));
  if (home) {
    await selectSection(page, model, home.id);
    await searchPool(page, name);
    await expect(row).toHaveCount(1);
  }
  await selectSection(page, model, section);
  // "Only legal for the leader" (a game with an identity) is off: only the type rule filters.
  const onlyLegal = page.getByTestId('pool-only-legal');
  const identity = (await onlyLegal.count()) > 0;
  if (identity) await onlyLegal.uncheck();
  await searchPool(page, name);
  await expect(row).toHaveCount(0);
  await page.getByTestId('deck-card-search').fill('');
  if (identity) await onlyLegal.check();
}

/**
 * The badge and the violations shown are exactly the engine's for the model deck, and each
 * `words` entry is in some violation's text (the card's name, the counts).
 */
async function expectShown(page: Page, model: Model, words: (string | RegExp)[], code?: string): Promise<void> {
  const messages = model.messages();
  await expect(page.getByTestId('legality-badge')).toHaveText(messages.length ? 'Illegal' : 'Legal');
  await page.getByTestId('deck-tab-legality').click();
  const shown = page.getByTestId('violation').locator('strong');
  await expect(shown).toHaveText(messages);
  if (!messages.length) expect(words).toEqual([]);
  for (const word of words) {
    const target = code ? page.locator(`[data-testid="violation"][data-code="${code}"]`) : page.getByTestId('violation');
    await expect(target.filter({ hasText: word })).not.toHaveCount(0);
  }
}

test('osmcg: the Standard deck rules broken through the builder are explained as the engine says', async ({ page }) => {
  test.setTimeout(60_000);
  const m = new Model('osmcg', 'deck-legal.json');
  await openSample(page, m);

  // one-hero: no Hero (a second one can't be added: choosing a Hero replaces the first).
  await minus(page, m, 'hero', 'Pyra, Ashen Marshal');
  await expectShown(page, m, [/Hero has 0 cards?/, /1/], 'SECTION_TOO_SMALL');
  await addFromPool(page, m, 'hero', 'Bram Oakenward');
  await expect(page.getByTestId('deck-section-hero').getByTestId('deck-entry')).toHaveCount(1);
  await addFromPool(page, m, 'hero', 'Pyra, Ashen Marshal');
  await expect(page.getByTestId('deck-section-hero').getByTestId('deck-entry')).toHaveCount(1);
  await expectShown(page, m, []);

  // thirty-cards: 31 and 29 cards.
  await plus(page, m, 'main', 'Fire Bolt');
  await expectShown(page, m, ['31', '30'], 'SECTION_TOO_LARGE');
  await minus(page, m, 'main', 'Fire Bolt', 2);
  await expectShown(page, m, ['29', '30'], 'SECTION_TOO_SMALL');
  await plus(page, m, 'main', 'Fire Bolt');
  await expectShown(page, m, []);

  // color-identity: a blue card instead of one red card (the pool offers it once "only legal" is off).
  await minus(page, m, 'main', 'Kindle');
  await selectSection(page, m, 'main');
  await page.getByTestId('pool-only-legal').uncheck();
  await addFromPool(page, m, 'main', 'Tidal Oracle');
  await page.getByTestId('pool-only-legal').check();
  await expectShown(page, m, ['"Tidal Oracle" (blue)'], 'IDENTITY_MISMATCH');
  await minus(page, m, 'main', 'Tidal Oracle');
  await quickAdd(page, m, 'main', 'Kindle', 1);
  await expectShown(page, m, []);

  // hero-is-hero, no-heroes-in-deck, missions-are-missions, objectives-are-objectives,
  // terrain-is-terrain: each section's pool only offers the types the section takes.
  await poolRefuses(page, m, 'hero', 'Fire Bolt', 'hero-is-hero');
  await poolRefuses(page, m, 'main', 'Bram Oakenward', 'no-heroes-in-deck');
  await poolRefuses(page, m, 'missions', 'Mana Cache', 'missions-are-missions');
  await poolRefuses(page, m, 'objectives', 'First Blood', 'objectives-are-objectives');
  await poolRefuses(page, m, 'terrain', 'Regicide', 'terrain-is-terrain');

  // missions-distinct: a Mission twice.
  await quickAdd(page, m, 'missions', 'First Blood', 2);
  await expectShown(page, m, ['First Blood', '2'], 'TOO_MANY_COPIES');
  await minus(page, m, 'missions', 'First Blood', 2);
  await expectShown(page, m, []);

  // objectives-optional (Standard): there are only 8 Objectives, so a 9th is a second copy —
  // missions-distinct is broken with it.
  for (const name of OBJECTIVES) await quickAdd(page, m, 'objectives', name, 1);
  await expectShown(page, m, []);
  await plus(page, m, 'objectives', 'Armory');
  await expectShown(page, m, ['Objective deck has 9', '8', 'Armory']);
  await minus(page, m, 'objectives', 'Armory');
  await expectShown(page, m, []);
});

const OBJECTIVES = [
  'Mana Cache',
  'Armory',
  "Scout's Report",
  'Healing Spring',
  'War Banner',
  'Reinforcement',
  'Arcane Surge',
  'Fortification',
];

test('osmcg: the format rules broken from the Duel sample through the builder are explained as the engine says', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const m = new Model('osmcg', 'deck-legal-duel.json');
  await openSample(page, m);

  // duel-ten-missions: 9 Missions.
  await minus(page, m, 'missions', 'Regicide');
  await expectShown(page, m, ['Mission deck has 9', '10'], 'SECTION_TOO_SMALL');
  await addFromPool(page, m, 'missions', 'Regicide');
  await expectShown(page, m, []);

  // duel-no-objectives: an Objective in a Duel deck.
  await addFromPool(page, m, 'objectives', 'Mana Cache');
  await expectShown(page, m, ['Objective deck must be empty here', '1 card'], 'SECTION_TOO_LARGE');
  await minus(page, m, 'objectives', 'Mana Cache');
  await expectShown(page, m, []);

  // missions-optional (Standard): an 11th Mission, necessarily a second copy (there are 10).
  await setFormat(page, m, undefined);
  await expectShown(page, m, []);
  await plus(page, m, 'missions', 'Attrition');
  await expectShown(page, m, ['Mission deck has 11', '10', 'Attrition']);
  await minus(page, m, 'missions', 'Attrition');
  await expectShown(page, m, []);

  // objective-modes-no-missions and objective-modes-eight-objectives: MOBA with the Missions
  // and no Objectives breaks both; without the Missions only the second; with all 8 Objectives
  // it is legal, and one Mission back breaks only the first (in FFA too).
  await setFormat(page, m, 'moba');
  await expectShown(page, m, ['Mission deck must be empty here', '10 cards', 'Objective deck has 0', '8']);
  const missions = m.sections.missions.map((e) => m.docs.get(e.cardId)!.name);
  for (const name of missions) await minus(page, m, 'missions', name);
  await expectShown(page, m, ['Objective deck has 0', '8'], 'SECTION_TOO_SMALL');
  for (const name of OBJECTIVES) await quickAdd(page, m, 'objectives', name, 1);
  await expectShown(page, m, []);
  await addFromPool(page, m, 'missions', 'First Blood');
  await expectShown(page, m, ['Mission deck must be empty here', '1 card'], 'SECTION_TOO_LARGE');
  await setFormat(page, m, 'ffa');
  await expectShown(page, m, ['Mission deck must be empty here', '1 card'], 'SECTION_TOO_LARGE');
});

test('muhq: every deck rule broken through the builder is explained as the engine says', async ({ page }) => {
  test.setTimeout(60_000);
  const m = new Model('muhq', 'deck-legal.json');
  await openSample(page, m);

  // one-map: no map (choosing another one replaces it).
  await minus(page, m, 'map', 'Twin Rivers');
  await expectShown(page, m, ['Map has 0'], 'SECTION_TOO_SMALL');
  await addFromPool(page, m, 'map', 'Twin Rivers');
  await expectShown(page, m, []);

  // store-size: 26 cards in the store.
  await quickAdd(page, m, 'store', 'Stone Colossus', 6);
  await expectShown(page, m, ['Store has 26', '25'], 'SECTION_TOO_LARGE');
  await minus(page, m, 'store', 'Stone Colossus', 6);
  await expectShown(page, m, []);

  // store-buyable: a starting card (no buy cost) in the store.
  await quickAdd(page, m, 'store', 'Forage', 1);
  await expectShown(page, m, ['Forage']);
  await minus(page, m, 'store', 'Forage');
  await expectShown(page, m, []);

  // starting-size: an empty starting deck.
  await minus(page, m, 'starting', 'Village Militia', 3);
  await minus(page, m, 'starting', 'Forage', 3);
  await minus(page, m, 'starting', 'Supply Cart', 1);
  await expectShown(page, m, ['Starting deck has 0', '1'], 'SECTION_TOO_SMALL');
  await quickAdd(page, m, 'starting', 'Village Militia', 3);
  await quickAdd(page, m, 'starting', 'Forage', 3);
  await quickAdd(page, m, 'starting', 'Supply Cart', 1);
  await expectShown(page, m, []);

  // map-is-map, store-cards, starting-cards: tokens and maps are never offered there.
  await poolRefuses(page, m, 'map', 'Pike Guard', 'map-is-map');
  await poolRefuses(page, m, 'store', 'Skeleton', 'store-cards');
  await poolRefuses(page, m, 'store', 'Crossroads Keep', 'store-cards');
  await poolRefuses(page, m, 'starting', 'Wall of Thorns', 'starting-cards');
  await expectShown(page, m, []);
});

test('odd-frontier: every deck rule broken through the builder is explained as the engine says', async ({ page }) => {
  test.setTimeout(60_000);
  const m = new Model('odd-frontier', 'deck-legal.json');
  await openSample(page, m);

  // archive-size: 41 cards, then 35.
  await plus(page, m, 'archive', 'Brinecrawler');
  await expectShown(page, m, ['Archive has 41', '40'], 'SECTION_TOO_LARGE');
  await minus(page, m, 'archive', 'Brinecrawler');
  await minus(page, m, 'archive', 'Echo in the Queue', 2);
  await minus(page, m, 'archive', 'Spark of Instinct', 2);
  await minus(page, m, 'archive', 'Sudden Undertow', 1);
  await expectShown(page, m, ['Archive has 35', '36'], 'SECTION_TOO_SMALL');
  await plus(page, m, 'archive', 'Sudden Undertow');
  await quickAdd(page, m, 'archive', 'Spark of Instinct', 2);
  await quickAdd(page, m, 'archive', 'Echo in the Queue', 2);
  await expectShown(page, m, []);

  // four-copies: a fifth Tidepool Turbine (one Brinecrawler out to stay at 40).
  await minus(page, m, 'archive', 'Brinecrawler');
  await plus(page, m, 'archive', 'Tidepool Turbine');
  await expectShown(page, m, ['Tidepool Turbine', '5', '4'], 'TOO_MANY_COPIES');
  await minus(page, m, 'archive', 'Tidepool Turbine');
  await plus(page, m, 'archive', 'Brinecrawler');
  await expectShown(page, m, []);

  // archive-types: every card type of the game is one the archive takes, so nothing is refused.
  const types = new Set([...m.docs.values()].map((doc) => doc.type));
  const allowed = (m.rule('archive-types') as { types: string[] }).types;
  expect([...types].filter((type) => !allowed.includes(type))).toEqual([]);
});

test('miscrits: every constructed deck rule broken through the builder is explained as the engine says', async ({ page }) => {
  test.setTimeout(60_000);
  const m = new Model('miscrits', 'deck-legal.json');
  await openSample(page, m);

  // forty: 41 cards.
  await plus(page, m, 'book', 'Healing Berry');
  await expectShown(page, m, ['Book has 41', '40'], 'SECTION_TOO_LARGE');
  await minus(page, m, 'book', 'Healing Berry');
  await expectShown(page, m, []);

  // four-copies with the card's own deck limit: a second Crown of Miscria (limit 1), a fifth Zappip.
  await minus(page, m, 'book', 'Healing Berry');
  await plus(page, m, 'book', 'Crown of Miscria');
  await expectShown(page, m, ['Crown of Miscria', '2', '1'], 'TOO_MANY_COPIES');
  await minus(page, m, 'book', 'Crown of Miscria');
  await plus(page, m, 'book', 'Zappip');
  await expectShown(page, m, ['Zappip', '5', '4'], 'TOO_MANY_COPIES');
  await minus(page, m, 'book', 'Zappip');
  await plus(page, m, 'book', 'Healing Berry');
  await expectShown(page, m, []);

  // evolutions-need-base: Stormwing without Gustling.
  await minus(page, m, 'book', 'Healing Berry');
  await addFromPool(page, m, 'book', 'Stormwing');
  await expectShown(page, m, ['Stormwing', 'Gustling']);
  await minus(page, m, 'book', 'Stormwing');
  await plus(page, m, 'book', 'Healing Berry');
  await expectShown(page, m, []);

  // needs-a-basic: no basic miscrit left (their evolutions go too, so the prerequisite rule
  // stays kept), the book refilled with items to 40.
  for (const name of ['Blazelynx', 'Tidalfin', 'Bouldermaw']) await minus(page, m, 'book', name, m.copies('book', name));
  for (const name of ['Emberkit', 'Puddlefin', 'Pebblepaw', 'Zappip', 'Glimmerbug', 'Bruiseback'])
    await minus(page, m, 'book', name, 4);
  await quickAdd(page, m, 'book', 'Ember Collar', 4);
  await quickAdd(page, m, 'book', 'Sturdy Shell', 4);
  await expectShown(page, m, ['basic miscrit']);

  // book-cards: the book's pool never offers a boss or a boss action.
  await poolRefuses(page, m, 'book', 'Grovewarden Colossus', 'book-cards');
  await poolRefuses(page, m, 'book', 'Root Slam', 'book-cards');
});

test('miscrits: the boss format and its rules broken through the builder are explained as the engine says', async ({ page }) => {
  test.setTimeout(60_000);
  const m = new Model('miscrits', 'deck-legal.json');
  await openSample(page, m);

  // no-boss-in-book, no-boss-deck: a boss and a boss action in a player-vs-player book.
  await addFromPool(page, m, 'boss', 'Grovewarden Colossus');
  await expectShown(page, m, ['Boss must be empty here', '1 card'], 'SECTION_TOO_LARGE');
  await minus(page, m, 'boss', 'Grovewarden Colossus');
  await addFromPool(page, m, 'boss-deck', 'Root Slam');
  await expectShown(page, m, ['Boss deck must be empty here', '1 card'], 'SECTION_TOO_LARGE');
  await minus(page, m, 'boss-deck', 'Root Slam');
  await expectShown(page, m, []);

  // Boss format on the player's book: boss-has-no-book, one-boss, boss-actions, boss-attacks at once.
  await setFormat(page, m, 'boss');
  await expectShown(page, m, ['Book must be empty here; it has 40 cards', 'Boss has 0', 'Boss deck has 0', 'an attack']);
});

test('miscrits: the sample boss deck broken rule by rule is explained as the engine says', async ({ page }) => {
  test.setTimeout(60_000);
  const m = new Model('miscrits', 'deck-boss.json');
  await openSample(page, m);

  // one-boss: no boss card.
  await minus(page, m, 'boss', 'Grovewarden Colossus');
  await expectShown(page, m, ['Boss has 0', '1'], 'SECTION_TOO_SMALL');
  await addFromPool(page, m, 'boss', 'Grovewarden Colossus');
  await expectShown(page, m, []);

  // boss-actions: 9 actions.
  await minus(page, m, 'boss-deck', 'Thorn Venom');
  await minus(page, m, 'boss-deck', 'Drowsy Spores');
  await minus(page, m, 'boss-deck', 'Deep Roots', 2);
  await minus(page, m, 'boss-deck', 'Sap Renewal', 1);
  await expectShown(page, m, ['Boss deck has 9', '10'], 'SECTION_TOO_SMALL');
  await quickAdd(page, m, 'boss-deck', 'Sap Renewal', 1);
  await quickAdd(page, m, 'boss-deck', 'Deep Roots', 2);
  await quickAdd(page, m, 'boss-deck', 'Drowsy Spores', 1);
  await quickAdd(page, m, 'boss-deck', 'Thorn Venom', 1);
  await expectShown(page, m, []);

  // boss-attacks: no attack left (the attacks replaced by other actions to keep 12).
  await minus(page, m, 'boss-deck', 'Root Slam', 3);
  await minus(page, m, 'boss-deck', 'Bramble Storm', 3);
  await minus(page, m, 'boss-deck', 'Trunk Crush', 2);
  await quickAdd(page, m, 'boss-deck', 'Sap Renewal', 4);
  await quickAdd(page, m, 'boss-deck', 'Drowsy Spores', 4);
  await expectShown(page, m, ['an attack']);
  await minus(page, m, 'boss-deck', 'Sap Renewal', 4);
  await minus(page, m, 'boss-deck', 'Drowsy Spores', 4);
  await quickAdd(page, m, 'boss-deck', 'Root Slam', 3);
  await quickAdd(page, m, 'boss-deck', 'Bramble Storm', 3);
  await quickAdd(page, m, 'boss-deck', 'Trunk Crush', 2);
  await expectShown(page, m, []);

  // boss-has-no-book: a miscrit in the book of a boss deck.
  await addFromPool(page, m, 'book', 'Emberkit');
  await expectShown(page, m, ['Book must be empty here', '1 card'], 'SECTION_TOO_LARGE');
});

test('omms: the pack rules broken through the builder are explained as the engine says', async ({ page }) => {
  test.setTimeout(60_000);
  const m = new Model('omms', 'deck-legal.json');
  await openSample(page, m);

  // fifty-four (and complete-pack with it: a 53rd or 55th card is always a lost or doubled one).
  await minus(page, m, 'pack', 'Queen of Hearts');
  await expectShown(page, m, ['Pack has 53', '54', 'Queen of Hearts']);
  await plus(page, m, 'pack', 'Seven of Clubs');
  // complete-pack alone: 54 cards, but Queen of Hearts lost and Seven of Clubs doubled.
  await expectShown(page, m, ['Queen of Hearts', 'Seven of Clubs']);
  await minus(page, m, 'pack', 'Seven of Clubs');
  await quickAdd(page, m, 'pack', 'Queen of Hearts', 1);
  await expectShown(page, m, []);
  await plus(page, m, 'pack', 'Red Joker');
  await expectShown(page, m, ['Pack has 55', '54', 'Red Joker']);
  await minus(page, m, 'pack', 'Red Joker');
  await expectShown(page, m, []);

  // pack-cards: every card type of the game is one the pack takes, so nothing is refused.
  const types = new Set([...m.docs.values()].map((doc) => doc.type));
  const allowed = (m.rule('pack-cards') as { types: string[] }).types;
  expect([...types].filter((type) => !allowed.includes(type))).toEqual([]);
});
