// The library and the schema-generated card editor, end to end in Chromium against the real
// web host: search as you type, create a card through the form, edit one, and check SQLite.

import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface DocRow {
  doc: string;
}

const field = (page: Page, pointer: string): Locator => page.locator(`[data-field="${pointer}"]`);
const fieldError = (page: Page, pointer: string): Locator => page.locator(`[data-testid="field-error"][data-path="${pointer}"]`);

/** Picks the option whose visible text contains `text` (variant labels may add details). */
async function selectOptionContaining(select: Locator, text: string): Promise<void> {
  const option = select.locator('option', { hasText: text }).first();
  await expect(option).toHaveCount(1);
  await select.selectOption((await option.getAttribute('value')) ?? '');
}

async function resultCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('result-count').textContent()) ?? '';
  if (/no cards/i.test(text)) return 0;
  const match = /of ([\d,]+)|^([\d,]+)/.exec(text.trim());
  if (!match) throw new Error(`unexpected result count text "${text}"`);
  return Number((match[1] ?? match[2]).replace(/,/g, ''));
}

test('the library shows the OSMCG samples and searches as you type', async ({ page, queryDb }) => {
  await expect(page.getByTestId('set-list')).toContainText('OSMCG');
  const rows = page.getByTestId('card-list').getByTestId('card-row');
  await expect(rows.first()).toBeVisible();

  // The library opens on the first game, OSMCG: its cards only.
  const osmcgCards = "cards JOIN sets ON sets.id = cards.set_id AND sets.system_id = 'osmcg'";
  const [{ total }] = queryDb<{ total: number }>(`SELECT count(*) AS total FROM ${osmcgCards}`);
  await expect.poll(() => resultCount(page)).toBe(total);

  // Cards whose rules text or keywords mention Haste, straight from the database.
  const hasteNames = queryDb<{ name: string }>(
    `SELECT cards.name FROM ${osmcgCards} WHERE cards.search_text LIKE '%haste%' OR cards.doc LIKE '%Haste%'`,
  ).map((row) => row.name);
  expect(hasteNames.length).toBeGreaterThan(0);
  expect(hasteNames.length).toBeLessThan(total);

  const search = page.getByTestId('library-search');
  await search.click();
  await search.pressSequentially('Haste', { delay: 40 });
  await expect.poll(() => resultCount(page)).toBe(hasteNames.length);
  for (const name of await rows.locator('.name').allTextContents()) expect(hasteNames).toContain(name);

  // Search syntax characters are plain text to the user: an empty result, never an error.
  await search.fill('');
  // Operators and quotes are searched as plain words: "qzx" matches no card, so nothing is found.
  await search.pressSequentially('"qzx AND (*', { delay: 20 });
  await expect(page.getByTestId('empty-state')).toContainText('No cards match “"qzx AND (*”');
  await expect(page.getByTestId('search-error')).toHaveCount(0);
  await expect(page.locator('[data-testid="toast"][data-kind="error"]')).toHaveCount(0);

  // Clearing the search brings every card back; a type chip narrows to that type.
  await search.fill('');
  await expect.poll(() => resultCount(page)).toBe(total);
  const [{ heroes }] = queryDb<{ heroes: number }>(`SELECT count(*) AS heroes FROM ${osmcgCards} WHERE cards.type = 'hero'`);
  await page.locator('[data-testid="type-chip"][data-type="hero"]').click();
  await expect.poll(() => resultCount(page)).toBe(heroes);
});

