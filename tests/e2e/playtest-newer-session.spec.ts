// A deck whose saved playtest session a newer Cardwright wrote, in Chromium: opening the board
// says why the session is not offered, a new game starts, and playing it leaves that session
// in storage for the newer Cardwright to resume.

import { SAVED_PLAYTEST_VERSION } from '../../card-schema/playtest/saved';
import { expect, test } from './fixtures';
import { openPlaytest } from './playtest-fixture';

const KEY = 'cardwright.playtest-session.osmcg-sample-legal';

test('a session saved by a newer Cardwright is named, not offered, and kept', async ({ page }) => {
  const newer = JSON.stringify({ version: SAVED_PLAYTEST_VERSION + 1, savedAt: '2026-11-27T09:00:00.000Z', tables: [] });
  await page.evaluate(([key, text]) => localStorage.setItem(key, text), [KEY, newer]);
  await openPlaytest(page, 'Ember Vanguard');
  const toast = page.getByTestId('toast').filter({ hasText: 'This playtest was saved by a newer Cardwright' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(
    `(session format ${SAVED_PLAYTEST_VERSION + 1}; this version reads format ${SAVED_PLAYTEST_VERSION}): resume it in that version. It stays saved: games played here are not saved over it.`,
  );
  await expect(page.getByTestId('resume-session')).toHaveCount(0);
  await page.mouse.move(5, 895);
  await page.screenshot({ path: test.info().outputPath('newer-session.png') });

  await page.getByTestId('keep').click();
  await page.getByTestId('next-phase').click();
  await expect(page.getByTestId('phase')).toHaveText('Draw');
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBe(newer);
});
