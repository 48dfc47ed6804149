// A font added to a game in the studio's Game tab: a copy of a built-in game, the tutorial's OFL
// font uploaded, its license filled in, the game saved. The font is listed with its sample line set
// in it, the file is in the game's folder, and the reloaded game declares it. A file that is no
// font is refused in one sentence naming it.

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const FONT = join(ROOT, 'docs/tutorial/lantern-watch/fonts/Blankenburg.ttf');
const OFL = readFileSync(join(ROOT, 'docs/tutorial/lantern-watch/fonts/OFL.txt'), 'utf8').slice(0, 400);

test('a font uploaded in the studio is listed with its sample and saved into the game', async ({ page, dataDir }) => {
  test.setTimeout(180_000);
  await page.getByTestId('nav-games').click();
  await page.getByTestId('new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await expect(dialog.getByTestId('new-game-source')).toBeVisible();
  await dialog.getByTestId('new-game-source').selectOption('game:osmcg');
  await dialog.getByTestId('new-game-name').fill('Font Trial');
  await expect(dialog.getByTestId('new-game-id')).toHaveValue('font-trial');
  await dialog.getByTestId('create-game').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('edit-game').click();
  await expect(page.getByTestId('game-studio')).toBeVisible();
  await page.getByTestId('studio-tab-game').click();

  const fonts = page.getByTestId('studio-fonts');
  await fonts.scrollIntoViewIfNeeded();
  await fonts.getByTestId('studio-font-add').click();
  const form = fonts.getByTestId('studio-font-form');
  // A file that is no font: one sentence naming it, and nothing added.
  await form.getByTestId('studio-font-file-regular').setInputFiles({
    name: 'notes.ttf',
    mimeType: 'font/ttf',
    buffer: Buffer.from('This is a text file, not a font.\n'.repeat(40)),
  });
  await expect(form.getByRole('alert')).toHaveText('"notes.ttf" is not a font file Cardwright can read (Unknown font format)');

  await form.getByTestId('studio-font-file-regular').setInputFiles(FONT);
  await expect(form.getByTestId('studio-font-file-name')).toContainText('Blankenburg.ttf');
  await expect(form.getByTestId('studio-font-label-input')).toHaveValue('Blankenburg');
  await expect(form.getByTestId('studio-font-id')).toHaveAttribute('placeholder', 'blankenburg');
  await form.getByTestId('studio-font-save').click();
  await expect(form.getByTestId('studio-font-problem')).toHaveText("Paste the license's text (its copyright line and terms)");
  await form.getByTestId('studio-font-license-text').fill(OFL);
  await form.getByTestId('studio-font-save').click();
  await expect(form).toBeHidden();

  const row = fonts.getByTestId('studio-font');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('studio-font-label')).toHaveText('Blankenburg');
  await expect(row.getByTestId('studio-font-license')).toHaveText('SIL Open Font License 1.1');
  const sample = row.getByTestId('studio-font-sample');
  await expect(sample).toHaveAttribute('data-loaded', 'true');
  expect(await sample.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"Cardwright Game [0-9a-f]{16}"/);
  // The sample really is set in the uploaded font: the document has it loaded.
  const loaded = await sample.evaluate((el) => {
    const family = getComputedStyle(el).fontFamily.split(',')[0].replace(/"/g, '');
    return [...document.fonts].some((face) => face.family.replace(/"/g, '') === family && face.status === 'loaded');
  });
  expect(loaded).toBe(true);

  // Undo takes the font out, redo brings it back.
  await page.getByTestId('studio-undo').click();
  await expect(row).toHaveCount(0);
  await page.getByTestId('studio-redo').click();
  await expect(row).toHaveCount(1);

  await page.getByTestId('studio-save').click();
  await page.getByTestId('studio-impact-apply').click();
  await expect(page.getByTestId('studio-status')).toHaveText('Saved', { timeout: 30_000 });
  await expect(row.getByTestId('studio-font-sample')).toHaveAttribute('data-loaded', 'true');

  const folder = join(dataDir, 'systems', 'font-trial');
  const files = readdirSync(join(folder, 'fonts'));
  expect(files).toEqual([expect.stringMatching(/^blankenburg-regular-[0-9a-f]{8}\.ttf$/)]);
  expect(readFileSync(join(folder, 'fonts', files[0])).equals(readFileSync(FONT))).toBe(true);
  const system = JSON.parse(readFileSync(join(folder, 'system.json'), 'utf8')) as { fonts: unknown[] };
  expect(system.fonts).toEqual([
    {
      id: 'blankenburg',
      label: 'Blankenburg',
      license: { name: 'SIL Open Font License 1.1', text: OFL.trim() },
      files: { regular: `fonts/${files[0]}` },
    },
  ]);
});
