// The tutorial game, Lantern Watch (docs/game-systems.md Part 3), built through the game studio
// only: every change to the game is a click, a typed value, a chosen option or an uploaded file
// in the UI, in the order the tutorial gives; nothing is written through the API. Then:
//
// - the saved folder (<data>/systems/lantern-watch/) is loaded with the app's loader beside the
//   tutorial's shipped folder (docs/tutorial/lantern-watch/) is read the way the loader reads it
//   (each type's schema with the shared definitions it names), and the parts the studio owns
//   must mean the same (see `studioPart` for what is compared and what is not); the app itself
//   has loaded the saved folder by then (the studio says Saved, the Library and decks use it);
// - the tutorial's sample set is imported in the Library (its 18 cards must be valid cards of
//   the studio-made game), one more card is made in the card editor and found in SQLite;
// - a legal and an illegal deck are pasted into the deck importer; the builder calls the first
//   Legal and refuses the second for exactly the reasons the rules engine gives.
//
// The path starts from the "Empty game" starter: it brings one card type ("Card") and one deck
// section that Lantern Watch does not have, but nothing to undo inside them. The TCG starter
// looks closer (a leader, an identity, keywords) yet every one of its parts would need renaming
// or rewriting (ids, five colours, four keywords with reminders, three types, a 40-card rule, a
// health resource and goal), which is more steps than writing Lantern Watch's own.
//
// Every UI action goes through `ui` and is counted; the total is printed and is the number the
// tutorial quotes ("about N steps").

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import type { Deck } from '../../card-schema/deck/format';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { migrateSystemFile } from '../../card-schema/system/migrate';
import { expect, test } from './fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const TUTORIAL_DIR = join(ROOT, 'docs/tutorial/lantern-watch');
const SAMPLE_SET = join(ROOT, 'docs/tutorial/lantern-watch-sample-set.json');
const OIL_SVG = join(ROOT, 'tests/fixtures/oil-drop.svg');

/** UI actions, counted: each click, fill, choice, check or upload is one step of the tutorial. */
class Ui {
  steps = 0;
  /** Characters typed, for the tutorial's estimate of the time it takes. */
  typed = 0;

  async click(target: Locator): Promise<void> {
    this.steps++;
    await target.click();
  }

  /** Types a value; leaving the box (as the next step does) commits inputs that save on change. */
  async fill(target: Locator, value: string): Promise<void> {
    this.steps++;
    this.typed += value.length;
    await target.fill(value);
    await target.blur();
  }

  async select(target: Locator, value: string | { label: string }): Promise<void> {
    this.steps++;
    await target.selectOption(value);
  }

  async check(target: Locator, on = true): Promise<void> {
    this.steps++;
    await target.setChecked(on);
  }

  async upload(target: Locator, file: string): Promise<void> {
    this.steps++;
    await target.setInputFiles(file);
  }
}

interface FieldInput {
  name: string;
  label: string;
  kind?: 'rulesText' | 'number' | 'choice' | 'multiChoice' | 'keywords';
  required?: boolean;
  help?: string;
  min?: string;
  max?: string;
  /** A number's or a choice's default. */
  def?: string;
  /** Choice values (ids; their names come from the identity or the rarity). */
  values?: string[];
  /** A list of choices' default values. */
  defaults?: string[];
}

/** The form's own starting bounds by kind (field-spec.ts newField): typed only when they differ. */
const START_BOUNDS: Record<string, [string, string]> = {
  text: ['', '40'],
  rulesText: ['', '400'],
  number: ['0', ''],
  choice: ['', ''],
  multiChoice: ['', ''],
  keywords: ['', ''],
};

