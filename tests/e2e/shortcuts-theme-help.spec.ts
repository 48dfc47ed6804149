// Keyboard shortcuts (the command bus), the shortcut sheet, the theme override and Help.

import { test, expect } from './fixtures';

test('Ctrl+F focuses the search box of the library and of the deck builder', async ({ page }) => {
  await expect(page.getByTestId('card-row').first()).toBeVisible();
  await page.getByTestId('card-row').first().click();
  await page.keyboard.press('Control+f');
  await expect(page.getByTestId('library-search')).toBeFocused();

  await page.keyboard.press('Control+2');
  await expect(page.getByTestId('decks-view')).toBeVisible();
  await page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  await page.keyboard.press('Control+f');
  await expect(page.getByTestId('deck-card-search')).toBeFocused();
});

test('"?" or F1 opens the shortcut sheet, Escape closes it, and "?" typed in a field is just text', async ({ page }) => {
  await expect(page.getByTestId('card-row').first()).toBeVisible();
  await page.keyboard.press('Shift+?');
  const sheet = page.getByTestId('shortcut-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('[data-command="save"]')).toContainText('Ctrl');
  await expect(sheet.locator('[data-command="help"]')).toContainText(/Shift.*F1/);
  await expect(sheet.locator('[data-command="shortcuts"]')).toContainText('F1');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await page.keyboard.press('F1');
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  const search = page.getByTestId('library-search');
  await search.click();
  await search.press('Shift+?');
  await expect(search).toHaveValue('?');
  await expect(sheet).toHaveCount(0);
});

test('the theme follows the system until overridden, and the override survives a reload', async ({ page }) => {
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');

  await page.locator('[data-theme-option="dark"]').click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('[data-theme-option="dark"]')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('[data-theme-option="dark"]')).toHaveAttribute('aria-pressed', 'true');

  // The toggle command flips what is on screen.
  await page.keyboard.press('Control+Shift+D');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.locator('[data-theme-option="system"]').click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('Help renders the bundled docs, follows links between them and shows the app version', async ({ page }) => {
  await page.keyboard.press('Shift+F1');
  const content = page.getByTestId('help-doc-content');
  // Help opens on the user guide, not the developer README.
  await expect(content.locator('h1')).toHaveText('Getting started');
  await expect(content).not.toContainText('npm ');
  await expect(page.getByTestId('app-info')).toContainText('Cardwright 0.1.0');
  // The guide's pictures load from the bundle (CSP: img-src 'self'), in the theme on screen.
  await page.locator('[data-theme-option="light"]').click();
  const image = content.locator('img:visible').first();
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute('data-theme-image', 'light');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.locator('[data-theme-option="dark"]').click();
  await expect(content.locator('img:visible').first()).toHaveAttribute('data-theme-image', 'dark');
  await expect(content.locator('img[data-theme-image="light"]:visible')).toHaveCount(0);
  await page.locator('[data-theme-option="system"]').click();

  // A relative .md link in the guide opens that doc inside Help.
  await content.locator('a[data-doc="docs/game-systems.md"]').first().click();
  await expect(page.locator('[data-testid="help-doc"][data-doc-path="docs/game-systems.md"]')).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(content.locator('h1')).toContainText('Game systems');
  await expect(content.locator('h2').first()).toBeVisible();

  await page.getByTestId('help-shortcuts').click();
  await expect(page.getByTestId('shortcut-sheet')).toBeVisible();
});

test('Ctrl+Z in the card editor undoes a change made outside a text field, Ctrl+Shift+Z redoes it', async ({ page }) => {
  await page.getByTestId('library-search').fill('Pyra');
  await page.getByTestId('card-row').filter({ hasText: 'Pyra, Ashen Marshal' }).click();
  await page.getByTestId('edit-card').click();
  await expect(page.getByTestId('card-editor')).toBeVisible();
  const chip = page.locator('[data-field="/colors"] button[data-value="blue"]');
  await expect(chip).toBeVisible();
  const before = await chip.getAttribute('aria-pressed');
  const after = before === 'true' ? 'false' : 'true';

  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', after);
  await expect(page.getByTestId('save-status')).toContainText('Unsaved changes');

  await page.keyboard.press('Control+z');
  await expect(chip).toHaveAttribute('aria-pressed', before ?? 'false');
  await expect(page.getByTestId('save-status')).toHaveText('Saved');

  await page.keyboard.press('Control+Shift+Z');
  await expect(chip).toHaveAttribute('aria-pressed', after);

  // In a text field the browser's own text undo runs, not the editor's.
  const name = page.locator('[data-field="/name"]');
  const original = await name.inputValue();
  await name.click();
  await name.press('End');
  await name.pressSequentially('!');
  await name.press('Control+z');
  await expect(name).toHaveValue(original);
  await expect(chip).toHaveAttribute('aria-pressed', after);
});

test('in the deck builder Ctrl+P prints and Ctrl+T playtests; on the board Ctrl+Z undoes', async ({ page }) => {
  await page.keyboard.press('Control+2');
  await page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();

  await page.keyboard.press('Control+p');
  await expect(page.getByTestId('print-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('print-dialog')).toHaveCount(0);

  await page.keyboard.press('Control+t');
  await expect(page.getByTestId('playtest-view')).toBeVisible();
  await page.getByTestId('keep').click();
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '7');
  await page.getByTestId('draw').click();
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '8');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '7');
});

test('desktop menu commands run through the same bus; menu Undo in a text field undoes its typing', async ({ page }) => {
  // Stand in for the preload's bridge: only onCommand (API calls still go over HTTP).
  await page.addInitScript(() => {
    const listeners: ((command: string) => void)[] = [];
    const host = window as unknown as Record<string, unknown>;
    host.cardwright = {
      onCommand: (listener: (command: string) => void) => {
        listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1);
      },
    };
    host.sendMenuCommand = (command: string) => listeners.forEach((listener) => listener(command));
  });
  await page.reload();
  await expect(page.getByTestId('app-header')).toBeVisible();
  const menu = (command: string) =>
    page.evaluate((id) => (window as unknown as { sendMenuCommand: (c: string) => void }).sendMenuCommand(id), command);

  await menu('help');
  await expect(page.getByTestId('help-view')).toBeVisible();
  await menu('library');
  const search = page.getByTestId('library-search');
  await expect(search).toBeVisible();

  await search.click();
  // One insertion, one undo step (typed key by key, Chromium may split the typing into several).
  await page.keyboard.insertText('ember');
  await menu('undo');
  await expect(search).toHaveValue('');
  await menu('redo');
  await expect(search).toHaveValue('ember');

  await menu('shortcuts');
  await expect(page.getByTestId('shortcut-sheet')).toBeVisible();
});

test('going to the view you are in leaves the editor or the builder for its list, asking first', async ({ page }) => {
  await page.getByTestId('card-row').first().click();
  await page.getByTestId('edit-card').click();
  await expect(page.getByTestId('card-editor')).toBeVisible();
  await page.locator('[data-field="/name"]').fill('Renamed for the test');
  await page.locator('[data-field="/name"]').blur();
  await page.keyboard.press('Control+1');
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('card-editor')).toHaveCount(0);
  await expect(page.getByTestId('library-search')).toBeVisible();

  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  await page.getByTestId('nav-decks').click();
  await expect(page.getByTestId('decks-view')).toBeVisible();
});
