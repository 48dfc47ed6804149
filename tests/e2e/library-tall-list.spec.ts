// A 1,000,000-row library list in Chromium (issue 11): the list's rows would be 60,000,000 px,
// past Chromium's 33,554,428 px element height, so row-window.ts caps the spacer and maps the
// scroll position proportionally. Building a million cards by SQL takes over a minute, so the
// real app runs against its real host with only the two search calls answered here: a million
// synthetic rows, copies of the host's own sample cards renamed "Row 0000000" … "Row 0999999",
// paged by cursor as the host pages them. Everything else (the list, its model, its keys, the
// detail pane) is the app as shipped.

import type { Page, Route } from '@playwright/test';
import type { SearchPages, SearchResult } from '../../src-main/api/contract';
import type { CardRecord } from '../../card-schema/system/format';
import { expect, test } from './fixtures';

// Playwright hides scrollbars in headless Chromium (--hide-scrollbars): this test drags one.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
});

const TOTAL = 1_000_000;
/** A row shown whole, to the pixel that the rounded clientHeight may cut (1 of 60 px). */
const WHOLE = 0.98;
const list = (page: Page) => page.getByTestId('card-list');
const rows = (page: Page) => list(page).getByTestId('card-row');
const rowNamed = (page: Page, index: number) => rows(page).filter({ hasText: rowName(index) });
const rowName = (index: number) => `Row ${String(index).padStart(7, '0')}`;

interface Paged {
  after?: { seq: number };
  limit?: number;
  pageSize?: number;
}

/**
 * Answers searchCards and searchCardPages with TOTAL rows built from the host's first real page,
 * over HTTP and over the host's WebSocket alike (src-renderer/src/api/api-socket.ts).
 */
async function serveMillionRows(page: Page): Promise<void> {
  let templates: CardRecord[] = [];
  const searchAnswer = (input: Paged): SearchResult => {
    const start = input.after ? input.after.seq + 1 : 0;
    const end = Math.min(TOTAL, start + (input.limit ?? 200));
    const cards: CardRecord[] = [];
    for (let index = start; index < end; index++) {
      const template = templates[index % templates.length];
      cards.push({ ...template, id: `million-${index}`, doc: { ...template.doc, name: rowName(index) } });
    }
    // As the host answers: the count stops at 1,000 and the exact total comes from searchCardPages.
    return {
      cards,
      total: 1_000,
      totalExact: false,
      next: end < TOTAL ? { tier: 0, key: [], seq: end - 1 } : null,
      problems: [],
      highlight: [],
    };
  };
  const pagesAnswer = (input: Paged): SearchPages => {
    const size = input.pageSize ?? 200;
    const starts: SearchPages['starts'] = [];
    for (let start = 0; start < TOTAL; start += size) starts.push(start === 0 ? null : { tier: 0, key: [], seq: start - 1 });
    return { total: TOTAL, starts };
  };
  const reply = (route: Route, value: unknown) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ok: true, value }) });
  await page.route('**/api/searchCards', async (route) => {
    if (templates.length === 0) {
      const real = (await (await route.fetch()).json()) as { ok: boolean; value: SearchResult };
      templates = real.value.cards;
    }
    await reply(route, searchAnswer(route.request().postDataJSON() as Paged));
  });
  await page.route('**/api/searchCardPages', (route) => reply(route, pagesAnswer(route.request().postDataJSON() as Paged)));
  await page.routeWebSocket(/\/api-socket$/, (socket) => {
    const server = socket.connectToServer();
    const answer = (id: number, value: unknown) => socket.send(JSON.stringify({ id, envelope: { ok: true, value } }));
    // The first searchCards goes to the host, for its cards; every other call the page makes too.
    const forTemplates = new Map<number, Paged>();
    server.onMessage((message) => {
      const { id, envelope } = JSON.parse(String(message)) as { id: number; envelope: { value: SearchResult } };
      const input = forTemplates.get(id);
      if (!input) return socket.send(message);
      forTemplates.delete(id);
      templates = envelope.value.cards;
      answer(id, searchAnswer(input));
    });
    socket.onMessage((message) => {
      const call = JSON.parse(String(message)) as { id: number; method: string; input: Paged };
      if (call.method === 'searchCards' && templates.length === 0) forTemplates.set(call.id, call.input);
      else if (call.method === 'searchCards') return answer(call.id, searchAnswer(call.input));
      else if (call.method === 'searchCardPages') return answer(call.id, pagesAnswer(call.input));
      server.send(message);
    });
  });
}

/** The list positions (1-based) of the rows drawn inside the list's view. */
async function positionsInView(page: Page): Promise<number[]> {
  return list(page).evaluate((element) => {
    const view = element.getBoundingClientRect();
    return [...element.querySelectorAll<HTMLElement>('[data-testid="card-row"]')]
      .filter((row) => {
        const box = row.getBoundingClientRect();
        return box.bottom > view.top + 1 && box.top < view.bottom - 1;
      })
      .map((row) => Number(row.getAttribute('aria-posinset')));
  });
}

