// Card revisions through the UI: edit and save twice, Ctrl+Z after the save brings the pre-save
// form back, the history compares and restores the first version (checked in SQLite); previous /
// next card of the library's list; unsaved edits offered back after a reload; a set's changes
// since a date and its errata log downloaded and read.

import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** What the date picker (datetime-local, to the second) holds for `date`, in local time. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

const field = (page: Page, pointer: string): Locator => page.locator(`[data-field="${pointer}"]`);

async function editCard(page: Page, name: string): Promise<void> {
  await page.getByTestId('library-search').fill(name);
  const row = page.getByTestId('card-row').filter({ hasText: name }).first();
  await row.click();
  await page.getByTestId('edit-card').click();
  await expect(page.getByTestId('card-editor')).toBeVisible();
  await expect(field(page, '/name')).toHaveValue(name);
}

async function save(page: Page): Promise<void> {
  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
}

test('edit a card, undo after saving, compare and restore an old revision', async ({ page, queryDb }) => {
  const [{ id, doc }] = queryDb<{ id: string; doc: string }>(
    "SELECT id, doc FROM cards WHERE json_extract(doc, '$.name') = 'Cinder Whelp'",
  );
  const original = JSON.parse(doc) as { flavor?: string; atk: number };
  await editCard(page, 'Cinder Whelp');

  await field(page, '/flavor').fill('First errata.');
  await save(page);
  await field(page, '/atk').fill(String(original.atk + 2));
  await field(page, '/flavor').fill('Second errata.');
  await save(page);

  // Ctrl+Z in the text field after the save: the form goes back to the saved-before values, unsaved.
  await field(page, '/flavor').focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(field(page, '/flavor')).toHaveValue('First errata.');
  await expect(field(page, '/atk')).toHaveValue(String(original.atk));
  await expect(page.getByTestId('save-status')).toContainText('Unsaved changes');
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(field(page, '/flavor')).toHaveValue('Second errata.');
  await expect(page.getByTestId('save-status')).toHaveText('Saved');

  await page.getByTestId('card-history').click();
  const dialog = page.getByTestId('card-history-dialog');
  const rows = dialog.getByTestId('revision-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId('revision-changed')).toHaveText('Changed: ATK and Flavor text');
  await expect(rows.nth(1).getByTestId('revision-changed')).toHaveText('Changed: Flavor text');

  // The oldest against the card now, field by field with the form's labels.
  await rows.nth(1).getByTestId('compare-revision').click();
  const changes = dialog.getByTestId('revision-change');
  await expect(changes).toHaveCount(2);
  await expect(changes.filter({ hasText: 'ATK' })).toContainText(`${original.atk}${original.atk + 2}`);
  await expect(changes.filter({ hasText: 'Flavor text' })).toContainText(`${original.flavor ?? '—'}Second errata.`);
  await page.screenshot({ path: test.info().outputPath('card-history.png') });

  await rows.nth(1).getByTestId('restore-revision').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Restored' })).toBeVisible();
  await expect(rows).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(field(page, '/flavor')).toHaveValue(original.flavor ?? '');
  await expect(page.getByTestId('save-status')).toHaveText('Saved');

  const [stored] = queryDb<{ doc: string }>('SELECT doc FROM cards WHERE id = ?', id);
  expect(JSON.parse(stored.doc)).toEqual(JSON.parse(doc));
  const revisions = queryDb<{ cause: string }>('SELECT cause FROM card_revisions WHERE card_id = ? ORDER BY seq', id);
  expect(revisions.map((row) => row.cause)).toEqual(['save', 'save', 'restore']);
});

test('previous and next card of the list, asking before leaving unsaved changes', async ({ page }) => {
  const rows = page.getByTestId('card-list').getByTestId('card-row');
  await expect(rows.nth(2)).toBeVisible();
  const names = await rows.locator('.name').allTextContents();
  await rows.nth(1).click();
  await page.getByTestId('edit-card').click();
  await expect(field(page, '/name')).toHaveValue(names[1]);

  await page.getByTestId('next-card').click();
  await expect(field(page, '/name')).toHaveValue(names[2]);
  await page.keyboard.press('Alt+ArrowUp');
  await expect(field(page, '/name')).toHaveValue(names[1]);
  await page.keyboard.press('ControlOrMeta+[');
  await expect(field(page, '/name')).toHaveValue(names[0]);
  await expect(page.getByTestId('previous-card')).toBeDisabled();

  // Unsaved changes: the leave guard asks; keeping them stays on the card.
  await field(page, '/name').fill(`${names[0]} edited`);
  await page.keyboard.press('Alt+ArrowDown');
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('unsaved changes');
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(field(page, '/name')).toHaveValue(`${names[0]} edited`);
  await page.getByTestId('next-card').click();
  await confirm.getByRole('button', { name: 'Discard changes' }).click();
  await expect(field(page, '/name')).toHaveValue(names[1]);
});

test('unsaved edits survive a reload and are offered back', async ({ page }) => {
  await editCard(page, 'Cinder Whelp');
  await field(page, '/flavor').fill('Not saved yet.');
  // The draft is written after a pause in editing.
  await page.waitForTimeout(1500);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await editCard(page, 'Cinder Whelp');
  await expect(page.getByTestId('draft-offer')).toContainText(/Restore unsaved changes from \d/);
  await page.getByTestId('restore-draft').click();
  await expect(field(page, '/flavor')).toHaveValue('Not saved yet.');
  await expect(page.getByTestId('save-status')).toContainText('Unsaved changes');
  await expect(page.getByTestId('draft-offer')).toHaveCount(0);
});

test("a set's changes since a date, exported as an errata log", async ({ page }) => {
  // The samples were written when the app started: the date is the next whole second after that
  // (the picker counts seconds), and the edit comes after it.
  const since = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000);
  await page.waitForTimeout(since.getTime() - Date.now() + 50);
  await editCard(page, 'Cinder Whelp');
  await field(page, '/flavor').fill('Errata: hotter.');
  await save(page);
  await page.getByTestId('editor-back').click();

  await page.getByTestId('set-row').filter({ hasText: 'OSMCG Starter Set' }).hover();
  const starter = page.locator('.set-item').filter({ has: page.getByTestId('set-row').filter({ hasText: 'OSMCG Starter Set' }) });
  await starter.getByTestId('set-more').click();
  await starter.getByTestId('set-changes').click();
  const dialog = page.getByTestId('set-changes-dialog');
  // A week back at first: the samples count as added then.
  await expect(dialog.getByTestId('change-added').first()).toBeVisible();

  await dialog.getByTestId('changes-since').fill(localInputValue(since));
  await expect(dialog.getByTestId('change-added')).toHaveCount(0);
  const card = dialog.getByTestId('change-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Cinder Whelp');
  await expect(card.getByTestId('change-field')).toContainText('Flavor text');
  await expect(card.getByTestId('change-field')).toContainText('Errata: hotter.');
  await page.screenshot({ path: test.info().outputPath('set-changes.png') });

  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('export-errata').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/errata since .*\.md$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toMatch(/^# Errata: OSMCG Starter Set/);
  expect(text).toContain('## Changed (1)');
  expect(text).toContain('### Cinder Whelp');
  expect(text).toMatch(/- Flavor text: .* → Errata: hotter\./);
  expect(text).not.toContain('## Added');

  // Since after the save: nothing.
  await dialog.getByTestId('changes-since').fill(localInputValue(new Date(Date.now() + 120_000)));
  await expect(dialog.getByTestId('no-changes')).toBeVisible();
});