async function addField(ui: Ui, page: Page, field: FieldInput, more?: () => Promise<void>): Promise<void> {
  await ui.click(page.getByTestId('studio-field-add'));
  const form = page.getByTestId('studio-field-form');
  await ui.fill(form.getByTestId('studio-field-name'), field.name);
  await ui.fill(form.getByTestId('studio-field-label'), field.label);
  const kind = field.kind ?? 'text';
  if (kind !== 'text') await ui.select(form.getByTestId('studio-field-kind'), kind);
  if (field.required) await ui.check(form.getByTestId('studio-field-required'));
  if (field.help) await ui.fill(form.getByTestId('studio-field-help'), field.help);
  const [min, max] = START_BOUNDS[kind];
  if (field.min !== undefined && field.min !== min) await ui.fill(form.getByTestId('studio-field-min'), field.min);
  if (field.max !== undefined && field.max !== max) await ui.fill(form.getByTestId('studio-field-max'), field.max);
  for (const [i, value] of (field.values ?? []).entries()) {
    await ui.click(form.getByTestId('studio-field-value-add'));
    await ui.fill(form.getByTestId(`studio-field-value-id-${i}`), value);
  }
  for (const value of field.defaults ?? []) await ui.check(form.getByTestId(`studio-field-default-${value}`));
  if (field.def !== undefined) {
    const def = form.getByTestId('studio-field-default');
    if (kind === 'choice') await ui.select(def, field.def);
    else await ui.fill(def, field.def);
  }
  await more?.();
  await expect(form.locator('[role="alert"]')).toHaveCount(0);
  await ui.click(form.getByTestId('studio-field-save'));
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId(`studio-field-${field.name}`)).toBeVisible();
}

async function addType(ui: Ui, page: Page, label: string, description: string): Promise<void> {
  await ui.fill(page.getByTestId('studio-type-new-label'), label);
  await ui.click(page.getByTestId('studio-type-add'));
  await expect(page.getByTestId('studio-type-label')).toHaveValue(label);
  await ui.fill(page.getByTestId('studio-type-description'), description);
}

const FACTION: FieldInput = {
  name: 'faction',
  label: 'Faction',
  kind: 'multiChoice',
  required: true,
  help: 'Ember, Tide or Moss. Dusk cards fit every Keeper.',
  min: '1',
  max: '2',
  values: ['ember', 'tide', 'moss', 'dusk'],
  defaults: ['dusk'],
};
const RULES_TEXT: FieldInput = { name: 'text', label: 'Rules text', kind: 'rulesText', max: '240' };
const FLAVOR: FieldInput = {
  name: 'flavor',
  label: 'Flavor text',
  kind: 'rulesText',
  help: 'Italic text with no rules meaning.',
  max: '120',
};
const number = (name: string, label: string, help: string, max: string, def: string): FieldInput => ({
  name,
  label,
  kind: 'number',
  required: true,
  help,
  max,
  def,
});

/** The keyword list's three keywords, typed into the keyword editor of the open field form. */
async function keywords(ui: Ui, page: Page): Promise<void> {
  const form = page.getByTestId('studio-field-form');
  const words: [string, string, string, string?][] = [
    ['Glow', 'Glow {x}', "While this card is in play, your Keeper's light is X higher.", 'x'],
    ['Snuff', 'Snuff', 'Put this card in the Burnt Out pile after it is used once.'],
    ['Drift', 'Drift ({street})', 'At Dawn, you may move this card to another street.', 'street'],
  ];
  for (const [k, [id, display, help, param]] of words.entries()) {
    await ui.click(form.getByTestId('studio-keyword-add'));
    await ui.fill(form.getByTestId(`studio-keyword-${k}-id`), id);
    await ui.fill(form.getByTestId(`studio-keyword-${k}-label`), id);
    await ui.fill(form.getByTestId(`studio-keyword-${k}-display`), display);
    await ui.fill(form.getByTestId(`studio-keyword-${k}-help`), help);
    if (!param) continue;
    // A new parameter is a required whole number "x" (label X) of at least 1.
    await ui.click(form.getByTestId(`studio-keyword-${k}-param-add`));
    const at = (what: string) => form.getByTestId(`studio-keyword-${k}-param-0-${what}`);
    if (param === 'street') {
      await ui.fill(at('name'), 'street');
      await ui.fill(at('label'), 'Street');
      await ui.select(at('kind'), 'text');
      await ui.fill(at('max'), '20');
    } else {
      await ui.fill(at('max'), '5');
    }
  }
}

/** Adds a rule of `kind` (the form opens on it) and returns the open form. */
async function addRule(ui: Ui, page: Page, kind: string, id: string): Promise<Locator> {
  const kindSelect = page.getByTestId('studio-rule-kind');
  if ((await kindSelect.inputValue()) !== kind) await ui.select(kindSelect, kind);
  await ui.click(page.getByTestId('studio-rule-add'));
  const form = page.getByTestId('studio-rule-form');
  await expect(form).toBeVisible();
  await ui.fill(form.getByTestId('studio-rule-id'), id);
  return form;
}

