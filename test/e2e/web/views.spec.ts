// The views end to end: the real web host on a temp HOME, real stdio fixture servers and a
// real OAuth authorization server, driven in the system Chromium. Serial: one panel, one story.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PID_SERVER } from '../../helpers/panel-home';
import { ECHO, useViewsPanel, VIEWS_SECRET } from '../helpers/views-home';

test.describe.configure({ mode: 'serial' });

const bed = useViewsPanel();

// The panel's own layers only: "Other agents on this machine" lists Cursor's entries under the same names.
const row = (page: Page, name: string) => page.locator(`table[data-layer] tr[data-server="${name}"]`);
const go = (page: Page, section: string) => page.locator(`nav button[data-section="${section}"]`).click();
/** Edit sits in the row's menu (issue 14: one row of actions). */
async function edit(page: Page, name: string) {
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: `Edit ${name}` }).click();
}

async function open(page: Page) {
  await page.goto(await bed.panel.freshUrl());
  await expect(row(page, 'echo_a').getByTestId('state')).toHaveText('connected');
  await expect(row(page, 'echo.a').getByTestId('state')).toHaveText('connected');
}

test('add a stdio server through the form; it connects with its tool count', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Add server' }).click();
  await page.getByLabel('Name').fill('added');
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments (one per line)').fill(PID_SERVER);
  await expect(page.getByTestId('validation')).toContainText('Valid minimax entry');
  // Validated as you type: an empty command is refused before anything is written.
  await page.getByLabel('Command').fill('');
  await expect(page.getByTestId('validation')).toContainText('needs "command"');
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByRole('button', { name: /^Save to / }).click();
  await expect(page.getByText(`Saved to ${bed.home.userFile}`)).toBeVisible();
  await go(page, 'servers');
  await expect(row(page, 'added').getByTestId('state')).toHaveText('connected');
  await expect(row(page, 'added').getByTestId('tools')).toHaveText('3 tools');
  expect(JSON.parse(readFileSync(bed.home.userFile, 'utf8')).mcpServers.added.args).toEqual([PID_SERVER]);
});

test('an inline token is refused; in the minimax user file no keychain move is offered, because MiniMax Code would send ${VAR} as text', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Add server' }).click();
  await page.getByLabel('Name').fill('tokened');
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments (one per line)').fill(ECHO);
  await page.getByRole('button', { name: 'Add to Environment' }).click();
  await page.getByLabel('Environment name 1').fill('API_TOKEN');
  await page.getByLabel('Environment value 1').fill('sk-live-0123456789abcdefghij');
  await expect(page.getByRole('button', { name: 'Store in keychain' })).toBeDisabled();
  await page.getByRole('button', { name: /^Save to / }).click();
  const refusal = page.locator('.refusal[data-reason="inline_secret"]');
  await expect(refusal).toContainText('/env/API_TOKEN');
  await expect(refusal).toContainText('minimax sends ${VARIABLE} in this file as written');
  await expect(refusal.getByRole('button', { name: 'Move to keychain' })).toHaveCount(0);
  await expect(refusal).toContainText('Take each value out of the entry');
  expect(readFileSync(bed.home.userFile, 'utf8')).not.toContain('tokened');
});

test('a file changed on disk while editing: the diff (secrets masked), then overwrite keeps both edits', async ({ page }) => {
  await open(page);
  await edit(page, 'echo_a');
  await expect(page.getByRole('heading', { name: 'Edit echo_a' })).toBeVisible();
  await expect(page.getByLabel('Environment value 1')).toHaveValue('••••••');
  // The draft's base is the file as the editor read it (its layers, with their hashes): the
  // edit on disk must come after that read, or there is nothing to conflict with.
  await expect(page.getByRole('button', { name: `Save to ${bed.home.userFile}` })).toBeVisible();
  const cfg = JSON.parse(readFileSync(bed.home.userFile, 'utf8')) as { mcpServers: Record<string, unknown> };
  cfg.mcpServers.external = { command: 'true', enabled: false };
  writeFileSync(bed.home.userFile, JSON.stringify(cfg, null, 2));
  await page.getByLabel('Timeout (ms)').fill('5000');
  await page.getByRole('button', { name: /^Save to / }).click();
  const alert = page.locator('.refusal[data-reason="conflict"]');
  await expect(alert).toContainText('changed on disk');
  await expect(alert.locator('.diff-del, .diff-add').first()).toBeVisible();
  expect(await page.content()).not.toContain(VIEWS_SECRET);
  await alert.getByRole('button', { name: 'Apply my edit to the file on disk' }).click();
  await expect(page.getByText(`Saved to ${bed.home.userFile}`)).toBeVisible();
  const after = JSON.parse(readFileSync(bed.home.userFile, 'utf8')) as { mcpServers: Record<string, { timeout?: number; env?: Record<string, string> }> };
  expect(after.mcpServers.external).toBeDefined();
  expect(after.mcpServers.echo_a?.timeout).toBe(5000);
  // The masked value on the page meant "unchanged": the file keeps the real one.
  expect(after.mcpServers.echo_a?.env).toEqual({ SOME_API_KEY: VIEWS_SECRET });
});

