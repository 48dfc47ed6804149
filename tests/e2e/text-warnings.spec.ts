// Layout warnings in the app: a rules text too long for its box and a name with an emoji
// sequence (printed as separate pictures) are shown at their fields in the editor as warnings
// (saving still works) and as a badge on the card's row in the library.

import type { Page } from '@playwright/test';
import type { CardDocument } from '../../card-schema/system/format';
import { expect, test } from './fixtures';

const LONG_RULES = 'Whenever an enemy unit moves within 3" of this unit, it must stop moving and take 1 damage. '.repeat(6);

const card: CardDocument = {
  type: 'creature',
  name: 'Gatekeeper 👨‍👩‍👧',
  colors: ['blue'],
  cost: 3,
  atk: 2,
  hp: 4,
  spd: 4,
  ap: 2,
  text: LONG_RULES,
};

async function saveViaApi(page: Page, origin: string, token: string, doc: CardDocument): Promise<void> {
  const response = await page.request.post(`${origin}/api/saveCard`, {
    headers: { authorization: `Bearer ${token}`, origin, 'content-type': 'application/json' },
    data: JSON.stringify({ setId: 'osmcg-core', doc }),
  });
  expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
}

test('warnings show at the field and on the library row, and never block saving', async ({ page, host, queryDb }) => {
  await saveViaApi(page, host.origin, host.token, card);
  await page.reload();
  await page.getByTestId('library-search').fill('Gatekeeper');
  const row = page.getByTestId('card-list').getByTestId('card-row').filter({ hasText: 'Gatekeeper' });
  await expect(row.getByTestId('card-warning')).toHaveText(/^Print warnings: ?2$/);
  await expect(row.getByTestId('card-warning')).toHaveAttribute('title', /👨‍👩‍👧 prints as 👨 👩 👧/);
  await expect(row.getByTestId('card-warning')).toHaveAttribute('title', /Too long for its box/);

  await row.dblclick();
  const textWarning = page.locator('[data-testid="field-warning"][data-path="/text"]');
  await expect(textWarning).toContainText('Too long for its box: even at');
  await expect(textWarning).toContainText('cut off');
  await expect(page.locator('[data-testid="field-warning"][data-path="/name"]')).toContainText(
    'so each prints as separate pictures',
  );
  // Warnings are not errors: no error at the field, and the card saves.
  await expect(page.locator('[data-testid="field-error"]')).toHaveCount(0);

  const text = page.locator('[data-field="/text"]');
  await text.fill('Whenever an enemy unit moves within 3" of this unit, it must stop moving.');
  await expect(textWarning).toHaveCount(0);
  await expect(page.getByTestId('warning-count')).toHaveText(/1 print warning$/);
  const longer = `${LONG_RULES}And again.`;
  await text.fill(longer);
  await expect(textWarning).toBeVisible();
  await expect(page.getByTestId('warning-count')).toHaveText(/2 print warnings$/);
  await page.getByTestId('save-card').click();
  await expect
    .poll(() => queryDb<{ doc: string }>("SELECT doc FROM cards WHERE name = 'Gatekeeper 👨‍👩‍👧'").map((r) => JSON.parse(r.doc).text))
    .toEqual([longer]);
});

test('a symbol token the game does not have is a warning at the field and when the card is printed', async ({ page }) => {
  await page.locator('[data-testid="set-row"][data-set-id="muhq-vale"]').click();
  await page.getByTestId('library-search').fill('Forage');
  const row = page.getByTestId('card-list').getByTestId('card-row').filter({ hasText: 'Forage' });
  await row.dblclick();
  const text = page.locator('[data-field="/text"]');
  const warning = page.locator('[data-testid="field-warning"][data-path="/text"]');
  await text.fill('{R}: gain 1 resource.');
  await expect(warning).toHaveCount(0);
  await text.fill('{Q}: gain 1 resource.');
  await expect(warning).toContainText('{Q} is no symbol of this game, so it prints as typed; its symbols are {T}, {R}, ');
  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await page.getByTestId('editor-back').click();

  // Printed: the export says which card prints with a warning, and why.
  await row.click();
  await page.getByTestId('print-selected').click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('print-export').click();
  await downloading;
  await expect(page.getByTestId('toast').filter({ hasText: '1 card prints with warnings' })).toContainText(
    "“Forage” (muhq's game: The Vale): {Q} is no symbol of this game",
  );
});
