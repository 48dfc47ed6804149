// Typing on the card in the editor's preview: click the name on the card, type, Tab to the
// next box (the cost beside it), type, save — both values land in SQLite, the form followed
// every keystroke, Undo takes the steps back as it does for the form's fields, and a bad value
// shows the form's own validation message at the box; Esc puts the value back.

import type { Locator, Page } from '@playwright/test';
import { COALESCE_MS } from '../../src-renderer/src/editor/edit-history';
import { expect, test } from './fixtures';

const field = (page: Page, pointer: string): Locator => page.locator(`form [data-field="${pointer}"]`);
const box = (page: Page, pointer: string): Locator =>
  page.locator(`[data-testid="on-card-box"][data-on-card-field="${pointer}"]`);

test('type on the card: name, Tab to the cost, save, undo, and a bad value', async ({ page, queryDb }) => {
  await page.getByTestId('library-search').fill('Cinder Whelp');
  await page.getByTestId('card-row').filter({ hasText: 'Cinder Whelp' }).first().click();
  await page.getByTestId('edit-card').click();
  await expect(field(page, '/name')).toHaveValue('Cinder Whelp');

  // The name on the card opens an editor over it, holding the name, labelled as the form's field.
  await expect(box(page, '/name')).toHaveAccessibleName('Edit Name on the card');
  await box(page, '/name').click();
  const editor = page.getByTestId('on-card-editor');
  const name = editor.getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('Cinder Whelp');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Cinder Hound');
  // The form follows each keystroke: the same document.
  await expect(field(page, '/name')).toHaveValue('Cinder Hound');
  await expect(page.getByTestId('card-preview').first()).toHaveAccessibleName('Card: Cinder Hound');

  // A pause, so the cost is an undo step of its own (as typing in two form fields would be).
  await page.waitForTimeout(COALESCE_MS + 200);
  await page.keyboard.press('Tab');
  const cost = editor.getByRole('textbox', { name: 'Mana Cost' });
  await expect(cost).toBeFocused();
  await expect(cost).toHaveValue('1');
  await page.keyboard.type('4');
  await expect(field(page, '/cost')).toHaveValue('4');

  // Clicking elsewhere commits; the card saves with both values.
  await page.getByTestId('save-card').click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await expect
    .poll(() =>
      queryDb<{ doc: string }>("SELECT doc FROM cards WHERE json_extract(doc, '$.name') = 'Cinder Hound'").map((row) => {
        const doc = JSON.parse(row.doc) as { name: string; cost: number };
        return [doc.name, doc.cost];
      }),
    )
    .toEqual([['Cinder Hound', 4]]);

  // Undo takes back the cost, then the name.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(field(page, '/cost')).toHaveValue('1');
  await expect(field(page, '/name')).toHaveValue('Cinder Hound');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(field(page, '/name')).toHaveValue('Cinder Whelp');

  // A bad value: the box shows the form's own message for the field, and saving is blocked.
  await box(page, '/atk').click();
  const atk = editor.getByRole('textbox', { name: 'ATK' });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('150');
  await expect(field(page, '/atk')).toHaveValue('150');
  const formMessage = page.locator('form [data-testid="field-error"][data-path="/atk"]');
  const cardMessage = editor.getByTestId('field-error');
  await expect(formMessage).toBeVisible();
  await expect(cardMessage).toHaveText((await formMessage.textContent()) ?? '');
  await expect(atk).toHaveAttribute('aria-describedby', /.+/);
  await expect(page.getByTestId('save-card')).toBeDisabled();

  // Esc puts the value the box opened with back, and the keyboard stays on the card.
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(field(page, '/atk')).toHaveValue('1');
  await expect(box(page, '/atk')).toBeFocused();
  await expect(formMessage).toHaveCount(0);

  // Enter on the box opens it again with its text selected; Enter commits a one-line field.
  await page.keyboard.press('Enter');
  await expect(atk).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(editor).toHaveCount(0);
  await expect(field(page, '/atk')).toHaveValue('2');
});
