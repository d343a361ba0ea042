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
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ROOT } from '../../helpers/panel-home';
import { SECTIONS, type Section } from '../../../renderer/src/stores/ui-slice';
import { OLD_PING, useLayoutPanel } from '../helpers/layout-home';
import { axeViolations, expectNoSeriousViolations } from '../helpers/axe';
import { saveSettings } from '../helpers/settings';
import { layoutFaults, type Lang } from '../helpers/layout-faults';
import { focused } from '../helpers/focus';
import { shot } from '../helpers/shots';

const OUT = join(ROOT, 'artifacts', 'layout');
const bed = useLayoutPanel();
test.beforeAll(() => mkdirSync(OUT, { recursive: true }));
test.describe.configure({ mode: 'serial' });


/** MiniMax Code's own row of a server (the other agents' tables below list some of the same names). */
const ownRow = (page: Page, name: string): Locator => page.locator(`main table[data-layer] tr[data-server="${name}"]`);

async function openPanel(page: Page, language: Lang, width: number): Promise<void> {
  await saveSettings(bed.panel, { theme: 'light', language });
  await page.setViewportSize({ width, height: 800 });
  await page.goto(await bed.panel.freshUrl());
  await expect(page).toHaveURL(`${bed.panel.origin}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
  for (const name of ['everything', 'echo', 'drift']) await expect(ownRow(page, name).getByTestId('state')).toHaveAttribute('class', /state-connected/);
  await expect(ownRow(page, 'missing').getByTestId('state')).toHaveAttribute('class', /state-failed/);
  await expect(ownRow(page, 'secured').getByTestId('state')).toHaveAttribute('class', /state-needs-auth/);
}

/** Opens a section from the sidebar (opening it first where it is folded) and puts its real content on screen. */
async function show(page: Page, section: Section): Promise<void> {
  const toggle = page.getByTestId('nav-toggle');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
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

for (const language of ['en', 'zh'] as const) {
  test(`every view at 900 and 1280 px, ${language}: nothing clipped, nothing sideways`, async ({ page }) => {
    test.setTimeout(240_000);
    for (const width of [900, 1280]) {
      await openPanel(page, language, width);
      const headingTops: Record<string, number> = {};
      for (const section of SECTIONS) {
        await show(page, section);
        await shot(page, join(OUT, `${section}-${width}-${language}.png`), true);
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
  const flag = ownRow(page, 'drift').getByTestId('tools-changed');
  await expect(flag).toBeVisible();
  await expect(ownRow(page, 'echo').getByTestId('tools-changed')).toHaveCount(0);
  await flag.click();
  const dialog = page.getByTestId('tool-diff');
  await expect(dialog).toBeVisible();
  const ping = dialog.locator('[data-tool-change="ping"]');
  await expect(ping.locator('del').filter({ hasText: OLD_PING })).toBeVisible();
  await expect(ping.locator('ins').filter({ hasText: 'Answers pong' })).toBeVisible();
  await expectNoSeriousViolations(page, 'tool diff dialog');
  await shot(page, join(OUT, 'tool-diff-900-en.png'));
  await dialog.getByRole('button', { name: 'Accept this tool list' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(flag).toHaveCount(0);
});

test('the sidebar: folded below 1000 px, opened over the view from the keyboard, folded again; at 1280 px it folds and the view takes the room', async ({ page }) => {
  await openPanel(page, 'zh', 900);
  const toggle = page.getByTestId('nav-toggle');
  const nav = page.locator('#panel-nav');
  // The room the view has: main's content box (main's padding makes room for the sidebar beside it).
  const mainWidth = () =>
    page.locator('main').evaluate((m) => {
      const s = getComputedStyle(m);
      return Math.round(m.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight));
    });
  await expect(nav).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const wide = await mainWidth();
  // From the top of the page, Tab reaches the toggle (skip link first), with a ring the eye sees.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  for (let i = 0; i < 5 && (await focused(page))?.testid !== 'nav-toggle'; i++) await page.keyboard.press('Tab');
  await expect.poll(() => focused(page)).toMatchObject({ testid: 'nav-toggle', ring: true });
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Over the view: focus on the current section, the view keeps its width.
  await expect.poll(() => focused(page)).toMatchObject({ section: 'servers', ring: true });
  await expect.poll(mainWidth).toBe(wide);
  await shot(page, join(OUT, 'sidebar-open-900-zh.png'));
  await expectNoSeriousViolations(page, 'sidebar open over the view at 900 px');
  // Escape folds it and gives the focus back to the toggle.
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect.poll(() => focused(page)).toMatchObject({ testid: 'nav-toggle' });
  // Choosing a section from the keyboard folds it and opens the view.
  await page.keyboard.press('Enter');
  for (let i = 0; i < 12 && (await focused(page))?.section !== 'tools'; i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toHaveAttribute('data-section', 'tools');
  await expect(nav).toBeHidden();
  await expect.poll(() => focused(page)).toMatchObject({ id: 'main' });
  // A click beside it folds it too.
  await toggle.click();
  await expect(nav).toBeVisible();
  await page.mouse.click(700, 400);
  await expect(nav).toBeHidden();

  // Wide: the sidebar is there, the toggle folds it and the servers view takes the room.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav).toBeVisible();
  await show(page, 'servers');
  // Measured once the layout has settled, both ways.
  await expect.poll(mainWidth).toBeLessThan(1280 - 184);
  const withNav = await mainWidth();
  await toggle.click();
  await expect(nav).toBeHidden();
  await expect.poll(mainWidth).toBeGreaterThan(withNav + 150);
  expect(await layoutFaults(page, 'zh')).toEqual([]);
  await toggle.click();
  await expect(page.locator('nav [data-section="servers"]')).toBeVisible();
});

const WIDTHS = [900, 1280, 1400, 1920] as const;

for (const language of ['en', 'zh'] as const) {
  test(`fifteen agents: Across agents and the servers view at ${WIDTHS.join(', ')} px, ${language}: every agent on screen, nothing cut`, async ({ page }) => {
    test.setTimeout(240_000);
    const agents = ['minimax', ...bed.home.agents];
    await openPanel(page, language, WIDTHS[0]);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // The sidebar follows the width (folded below 1000 px, back where it was above) before
      // show() reads whether to open it: read too early, its click would fold it again.
      if (width < 1000) await expect(page.locator('#panel-nav')).toBeHidden();
      else await expect(page.locator('#panel-nav')).toBeVisible();
      await show(page, 'servers');
      // Every other agent's table, each server name whole (readable at 900 px in both languages).
      const others = page.getByTestId('other-agents');
      await expect(others.locator('table')).toHaveCount(bed.home.agents.length);
      expect.soft(await layoutFaults(page, language), `servers at ${width} px (${language})`).toEqual([]);
      await shot(page, join(OUT, `servers-agents-${width}-${language}.png`), true);

      await show(page, 'agents');
      const table = page.getByTestId('across-table');
      await expect(table).toBeVisible();
      // Fifteen agents fit side by side nowhere from 900 to 1920 px: one line per agent.
      await expect(table).toHaveAttribute('data-layout', 'rows');
      expect.soft(await layoutFaults(page, language), `across agents at ${width} px (${language})`).toEqual([]);
      // Nothing here is elided (names, badges and commands wrap) but the files' paths, elided in their middle.
      const cut = await table.evaluate((t) =>
        [...t.querySelectorAll<HTMLElement>('*')]
          .filter((el) => !el.closest('[data-path]') && el.scrollWidth > el.clientWidth + 1 && /hidden|clip/.test(getComputedStyle(el).overflowX))
          .map((el) => (el.textContent ?? '').slice(0, 40)),
      );
      expect.soft(cut, `cut in Across agents at ${width} px (${language})`).toEqual([]);
      const view = await page.evaluate(() => document.documentElement.clientWidth);
      const onScreen = async (el: Locator) => {
        const b = (await el.boundingBox())!;
        return b.x >= 0 && b.x + b.width <= view + 1;
      };
      // Every detected agent has its line, inside the window.
      for (const a of agents) {
        const line = table.locator(`[data-agent="${a}"]`).first();
        await expect(line, `${a} at ${width} px`).toBeVisible();
        expect.soft(await onScreen(line), `${a} past the window at ${width} px`).toBe(true);
      }
      // Every server block opens with its badge, and its action where the agents differ, inside the window.
      for (const block of await table.locator('[data-identity]').all()) {
        const badge = block.locator('[data-testid^="across-"]').filter({ has: page.locator('.mantine-Badge-label') }).first();
        await expect(badge).toBeVisible();
        expect.soft(await onScreen(badge), `badge past the window at ${width} px`).toBe(true);
        const action = block.getByTestId('across-make-same');
        if ((await action.count()) > 0) expect.soft(await onScreen(action), `action past the window at ${width} px`).toBe(true);
      }
      const lone = table.locator(`[data-identity]`, { has: page.locator(`[data-agent="${bed.home.lone.profile}"]`) }).filter({ hasText: bed.home.lone.name });
      await expect(lone.getByTestId('across-only')).toHaveText(language === 'zh' ? '仅在 Claude Desktop 中' : 'only in Claude Desktop');
      if (width === 900 || width === 1400) {
        await shot(page, join(OUT, `across-${width}-${language}.png`));
        await shot(page, join(OUT, `across-${width}-${language}-full.png`), true);
      }
      if (width === 900) {
        // "Make these the same" on a server far up a long page: its preview comes up into view and
        // fits the narrow window too.
        const differing = table.locator('[data-identity]', { has: page.getByTestId('across-differs') }).first();
        await differing.getByTestId('across-make-same').click();
        await expect(page.getByTestId('install-panel')).toBeInViewport();
        expect.soft(await layoutFaults(page, language), `make-same preview at ${width} px (${language})`).toEqual([]);
        await shot(page, join(OUT, `across-same-${width}-${language}.png`));
      }
    }
    await expectNoSeriousViolations(page, `across agents at 1920 px (${language})`);
  });
}

test('trust lists what it will start before it is granted, and Settings revokes it', async ({ page }) => {
  await openPanel(page, 'en', 1280);
  await page.getByRole('button', { name: 'Review and trust…' }).click();
  const dialog = page.getByTestId('trust-dialog');
  await expect(dialog.locator('[data-server="project"] [data-testid="trust-target"]')).toContainText('--project');
  await expect(dialog.locator('[data-server="docs"] [data-testid="trust-target"]')).toHaveText('https://docs.example.com/mcp');
  await expectNoSeriousViolations(page, 'trust dialog');
  await shot(page, join(OUT, 'trust-dialog-1280-en.png'));
  // Cancel trusts nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(ownRow(page, 'project').getByTestId('state')).toHaveAttribute('class', /state-disabled/);
  await page.getByRole('button', { name: 'Review and trust…' }).click();
  await page.getByTestId('trust-dialog').getByRole('button', { name: 'Trust and start them' }).click();
  await expect(ownRow(page, 'project').getByTestId('state')).toHaveAttribute('class', /state-connected/);

  await show(page, 'settings');
  await expect(page.getByTestId('about-data-dir')).toContainText('panel-data');
  await expect(page.getByTestId('about-version')).toHaveText(/^\d+\.\d+\.\d+/);
  await expect(page.getByTestId('about-keychain')).toHaveAttribute('data-available', /true|false/);
  const row = page.getByTestId('trusted').locator('tr').filter({ hasText: 'workspace' });
  await expect(row).toHaveCount(1);
  await shot(page, join(OUT, 'settings-trusted-1280-en.png'), true);
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('trusted')).toHaveCount(0);
  await show(page, 'servers');
  await expect(ownRow(page, 'project').getByTestId('state')).toHaveAttribute('class', /state-disabled/);
});