async function saveRule(ui: Ui, page: Page, id: string, words: RegExp): Promise<void> {
  const form = page.getByTestId('studio-rule-form');
  await ui.click(form.getByTestId('studio-rule-save'));
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId(`studio-rule-${id}`).getByTestId('studio-rule-words')).toHaveText(words);
}

// ----------------------------------------------------------------------------------------------
// The comparison: the parts of a game the studio writes, from a loaded game.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A card type's schema as it validates and fills the form: `$ref`s replaced by the definitions
 * they name (the tutorial shares fields through definitions.json, the studio writes each type's
 * fields in full), `$schema`/`$defs` dropped, `"type": "string"` beside an `enum` of strings
 * dropped (it says nothing the enum does not), `required` sorted. The `title` of a keyword
 * list's item wrapper (the node holding `oneOf`) is dropped too: no view shows it (the editor
 * names each keyword by its own title) and the studio's keyword form has no box for it.
 */
function resolved(node: unknown, defs: Json): unknown {
  if (Array.isArray(node)) return node.map((item) => resolved(item, defs));
  if (!isObject(node)) return node;
  let out: Json = { ...node };
  for (let hops = 0; typeof out.$ref === 'string' && hops < 8; hops++) {
    const name = /^#\/\$defs\/(.+)$/.exec(out.$ref as string)?.[1];
    const { $ref: _ref, ...rest } = out;
    out = { ...(defs[name ?? ''] as Json), ...rest };
  }
  delete out.$schema;
  delete out.$defs;
  if (Array.isArray(out.enum) && out.enum.every((value) => typeof value === 'string') && out.type === 'string') delete out.type;
  if (Array.isArray(out.oneOf)) delete out.title;
  if (Array.isArray(out.required)) out.required = [...(out.required as string[])].sort();
  return Object.fromEntries(Object.entries(out).map(([key, value]) => [key, resolved(value, defs)]));
}

/**
 * A game folder as the loader reads it, for the parts compared: system.json (migrated to the
 * current format version) with each card type's `schema` replaced by its schema file, the
 * game's shared definitions (definitions.json) under the schema's own `$defs`. (The loader
 * itself, src-main/services/game-systems.ts, imports a JSON file the browser tests' runner
 * cannot import, so the folder is read here.)
 */
function readGame(dir: string): GameSystem {
  const json = (file: string): Json => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Json;
  const system = migrateSystemFile(json('system.json')) as Json;
  const shared = typeof system.definitions === 'string' ? json(system.definitions) : {};
  const cardTypes = (system.cardTypes as Json[]).map((type) => {
    const schema = typeof type.schema === 'string' ? json(type.schema) : (type.schema as Json);
    return { ...type, schema: { ...schema, $defs: { ...shared, ...((schema.$defs as Json | undefined) ?? {}) } } };
  });
  return { ...system, cardTypes } as unknown as GameSystem;
}

const without = (item: unknown, ...keys: string[]): Json =>
  Object.fromEntries(Object.entries(item as Json).filter(([key]) => !keys.includes(key)));

/** The tutorial's glossary: every keyword, in its category. */
const GLOSSARY: [string, string][] = [
  ['Glow X', "While this card is in play, your Keeper's light is X higher."],
  ['Snuff', 'Put this card in the Burnt out pile after it is used once.'],
  ['Drift', 'At Dawn, you may move this card to the named street.'],
];

/**
 * What the studio owns of a game, for comparing two folders by meaning. Left out on purpose:
 * layouts and fonts (the studio keeps the starter's layout; laying cards out is a later
 * issue's layout editor), the license and the
 * card types' layout names, and the descriptions of deck sections, rules and formats (your
 * words for players; the tutorial skips typing them, and Cardwright's own words stand in).
 */
function studioPart(system: GameSystem): Json {
  const symbols = Object.fromEntries(
    Object.entries(system.symbols ?? {}).map(([token, symbol]) => [token, { viewBox: '0 0 24 24', ...symbol }]),
  );
  return {
    id: system.id,
    name: system.name,
    version: system.version,
    description: system.description,
    card: system.card,
    identity: system.identity,
    cardTypes: system.cardTypes.map((type) => ({
      id: type.id,
      label: type.label,
      fieldOrder: type.fieldOrder,
      schema: resolved(type.schema, (type.schema.$defs ?? {}) as Json),
    })),
    deck: {
      sections: system.deck.sections.map((section) => without(section, 'description')),
      rules: system.deck.rules.map((rule) => without(rule, 'description')),
      formats: (system.deck.formats ?? []).map((format) => without(format, 'description')),
    },
    board: system.board,
    rarity: system.rarity,
    packs: system.packs,
    symbols,
    reference: system.reference,
  };
}

