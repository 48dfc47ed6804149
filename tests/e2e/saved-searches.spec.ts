// Saved searches in the library toolbar, end to end: a search saved under a name is a row in
// SQLite, and applying it later brings back its query and order.

import { expect, test } from './fixtures';

test('a search saved under a name comes back with its query and order', async ({ page, queryDb }) => {
  const search = page.getByTestId('library-search');
  await search.fill('type:creature cost<=3');
  await page.getByTestId('sort-cost').click();

  await page.getByTestId('saved-searches-button').click();
  await page.getByTestId('save-search').click();
  await page.getByTestId('saved-search-name').fill('Cheap creatures');
  await page.getByTestId('saved-search-save').click();
  await expect
    .poll(() => queryDb<{ name: string; query: string; sort: string }>('SELECT name, query, sort FROM saved_searches'))
    .toEqual([{ name: 'Cheap creatures', query: 'type:creature cost<=3', sort: 'cost' }]);

  await search.fill('');
  await page.getByTestId('sort-name').click();
  await page.getByTestId('saved-searches-button').click();
  await page.getByTestId('saved-search').filter({ hasText: 'Cheap creatures' }).click();
  await expect(search).toHaveValue('type:creature cost<=3');
  await expect(page.getByTestId('sort-header').locator('[aria-sort="ascending"]')).toContainText('Cost');
});
