// Every view and dialog at every window size: 1024×700, 1280×800, 1440×900, 1920×1080 and
// 2560×1440 in the light theme, and in the dark theme at the smallest (the theme changes colours,
// not geometry: one dark size per screen keeps the walk fast and still catches a dark-only rule;
// the dark theme is shown by setting <html data-theme>, as the app's theme switch does). At each size each
// primary control is on screen, not clipped by a scrolling ancestor, not cut, and is the element
// at its own centre (nothing covers it); and nothing reaches past the window's right edge. One
// app start: each screen is opened once and the viewport resized around it. Problems are
// collected, so one run names every one of them. With LAYOUT_SHOTS=dir it also saves each
// screen at each size there, to look at.

import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { callApi, expect, test } from './fixtures';
import { openPlaytest } from './playtest-fixture';

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
  { width: 2560, height: 1440 },
];
const DARK_SIZES = [SIZES[0]];
const SHOTS = process.env.LAYOUT_SHOTS;
const BUNDLE = resolve(import.meta.dirname, '../../docs/tutorial/lantern-watch.cardwright-system.json');

/** A primary control: a CSS selector; `count` checks its first n matches; `scroll` lets a long list scroll it into view first. */
interface Control {
  selector: string;
  count?: number;
  scroll?: boolean;
}
type Controls = (string | Control)[];

const problems: string[] = [];

/**
 * Runs in the page: shows the theme (the attribute the app's theme sets; colours only), waits two
 * frames for resize observers to settle, and says what is wrong with the layout, one line each.
 */
async function layoutProblems({ controls, theme }: { controls: Control[]; theme: string }): Promise<string[]> {
  document.documentElement.dataset.theme = theme;
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const out: string[] = [];
  const width = document.documentElement.clientWidth;
  const height = document.documentElement.clientHeight;
  const name = (el: Element | null): string => {
    if (!el) return 'nothing';
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `<${el.tagName.toLowerCase()}${id ? ` ${id}` : cls}>${text ? ` “${text}”` : ''}`;
  };

  if (document.documentElement.scrollWidth > width + 1) {
    out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
  }
  // Outermost elements past the right edge. A clipping box that ends inside the window hides
  // whatever its content does, so its subtree is skipped (virtual lists, scrolled panels).
  // Open dialogs and popovers sit in the top layer, above any clipping box: walked on their own.
  const seen = new Set<Element>();
  const visit = (el: Element): void => {
    if (seen.has(el)) return;
    seen.add(el);
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (style.display === 'none') return;
    // A toast slides in from the right edge and closes by itself: transient, checked in toasts.spec.ts.
    if (el.matches('[data-testid="toast"]')) return;
    if (box.right > width + 1 && box.width > 0 && box.height > 0 && style.visibility !== 'hidden') {
      out.push(`${name(el)} reaches ${Math.round(box.right)} px, past the window's ${width}`);
      return;
    }
    if (style.overflowX !== 'visible' && style.display !== 'contents' && el !== document.body) return;
    for (const child of el.children) visit(child);
  };
  for (const top of document.querySelectorAll('dialog[open], :popover-open')) visit(top);
  visit(document.body);

  for (const control of controls) {
    const found = [...document.querySelectorAll(control.selector)].slice(0, control.count ?? 1);
    if (found.length === 0) out.push(`${control.selector} is missing`);
    for (const el of found) {
      if (control.scroll) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const box = el.getBoundingClientRect();
      const what = `${control.selector} ${name(el)}`;
      if (box.width < 1 || box.height < 1) {
        out.push(`${what} is not shown`);
        continue;
      }
      if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5 || box.bottom > height + 0.5) {
        out.push(
          `${what} is off screen at (${Math.round(box.left)}, ${Math.round(box.top)})–(${Math.round(box.right)}, ${Math.round(box.bottom)})`,
        );
        continue;
      }
      // Up to the top layer: an open dialog or popover is not clipped by the boxes around it.
      const layer = el.closest('dialog[open], :popover-open');
      for (let up = el.parentElement; up && up !== document.body && (!layer || layer.contains(up)); up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const frame = up.getBoundingClientRect();
        if (
          box.left < frame.left - 0.5 ||
          box.right > frame.right + 0.5 ||
          box.top < frame.top - 0.5 ||
          box.bottom > frame.bottom + 0.5
        ) {
          out.push(`${what} is clipped by ${name(up)}`);
          break;
        }
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !(hit === el || el.contains(hit))) out.push(`${what} is covered by ${name(hit)}`);
      if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') out.push(`${what} is cut`);
      else if (el.scrollWidth > box.width + 2)
        out.push(`${what} is cut (content ${el.scrollWidth} px in ${Math.round(box.width)})`);
    }
  }
  return out;
}