// ----------------------------------------------------------------------------------------------

const LEGAL = `// name: Ember Watch
Keeper:
1 Ada Wickfield

Watch:
2 Cinder Jar
2 Hearth Lamp
2 Forge Beacon
2 Spark Moth Cage
2 Phoenix Wick
2 Tallow Stub
2 Street Lamp
2 Paper Lantern
2 Watchman's Lamp
2 Glass Firefly
`;

/** Breaks every rule a pasted list can: banned, 3 copies, off-faction, 5 rares, 19 cards. */
const ILLEGAL = `// name: Broken Watch
Keeper:
1 Ada Wickfield

Watch:
3 Cinder Jar
2 Hearth Lamp
2 Forge Beacon
2 Spark Moth Cage
2 Phoenix Wick
2 Tallow Stub
2 Street Lamp
1 Midnight Bell
1 Steam Kettle
2 Lighthouse Lens
`;

test('the tutorial game is built in the studio and means what the tutorial ships', async ({ page, dataDir, queryDb }) => {
  test.setTimeout(150_000);
  const ui = new Ui();

  // 1. New game from the Empty game starter.
  await ui.click(page.getByTestId('nav-games'));
  await ui.click(page.getByTestId('new-game'));
  const dialog = page.getByTestId('new-game-dialog');
  await ui.select(dialog.getByTestId('new-game-source'), 'starter:starter-blank');
  await ui.fill(dialog.getByTestId('new-game-name'), 'Lantern Watch');
  await expect(dialog.getByTestId('new-game-id')).toHaveValue('lantern-watch');
  await expect(dialog.getByTestId('new-game-size')).toHaveValue('poker');
  await ui.click(dialog.getByTestId('create-game'));
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('game-detail').locator('h1')).toContainText('Lantern Watch');
  await ui.click(page.getByTestId('edit-game'));
  const studio = page.getByTestId('game-studio');
  await expect(studio).toBeVisible();

  // 2. Game tab: the description.
  await ui.click(page.getByTestId('studio-tab-game'));
  await ui.fill(
    page.getByTestId('studio-game-description'),
    "Keepers hang lanterns through one long night to hold back the dark. One Keeper plus exactly 20 Lanterns of the Keeper's faction. The example game of Cardwright's game-system tutorial.",
  );

  // 3. Card types: Keeper and Lantern with their fields.
  await ui.click(page.getByTestId('studio-tab-types'));
  await addType(ui, page, 'Keeper', "The lamplighter who leads your watch. Their faction is the deck's faction.");
  await addField(ui, page, FACTION);
  await addField(ui, page, number('oil', 'Starting oil', 'Oil in your flask when the night begins.', '10', '3'));
  await addField(ui, page, number('wick', 'Wick', 'Oil you gain at each Dusk.', '5', '2'));
  await addField(ui, page, RULES_TEXT);
  await addField(ui, page, FLAVOR);

  await addType(ui, page, 'Lantern', 'A light you hang in the streets to hold back the dark.');
  // Fields the Keeper has already are copied from it, not typed again.
  const copyField = (from: string) => ui.select(page.getByTestId('studio-field-copy'), `keeper/${from}`);
  await copyField('faction');
  await addField(ui, page, number('cost', 'Oil cost', 'Oil you pay to hang it.', '9', '1'));
  await addField(ui, page, number('light', 'Light', 'How much darkness it holds back.', '9', '1'));
  await addField(ui, page, {
    name: 'rarity',
    label: 'Rarity',
    kind: 'choice',
    required: true,
    values: ['common', 'rare'],
    def: 'common',
  });
  await addField(ui, page, { name: 'keywords', label: 'Keywords', kind: 'keywords', max: '3' }, () => keywords(ui, page));
  await copyField('text');
  await copyField('flavor');
  await expect(page.getByTestId('studio-field-flavor')).toBeVisible();

  // 4. Game tab: faction is the identity; Dusk is grey-violet and neutral.
  await ui.click(page.getByTestId('studio-tab-game'));
  await ui.select(page.getByTestId('studio-identity-field'), 'faction');
  await ui.click(page.getByTestId('studio-identity-make'));
  const dusk = page.getByTestId('studio-identity-value').nth(3);
  await expect(dusk.getByLabel('Name')).toHaveValue('Dusk');
  await ui.fill(dusk.locator('input[type="color"]'), '#6b6478');
  await ui.check(dusk.getByRole('checkbox'));

  // 5. Deck rules: the Keeper and Watch sections; the starter's two rules go.
  await ui.click(page.getByTestId('studio-tab-deck'));
  for (const [id, label, type] of [
    ['keeper', 'Keeper', 'keeper'],
    ['watch', 'Watch', 'lantern'],
  ]) {
    await ui.fill(page.getByTestId('studio-section-new-id'), id);
    await ui.fill(page.getByTestId('studio-section-new-label'), label);
    await ui.click(page.getByTestId('studio-section-add'));
    const section = page.getByTestId(`studio-section-${id}`);
    await ui.check(section.getByTestId(`studio-section-type-${type}`));
    if (id === 'keeper') await ui.check(section.getByTestId('studio-section-leader'));
  }
  for (const rule of ['not-empty', 'cards-only']) {
    await ui.click(page.getByTestId(`studio-rule-${rule}`).getByTestId('studio-rule-remove'));
    await expect(page.getByTestId(`studio-rule-${rule}`)).toHaveCount(0);
  }
  // The starter's section is still the board's deck: removing it is refused, with the reason.
  await ui.click(page.getByTestId('studio-section-deck').getByTestId('studio-section-remove'));
  await expect(page.getByTestId('studio-section-deck').getByTestId('studio-section-problem')).toHaveText(
    "Deck is named by the board's deck section: change or remove it first.",
  );

  // 6. Board & packs: the board's sections, zones, hand, oil, phases; rarity and the Night pack.
  await ui.click(page.getByTestId('studio-tab-play'));
  await ui.select(page.getByTestId('studio-board-deck-section'), 'watch');
  await ui.select(page.getByTestId('studio-board-leader-section'), 'keeper');
  const table = page.getByTestId('studio-zone-row').nth(2);
  await ui.fill(table.getByTestId('studio-zone-label'), 'Streets');
  await ui.fill(table.getByTestId('studio-zone-id'), 'streets');
  await expect(page.getByTestId('studio-zone-row').nth(2).getByTestId('studio-zone-id')).toHaveValue('streets');
  await ui.fill(page.getByTestId('studio-zone-new-label'), 'Burnt out');
  await expect(page.getByTestId('studio-zone-new-id')).toHaveValue('burnt-out');
  await ui.select(page.getByTestId('studio-zone-new-kind'), 'discard');
  await ui.click(page.getByTestId('studio-zone-add'));
  await expect(page.getByTestId('studio-zone-row')).toHaveCount(4);
  await expect(page.getByTestId('studio-opening-hand')).toHaveValue('5');
  await ui.select(page.getByTestId('studio-mulligan'), 'london');

  await ui.fill(page.getByTestId('studio-resource-new-label'), 'Oil');
  await ui.click(page.getByTestId('studio-resource-add'));
  const oil = page.getByTestId('studio-resource-row');
  await ui.select(oil.getByTestId('studio-resource-start-source'), 'leader');
  await ui.fill(oil.getByTestId('studio-resource-start-field'), 'oil');
  await ui.select(oil.getByTestId('studio-resource-regen-source'), 'leader');
  await ui.fill(oil.getByTestId('studio-resource-regen-field'), 'wick');
  await ui.fill(oil.getByTestId('studio-resource-max'), '10');
  await expect(oil.getByTestId('studio-resource-max')).toHaveValue('10');

  await ui.fill(page.getByTestId('studio-phase-name').first(), 'Dusk');
  for (const phase of ['Draw', 'Hang lanterns', 'Night', 'Dawn']) {
    await ui.fill(page.getByTestId('studio-phase-new'), phase);
    await ui.click(page.getByTestId('studio-phase-add'));
  }
  await expect(page.getByTestId('studio-phase-name')).toHaveCount(5);

  await ui.click(page.getByTestId('studio-rarity-add'));
  const rarities = page.getByTestId('studio-rarity-value-row');
  await ui.fill(rarities.nth(0).getByTestId('studio-rarity-value-color'), '#6b7280');
  await ui.fill(page.getByTestId('studio-rarity-value-new-label'), 'Rare');
  await ui.click(page.getByTestId('studio-rarity-value-add'));
  await ui.fill(rarities.nth(1).getByTestId('studio-rarity-value-color'), '#c9a227');

  await ui.fill(page.getByTestId('studio-pack-new-label'), 'Night pack');
  await expect(page.getByTestId('studio-pack-new-id')).toHaveValue('night-pack');
  await ui.click(page.getByTestId('studio-pack-add'));
  const pack = page.getByTestId('studio-pack');
  await ui.fill(pack.getByTestId('studio-pack-description'), 'Five Lanterns: four commons and a rare.');
  const slots = pack.getByTestId('studio-slot-row');
  await ui.fill(slots.nth(0).getByTestId('studio-slot-count'), '4');
  await ui.click(pack.getByTestId('studio-pack-slot-add'));
  await ui.check(slots.nth(1).getByTestId('studio-slot-rarity-rare'));
  await ui.check(slots.nth(1).getByTestId('studio-slot-rarity-common'), false);
  await expect(slots.nth(1).getByTestId('studio-slot-rarity-common')).not.toBeChecked();
  await expect(slots.nth(0).getByTestId('studio-slot-count')).toHaveValue('4');

  // 7. Deck rules: the starter's section goes; then nothing names the starter's Card type, and
  // it goes too (new rules start from the game's first card type, which is Keeper from then on).
  await ui.click(page.getByTestId('studio-tab-deck'));
  await ui.click(page.getByTestId('studio-section-deck').getByTestId('studio-section-remove'));
  await expect(page.getByTestId('studio-section-deck')).toHaveCount(0);
  await ui.click(page.getByTestId('studio-tab-types'));
  await ui.click(page.getByTestId('studio-type-remove-card'));
  await ui.click(page.getByTestId('confirm-ok'));
  await expect(page.getByTestId('studio-type-card')).toHaveCount(0);

  // 8. Deck rules: the seven rules and the two formats.
  await ui.click(page.getByTestId('studio-tab-deck'));

  let form = await addRule(ui, page, 'sectionSize', 'one-keeper');
  await ui.select(form.getByTestId('studio-rule-section'), 'keeper');
  await ui.fill(form.getByTestId('studio-rule-exact'), '1');
  await saveRule(ui, page, 'one-keeper', /Keeper.*exactly 1/i);

  form = await addRule(ui, page, 'sectionSize', 'twenty-lanterns');
  await ui.fill(form.getByTestId('studio-rule-exact'), '20');
  await saveRule(ui, page, 'twenty-lanterns', /Watch.*exactly 20/i);

  form = await addRule(ui, page, 'allowedTypes', 'keeper-is-keeper');
  await ui.select(form.getByTestId('studio-rule-section'), 'keeper');
  await saveRule(ui, page, 'keeper-is-keeper', /Keeper/);

  form = await addRule(ui, page, 'allowedTypes', 'watch-is-lanterns');
  await ui.check(form.getByTestId('studio-rule-type-keeper'), false);
  await ui.check(form.getByTestId('studio-rule-type-lantern'));
  await saveRule(ui, page, 'watch-is-lanterns', /Lantern/);

  form = await addRule(ui, page, 'copyLimit', 'two-copies');
  await ui.check(form.getByTestId('studio-rule-sections-watch'));
  await ui.fill(form.getByTestId('studio-rule-max'), '2');
  await saveRule(ui, page, 'two-copies', /2 cop/);

  await addRule(ui, page, 'identitySubset', 'faction');
  await saveRule(ui, page, 'faction', /faction/i);

  form = await addRule(ui, page, 'quota', 'few-rares');
  await ui.check(form.getByTestId('studio-rule-sections-watch'));
  await ui.check(form.getByTestId('studio-match-type-keeper'), false);
  await ui.check(form.getByTestId('studio-match-type-lantern'));
  await ui.click(form.getByTestId('studio-match-add-condition'));
  await ui.select(form.getByTestId('studio-match-field'), 'rarity');
  await ui.fill(form.getByTestId('studio-match-value'), 'rare');
  await ui.fill(form.getByTestId('studio-rule-label'), 'rare Lanterns');
  await ui.fill(form.getByTestId('studio-rule-max'), '4');
  await saveRule(ui, page, 'few-rares', /at most 4 rare Lanterns/i);

  await ui.fill(page.getByTestId('studio-format-new-id'), 'standard');
  await ui.fill(page.getByTestId('studio-format-new-label'), 'Standard');
  await ui.click(page.getByTestId('studio-format-add'));
  await ui.fill(page.getByTestId('studio-format-standard').getByTestId('studio-format-ban-name'), 'Midnight Bell');
  await ui.click(page.getByTestId('studio-format-standard').getByTestId('studio-format-ban'));
  await expect(page.getByTestId('studio-format-banned')).toContainText('Midnight Bell');
  await ui.fill(page.getByTestId('studio-format-new-id'), 'open');
  await ui.fill(page.getByTestId('studio-format-new-label'), 'Open');
  await ui.click(page.getByTestId('studio-format-add'));
  await expect(page.getByTestId('studio-format-open')).toBeVisible();

  // 9. Symbols: {oil}, from an SVG file.
  await ui.click(page.getByTestId('studio-tab-symbols'));
  await ui.upload(page.getByTestId('studio-symbol-upload-file'), OIL_SVG);
  await ui.fill(page.getByTestId('studio-symbol-token'), 'oil');
  await ui.fill(page.getByTestId('studio-symbol-label'), 'Oil');
  await ui.click(page.getByTestId('studio-symbol-add'));
  await expect(page.getByTestId('studio-symbol-row')).toHaveCount(1);

  // 10. Reference: the glossary of keywords and the Long Night optional rule.
  await ui.click(page.getByTestId('studio-tab-reference'));
  for (const [term, text] of GLOSSARY) {
    await ui.fill(page.getByTestId('studio-glossary-new-term'), term);
    await ui.fill(page.getByTestId('studio-glossary-new-category'), 'Keyword');
    await ui.fill(page.getByTestId('studio-glossary-new-text'), text);
    await ui.click(page.getByTestId('studio-glossary-add'));
  }
  await expect(page.getByTestId('studio-glossary-entry')).toHaveCount(GLOSSARY.length);
  await ui.click(page.getByTestId('studio-optional-rule-add'));
  const rule = page.getByTestId('studio-optional-rule').last();
  await ui.fill(rule.getByTestId('studio-optional-rule-label'), 'Long Night');
  await ui.fill(rule.getByTestId('studio-optional-rule-id'), 'long-night');
  await ui.fill(
    rule.getByTestId('studio-optional-rule-description'),
    'Play six Nights instead of five; Keepers start with 1 less oil.',
  );
  await expect(rule.getByTestId('studio-optional-rule-id')).toHaveValue('long-night');

  // 11. Save: the report (no cards yet), then the game is written.
  await expect(page.getByTestId('studio-status')).toHaveText('Not saved');
  await expect(page.getByTestId('studio-problem')).toHaveCount(0);
  await ui.click(page.getByTestId('studio-save'));
  await expect(page.getByTestId('studio-impact')).toBeVisible();
  await ui.click(page.getByTestId('studio-impact-apply'));
  await expect(page.getByTestId('studio-impact')).toHaveCount(0);
  await expect(page.getByTestId('studio-status')).toHaveText('Saved');
  const studioSteps = ui.steps;
  const studioTyped = ui.typed;

  // The saved folder means what the tutorial's folder means, part by part.
  const saved = readGame(join(dataDir, 'systems', 'lantern-watch'));
  const shipped = readGame(TUTORIAL_DIR);
  const mine = studioPart(saved);
  const theirs = studioPart(shipped);
  for (const key of Object.keys(theirs)) expect(mine[key], key).toEqual(theirs[key]);
  expect(mine).toEqual(theirs);

  // 12. The tutorial's sample cards are valid Lantern Watch cards: the set imports whole.
  await ui.click(page.getByTestId('nav-library'));
  await ui.upload(page.getByTestId('import-set-file'), SAMPLE_SET);
  const report = page.getByTestId('import-report');
  await expect(report.getByTestId('import-added')).toHaveText('18');
  await ui.click(report.getByRole('button', { name: 'Done' }));
  await expect(page.getByTestId('set-row').filter({ hasText: 'Lantern Watch Sample Set' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect
    .poll(() => queryDb<{ n: number }>("SELECT count(*) AS n FROM cards WHERE set_id = 'lantern-watch-sample'")[0].n)
    .toBe(18);

  // 13. A card made in the editor.
  await ui.click(page.getByTestId('new-card'));
  await expect(page.getByTestId('card-editor')).toBeVisible();
  await ui.select(page.getByTestId('card-type'), 'lantern');
  const at = (pointer: string) => page.locator(`[data-field="${pointer}"]`);
  await ui.fill(at('/name'), "Lamplighter's Ladder");
  await ui.click(at('/faction').locator('button[data-value="ember"]'));
  await ui.click(at('/faction').locator('button[data-value="dusk"]'));
  await ui.fill(at('/cost'), '2');
  await ui.fill(at('/light'), '2');
  await ui.click(page.locator('[data-field-add="/keywords"]'));
  await ui.fill(at('/keywords/0/x'), '1');
  // The preview draws with the starter's plain layout (name, type, rules text) until you lay the card out.
  await expect(page.getByTestId('card-editor').getByTestId('card-preview')).toContainText("Lamplighter's Ladder");
  await ui.click(page.getByTestId('save-card'));
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  const rows = queryDb<{ doc: string; set_id: string }>(
    "SELECT doc, set_id FROM cards WHERE json_extract(doc, '$.name') = ?",
    "Lamplighter's Ladder",
  );
  expect(rows).toHaveLength(1);
  expect(rows[0].set_id).toBe('lantern-watch-sample');
  expect(JSON.parse(rows[0].doc)).toEqual({
    type: 'lantern',
    name: "Lamplighter's Ladder",
    faction: ['ember'],
    cost: 2,
    light: 2,
    rarity: 'common',
    keywords: [{ kw: 'Glow', x: 1 }],
  });

  // 14. Decks: a legal one and one the rules refuse, pasted as lists.
  const docs = new Map<string, CardDocument>();
  for (const row of queryDb<{ id: string; doc: string }>(
    "SELECT cards.id, cards.doc FROM cards JOIN sets ON sets.id = cards.set_id WHERE sets.system_id = 'lantern-watch'",
  ))
    docs.set(row.id, JSON.parse(row.doc) as CardDocument);

  async function pasteDeck(list: string, name: string): Promise<string[]> {
    await ui.click(page.getByTestId('nav-decks'));
    await ui.click(page.getByTestId('import-deck'));
    const importer = page.getByTestId('deck-import-dialog');
    await ui.select(importer.getByTestId('import-game'), 'lantern-watch');
    await ui.fill(importer.getByTestId('import-text'), list);
    await expect(importer.getByTestId('import-name')).toHaveValue(name);
    await expect(importer.getByTestId('import-problem')).toHaveCount(0);
    await ui.click(importer.getByTestId('import-confirm'));
    await expect(page.getByTestId('deck-builder')).toBeVisible();
    const rows = queryDb<{ doc: string }>("SELECT doc FROM decks WHERE system_id = 'lantern-watch' AND name = ?", name);
    expect(rows).toHaveLength(1);
    const deck = JSON.parse(rows[0].doc) as Pick<Deck, 'sections' | 'format'>;
    const verdict = evaluateDeck(saved, { systemId: 'lantern-watch', sections: deck.sections, format: deck.format }, (id) =>
      docs.get(id),
    );
    const messages = verdict.violations.map((violation) => violation.message);
    await expect(page.getByTestId('legality-badge')).toHaveText(messages.length ? 'Illegal' : 'Legal');
    await ui.click(page.getByTestId('deck-tab-legality'));
    await expect(page.getByTestId('violation').locator('strong')).toHaveText(messages);
    return messages;
  }

  expect(await pasteDeck(LEGAL, 'Ember Watch')).toEqual([]);
  const refused = await pasteDeck(ILLEGAL, 'Broken Watch');
  // The reasons the tutorial's table gives, one for each rule the list breaks.
  expect(refused).toEqual([
    '"Midnight Bell" is banned in Standard.',
    'Watch has 19 cards; it needs exactly 20.',
    '"Cinder Jar" has 3 copies; at most 2 are allowed.',
    '"Steam Kettle" (tide) and "Lighthouse Lens" (tide) are outside Ada Wickfield\'s faction identity (ember).',
    'Watch has 5 rare Lanterns; it may have at most 4.',
  ]);

  console.log(
    `Lantern Watch in the studio: ${studioSteps} UI steps (${studioTyped} characters typed) to the saved game, ` +
      `${ui.steps} steps with the sample set, the card and the two decks.`,
  );
});