test('a 1,000,000-row list scrolls to its end: End, Home, the scrollbar to the middle, a wheel step, PageDown', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await serveMillionRows(page);
  await page.reload();
  await expect(page.getByTestId('result-count').first()).toContainText('1,000,000', { timeout: 20_000 });

  // The spacer stops at the cap, which Chromium scrolls in full (give or take the pixel that
  // the list's fractional top adds).
  const height = await list(page).evaluate((element) => element.scrollHeight);
  expect(Math.abs(height - 15_000_000)).toBeLessThanOrEqual(1);

  // End from the first row: the last row is drawn, in view, focused and selected.
  await rowNamed(page, 0).click();
  await page.keyboard.press('End');
  const last = rowNamed(page, TOTAL - 1);
  // Whole but for a fraction of a pixel: the list is 690.6 px tall and clientHeight says 691.
  await expect(last).toBeInViewport({ ratio: WHOLE, timeout: 20_000 });
  await expect(last).toBeFocused();
  await expect(last).toHaveAttribute('aria-posinset', String(TOTAL));
  await expect(last).toHaveAttribute('aria-selected', 'true');
  // Scrolled to the very end: the last row's bottom is the list's bottom.
  const ends = await list(page).evaluate(
    (element, name) => {
      const row = [...element.querySelectorAll('[data-testid="card-row"]')].find((r) => r.textContent?.includes(name));
      return {
        gap: element.getBoundingClientRect().bottom - (row?.getBoundingClientRect().bottom ?? 0),
        left: element.scrollHeight - element.clientHeight - element.scrollTop,
      };
    },
    rowName(TOTAL - 1),
  );
  expect(ends.left).toBeLessThanOrEqual(1);
  expect(Math.abs(ends.gap)).toBeLessThanOrEqual(2);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: test.info().outputPath('million-rows-end.png') });

  // Up one row and back: the row above comes into view whole.
  await page.keyboard.press('ArrowUp');
  await expect(rowNamed(page, TOTAL - 2)).toBeFocused();
  await expect(rowNamed(page, TOTAL - 2)).toBeInViewport({ ratio: WHOLE });

  await page.keyboard.press('Home');
  await expect(rowNamed(page, 0)).toBeInViewport({ ratio: WHOLE, timeout: 20_000 });
  await expect(rowNamed(page, 0)).toBeFocused();

  // Drag the scrollbar's thumb from the top to the middle of its track.
  const box = (await list(page).boundingBox())!;
  const bar = await list(page).evaluate((element) => (element as HTMLElement).offsetWidth - element.clientWidth);
  expect(bar).toBeGreaterThan(0);
  const x = box.x + box.width - bar / 2;
  // At the top (Home scrolled there), the thumb's first pixels are the track's.
  await page.mouse.move(x, box.y + 4);
  await page.mouse.down();
  await page.mouse.move(x, box.y + box.height / 2, { steps: 10 });
  await page.mouse.up();
  // Rows near N/2 show, with their cards loaded (names, not placeholders).
  await expect.poll(async () => Math.min(...(await positionsInView(page))), { timeout: 20_000 }).toBeGreaterThan(TOTAL * 0.45);
  const middle = await positionsInView(page);
  expect(Math.max(...middle)).toBeLessThan(TOTAL * 0.55);
  const firstMiddle = Math.min(...middle);
  await expect(rowNamed(page, firstMiddle - 1)).toBeVisible({ timeout: 20_000 });

  // A small wheel step moves the rows by a few pixels (4 per scrolled pixel), not by pages.
  const anchor = Math.min(...middle) + 2;
  const before = (await rowNamed(page, anchor - 1).boundingBox())!.y;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 10);
  await expect.poll(async () => (await rowNamed(page, anchor - 1).boundingBox())?.y ?? before).toBeLessThan(before);
  const moved = before - (await rowNamed(page, anchor - 1).boundingBox())!.y;
  expect(moved).toBeGreaterThan(0);
  expect(moved).toBeLessThanOrEqual(60);

  // PageDown from a row in the middle: the selection moves down a page and stays in view.
  await rowNamed(page, anchor - 1).click();
  let at = anchor;
  for (let press = 0; press < 3; press++) {
    await page.keyboard.press('PageDown');
    const focused = page.locator('[data-testid="card-row"]:focus');
    await expect(focused).toBeInViewport({ ratio: WHOLE });
    const now = Number(await focused.getAttribute('aria-posinset'));
    expect(now).toBeGreaterThan(at);
    at = now;
  }
  await page.keyboard.press('ArrowDown');
  await expect(rowNamed(page, at)).toBeFocused();
  await expect(rowNamed(page, at)).toBeInViewport({ ratio: WHOLE });
});