/** Checks the screen that is open now at every size, largest first, and in the dark theme at the smallest; records what is wrong. */
async function checkScreen(page: Page, screen: string, controls: Controls): Promise<void> {
  const started = Date.now();
  const list = controls.map((c) => (typeof c === 'string' ? { selector: c } : c));
  const runs = [...SIZES].reverse().map((size) => ({ size, theme: 'light' }));
  runs.push(...DARK_SIZES.map((size) => ({ size, theme: 'dark' })));
  for (const { size, theme } of runs) {
    const viewport = page.viewportSize();
    if (viewport?.width !== size.width || viewport.height !== size.height) await page.setViewportSize(size);
    const found = await page.evaluate(layoutProblems, { controls: list, theme });
    for (const problem of found) {
      const line = `${screen} @ ${size.width}×${size.height} ${theme}: ${problem}`;
      problems.push(line);
      if (process.env.LAYOUT_LOG) console.log(line);
    }
    if (SHOTS && theme === 'light') {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/${screen.replace(/[^a-z0-9]+/gi, '-')}-${size.width}.png` });
    }
  }
  if (process.env.LAYOUT_LOG) console.log(`${screen}: ${Date.now() - started} ms`);
}

const tid = (id: string) => `[data-testid="${id}"]`;
/** Every dialog's close button, in the open dialog. */
const CLOSE = 'dialog[open] .modal-header button[aria-label="Close"]';

/** Checks the dialog that `open` opens with its primary controls (and its close button), then closes it with Esc. */
async function checkDialog(
  page: Page,
  screen: string,
  testid: string,
  open: () => Promise<void>,
  controls: Controls,
): Promise<void> {
  await open();
  await expect(page.getByTestId(testid)).toBeVisible();
  await checkScreen(page, screen, [CLOSE, ...controls]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(testid)).toBeHidden();
}

/** Opens a set's "More" menu in the library's sidebar. */
async function setMenu(page: Page, setName: string): Promise<void> {
  const item = page.locator('.set-item').filter({ hasText: setName });
  await item.hover();
  await item.getByTestId('set-more').click();
}

const ROOT = resolve(import.meta.dirname, '../..');
const STARTER = 'OSMCG Starter Set';

/** The shipped starter set with one card renamed: importing it asks whether to replace or copy. */
function revisedStarter(): { name: string; mimeType: string; buffer: Buffer } {
  const file = JSON.parse(readFileSync(join(ROOT, 'resources/samples/osmcg/core-set.json'), 'utf8')) as {
    cards: { doc: Record<string, unknown> }[];
  };
  file.cards[0].doc = { ...file.cards[0].doc, name: 'Pyra, Ember Regent' };
  return { name: 'starter-revised.set.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) };
}

const CSV = ['Name,Card Type,Colors,Cost,ATK,HP,SPD,AP,Text', 'Quillback Ferret,Creature,Red,2,2,2,4,2,Bolts.'].join('\r\n');
/** A hero with an Art column (few columns, so the picture folder box shows without scrolling). */
const HERO_CSV = ['Name,Card Type,Art', 'Ash Warden,Hero,ash.png'].join('\r\n');

test('every view and dialog at every window size, light and dark', async ({ page, host }) => {
  // Well under two minutes on an idle machine; the shared 2-core machine may be several times slower.
  test.setTimeout(600_000);

  // Library, with no card selected and with one (the detail pane).
  await expect(page.getByTestId('card-row').first()).toBeVisible();
  const libraryTools = [
    tid('new-card'),
    tid('print-results'),
    tid('library-search'),
    tid('saved-searches-button'),
    tid('new-set'),
    tid('import-set'),
    tid('import-csv'),
  ];
  await checkScreen(page, 'library', libraryTools);
  await page.getByTestId('card-row').first().click();
  await expect(page.getByTestId('card-detail')).toBeVisible();
  await checkScreen(page, 'library, card selected', [
    ...libraryTools,
    tid('edit-card'),
    tid('duplicate-card'),
    tid('move-card'),
    tid('print-selected'),
    tid('move-selected'),
  ]);

  // The library's dialogs.
  await checkDialog(page, 'new set dialog', 'new-set-dialog', () => page.getByTestId('new-set').first().click(), [
    tid('create-set'),
  ]);
  await setMenu(page, STARTER);
  await checkScreen(page, 'set menu', [tid('edit-set'), tid('set-stats'), tid('set-changes'), tid('delete-set')]);
  await checkDialog(page, 'edit set dialog', 'edit-set-dialog', () => page.getByTestId('edit-set').click(), [tid('save-set')]);
  await checkDialog(
    page,
    'set statistics dialog',
    'set-stats-dialog',
    () => setMenu(page, STARTER).then(() => page.getByTestId('set-stats').click()),
    [],
  );
  await checkDialog(
    page,
    'set changes dialog',
    'set-changes-dialog',
    () => setMenu(page, STARTER).then(() => page.getByTestId('set-changes').click()),
    [],
  );
  await checkDialog(
    page,
    'open packs dialog',
    'open-packs-dialog',
    () => setMenu(page, STARTER).then(() => page.getByTestId('open-packs-menu').click()),
    [tid('open-packs')],
  );
  await checkDialog(page, 'print dialog (library)', 'print-dialog', () => page.getByTestId('print-results').click(), [
    tid('print-export'),
  ]);
  await checkDialog(
    page,
    'export images dialog',
    'export-images-dialog',
    () =>
      page
        .getByTestId('print-results')
        .click()
        .then(() => page.getByTestId('print-export-images').click()),
    [tid('export-images-run'), tid('export-images-pattern')],
  );
  await checkDialog(
    page,
    'export images dialog (print service preset)',
    'export-images-dialog',
    async () => {
      await page.getByTestId('print-results').click();
      await page.getByTestId('print-export-images').click();
      await page.getByTestId('export-images-preset').selectOption('poker-tgc');
    },
    [tid('export-images-run'), tid('export-images-preset'), tid('export-images-preset-size')],
  );
  await checkDialog(page, 'move to set dialog', 'move-cards-dialog', () => page.getByTestId('move-card').click(), [
    tid('move-cards'),
  ]);
  await page.getByTestId('saved-searches-button').click();
  await checkScreen(page, 'saved searches menu', [tid('save-search')]);
  await checkDialog(page, 'save search dialog', 'save-search-dialog', () => page.getByTestId('save-search').click(), [
    tid('saved-search-save'),
  ]);
  await checkDialog(
    page,
    'CSV import dialog',
    'csv-import-dialog',
    () =>
      page.getByTestId('import-csv-file').setInputFiles({ name: 'ferrets.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) }),
    [tid('csv-check'), tid('csv-import')],
  );
  await checkDialog(
    page,
    'CSV import dialog with a picture column',
    'csv-import-dialog',
    () =>
      page
        .getByTestId('import-csv-file')
        .setInputFiles({ name: 'heroes.csv', mimeType: 'text/csv', buffer: Buffer.from(HERO_CSV) }),
    [tid('csv-pictures-pick'), tid('csv-check'), tid('csv-import')],
  );
  await page.getByTestId('import-set-file').setInputFiles(revisedStarter());
  await expect(page.getByTestId('import-question')).toBeVisible();
  await checkScreen(page, 'import question dialog', [CLOSE, tid('import-replace'), tid('import-copy'), tid('import-cancel')]);
  await page.getByTestId('import-copy').click();
  await expect(page.getByTestId('import-report')).toBeVisible();
  await checkScreen(page, 'import report dialog', [CLOSE]);
  await page.keyboard.press('Escape');

  // Card editor, its history and its delete confirmation.
  await page.getByTestId('card-row').first().click();
  await page.getByTestId('edit-card').click();
  await expect(page.getByTestId('card-editor')).toBeVisible();
  await checkScreen(page, 'card editor', [
    tid('editor-back'),
    tid('save-card'),
    tid('delete-card'),
    tid('card-history'),
    tid('next-card'),
  ]);
  // Typing on the card: the in-place editor open over the card's first text box.
  await page.getByTestId('on-card-box').first().click();
  await checkScreen(page, 'card editor typing on the card', [`${tid('on-card-editor')} .field`, tid('save-card')]);
  await page.keyboard.press('Escape');
  await checkDialog(page, 'card history dialog', 'card-history-dialog', () => page.getByTestId('card-history').click(), []);
  await checkDialog(page, 'confirm dialog', 'confirm-dialog', () => page.getByTestId('delete-card').click(), [tid('confirm-ok')]);
  await page.getByTestId('editor-back').click();

  // Decks list, its dialogs, and the deck builder with its own.
  await page.getByTestId('nav-decks').click();
  await expect(page.getByTestId('deck-row').first()).toBeVisible();
  await checkScreen(page, 'decks', [
    tid('new-deck-name'),
    tid('import-deck'),
    { selector: '.deck-open', count: 3 },
    { selector: tid('print-deck'), count: 3 },
  ]);
  await checkDialog(page, 'deck import dialog', 'deck-import-dialog', () => page.getByTestId('import-deck').click(), [
    tid('import-open-file'),
  ]);
  await page.getByTestId('new-deck-name').locator('xpath=..').locator('select').first().selectOption({ label: "muhq's game" });
  await checkDialog(page, 'draft dialog', 'draft-dialog', () => page.getByTestId('start-draft').click(), [tid('draft-start')]);
  await page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  await expect(page.getByTestId('add-card').first()).toBeVisible();
  await checkScreen(page, 'deck builder', [
    tid('save-deck'),
    tid('print-deck'),
    tid('playtest-deck'),
    tid('deck-versions'),
    tid('duplicate-deck'),
    { selector: tid('add-card'), count: 5 },
    { selector: tid('remove-card'), count: 3 },
    tid('deck-tab-legality'),
    tid('deck-tab-stats'),
    tid('deck-tab-odds'),
  ]);
  // The preview's controls appear once the plan is read.
  const openPrint = () =>
    page
      .getByTestId('print-deck')
      .click()
      .then(() => page.getByTestId('print-sheet-preview').waitFor());
  await checkDialog(page, 'print dialog (deck)', 'print-dialog', openPrint, [
    tid('print-export'),
    tid('print-page-next'),
    tid('print-page-number'),
    tid('print-zoom-fit'),
    tid('print-zoom-in'),
    tid('print-flip'),
  ]);
  // The job dock under the view, with a finished export in it.
  await page.getByTestId('print-deck').click();
  await page.getByTestId('print-export').click();
  await expect(page.getByTestId('job').first()).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await checkScreen(page, 'job dock', [tid('job-dismiss'), tid('save-deck'), { selector: tid('add-card'), count: 3 }]);
  await page.getByTestId('job-dismiss').first().click();
  await checkDialog(page, 'deck versions dialog', 'deck-snapshots-dialog', () => page.getByTestId('deck-versions').click(), [
    tid('keep-snapshot'),
  ]);
  await page.getByTestId('deck-tab-stats').click();
  await checkScreen(page, 'deck builder, stats', [tid('deck-tab-odds'), { selector: tid('add-card'), count: 3 }]);
  await page.getByTestId('deck-tab-odds').click();
  await checkScreen(page, 'deck builder, odds', [
    { selector: tid('open-opening-simulator'), scroll: true },
    { selector: tid('add-card'), count: 3 },
  ]);
  await checkDialog(
    page,
    'opening simulator dialog',
    'opening-simulator',
    () => page.getByTestId('open-opening-simulator').click(),
    [tid('sim-run')],
  );

  // Playtest of each game's sample deck; the deck search and the token picker.
  for (const deck of ['Ember Vanguard', 'Tidewater Survey', 'Ember and Tide', 'River raiders (Twin Rivers)', 'Standard pack']) {
    await openPlaytest(page, deck);
    await checkScreen(page, `playtest ${deck}`, [
      tid('next-phase'),
      tid('draw'),
      tid('next-turn'),
      tid('undo'),
      tid('game-setup'),
    ]);
    if (deck === 'Ember Vanguard') {
      await page.getByTestId('game-setup').click();
      await checkScreen(page, 'playtest setup menu', [tid('seed'), 'details[open] .menu-panel .btn-primary']);
      await page.getByTestId('game-setup').click();
      await checkDialog(page, 'playtest deck dialog', 'deck-dialog', () => page.getByTestId('deck-search').click(), [
        { selector: tid('deck-take'), count: 3 },
      ]);
    }
    if (deck === 'River raiders (Twin Rivers)') {
      await checkDialog(
        page,
        'token picker',
        'token-picker',
        async () => {
          await page.locator('body').click({ position: { x: 5, y: 5 } });
          await page.keyboard.press('k');
        },
        [{ selector: tid('token-card'), count: 2 }],
      );
    }
  }

  // Games (and a game's import report), Help, the shortcut sheet, Backups and Trash.
  await page.getByTestId('nav-games').click();
  await expect(page.getByTestId('game-detail')).toBeVisible();
  await checkScreen(page, 'games', [
    tid('export-game'),
    tid('new-game'),
    tid('import-game'),
    { selector: tid('game-item'), count: 5 },
  ]);
  const openNewGame = async () => {
    await page.getByTestId('new-game').click();
    await expect(page.getByTestId('new-game-source')).toBeVisible(); // the starters have loaded
  };
  await checkDialog(page, 'new game dialog', 'new-game-dialog', openNewGame, [
    tid('new-game-source'),
    tid('new-game-name'),
    tid('new-game-add-value'),
    tid('create-game'),
  ]);
  await page.getByTestId('import-game-file').setInputFiles(BUNDLE);
  await expect(page.getByTestId('game-import-report')).toBeVisible({ timeout: 60_000 });
  await checkScreen(page, 'game import report', [CLOSE, 'dialog[open] .modal-footer .btn-primary']);
  await page.keyboard.press('Escape');

  // The studio on the imported game: every tab with its primary controls, and the save report.
  await page.getByTestId('edit-game').click();
  await expect(page.getByTestId('game-studio')).toBeVisible();
  // The controls at the top of each tab (the forms below them scroll).
  const studioTabs: [string, string[]][] = [
    ['game', ['studio-game-name']],
    ['types', ['studio-type-add']],
    ['faces', ['layout-pick', 'layout-zoom', 'layout-add', 'layout-overlay']],
    ['deck', ['studio-section-add']],
    ['play', ['studio-zone-add']],
    ['symbols', ['studio-symbol-upload']],
    ['reference', ['studio-glossary-add']],
    ['advanced', ['studio-advanced-file', 'studio-advanced-apply']],
  ];
  for (const [tab, controls] of studioTabs) {
    await page.getByTestId(`studio-tab-${tab}`).click();
    await expect(page.getByTestId(controls[0])).toBeVisible();
    await checkScreen(page, `game studio: ${tab}`, [
      tid('studio-undo'),
      tid('studio-save'),
      tid('studio-close'),
      ...controls.map(tid),
    ]);
  }
  // The Game tab's Fonts section (the tutorial's font, with its sample) and its Add font form.
  await page.getByTestId('studio-tab-game').click();
  await page.getByTestId('studio-font-add').click();
  await expect(page.getByTestId('studio-font-sample')).toHaveAttribute('data-loaded', 'true');
  await checkScreen(page, 'game studio: add font', [
    { selector: tid('studio-font-sample'), scroll: true },
    { selector: tid('studio-font-file-regular-button'), scroll: true },
    { selector: tid('studio-font-license-text'), scroll: true },
    { selector: tid('studio-font-save'), scroll: true },
  ]);
  await page.getByTestId('studio-font-form').getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('studio-game-version').fill('0.2.0');
  await page.getByTestId('studio-game-version').press('Tab');
  await expect(page.getByTestId('studio-save')).toBeEnabled();
  await checkDialog(page, 'studio save report', 'studio-impact', () => page.getByTestId('studio-save').click(), [
    tid('studio-impact-apply'),
  ]);
  await page.getByTestId('studio-close').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('game-detail')).toBeVisible();
  await page.getByTestId('nav-help').click();
  await expect(page.getByTestId('help-doc-content')).toBeVisible();
  await expect(page.getByTestId('help-backups')).toBeVisible();
  await checkScreen(page, 'help', [tid('help-shortcuts'), tid('help-backups')]);
  await checkDialog(page, 'shortcut sheet', 'shortcut-sheet', () => page.getByTestId('help-shortcuts').click(), []);
  await checkDialog(page, 'backups dialog', 'backups-dialog', () => page.getByTestId('help-backups').click(), [
    tid('backup-now'),
  ]);

  // A deck whose card was deleted: the builder offers to replace it.
  await callApi(page, host, 'deleteCard', { id: 'osmcg-core-018' });
  await page.reload();
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' }).locator('.deck-open').click();
  const gone = page.locator('[data-testid="deck-entry"][data-card-name="Fire Bolt"]');
  await checkDialog(page, 'replace card dialog', 'replace-card-dialog', () => gone.getByTestId('replace-card').click(), [
    tid('replace-search'),
  ]);
  await page.locator('[data-testid="export-deck-menu"] summary').click();
  await checkScreen(page, 'deck export menu', [tid('export-deck-copy'), tid('export-deck-tts')]);
  await page.keyboard.press('Escape');
  await checkDialog(page, 'trash dialog', 'trash-dialog', () => page.getByTestId('open-trash').click(), [
    { selector: tid('trash-restore'), count: 1 },
  ]);

  expect(problems, problems.join('\n')).toEqual([]);
});
