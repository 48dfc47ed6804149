// Typing into the deck builder's pool search, as the e2e tests do it: the rows move when the
// search's answer lands, so a click waits until the pool shows that answer (aria-busy false).

import { expect, type Page } from '@playwright/test';

export async function searchPool(page: Page, text: string): Promise<void> {
  await page.getByTestId('deck-card-search').fill(text);
  await expect(page.getByTestId('pool-list')).toHaveAttribute('aria-busy', 'false');
}