test('a session-only server connects before it is written anywhere', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Add server' }).click();
  await page.getByLabel('Name').fill('trial');
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments (one per line)').fill(PID_SERVER);
  await page.getByRole('button', { name: 'Try without saving' }).click();
  await go(page, 'servers');
  await expect(page.locator('table[data-layer="session"] tr[data-server="trial"]').getByTestId('state')).toHaveText('connected');
  expect(readFileSync(bed.home.userFile, 'utf8')).not.toContain('trial');
});

test('import from Cursor previews, then writes the picked server and refuses the one with an inline token; remove deletes', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Add server' }).click();
  await page.getByText('Import from another app').click();
  await page.getByRole('button', { name: 'cursor', exact: true }).click();
  // The preview: the good server ticked, the one with an inline token refused and not tickable; nothing written yet.
  const plan = page.getByTestId('import-plan');
  await expect(plan.getByRole('checkbox', { name: 'Import from-cursor' })).toBeChecked();
  await expect(plan.getByRole('checkbox', { name: 'Import leaky' })).toBeDisabled();
  await expect(plan.locator('tr[data-import="leaky"]')).toContainText('skipped: holds a literal secret');
  expect(readFileSync(bed.home.userFile, 'utf8')).not.toContain('from-cursor');
  await page.getByRole('button', { name: 'Import 1 selected' }).click();
  await expect(page.getByText(`1 imported into ${bed.home.userFile}.`)).toBeVisible();
  await go(page, 'servers');
  await expect(row(page, 'from-cursor').getByTestId('state')).toHaveText('connected');
  expect(readFileSync(bed.home.userFile, 'utf8')).not.toContain('sk-live-cursor');
  await edit(page, 'from-cursor');
  await page.getByRole('button', { name: 'Remove' }).click();
  // The in-page confirm dialog (no window.confirm in Electron): its own Remove button confirms.
  await page.getByRole('alertdialog', { name: 'Remove from-cursor from its file?' }).getByRole('button', { name: 'Remove' }).click();
  await go(page, 'servers');
  await expect(row(page, 'from-cursor')).toHaveCount(0);
  expect(JSON.parse(readFileSync(bed.home.userFile, 'utf8')).mcpServers['from-cursor']).toBeUndefined();
});

