// Issue 22 item 6: the UI at every size and in both languages, over the real web host and real
// servers (the layout HOME: server-everything, a failed and a needs-auth server, a changed tool
// list, an untrusted workspace). Every view at 900 px and 1280 px in English and Chinese is
// screenshotted to artifacts/layout/ (git-ignored) and checked by measuring the page: nothing
// scrolls sideways, no button, state badge or table cell is clipped, no short label breaks
// inside a word, no Chinese is squeezed to one character per line, every view's heading sits at
// one height, Logs fills the window; axe runs on Logs and Detail with real content (1024 px
// lies between the two widths checked here; a11y.spec.ts checks 1280 px in both themes). Then
// the flows the issue names: a changed tool list shows old → new and flags its row, trusting
// lists what it will start, Settings shows the panel's facts and revokes a trust, the
// sidebar folds away.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT } from '../../helpers/panel-home';
import { SECTIONS, type Section } from '../../../renderer/src/stores/ui-slice';
import { OLD_PING, useLayoutPanel } from '../helpers/layout-home';
import { axeViolations, expectNoSeriousViolations } from '../helpers/axe';
import { keyHeader } from '../helpers/session-key';

const OUT = join(ROOT, 'artifacts', 'layout');
const bed = useLayoutPanel();
test.beforeAll(() => mkdirSync(OUT, { recursive: true }));
test.describe.configure({ mode: 'serial' });

type Lang = 'en' | 'zh';