test('a new creature is built through the generated form, validated inline and saved', async ({ page, queryDb }) => {
  const name = 'Ember Warden';
  await page.getByTestId('new-card').click();
  const editor = page.getByTestId('card-editor');
  await expect(editor).toBeVisible();
  await page.getByTestId('card-type').selectOption('creature');
  // From "All cards" of a game with two sets, the card waits for its set to be chosen.
  const set = page.getByTestId('card-set');
  await expect(set.locator('option:checked')).toHaveText('Choose a set…');
  await set.selectOption({ label: 'OSMCG Starter Set' });

  await field(page, '/name').fill(name);
  // Only red: switch red on and anything the type starts with (e.g. neutral) off.
  const colorChips = field(page, '/colors').locator('button[data-value]');
  for (const chip of await colorChips.all()) {
    const wanted = (await chip.getAttribute('data-value')) === 'red';
    if ((await chip.getAttribute('aria-pressed')) !== String(wanted)) await chip.click();
  }
  // Neutral is exclusive: choosing it switches Red off, and choosing Red switches it off again.
  const chip = (color: string) => field(page, '/colors').locator(`button[data-value="${color}"]`);
  await chip('neutral').click();
  await expect(chip('neutral')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip('red')).toHaveAttribute('aria-pressed', 'false');
  await chip('red').click();
  await expect(chip('neutral')).toHaveAttribute('aria-pressed', 'false');
  await field(page, '/cost').fill('3');
  await field(page, '/atk').fill('2');
  await field(page, '/hp').fill('4');
  await field(page, '/spd').fill('5');
  await field(page, '/ap').fill('2');
  await field(page, '/text').fill('When this enters, deal 1 damage.');

  await page.locator('[data-field-add="/keywords"]').click();
  await selectOptionContaining(field(page, '/keywords/0/kw'), 'Defense');
  await field(page, '/keywords/0/x').fill('2');

  // The live preview paints the card as it is typed.
  const preview = editor.getByTestId('card-preview');
  await expect(preview).toContainText(name);
  await expect(preview).toContainText('Defense');

  // An impossible value is flagged at its field and blocks saving.
  const save = page.getByTestId('save-card');
  await field(page, '/hp').fill('');
  await expect(fieldError(page, '/hp')).toBeVisible();
  await expect(save).toBeDisabled();
  await field(page, '/hp').fill('-1');
  await expect(fieldError(page, '/hp')).toBeVisible();
  await expect(save).toBeDisabled();

  await field(page, '/hp').fill('4');
  await expect(fieldError(page, '/hp')).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');

  const rows = queryDb<DocRow>(`SELECT doc FROM cards WHERE json_extract(doc, '$.name') = ?`, name);
  expect(rows).toHaveLength(1);
  const doc = JSON.parse(rows[0].doc) as Record<string, unknown>;
  expect(doc).toMatchObject({ type: 'creature', name, colors: ['red'], cost: 3, atk: 2, hp: 4, spd: 5, ap: 2 });
  expect(doc.keywords).toEqual([{ kw: 'Defense', x: 2 }]);

  // Back in the library the new card is found by search.
  await page.getByTestId('editor-back').click();
  await page.getByTestId('library-search').fill('Ember Warden');
  await expect(page.getByTestId('card-row').filter({ hasText: name })).toBeVisible();
});

test('editing an existing card saves the change to the database', async ({ page, queryDb }) => {
  const row = page.getByTestId('card-list').getByTestId('card-row').first();
  await expect(row).toBeVisible();
  const cardId = await row.getAttribute('data-card-id');
  expect(cardId).toBeTruthy();
  const [before] = queryDb<DocRow>('SELECT doc FROM cards WHERE id = ?', cardId);
  const original = JSON.parse(before.doc) as { name: string; flavor?: string };

  await row.click();
  await expect(page.getByTestId('card-detail')).toContainText(original.name);
  await page.getByTestId('edit-card').click();
  await expect(page.getByTestId('card-editor')).toBeVisible();
  await expect(field(page, '/name')).toHaveValue(original.name);

  const renamed = `${original.name} Reforged`;
  await field(page, '/name').fill(renamed);
  await field(page, '/flavor').fill('Tempered twice.');
  await expect(page.getByTestId('save-status')).toContainText('Unsaved changes');

  // Leaving with unsaved changes asks first.
  await page.getByTestId('nav-decks').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByTestId('card-editor')).toBeVisible();

  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');

  const [after] = queryDb<DocRow>('SELECT doc FROM cards WHERE id = ?', cardId);
  const saved = JSON.parse(after.doc) as Record<string, unknown>;
  expect(saved.name).toBe(renamed);
  expect(saved.flavor).toBe('Tempered twice.');
  expect(saved.type).toBe((JSON.parse(before.doc) as { type: string }).type);
});