test('tools: a collision between two servers says who won, and a tool call shows every part', async ({ page }) => {
  await open(page);
  await go(page, 'tools');
  const collisions = page.getByTestId('collisions');
  await expect(collisions).toContainText('mcp__echo_a__echo');
  await expect(collisions).toContainText(/keeps the name/);
  // MiniMax Code's published registry suffixes the server segment (MiniMax's tool-name.ts).
  await expect(collisions).toContainText('mcp__echo_a_2__echo');
  expect(await page.content()).not.toContain(VIEWS_SECRET);
  await page.getByLabel('Filter tools').fill('parts echo.a');
  await page.locator('[data-tool="parts"] button').first().click();
  await page.getByRole('button', { name: 'Call tool' }).click();
  const result = page.getByTestId('call-result');
  await expect(result).toContainText('hello');
  await expect(result.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(result.locator('audio')).toHaveCount(1);
  await expect(result).toContainText('file:///a.txt');
  await expect(result).toContainText('file:///b.txt');
});

test('permissions: editing a rule changes the simulator answer', async ({ page }) => {
  await open(page);
  await go(page, 'permissions');
  const echo = page.locator('tr[data-tool="mcp__echo_a__echo"]').getByTestId('decision');
  await expect(echo).toHaveText('ask');
  await page.getByLabel('Deny').fill('mcp__echo_a');
  await expect(echo).toHaveText('deny');
  await page.getByLabel('Deny').fill('');
  await page.getByLabel('Allow').fill('mcp__echo_a__echo\nmcp__echo_a__echo__x\nmcp__nothing');
  await expect(echo).toHaveText('allow');
  await expect(page.locator('tr[data-rule="mcp__nothing"]')).toContainText('Matches no tool here');
  await expect(page.locator('tr[data-rule="mcp__echo_a__echo__x"]')).toContainText('Can never match');
});

test('disclosure: token cost and a tool_search query', async ({ page }) => {
  await open(page);
  await go(page, 'disclosure');
  await expect(page.getByTestId('disclosure-verdict')).toContainText('whitelist is empty');
  await expect(page.getByTestId('cost-table').locator('tr[data-server="echo_a"]')).toBeVisible();
  await page.getByLabel('tool_search query').fill('concurrency sleep');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-results').locator('li').first()).toContainText(/^mcp__[a-z_]+__sleep /);
  // DISC-2: a Chinese query finds the tool described in Chinese, ranked first.
  await page.getByLabel('tool_search query').fill('天气预报');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-results').locator('li').first()).toContainText('mcp__zh__weather');
});

test('logs: stderr and JSON-RPC traffic of a server, searchable', async ({ page }) => {
  await open(page);
  await go(page, 'logs');
  await page.getByLabel('Server', { exact: true }).selectOption({ label: 'echo_a (connected)' });
  await expect(page.getByTestId('traffic')).toContainText('tools/list');
  await page.getByLabel('Search the logs').fill('initialize');
  await expect(page.getByTestId('traffic')).not.toContainText('tools/list');
});

test('OAuth login through the UI: the browser follows the sign-in page and the token status shows', async ({ page, context }) => {
  await open(page);
  await go(page, 'login');
  const secured = page.locator('tr[data-server="secured"]');
  await expect(secured.getByTestId('auth-state')).toHaveText(/needs login|logged out/);
  const popup = context.waitForEvent('page');
  await secured.getByRole('button', { name: 'Log in secured' }).click();
  // The page opens the authorization URL itself (browser mode); the fixture approves like a
  // person and redirects to the panel's loopback callback.
  const sign = await popup;
  await sign.waitForLoadState();
  await expect(secured.getByTestId('auth-state')).toHaveText('logged in', { timeout: 30_000 });
  await expect(secured).toContainText('mcp:read');
  await sign.close();
  await go(page, 'servers');
  await expect(row(page, 'secured').getByTestId('state')).toHaveText('connected');
  expect(await page.content()).not.toMatch(/access_token|refresh_token/);
});

test('in Chinese, the editor, login, logs, settings and disclosure views say nothing in English', async ({ page }) => {
  await open(page);
  // Server names (earlier tests added some) are names, whatever the language.
  const servers = new Set(await page.locator('tr[data-server]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.server!)));
  await go(page, 'settings');
  await page.locator('#set-lang').selectOption('zh');
  await expect(page.getByRole('heading', { name: '设置' })).toBeVisible();
  const english: string[] = [];
  const collect = async (view: string) => {
    // What servers and files say (traffic, stderr, descriptions, code) is theirs, not the panel's.
    const text = await page.locator('main').evaluate((main) => {
      const copy = main.cloneNode(true) as HTMLElement;
      for (const el of copy.querySelectorAll('code, pre, [data-testid="traffic"], [data-testid="stderr"], [data-path], [data-raw]')) el.remove();
      document.body.append(copy);
      const said = copy.innerText;
      copy.remove();
      return said;
    });
    for (const word of latinProse(text)) if (!servers.has(word)) english.push(`${view}: ${word}`);
  };
  await collect('settings');
  await go(page, 'servers');
  await page.getByRole('button', { name: '添加服务器' }).click();
  await page.getByRole('tab', { name: '原始 JSON' }).click();
  await collect('editor/raw');
  await page.getByRole('tab', { name: '表单' }).click();
  await page.getByText('从其他应用导入').click();
  await page.getByRole('button', { name: 'cursor', exact: true }).click();
  await expect(page.getByTestId('import-plan')).toBeVisible();
  await collect('editor');
  // A refusal from the host (CFG-8 inline secret): its sentence and each finding's fix from codes.
  await page.getByLabel('名称', { exact: true }).fill('tokened-zh');
  await page.getByLabel('命令', { exact: true }).fill(process.execPath);
  await page.getByRole('button', { name: '添加环境变量' }).click();
  await page.getByLabel('环境变量 名称 1').fill('API_TOKEN');
  await page.getByLabel('环境变量 值 1').fill('sk-live-0123456789abcdefghij');
  await page.getByRole('button', { name: /^保存到 / }).click();
  await expect(page.locator('.refusal[data-reason="inline_secret"]')).toContainText('/env/API_TOKEN');
  await collect('editor/refusal');
  await go(page, 'login');
  await expect(page.getByTestId('auth-table')).toBeVisible();
  await collect('login');
  await go(page, 'logs');
  await expect(page.getByTestId('traffic')).toBeVisible();
  await collect('logs');
  await go(page, 'disclosure');
  await expect(page.getByTestId('disclosure-verdict')).toBeVisible();
  await page.getByLabel('tool_search 查询').fill('天气预报');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByTestId('search-results').locator('li').first()).toContainText('mcp__zh__weather');
  await collect('disclosure');
  await go(page, 'settings');
  await page.locator('#set-lang').selectOption('en');
  expect(english).toEqual([]);
});

/**
 * Latin words in a Chinese page that are prose, not names: server, file, tool and field names,
 * paths, URLs, code and the product and protocol names every language writes in Latin.
 */
function latinProse(text: string): string[] {
  const names = /^(?:mcp|MCP|JSON|JSON-RPC|RPC|stdio|http|https|sse|streamable|HTTP|OAuth|URL|token|stderr|BM25|CFG|SEC|AUTH|UI|DISC|CLI|Tab|Enter|minimax|MiniMax|Code|kimi|Kimi|minara|Minara|claude|desktop|Claude|cursor|Cursor|vscode|VS|English|UTF|deferred|label|timeoutMs|maxTools|authTokenEnv|startupTimeoutMs|toolTimeoutMs|bearerTokenEnvVar|enabled|thresholdPct|minDeferCount|modelWhitelist|default|env|true|false|tool_search|mcp_invoke|regex|echo|zh|secured|leaky|ms|PID|Authorization|Bearer|command|url|args|npx|node|shell|string)$/;
  const out = new Set<string>();
  for (const token of text.split(/[\s，。：；、（）“”《》！？,;()[\]"'`]+/)) {
    if (!/[A-Za-z]{2,}/.test(token)) continue;
    // Paths, URLs, identifiers and code: anything with a separator or digits in it.
    if (/[/\\.:_${}<>=@#→←+*|~-]/.test(token.replace(/^[-–—]+|[-–—.]+$/g, '')) || /\d/.test(token)) continue;
    const word = token.replace(/[^A-Za-z]/g, '');
    if (!names.test(word)) out.add(word);
  }
  return [...out];
}

test('login and import tables fit 1280×800 and 1024×700 in both languages; no column is squeezed to a character per line', async ({ page }) => {
  await open(page);
  for (const locale of ['zh', 'en'] as const) {
    await go(page, 'settings');
    await page.locator('#set-lang').selectOption(locale);
    for (const [width, height] of [
      [1280, 800],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await go(page, 'login');
      const table = page.getByTestId('auth-table');
      await expect(table).toBeVisible();
      const fit = await table.evaluate((el) => {
        const main = document.querySelector('main')!.getBoundingClientRect();
        const cells = [...el.querySelectorAll('th, td')].map((c) => c.getBoundingClientRect().width);
        return { overflow: document.documentElement.scrollWidth - window.innerWidth, right: el.getBoundingClientRect().right - main.right, narrowest: Math.min(...cells) };
      });
      expect(fit.overflow, `${locale} ${width}: page scrolls sideways`).toBeLessThanOrEqual(0);
      expect(fit.right, `${locale} ${width}: table past the right edge`).toBeLessThanOrEqual(1);
      // Three CJK characters at 14 px: anything narrower breaks Chinese a character or two per line.
      expect(fit.narrowest, `${locale} ${width}: a squeezed column`).toBeGreaterThanOrEqual(48);
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
});
