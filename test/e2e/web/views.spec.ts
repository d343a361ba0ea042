// Issue 7 views end to end: the real web host on a temp HOME, real stdio fixture servers and a
// real OAuth authorization server, driven in the system Chromium. Serial: one panel, one story.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PID_SERVER, startPanel, type RunningPanel } from '../../helpers/panel-home';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { makeViewsHome } from '../helpers/views-home';

test.describe.configure({ mode: 'serial' });

let h: ReturnType<typeof makeViewsHome>;
let panel: RunningPanel;
let oauth: OAuthFixture;

test.beforeAll(async () => {
  oauth = await startOAuthFixture();
  h = makeViewsHome(oauth.mcpUrl);
  panel = await startPanel(h);
});

test.afterAll(async () => {
  await panel?.stop();
  await oauth?.close();
  h?.cleanup();
});

const row = (page: Page, name: string) => page.locator(`tr[data-server="${name}"]`);
const go = (page: Page, section: string) => page.locator(`nav button[data-section="${section}"]`).click();

async function open(page: Page) {
  await page.goto(panel.url);
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
  await expect(page.getByText(`Saved to ${h.userFile}`)).toBeVisible();
  await go(page, 'servers');
  await expect(row(page, 'added').getByTestId('state')).toHaveText('connected');
  await expect(row(page, 'added').getByTestId('tools')).toHaveText('3 tools');
  expect(JSON.parse(readFileSync(h.userFile, 'utf8')).mcpServers.added.args).toEqual([PID_SERVER]);
});

test('an inline token is refused; moving it to the keychain writes only a reference', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Add server' }).click();
  await page.getByLabel('Name').fill('tokened');
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments (one per line)').fill(PID_SERVER);
  await page.getByRole('button', { name: 'Add to Environment' }).click();
  await page.getByLabel('Environment name 1').fill('API_TOKEN');
  await page.getByLabel('Environment value 1').fill('sk-live-0123456789abcdefghij');
  await page.getByRole('button', { name: /^Save to / }).click();
  const refusal = page.locator('.refusal[data-reason="inline_secret"]');
  await expect(refusal).toContainText('/env/API_TOKEN');
  expect(readFileSync(h.userFile, 'utf8')).not.toContain('tokened');
  await refusal.getByRole('button', { name: 'Move to keychain' }).click();
  await expect(page.getByText(/Stored in the keychain as/)).toBeVisible();
  await page.getByRole('button', { name: /^Save to / }).click();
  await expect(page.getByText(`Saved to ${h.userFile}`)).toBeVisible();
  const text = readFileSync(h.userFile, 'utf8');
  expect(JSON.parse(text).mcpServers.tokened.env).toEqual({ API_TOKEN: '${API_TOKEN}' });
  expect(text).not.toContain('sk-live-0123456789abcdefghij');
  expect(await page.content()).not.toContain('sk-live-0123456789abcdefghij');
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
  expect(readFileSync(h.userFile, 'utf8')).not.toContain('trial');
});

test('tools: a collision between two servers says who won, and a tool call shows every part', async ({ page }) => {
  await open(page);
  await go(page, 'tools');
  const collisions = page.getByTestId('collisions');
  await expect(collisions).toContainText('mcp__echo_a__echo');
  await expect(collisions).toContainText(/keeps the name/);
  await expect(collisions).toContainText('mcp__echo_a__echo_2');
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
  await expect(page.getByTestId('search-results').locator('li').first()).toContainText(/mcp__echo_a__sleep/);
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