async function openPanel(page: Page, language: Lang, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(await bed.panel.freshUrl());
  await expect(page).toHaveURL(`${bed.panel.origin}/`);
  const r = await page.request.post(`${bed.panel.origin}/api/app.setSettings`, { data: { theme: 'light', language }, headers: await keyHeader(page) });
  expect(r.ok(), await r.text()).toBe(true);
  await page.goto(`${bed.panel.origin}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
  for (const name of ['everything', 'echo', 'drift']) await expect(page.locator(`tr[data-server="${name}"]`).getByTestId('state')).toHaveAttribute('class', /state-connected/);
  await expect(page.locator('tr[data-server="missing"]').getByTestId('state')).toHaveAttribute('class', /state-failed/);
  await expect(page.locator('tr[data-server="secured"]').getByTestId('state')).toHaveAttribute('class', /state-needs-auth/);
}

/** Opens a section and puts its real content on screen. */
async function show(page: Page, section: Section): Promise<void> {
  await page.locator(`nav [data-section="${section}"]`).click();
  await expect(page.locator('main')).toHaveAttribute('data-section', section);
  if (section === 'detail') {
    await page.getByTestId('detail-view').getByRole('combobox').selectOption({ label: 'everything' });
    await page.getByRole('tab').nth(3).click();
    await page.getByRole('tabpanel').getByRole('combobox').first().selectOption('echo');
    await page.locator('.call-form').getByRole('textbox').first().fill('hello from the layout test');
    await page.locator('.call-form button[type="submit"]').click();
    await expect(page.getByTestId('call-history').locator('tbody tr').first()).toHaveAttribute('data-status', 'ok');
  }
  if (section === 'logs') {
    await page.locator('main select').first().selectOption('configured:minimax:everything');
    await expect(page.getByTestId('traffic').locator('li').nth(3)).toBeVisible();
  }
  if (section === 'tools') await expect(page.getByTestId('snapshot-diff')).toBeVisible();
  if (section === 'permissions') await expect(page.getByTestId('decision-table')).toBeVisible();
  if (section === 'disclosure') await expect(page.getByTestId('disclosure-verdict')).toBeVisible();
  if (section === 'login') await expect(page.getByTestId('auth-table')).toBeVisible();
  if (section === 'settings') await expect(page.getByTestId('about-data-dir')).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
}

/**
 * What the eye would call broken, measured: the page or main wider than the window; a button,
 * a state badge or a table cell whose content is cut off; a short label (state, tool count,
 * header word, nav item) on more than one line in Chinese, or broken inside a word.
 */
function layoutFaults(page: Page, language: Lang) {
  return page.evaluate((lang) => {
    const faults: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) faults.push(`page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
    const main = document.querySelector('main')!;
    if (main.scrollWidth > main.clientWidth + 1) faults.push(`main scrolls sideways: ${main.scrollWidth} > ${main.clientWidth}`);
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null && el.getClientRects().length > 0;
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const clipped = (el: Element) => el.scrollWidth > el.clientWidth + 1;
    for (const el of document.querySelectorAll('main button, main [data-testid="state"], main [data-testid="state"] .mantine-Badge-label, nav button')) {
      if (visible(el) && clipped(el)) faults.push(`clipped: ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
    }
    for (const el of document.querySelectorAll('main td, main th')) {
      if (visible(el) && clipped(el)) faults.push(`cell cut off: ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
    }
    // Long free text may elide, but then it ends in "…": a line of text cut by its box shows
    // that more follows (text-overflow draws nothing in a flex or grid container).
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      if (!visible(el) || !clipped(el) || !(el.textContent ?? '').trim()) continue;
      if (el.getBoundingClientRect().width <= 1) continue; // visually hidden, for screen readers
      const s = getComputedStyle(el);
      if (s.overflowX !== 'hidden' && s.overflowX !== 'clip') continue;
      // Text alone (a box of boxes, like a path elided in its middle, is judged by its inner ones).
      const textLine = [...el.childNodes].every((n) => n.nodeType === Node.TEXT_NODE);
      if (textLine && (s.textOverflow !== 'ellipsis' || /flex|grid/.test(s.display))) faults.push(`text cut off without "…": ${name(el)} (${s.display}, text-overflow ${s.textOverflow})`);
    }
    // Every server row shows its name: whole, or at least three characters of it before the "…"
    // (flags beside it once left the name no room at all).
    for (const el of document.querySelectorAll<HTMLElement>('main tr[data-server] [data-testid="server-name"]')) {
      if (!visible(el)) continue;
      const room = Math.min(el.scrollWidth, 3 * parseFloat(getComputedStyle(el).fontSize));
      if (el.getBoundingClientRect().width + 1 < room) faults.push(`server name squeezed out: ${name(el)} (${Math.round(el.getBoundingClientRect().width)} px)`);
    }
    // Short labels: one line each (a Chinese word broken over two lines is two lines).
    const lines = (el: Element) => {
      // The text's own line boxes: a new line starts where a text rect sits below the last one.
      const rects: DOMRect[] = [];
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (!(n.textContent ?? '').trim()) continue;
        const r = document.createRange();
        r.selectNodeContents(n);
        rects.push(...[...r.getClientRects()].filter((x) => x.width > 0));
      }
      rects.sort((a, b) => a.top - b.top);
      let count = rects.length ? 1 : 0;
      for (let i = 1; i < rects.length; i++) if (rects[i]!.top - rects[i - 1]!.top > rects[i - 1]!.height * 0.6) count++;
      return count;
    };
    // A CJK cell narrower than two characters breaks one character per line.
    for (const el of document.querySelectorAll<HTMLElement>('main td, main th, main li, main button, main label')) {
      if (el.offsetParent === null || !/[\u4e00-\u9fff]{2}/.test(el.innerText)) continue;
      if (el.getBoundingClientRect().width < 2 * parseFloat(getComputedStyle(el).fontSize)) faults.push(`Chinese squeezed to one character per line: ${name(el)}`);
    }
    const short = ['main [data-testid="state"]', 'main [data-testid="tools"] p', 'nav button', 'main thead th', 'main [role="tab"]'];
    for (const el of document.querySelectorAll(short.join(','))) {
      if (!visible(el) || !(el.textContent ?? '').trim()) continue;
      // English headers may wrap between words ("Connect / time"); Chinese ones never.
      if (el.tagName === 'TH' && lang === 'en') continue;
      if (lines(el) > 1) faults.push(`label on ${lines(el)} lines: ${name(el)}`);
    }
    return faults;
  }, language);
}

