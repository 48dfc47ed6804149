// The UI draws Chinese, Japanese and emoji with the fonts Cardwright bundles (the cards' own),
// not □□□, in a form field, the editor's title and a toast — on this machine, which has no CJK
// system font (the first test checks that, so the others prove something). Chromium reports which
// font drew each node's glyphs (CSS.getPlatformFontsForNode).

import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** The fonts that drew the text of `locator`'s element, its form control's inner text included. */
async function fontsDrawing(page: Page, locator: Locator): Promise<PlatformFont[]> {
  const marker = `font-probe-${Math.random().toString(36).slice(2)}`;
  await locator.evaluate((element, id) => element.setAttribute('data-font-probe', id), marker);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[data-font-probe="${marker}"]` });
    const fonts: PlatformFont[] = [];
    // An <input>'s text lives in its user-agent shadow root: ask each node below it too.
    const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: -1, pierce: true });
    const backendIds: number[] = [];
    const walk = (n: { backendNodeId: number; children?: unknown[]; shadowRoots?: unknown[] }) => {
      backendIds.push(n.backendNodeId);
      for (const child of [...(n.children ?? []), ...(n.shadowRoots ?? [])]) walk(child as typeof n);
    };
    walk(node);
    const { nodeIds } = await cdp.send('DOM.pushNodesByBackendIdsToFrontend', { backendNodeIds: backendIds });
    for (const id of nodeIds) {
      if (!id) continue;
      const answer = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: id }).catch(() => ({ fonts: [] }));
      fonts.push(...(answer.fonts as PlatformFont[]));
    }
    return fonts;
  } finally {
    await cdp.detach();
  }
}

async function expectBundledCjk(page: Page, locator: Locator): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expect
    .poll(async () =>
      (await fontsDrawing(page, locator)).some((font) => font.isCustomFont && /Noto Sans CJK/i.test(font.familyName)),
    )
    .toBe(true);
}

test('this machine has no CJK system font, so only the bundled one can draw it', () => {
  let listed = '';
  try {
    listed = execFileSync('fc-list', [':lang=ja'], { encoding: 'utf8' });
  } catch {
    test.skip(true, 'fc-list is not installed');
  }
  test.skip(listed.trim() !== '', 'a CJK system font is installed; the other tests still check the bundled one is used');
  expect(listed.trim()).toBe('');
});

test('a form field, the editor title and a toast draw Japanese with the bundled CJK font', async ({ page }) => {
  const search = page.getByTestId('library-search');
  await search.fill('日本語のカード');
  await expectBundledCjk(page, search);
  await search.fill('');

  await page.getByTestId('new-card').click();
  await expect(page.getByTestId('card-editor')).toBeVisible();
  await page.getByTestId('card-type').selectOption('creature');
  await page.locator('[data-field="/name"]').fill('火の竜 ドラゴン');
  await expectBundledCjk(page, page.locator('[data-field="/name"]'));
  const title = page.getByTestId('card-editor').locator('h1');
  await expect(title).toContainText('火の竜');
  await expectBundledCjk(page, title);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'test-results/ui-fonts-editor.png' });

  await page.getByTestId('editor-back').click();
  const leave = page.getByTestId('confirm-ok');
  if (await leave.isVisible().catch(() => false)) await leave.click();
  await page.getByTestId('import-set-file').setInputFiles({
    name: '中文卡牌.set.json',
    mimeType: 'application/json',
    buffer: Buffer.from('garbage'),
  });
  const toast = page.getByTestId('toast').filter({ hasText: '中文卡牌.set.json' }).locator('.message');
  await expect(toast).toBeVisible();
  await expectBundledCjk(page, toast);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'test-results/ui-fonts-cjk.png' });
});