test("changing a saved card's type keeps the fields both types have, and asks before dropping the others", async ({
  page,
  queryDb,
}) => {
  const [{ id }] = queryDb<{ id: string }>(
    "SELECT id FROM cards WHERE json_extract(doc, '$.name') = 'Cinder Whelp' AND json_extract(doc, '$.type') = 'creature'",
  );
  await page.getByTestId('library-search').fill('Cinder Whelp');
  await page.locator(`[data-testid="card-row"][data-card-id="${id}"]`).click();
  await page.getByTestId('edit-card').click();
  await field(page, '/flavor').fill('Now a spell.');

  // Keeping the type leaves everything as it was.
  const type = page.getByTestId('card-type');
  await type.selectOption('spell');
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Change “Cinder Whelp” to Spell?');
  await expect(dialog).toContainText('Spell cards have no ATK, HP, SPD, AP, and Keywords: they are removed.');
  await dialog.getByRole('button', { name: 'Keep Creature' }).click();
  await expect(type).toHaveValue('creature');
  await expect(field(page, '/atk')).toHaveValue('1');

  await type.selectOption('spell');
  await dialog.getByTestId('confirm-ok').click();
  await expect(type).toHaveValue('spell');
  await expect(field(page, '/atk')).toHaveCount(0);
  await expect(field(page, '/name')).toHaveValue('Cinder Whelp');
  await expect(field(page, '/cost')).toHaveValue('1');
  await expect(field(page, '/flavor')).toHaveValue('Now a spell.');

  // A spell needs rules text the creature did not have: saving waits for it.
  await field(page, '/text').fill('Deal 1 damage.');
  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  const [row] = queryDb<DocRow>('SELECT doc FROM cards WHERE id = ?', id);
  const doc = JSON.parse(row.doc) as Record<string, unknown>;
  expect(doc).toMatchObject({
    type: 'spell',
    name: 'Cinder Whelp',
    colors: ['red'],
    cost: 1,
    text: 'Deal 1 damage.',
    flavor: 'Now a spell.',
  });
  expect(doc).not.toHaveProperty('atk');
  expect(doc).not.toHaveProperty('keywords');
});

test('duplicating a card opens a new card with all its fields, saved beside the original', async ({ page, queryDb }) => {
  const [original] = queryDb<{ id: string; set_id: string; doc: string }>(
    "SELECT id, set_id, doc FROM cards WHERE json_extract(doc, '$.name') = 'Cinder Whelp'",
  );
  await page.getByTestId('library-search').fill('Cinder Whelp');
  await page.locator(`[data-testid="card-row"][data-card-id="${original.id}"]`).click();
  await page.getByTestId('duplicate-card').click();

  await expect(field(page, '/name')).toHaveValue('Cinder Whelp (copy)');
  await expect(page.getByTestId('card-set').locator('option:checked')).toHaveText('OSMCG Starter Set');
  await field(page, '/atk').fill('2');
  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');

  const copies = queryDb<{ id: string; set_id: string; doc: string }>(
    "SELECT id, set_id, doc FROM cards WHERE json_extract(doc, '$.name') = 'Cinder Whelp (copy)'",
  );
  expect(copies).toHaveLength(1);
  expect(copies[0].id).not.toBe(original.id);
  expect(copies[0].set_id).toBe(original.set_id);
  const { name: _name, atk: _atk, ...rest } = JSON.parse(original.doc) as Record<string, unknown>;
  expect(JSON.parse(copies[0].doc)).toEqual({ ...rest, name: 'Cinder Whelp (copy)', atk: 2 });
  // The original is as it was.
  const [after] = queryDb<{ doc: string }>('SELECT doc FROM cards WHERE id = ?', original.id);
  expect(after.doc).toBe(original.doc);
});
