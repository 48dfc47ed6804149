// The print dialog names every print problem before paper: a set with text cut after shrinking,
// a symbol the game lacks and a text that fits its card but not the card size chosen for the print.
// The list is grouped by kind with a count, follows the card size option, and a card's link opens
// it in the library's editor.

import type { Page } from '@playwright/test';
import type { CardDocument } from '../../card-schema/system/format';
import { expect, test } from './fixtures';

const creature = (name: string, text: string): CardDocument => ({
  type: 'creature',
  name,
  colors: ['red'],
  cost: 1,
  atk: 1,
  hp: 1,
  spd: 1,
  ap: 1,
  text,
});

const LONG_RULES = 'Whenever an enemy unit moves within 3" of this unit, it must stop moving and take 1 damage. '.repeat(6);
// Fits the game's 63 × 88 mm card at its smallest size; cut at Japanese size (59 × 86 mm).
const ALMOST_FULL =
  'When this unit enters each player discards a card and then draws two cards if they control a unit within range of the enemy leader at the start of the turn '
    .repeat(4)
    .split(' ')
    .slice(0, 66)
    .join(' ');

async function post<T>(page: Page, host: { origin: string; token: string }, method: string, input: unknown): Promise<T> {
  const response = await page.request.post(`${host.origin}/api/${method}`, {
    headers: { authorization: `Bearer ${host.token}`, origin: host.origin, 'content-type': 'application/json' },
    data: JSON.stringify(input),
  });
  const body = (await response.json()) as { ok: boolean; value: T };
  expect(body.ok, JSON.stringify(body)).toBe(true);
  return body.value;
}

test('the print dialog lists each card with a print problem by kind, follows the card size, and links to the card', async ({
  page,
  host,
}) => {
  const set = await post<{ id: string }>(page, host, 'createSet', { systemId: 'osmcg', name: 'Troubled Set' });
  for (const doc of [
    creature('Long Winded', LONG_RULES),
    creature('Odd Token', '{Q}: gain 1 {mana}.'),
    creature('Almost Full', ALMOST_FULL),
    creature('Plain Whelp', 'Draw a card.'),
  ])
    await post(page, host, 'saveCard', { setId: set.id, doc });
  await page.reload();

  const row = page.getByTestId('set-row').filter({ hasText: 'Troubled Set' });
  await row.hover();
  await page.locator('.set-item', { has: row }).getByTestId('print-set').click();
  const problems = page.getByTestId('print-problems');
  await expect(problems.getByTestId('print-problems-heading')).toHaveText('2 print problems on 2 cards');
  const groups = problems.getByTestId('print-problem-group');
  await expect(groups).toHaveCount(2);
  await expect(groups.nth(0)).toHaveAttribute('data-kind', 'text-cut');
  await expect(groups.nth(0).locator('h4')).toHaveText('Text cut off (1)');
  await expect(groups.nth(0).getByTestId('print-problem')).toContainText('Long Winded · Troubled Set');
  await expect(groups.nth(0).getByTestId('print-problem')).toContainText('Too long for its box: even at');
  await expect(groups.nth(1)).toHaveAttribute('data-kind', 'unknown-symbol');
  await expect(groups.nth(1).getByTestId('print-problem')).toContainText('{Q} is no symbol of this game, so it prints as typed');

  // Another card size: the text that only fits the game's card is named too.
  await page.getByTestId('print-card-size').selectOption('japanese');
  await expect(problems.getByTestId('print-problems-heading')).toHaveText('3 print problems on 3 cards');
  const bySize = problems.locator('[data-testid="print-problem-group"][data-kind="text-cut-by-card-size"]');
  await expect(bySize.locator('h4')).toHaveText('Text cut by the chosen card size (1)');
  await expect(bySize.getByTestId('print-problem')).toContainText('Almost Full · Troubled Set');
  await expect(bySize.getByTestId('print-problem')).toContainText(
    "Cut by the card size chosen for this print (59 × 86 mm): it fits on the game's 63 × 88 mm card.",
  );
  await page.getByTestId('print-card-size').selectOption('game');
  await expect(problems.getByTestId('print-problems-heading')).toHaveText('2 print problems on 2 cards');

  // The link opens the card in the editor, the dialog closed.
  await groups.nth(1).getByRole('button', { name: 'Odd Token' }).click();
  await expect(page.getByTestId('print-dialog')).toHaveCount(0);
  await expect(page.getByTestId('card-editor')).toBeVisible();
  await expect(page.locator('[data-testid="field-warning"][data-path="/text"]')).toContainText('{Q} is no symbol of this game');
});
