// Sets from the library's sidebar: "Edit set…" renames a set and keeps its metadata (a taken
// name is refused beside the field); importing a set file whose set the library has asks first
// and either imports a copy (two sets) or replaces the set (the cards the file lacks go to the
// Trash), and the report says what changed; "Move…" puts a card into another set, where it is
// found after a reload. Each step is checked in SQLite too.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const CORE = 'osmcg-core';
const STARTER = 'OSMCG Starter Set';

interface SetFile {
  set: Record<string, unknown>;
  cards: { id: string; doc: Record<string, unknown> }[];
}

/** The shipped starter set, revised: its first card renamed, its last one gone, one card new. */
function revisedStarter(): { name: string; mimeType: string; buffer: Buffer } {
  const file = JSON.parse(readFileSync(join(ROOT, 'resources/samples/osmcg/core-set.json'), 'utf8')) as SetFile;
  const last = file.cards.pop()!;
  const template = file.cards.find((card) => card.doc.type === 'creature')!;
  file.cards[0].doc = { ...file.cards[0].doc, name: 'Pyra, Ember Regent' };
  file.cards.push({ id: 'osmcg-core-new', doc: { ...template.doc, name: 'Lantern Moth' } });
  file.set.version = '1.1';
  expect(last.id).not.toBe(file.cards[0].id);
  return { name: 'starter-revised.set.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) };
}

/** Opens the set's "More" menu (edit, statistics, changes, Cockatrice, delete). */
async function openSetActions(page: Page, setName: string): Promise<void> {
  await page.getByTestId('set-row').filter({ hasText: setName }).hover();
  await page.locator('.set-item').filter({ hasText: setName }).getByTestId('set-more').click();
}

test('Edit set renames a set, keeps its code and version, and refuses a name the game has', async ({ page, queryDb }) => {
  await openSetActions(page, STARTER);
  await page.locator('.set-item').filter({ hasText: STARTER }).getByTestId('edit-set').click();
  const dialog = page.getByTestId('edit-set-dialog');
  await expect(dialog.getByTestId('edit-set-name')).toHaveValue(STARTER);

  // A name another osmcg set has, in another case: refused beside the name.
  await dialog.getByTestId('edit-set-name').fill('osmcg mission & objective decks');
  await dialog.getByTestId('edit-set-code').fill('bad code');
  await expect(dialog.getByTestId('edit-set-code-problem')).toContainText('may hold letters, digits');
  await expect(dialog.getByTestId('save-set')).toBeDisabled();
  await dialog.getByTestId('edit-set-code').fill('STR');
  await dialog.getByTestId('save-set').click();
  await expect(dialog.getByTestId('edit-set-name-problem')).toContainText(
    'already exists in OSMCG (as “OSMCG Mission & Objective Decks”)',
  );

  await dialog.getByTestId('edit-set-name').fill('Starter Deck Set');
  await dialog.getByTestId('edit-set-version').fill('1.0');
  await dialog.getByTestId('edit-set-author').fill('Sample Author');
  await dialog.getByTestId('edit-set-license').fill('CC BY-SA 4.0');
  await dialog.getByTestId('save-set').click();
  await expect(dialog).toHaveCount(0);

  const row = page.getByTestId('set-row').filter({ hasText: 'Starter Deck Set' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('set-code')).toHaveText('STR');
  await expect(row).toHaveAttribute('title', /STR · version 1\.0 · by Sample Author · CC BY-SA 4\.0/);
  expect(queryDb('SELECT name, code, version, author, license FROM sets WHERE id = ?', CORE)).toEqual([
    { name: 'Starter Deck Set', code: 'STR', version: '1.0', author: 'Sample Author', license: 'CC BY-SA 4.0' },
  ]);
});

test('importing a set the library has asks; "Import as a copy" adds a second set with its cards', async ({ page, queryDb }) => {
  const before = queryDb<{ n: number }>('SELECT count(*) AS n FROM cards WHERE set_id = ?', CORE)[0].n;
  await page.getByTestId('import-set-file').setInputFiles(revisedStarter());
  const question = page.getByTestId('import-question');
  await expect(question).toContainText(`which your library has as “${STARTER}”`);
  await expect(question.getByTestId('would-add')).toHaveText('1');
  await expect(question.getByTestId('would-update')).toHaveText('1');
  await expect(question.getByTestId('would-remove')).toHaveText('1');
  await expect(question.getByTestId('would-keep')).toHaveText(String(before - 2));
  // Nothing was written while the question is open.
  expect(queryDb("SELECT count(*) AS n FROM cards WHERE json_extract(doc, '$.name') = 'Lantern Moth'")).toEqual([{ n: 0 }]);

  await question.getByTestId('import-copy').click();
  const report = page.getByTestId('import-report');
  await expect(report.getByTestId('import-summary')).toContainText(`as a copy, the new set “${STARTER} (2)”`);
  await expect(report.getByTestId('import-added')).toHaveText(String(before));
  await expect(report.getByTestId('import-removed')).toHaveText('0');
  await expect(report.getByTestId('import-renamed')).toContainText(`The file calls it “${STARTER}”`);
  await report.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByTestId('set-row').filter({ hasText: `${STARTER} (2)` })).toBeVisible();
  const sets = queryDb<{ id: string; n: number }>(
    "SELECT s.id, (SELECT count(*) FROM cards c WHERE c.set_id = s.id) AS n FROM sets s WHERE s.name LIKE 'OSMCG Starter Set%' ORDER BY s.name",
  );
  expect(sets).toEqual([
    { id: CORE, n: before },
    { id: expect.not.stringMatching(CORE), n: before },
  ]);
  // The copy's cards have their own ids; the original's are as they were.
  expect(queryDb('SELECT count(*) AS n FROM cards WHERE set_id = ? AND id LIKE ?', sets[1].id, 'osmcg-core-%')).toEqual([
    { n: 0 },
  ]);
  expect(queryDb("SELECT json_extract(doc, '$.name') AS name FROM cards WHERE id = 'osmcg-core-001'")).toEqual([
    { name: 'Pyra, Ashen Marshal' },
  ]);
});

test('"Replace set" makes the set equal to the file; the card it lacks is in the Trash', async ({ page, queryDb }) => {
  const before = queryDb<{ n: number }>('SELECT count(*) AS n FROM cards WHERE set_id = ?', CORE)[0].n;
  const [last] = queryDb<{ id: string; name: string }>(
    "SELECT id, json_extract(doc, '$.name') AS name FROM cards WHERE set_id = ? ORDER BY seq DESC LIMIT 1",
    CORE,
  );
  await page.getByTestId('import-set-file').setInputFiles(revisedStarter());
  await page.getByTestId('import-question').getByTestId('import-replace').click();
  const report = page.getByTestId('import-report');
  await expect(report.getByTestId('import-summary')).toContainText(`replacing the set “${STARTER}”`);
  await expect(report.getByTestId('import-added')).toHaveText('1');
  await expect(report.getByTestId('import-updated')).toHaveText('1');
  await expect(report.getByTestId('import-removed')).toHaveText('1');
  await expect(report.getByTestId('import-unchanged')).toHaveText(String(before - 2));
  await expect(report).toContainText('in the Trash');
  await report.getByRole('button', { name: 'Done' }).click();

  expect(queryDb('SELECT count(*) AS n FROM cards WHERE set_id = ?', CORE)).toEqual([{ n: before }]);
  expect(queryDb('SELECT version FROM sets WHERE id = ?', CORE)).toEqual([{ version: '1.1' }]);
  expect(queryDb("SELECT json_extract(doc, '$.name') AS name FROM cards WHERE id = 'osmcg-core-001'")).toEqual([
    { name: 'Pyra, Ember Regent' },
  ]);
  expect(queryDb('SELECT c.id FROM trash_cards c')).toEqual([{ id: last.id }]);

  await page.getByTestId('open-trash').click();
  const trashRow = page.getByTestId('trash-dialog').getByTestId('trash-row');
  await expect(trashRow).toHaveCount(1);
  await expect(trashRow).toContainText('1 card not in starter-revised.set.json');
  await trashRow.getByTestId('trash-restore').click();
  await expect(page.getByTestId('trash-dialog').getByTestId('trash-empty')).toBeVisible();
  expect(queryDb('SELECT set_id FROM cards WHERE id = ?', last.id)).toEqual([{ set_id: CORE }]);
});

test('"Move…" puts a card into another set of its game, where it is after a reload', async ({ page, queryDb }) => {
  const missions = 'OSMCG Mission & Objective Decks';
  await page.getByTestId('set-row').filter({ hasText: STARTER }).click();
  await page.getByTestId('library-search').fill('Pyra');
  const row = page.getByTestId('card-row').filter({ hasText: 'Pyra, Ashen Marshal' });
  await row.click();
  const cardId = await row.getAttribute('data-card-id');
  const [pool] = queryDb<{ seq: number }>('SELECT seq FROM cards WHERE id = ?', cardId);

  await page.getByTestId('card-detail').getByTestId('move-card').click();
  const dialog = page.getByTestId('move-cards-dialog');
  await expect(dialog.getByTestId('move-target').locator('option')).toHaveText([missions]);
  await dialog.getByTestId('move-cards').click();
  await expect(page.getByTestId('toast').filter({ hasText: `Moved 1 card to “${missions}”` })).toBeVisible();
  await expect(page.locator(`[data-card-id="${cardId}"]`)).toHaveCount(0);

  const [target] = queryDb<{ id: string }>('SELECT id FROM sets WHERE name = ?', missions);
  expect(queryDb('SELECT set_id FROM cards WHERE id = ?', cardId)).toEqual([{ set_id: target.id }]);
  expect(queryDb('SELECT set_id FROM card_pool WHERE seq = ?', pool.seq)).toEqual([{ set_id: target.id }]);

  await page.reload();
  await page.getByTestId('set-row').filter({ hasText: missions }).click();
  await page.getByTestId('library-search').fill('Pyra');
  await expect(page.getByTestId('card-row').filter({ hasText: 'Pyra, Ashen Marshal' })).toHaveCount(1);
  await expect(page.locator(`[data-card-id="${cardId}"]`)).toHaveCount(1);
});

test('"Move to set…" on selected cards moves them all in one step', async ({ page, queryDb }) => {
  const missions = 'OSMCG Mission & Objective Decks';
  await page.getByTestId('set-row').filter({ hasText: STARTER }).click();
  await page.getByTestId('library-search').fill('Cinder');
  const rows = page.getByTestId('card-row');
  await expect(rows).toHaveCount(3);
  await rows.nth(0).click();
  await rows.nth(1).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByTestId('selection-count')).toHaveText('2 cards selected');
  const ids = [await rows.nth(0).getAttribute('data-card-id'), await rows.nth(1).getAttribute('data-card-id')];

  await page.getByTestId('move-selected').click();
  const dialog = page.getByTestId('move-cards-dialog');
  await expect(dialog).toContainText('Move these 2 cards to');
  await dialog.getByTestId('move-target').selectOption({ label: missions });
  await dialog.getByTestId('move-cards').click();
  await expect(page.getByTestId('toast').filter({ hasText: `Moved 2 cards to “${missions}”` })).toBeVisible();
  await expect(rows).toHaveCount(1);

  const [target] = queryDb<{ id: string }>('SELECT id FROM sets WHERE name = ?', missions);
  expect(queryDb('SELECT DISTINCT set_id FROM cards WHERE id IN (?, ?)', ...ids)).toEqual([{ set_id: target.id }]);
  await expect(page.getByTestId('set-row').filter({ hasText: missions })).toContainText('20');
});

