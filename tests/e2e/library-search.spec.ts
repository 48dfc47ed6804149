// The library's query language and its one virtual list, end to end in Chromium against the real
// web host: field filters with a comparison and a negation give exactly what SQLite holds, a column
// sorts, an unknown field is a line under the box (never a toast), and a 100,000-card library
// scrolls to its last card with no "Load more".

import type { Page } from '@playwright/test';
import { callApi, expect, test } from './fixtures';

const rows = (page: Page) => page.getByTestId('card-list').getByTestId('card-row');
const rowNames = (page: Page) => rows(page).locator('.name').allTextContents();
const count = async (page: Page): Promise<number> => {
  const text = (await page.getByTestId('result-count').first().textContent()) ?? '';
  const match = /([\d,]+)/.exec(text);
  return match ? Number(match[1].replace(/,/g, '')) : 0;
};

test('field filters, a comparison and a negation find exactly the cards SQLite holds', async ({ page, queryDb }) => {
  const expected = queryDb<{ name: string }>(
    `SELECT c.name FROM cards c JOIN sets s ON s.id = c.set_id AND s.system_id = 'osmcg'
     WHERE c.type = 'creature' AND json_extract(c.doc, '$.cost') <= 3 AND c.name NOT LIKE '%wolf%'`,
  ).map((row) => row.name);
  expect(expected.length).toBeGreaterThan(1);

  const search = page.getByTestId('library-search');
  await search.click();
  await search.pressSequentially('type:creature cost<=3 -wolf', { delay: 15 });
  await expect.poll(() => count(page)).toBe(expected.length);
  // The list is virtual: the rows on screen are some of them, each one expected.
  await expect(rows(page).first()).toBeVisible();
  for (const name of await rowNames(page)) expect(expected).toContain(name);
  await expect(page.getByTestId('search-problem')).toHaveText('');
});

test('a column sorts, and again reverses', async ({ page }) => {
  const search = page.getByTestId('library-search');
  await search.fill('type:creature');
  await page.getByTestId('sort-cost').click();
  await expect(page.getByTestId('sort-header').locator('[aria-sort="ascending"]')).toContainText('Cost');
  const costs = async () => (await rows(page).locator('[data-testid="row-cost"]').allTextContents()).map(Number);
  await expect.poll(async () => (await costs()).length).toBeGreaterThan(3);
  const ascending = await costs();
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await page.getByTestId('sort-cost').click();
  await expect(page.getByTestId('sort-header').locator('[aria-sort="descending"]')).toContainText('Cost');
  await expect.poll(async () => (await costs())[0]).toBeGreaterThan(ascending[ascending.length - 1]);
  const descending = await costs();
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
});

test('an unknown field and 10,000 typed characters are a line under the box, never a toast', async ({ page }) => {
  const search = page.getByTestId('library-search');
  await search.fill('foo:bar ember');
  await expect(page.getByTestId('search-problem')).toContainText('Unknown field');
  await search.fill(`${'x'.repeat(10_000)} cost<= "never closed`);
  await expect(page.getByTestId('search-problem')).not.toHaveText('');
  await expect(page.locator('[data-testid="toast"][data-kind="error"]')).toHaveCount(0);
});

test('the typed words are marked in the rows; browsing shows the same rows as plain text', async ({ page, queryDb }) => {
  const [first] = queryDb<{ name: string }>(
    `SELECT c.name FROM cards c JOIN sets s ON s.id = c.set_id AND s.system_id = 'osmcg' ORDER BY c.name COLLATE NOCASE LIMIT 1`,
  );
  // Browsing (no words): the first row's name is its text, with nothing marked.
  await expect(rows(page).first().locator('.name')).toHaveText(first.name);
  await expect(rows(page).locator('mark')).toHaveCount(0);

  const word = first.name.split(/\s+/)[0];
  await page.getByTestId('library-search').fill(word.toLowerCase());
  const name = rows(page).filter({ hasText: first.name }).first().locator('.name');
  await expect(name).toHaveText(first.name);
  await expect(name.locator('mark').first()).toHaveText(word);
  // Written as text nodes and marks only (row-text.ts: never parsed as HTML), every piece in place.
  const nodes = await name.evaluate((span) => [...span.childNodes].map((node) => [node.nodeName, node.textContent]));
  expect(nodes.map(([kind]) => kind).every((kind) => kind === '#text' || kind === 'MARK')).toBe(true);
  expect(nodes.map(([, text]) => text).join('')).toBe(first.name);
  expect(nodes.filter(([kind]) => kind === 'MARK').map(([, text]) => text)).toContain(word);

  await page.getByTestId('library-search').fill('');
  await expect(rows(page).first().locator('.name')).toHaveText(first.name);
  await expect(rows(page).locator('mark')).toHaveCount(0);
});