for (const language of ['en', 'zh'] as const) {
  test(`every view at 900 and 1280 px, ${language}: nothing clipped, nothing sideways`, async ({ page }) => {
    test.setTimeout(240_000);
    for (const width of [900, 1280]) {
      await openPanel(page, language, width);
      const headingTops: Record<string, number> = {};
      for (const section of SECTIONS) {
        await show(page, section);
        await page.screenshot({ path: join(OUT, `${section}-${width}-${language}.png`), fullPage: true });
        expect.soft(await layoutFaults(page, language), `${section} at ${width} px (${language})`).toEqual([]);
        const top = await page.locator('main [data-testid="page-header"] h2').evaluate((h) => Math.round(h.getBoundingClientRect().top));
        headingTops[section] = top;
      }
      // PageHeader: every view's heading at one height, at this width too.
      expect.soft(new Set(Object.values(headingTops)).size, `heading tops differ at ${width} px (${language}): ${JSON.stringify(headingTops)}`).toBe(1);
    }
  });

  test(`Logs and Detail with real content pass axe, and Logs fills the window, ${language}`, async ({ page }) => {
    await openPanel(page, language, 900);
    await show(page, 'logs');
    const traffic = page.getByTestId('traffic-scroll');
    // Fills the page: the traffic box reaches the window's bottom (minus main's padding), not a fixed 40vh.
    const box = (await traffic.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(800 - 40);
    expect(await traffic.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await traffic.focus();
    await expect(traffic).toBeFocused();
    expect((await axeViolations(page, ['scrollable-region-focusable'])).map((v) => v.id)).toEqual([]);
    await expectNoSeriousViolations(page, `logs (${language})`);
    await show(page, 'detail');
    await expectNoSeriousViolations(page, `detail, tools tab with a call (${language})`);
  });

  test(`the engine's problems reach the page in its language, ${language}`, async ({ page }) => {
    await openPanel(page, language, 1280);
    const problem = page.getByTestId('problem').filter({ hasText: 'literal' });
    await expect(problem).toContainText(language === 'zh' ? '原样发送 "${LAYOUT_TOKEN}"' : 'will send "${LAYOUT_TOKEN}" as written');
    if (language === 'zh') await expect(problem).not.toContainText('as written');
  });
}

test('a changed tool list: the row is flagged, the dialog shows old → new, accepting clears it', async ({ page }) => {
  await openPanel(page, 'en', 900);
  const flag = page.locator('tr[data-server="drift"]').getByTestId('tools-changed');
  await expect(flag).toBeVisible();
  await expect(page.locator('tr[data-server="echo"]').getByTestId('tools-changed')).toHaveCount(0);
  await flag.click();
  const dialog = page.getByTestId('tool-diff');
  await expect(dialog).toBeVisible();
  const ping = dialog.locator('[data-tool-change="ping"]');
  await expect(ping.locator('del').filter({ hasText: OLD_PING })).toBeVisible();
  await expect(ping.locator('ins').filter({ hasText: 'Answers pong' })).toBeVisible();
  await expectNoSeriousViolations(page, 'tool diff dialog');
  await page.screenshot({ path: join(OUT, 'tool-diff-900-en.png') });
  await dialog.getByRole('button', { name: 'Accept this tool list' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(flag).toHaveCount(0);
});

test('the sidebar folds away and back; the servers table takes the room', async ({ page }) => {
  await openPanel(page, 'zh', 900);
  const servers = page.locator('main [data-layout]');
  await expect(servers).toHaveAttribute('data-layout', 'compact');
  await page.getByTestId('nav-toggle').click();
  await expect(page.locator('#panel-nav')).toBeHidden();
  await expect(servers).toHaveAttribute('data-layout', 'full');
  expect(await layoutFaults(page, 'zh')).toEqual([]);
  await page.screenshot({ path: join(OUT, 'servers-900-zh-folded.png') });
  await page.getByTestId('nav-toggle').click();
  await expect(page.locator('nav [data-section="servers"]')).toBeVisible();
});

test('trust lists what it will start before it is granted, and Settings revokes it', async ({ page }) => {
  await openPanel(page, 'en', 1280);
  await page.getByRole('button', { name: 'Review and trust…' }).click();
  const dialog = page.getByTestId('trust-dialog');
  await expect(dialog.locator('[data-server="project"] [data-testid="trust-target"]')).toContainText('--project');
  await expect(dialog.locator('[data-server="docs"] [data-testid="trust-target"]')).toHaveText('https://docs.example.com/mcp');
  await expectNoSeriousViolations(page, 'trust dialog');
  await page.screenshot({ path: join(OUT, 'trust-dialog-1280-en.png') });
  // Cancel trusts nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('tr[data-server="project"]').getByTestId('state')).toHaveAttribute('class', /state-disabled/);
  await page.getByRole('button', { name: 'Review and trust…' }).click();
  await page.getByTestId('trust-dialog').getByRole('button', { name: 'Trust and start them' }).click();
  await expect(page.locator('tr[data-server="project"]').getByTestId('state')).toHaveAttribute('class', /state-connected/);

  await show(page, 'settings');
  await expect(page.getByTestId('about-data-dir')).toContainText('panel-data');
  await expect(page.getByTestId('about-version')).toHaveText(/^\d+\.\d+\.\d+/);
  await expect(page.getByTestId('about-keychain')).toHaveAttribute('data-available', /true|false/);
  const row = page.getByTestId('trusted').locator('tr').filter({ hasText: 'workspace' });
  await expect(row).toHaveCount(1);
  await page.screenshot({ path: join(OUT, 'settings-trusted-1280-en.png'), fullPage: true });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('trusted')).toHaveCount(0);
  await show(page, 'servers');
  await expect(page.locator('tr[data-server="project"]').getByTestId('state')).toHaveAttribute('class', /state-disabled/);
});