test('set codes are unique within a game: New set and Edit set refuse a taken code beside the field', async ({
  page,
  queryDb,
}) => {
  await page.getByRole('button', { name: 'New set for OSMCG' }).click();
  const create = page.getByTestId('new-set-dialog');
  await create.getByTestId('new-set-name').fill('Ember Court');
  await create.getByTestId('new-set-code').fill('bad code');
  await expect(create.getByTestId('new-set-code-problem')).toContainText('may hold letters, digits');
  await create.getByTestId('new-set-code').fill('EMB');
  await create.getByTestId('create-set').click();
  await expect(create).toHaveCount(0);
  await expect(page.getByTestId('set-row').filter({ hasText: 'Ember Court' }).getByTestId('set-code')).toHaveText('EMB');

  await page.getByRole('button', { name: 'New set for OSMCG' }).click();
  await create.getByTestId('new-set-name').fill('Tide Court');
  await create.getByTestId('new-set-code').fill('emb');
  await create.getByTestId('create-set').click();
  await expect(create.getByTestId('new-set-code-problem')).toHaveText(
    'The code “emb” belongs to the set “Ember Court” (as “EMB”) in OSMCG; set codes must differ within a game. Choose another code.',
  );
  await page.screenshot({ path: test.info().outputPath('new-set-code-taken.png') });
  await create.getByTestId('new-set-code').fill('TIDE');
  await expect(create.getByTestId('new-set-code-problem')).toHaveCount(0);
  await create.getByTestId('create-set').click();
  await expect(create).toHaveCount(0);

  await openSetActions(page, 'Tide Court');
  await page.locator('.set-item').filter({ hasText: 'Tide Court' }).getByTestId('edit-set').click();
  const edit = page.getByTestId('edit-set-dialog');
  await edit.getByTestId('edit-set-code').fill('Emb');
  await edit.getByTestId('save-set').click();
  await expect(edit.getByTestId('edit-set-code-problem')).toContainText('belongs to the set “Ember Court”');
  await expect(edit.getByTestId('edit-set-name-problem')).toHaveCount(0);
  expect(queryDb("SELECT name, code FROM sets WHERE name IN ('Ember Court', 'Tide Court') ORDER BY name")).toEqual([
    { name: 'Ember Court', code: 'EMB' },
    { name: 'Tide Court', code: 'TIDE' },
  ]);
});