test('rows keep their elements as the list scrolls; each thumbnail frame is one bitmap, shared by the rows that have it', async ({
  page,
}) => {
  await expect(rows(page).first()).toBeVisible();
  const frames = await page
    .getByTestId('card-list')
    .getByTestId('card-thumb')
    .evaluateAll((thumbs) => thumbs.map((thumb) => getComputedStyle(thumb).backgroundImage));
  expect(frames.length).toBeGreaterThan(5);
  for (const frame of frames) expect(frame).toMatch(/^url\("data:image\/png;base64,/);
  // The samples have a few frames per card type and color: rows share them.
  expect(new Set(frames).size).toBeLessThan(frames.length);
  // Given by a class (its rule parsed once), not an inline data: URL parsed again for every row.
  const inline = await page
    .getByTestId('card-list')
    .getByTestId('card-thumb')
    .evaluateAll((thumbs) => thumbs.map((thumb) => thumb.getAttribute('style') ?? ''));
  for (const style of inline) expect(style).not.toContain('url(');

  // Scrolled by a screen: the rows in view are the elements that showed the cards above.
  const before = await rows(page).evaluateAll((elements) => {
    (window as unknown as { shownRows: Element[] }).shownRows = elements;
    return elements.map((row) => row.getAttribute('data-card-id'));
  });
  await page.getByTestId('card-list').evaluate((list) => (list.scrollTop += list.clientHeight));
  await expect.poll(() => rows(page).first().getAttribute('data-card-id')).not.toBe(before[0]);
  const reused = await rows(page).evaluateAll((elements, shownIds) => {
    const old = (window as unknown as { shownRows: Element[] }).shownRows;
    // The same element, now showing a card it did not show before.
    return elements.filter((row) => old.includes(row) && !shownIds.includes(row.getAttribute('data-card-id'))).length;
  }, before);
  expect(reused).toBeGreaterThan(5);
});

test('a 100,000-card library is one list: End reaches the last card by name', async ({ page, host, queryDb }) => {
  test.setTimeout(150_000);
  const [spell] = queryDb<{ doc: string }>(
    "SELECT c.doc FROM cards c JOIN sets s ON s.id = c.set_id AND s.system_id = 'osmcg' WHERE c.type = 'spell' LIMIT 1",
  );
  // Without its picture: the set file brings no image library.
  const { art: _art, ...base } = JSON.parse(spell.doc) as Record<string, unknown>;
  const cards = Array.from({ length: 100_000 }, (_, i) => ({
    id: `big-${i}`,
    doc: { ...base, name: `Scroll ${String(i).padStart(6, '0')}` },
  }));
  const text = JSON.stringify({
    format: 'cardwright-set',
    formatVersion: 1,
    set: { id: 'big', systemId: 'osmcg', name: 'Big Set', description: '' },
    cards,
  });
  const started = await callApi<{ id: string }>(page, host, 'startJob', {
    job: { kind: 'importSet', fileName: 'big.json', text },
  });
  await expect
    .poll(async () => (await callApi<{ state: string }>(page, host, 'jobStatus', { jobId: started.id })).state, {
      timeout: 180_000,
    })
    .toBe('done');
  const [{ total }] = queryDb<{ total: number }>(
    "SELECT count(*) AS total FROM cards c JOIN sets s ON s.id = c.set_id WHERE s.name = 'Big Set'",
  );
  expect(total).toBe(100_000);

  // Imported behind the page's back: load the library again to list the new set.
  await page.reload();
  await page.getByTestId('set-list').getByText('Big Set').click({ timeout: 15_000 });
  // A blank query lists by name.
  await expect(page.getByTestId('sort-header').locator('[aria-sort="ascending"]')).toContainText('Name');
  await expect.poll(() => count(page), { timeout: 30_000 }).toBe(100_000);
  await expect(page.getByText('Load more')).toHaveCount(0);

  await rows(page).first().click();
  await page.keyboard.press('End');
  await expect(rows(page).filter({ hasText: 'Scroll 099999' })).toBeVisible({ timeout: 30_000 });
});
