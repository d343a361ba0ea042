// The tools view end to end (issue 14 items 5 and 7): the real web host on a temp HOME under
// the kimi profile, real stdio echo servers whose names collide (`docs_x` and `docs.x` both
// sanitise to mcp__docs_x__…, NAME-2), a hand-written ~/.kimi-code/mcp.json with comments.
// Rows carry their server and raw name; collisions are grouped by server pair; a tool switched
// off shows its effect first and is written losslessly; no sideways scrolling; axe clean.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startPanel, type RunningPanel } from '../../helpers/panel-home';
import { expectNoSeriousViolations } from '../helpers/axe';
import { ECHO } from '../helpers/views-home';
import { shot } from '../helpers/shots';

test.describe.configure({ mode: 'serial' });

const LONG = 'a-server-with-a-rather-long-name-that-keeps-going-for-a-while';
let dir: string;
let userFile: string;
let original: string;
let panel: RunningPanel;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-tools-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  mkdirSync(join(home, '.kimi-code'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const server = JSON.stringify({ command: process.execPath, args: [ECHO] });
  // Kimi Code gives a shared name to the first server to be ready (2.1.0): docs.x starts only once
  // docs_x has answered its tool list, so docs_x is ready first whatever the machine's load.
  const listed = join(dir, 'docs_x.listed');
  const first = JSON.stringify({ command: process.execPath, args: [ECHO, 'stdio', '--listed', listed] });
  const later = JSON.stringify({ command: process.execPath, args: [ECHO, 'stdio', '--gate', listed] });
  original = `{\n  // hand-written: the docs servers\n  "mcpServers": {\n    "docs_x": ${first}, // first: keeps every name\n    "docs.x": ${later},\n    "${LONG}": ${server}\n  }\n}\n`;
  userFile = join(home, '.kimi-code', 'mcp.json');
  writeFileSync(userFile, original);
  panel = await startPanel({ profile: 'kimi', dir, home, workspace, pidFile: join(dir, 'unused.pid'), cleanup: () => undefined });
});
test.afterAll(async () => {
  await panel?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function openTools(page: Page) {
  await page.goto(await panel.freshUrl());
  await page.locator('nav button[data-section="tools"]').click();
  // Three servers of 7 tools each: the list is complete when the last server's rows are in.
  await expect(page.getByRole('list', { name: '21 tools' })).toBeVisible();
}

async function noSidewaysScroll(page: Page, label: string) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}

test('rows show server and raw name; collisions grouped by server pair with the rule and the cause', async ({ page }) => {
  await openTools(page);
  const row = page.locator('[data-server="docs.x"][data-tool="parts"]');
  await expect(row.getByTestId('origin')).toHaveText('docs.x · parts');
  await expect(row.getByTestId('qualified')).toHaveText('dropped');
  const group = page.getByTestId('collision-group').filter({ hasText: 'docs_x ↔ docs.x' });
  await expect(group).toContainText('7 collisions');
  await expect(group).toContainText('Why: Kimi connects every server at once and keeps the name for the first to finish connecting (docs_x/');
  await expect(group).toContainText('docs_x/parts keeps the name; docs.x/parts lost it, and is dropped.');
  await expect(group.getByText(/^Cause: the names differ only in characters kimi turns into "_"/)).toHaveCount(7);
  await page.getByLabel('Filter tools').fill(LONG.slice(0, 12));
  await expect(page.locator('[data-tool]')).toHaveCount(7);
  await page.getByRole('checkbox', { name: 'Collisions only' }).check();
  await expect(page.getByTestId('no-match')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Collisions only' }).uncheck();
  // A long name stays on one line (cut with an ellipsis), never one character per line.
  const qname = page.locator(`[data-server="${LONG}"]`).first().getByTestId('qualified');
  const { height, lineHeight } = await qname.evaluate((e) => ({ height: e.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(e).lineHeight) }));
  expect(height).toBeLessThan(lineHeight * 1.5);
});

test('switching a tool off: the effect before saving, then a lossless write the agent sees', async ({ page }) => {
  await openTools(page);
  await page.getByRole('button', { name: 'Turn tools on or off…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tools of docs_x' });
  await expect(dialog.getByText('Nothing changes yet: turn a tool on or off.')).toBeVisible();
  // Keyboard: focus the switch and press Space.
  await dialog.getByRole('switch', { name: 'parts' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByTestId('names-disappear')).toContainText('mcp__docs_x__parts');
  await expect(dialog.getByTestId('names-appear')).toContainText('server docs.x, tool parts');
  await expect(dialog.getByTestId('collisions-resolved')).toContainText('mcp__docs_x__parts');
  await expect(dialog.getByTestId('budget')).toContainText(/Context budget: [\d,]+ → [\d,]+ tokens/);
  await expect(dialog.getByTestId('filter-patch')).toContainText('"disabledTools"');
  expect(readFileSync(userFile, 'utf8')).toBe(original); // nothing written before Save
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const text = readFileSync(userFile, 'utf8');
  expect(text).toContain('// hand-written: the docs servers');
  expect(text).toContain('// first: keeps every name');
  expect(text.replace(/\s+/g, '')).toContain('"disabledTools":["parts"]');
  // The server reconnects with the filter: docs.x's `parts` now holds the name.
  await expect(page.locator('[data-server="docs.x"][data-tool="parts"]').getByTestId('qualified')).toHaveText('mcp__docs_x__parts');
  await expect(page.locator('[data-server="docs_x"][data-tool="parts"]')).toHaveCount(0);
  // And back on: the file is byte for byte what it was.
  await page.getByRole('button', { name: 'Turn tools on or off…' }).click();
  // docs_x may still be reconnecting (the switches then open on a connected server): pick it.
  const again = page.getByRole('dialog');
  await again.getByRole('combobox', { name: 'Server' }).click();
  await again.getByRole('option', { name: 'docs_x', exact: true }).click();
  await dialog.getByRole('switch', { name: 'parts' }).check();
  await expect(dialog.getByTestId('filter-patch')).toContainText('"disabledTools": null');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(readFileSync(userFile, 'utf8')).toBe(original);
});

async function check(browser: Browser, opts: { locale: string; colorScheme: 'light' | 'dark'; width: number; height: number }) {
  const context = await browser.newContext({ locale: opts.locale, colorScheme: opts.colorScheme, viewport: { width: opts.width, height: opts.height } });
  const page = await context.newPage();
  const label = `tools ${opts.locale} ${opts.colorScheme} ${opts.width}×${opts.height}`;
  try {
    await page.goto(await panel.freshUrl());
    await page.locator('nav button[data-section="tools"]').click();
    await expect(page.getByTestId('collision-group').first()).toBeVisible();
    await noSidewaysScroll(page, label);
    await expectNoSeriousViolations(page, label);
    await page.getByRole('button', { name: opts.locale.startsWith('zh') ? '开启或关闭工具…' : 'Turn tools on or off…' }).click();
    await expect(page.getByTestId('tool-switches')).toBeVisible();
    await noSidewaysScroll(page, `${label}, switches open`);
    await expectNoSeriousViolations(page, `${label}, switches open`);
    // For a person to look at (test-results/): axe has waited for the dialog's transition.
    await shot(page, test.info().outputPath(`${label.replace(/[^\w]+/g, '-')}.png`));
  } finally {
    await context.close();
  }
}

// One test per combination (each its own context), so they can run on either worker.
for (const opts of [
  { locale: 'en-US', colorScheme: 'light', width: 1280, height: 800 },
  { locale: 'zh-CN', colorScheme: 'dark', width: 1024, height: 700 },
  { locale: 'en-US', colorScheme: 'dark', width: 1024, height: 700 },
  { locale: 'zh-CN', colorScheme: 'light', width: 1280, height: 800 },
] as const) {
  test(`no sideways scrolling, axe clean: ${opts.locale}, ${opts.colorScheme}, ${opts.width}×${opts.height}`, async ({ browser }) => {
    await check(browser, opts);
  });
}
