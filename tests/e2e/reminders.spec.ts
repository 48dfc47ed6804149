// Keyword reminders in the editor's live preview: OSMCG prints each keyword's reminder in the
// italic face of the card font, and the card's "Hide reminder text" box takes them off.

import type { Page } from '@playwright/test';
import type { CardDocument } from '../../card-schema/system/format';
import { expect, test } from './fixtures';

const crow: CardDocument = {
  type: 'creature',
  name: 'Ashen Crow',
  colors: ['red'],
  cost: 1,
  atk: 1,
  hp: 1,
  spd: 8,
  ap: 2,
  keywords: [{ kw: 'Flying' }, { kw: 'Ranged', dmg: 1, range: 4 }],
  text: 'When it is deployed, draw a card.',
};

async function saveViaApi(page: Page, origin: string, token: string, doc: CardDocument): Promise<void> {
  const response = await page.request.post(`${origin}/api/saveCard`, {
    headers: { authorization: `Bearer ${token}`, origin, 'content-type': 'application/json' },
    data: JSON.stringify({ setId: 'osmcg-core', doc }),
  });
  expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
}

test('the preview sets reminders in italic, and the card can hide them', async ({ page, host }, testInfo) => {
  await saveViaApi(page, host.origin, host.token, crow);
  await page.reload();
  await page.getByTestId('library-search').fill('Ashen Crow');
  await page.getByTestId('card-list').getByTestId('card-row').filter({ hasText: 'Ashen Crow' }).dblclick();
  const preview = page.getByRole('complementary', { name: 'Live preview' }).getByTestId('card-preview');
  const italic = preview.locator('text[font-style="italic"]');
  await expect(italic.first()).toHaveText(/^\(Only flyers can attack/);
  await expect(preview.locator('text', { hasText: /^Ranged\(1, 4"\)$/ })).toHaveAttribute('font-style', 'normal');
  const reminders = (await italic.allTextContents()).join(' ');
  expect(reminders).toContain('(Attacks up to 4" away for 1 damage instead of ATK; not while engaged.)');
  await page.evaluate(() => document.fonts.ready);
  await testInfo.attach('preview.png', { body: await preview.screenshot(), contentType: 'image/png' });

  await page.locator('[data-field="/hideReminders"]').check();
  await expect(italic).toHaveCount(0);
  await expect(preview.locator('text', { hasText: /^Flying$/ })).toBeVisible();
  await page.locator('[data-field="/hideReminders"]').uncheck();
  await expect(italic.first()).toBeVisible();
});
