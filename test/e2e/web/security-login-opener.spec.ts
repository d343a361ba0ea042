// Issue 21 F2: an authorization server chooses the login URL, so it is untrusted. The host
// used to emit `waiting-for-browser` with a file: or vscode: URL before the http(s) check, and
// the page called window.open on it. In the real Chromium against the real web host: the
// login fails with the opener's refusal, no tab is opened, and no event ever carries the URL.
import { expect, test } from '@playwright/test';
import { makePanelHome, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { startHostileAs } from '../../integration/web/hostile-as';

const ENDPOINTS = ['file:///etc/passwd', 'vscode://evil.example/run'];
let h: PanelHome;
let panel: RunningPanel;
const servers: Array<Awaited<ReturnType<typeof startHostileAs>>> = [];

test.beforeAll(async () => {
  for (const e of ENDPOINTS) servers.push(await startHostileAs(e));
  h = makePanelHome(Object.fromEntries(servers.map((s, i) => [`hostile${i}`, { type: 'http', url: s.mcpUrl }])));
  panel = await startPanel(h);
});

test.afterAll(async () => {
  await panel?.stop();
  for (const s of servers) await s.close();
  h?.cleanup();
});

test('a non-http(s) authorization URL is refused before the page (or any event) sees it', async ({ page, context }) => {
  const opened: string[] = [];
  context.on('page', (p) => opened.push(p.url()));
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.goto(await panel.freshUrl());
  await page.locator('nav button[data-section="login"]').click();
  for (const [i, endpoint] of ENDPOINTS.entries()) {
    const row = page.locator(`tr[data-server="hostile${i}"]`);
    await row.getByRole('button', { name: `Log in hostile${i}` }).click();
    await expect(row.getByRole('alert')).toContainText(/not http\(s\)|only http\(s\)/);
    expect(frames.some((f) => f.includes(endpoint.split(':')[0] + ':'))).toBe(false);
  }
  expect(frames.some((f) => f.includes('waiting-for-browser'))).toBe(false);
  expect(opened).toEqual([]);
  expect(await page.getByTestId('login-link').count()).toBe(0);
});
