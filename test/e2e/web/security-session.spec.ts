// Issue 21 F1 in the real Chromium: another server on 127.0.0.1 (any port) receives the panel's
// session cookie with every visit, and its page can plant a cookie of the same name. Replayed:
// the attacker's server records the cookie and replays it (refused), plants duplicates for
// `/api` and `/events` (which the browser then sends first), and the panel keeps working, across
// a reload too (the key lives in the tab's sessionStorage, which other ports cannot read); then
// it replaces the cookie outright, and the open page's calls still go through. Issue 35: the next
// reload then got 401 until a fresh link; now the tab's key puts the session's cookie back.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { makePanelHome, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';

let h: PanelHome;
let panel: RunningPanel;
let evil: Server;
let evilOrigin: string;
const seenCookies: string[] = [];

test.beforeAll(async () => {
  h = makePanelHome();
  panel = await startPanel(h);
  const name = `mcp-panel-${panel.port}`;
  evil = createServer((req, res) => {
    seenCookies.push(req.headers.cookie ?? '');
    // What any server on another loopback port may answer: cookies ignore ports.
    const cookies = req.url === '/replace' ? [`${name}=replaced; Path=/; HttpOnly`] : [`${name}=planted-api; Path=/api; HttpOnly`, `${name}=planted-events; Path=/events; HttpOnly`];
    res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': cookies });
    res.end('<!doctype html><title>planted</title>');
  });
  await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
  evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await panel?.stop();
  h?.cleanup();
  await new Promise((r) => evil?.close(r));
});

test('a cookie seen or planted by another loopback port neither opens the panel nor locks the user out', async ({ page, context }) => {
  await page.goto(await panel.freshUrl());
  await expect(page).toHaveURL(`${panel.origin}/`); // the key left the address bar
  await expect(page.locator('tr[data-server="alpha"]').getByTestId('state')).toHaveText('connected');

  const other = await context.newPage();
  await other.goto(`${evilOrigin}/plant`);
  await expect(other).toHaveTitle('planted');
  // The browser did hand the panel's cookie to the other port…
  const leaked = seenCookies.join('; ').split('; ').find((c) => c.startsWith(`mcp-panel-${panel.port}=`) && !c.includes('planted'));
  expect(leaked).toBeTruthy();
  // …and replayed from there it opens nothing.
  const replay = await fetch(`${panel.origin}/api/servers.list`, { method: 'POST', headers: { Cookie: leaked!, 'Content-Type': 'application/json' }, body: '{}' });
  expect(replay.status).toBe(401);
  expect(await other.evaluate(() => sessionStorage.length)).toBe(0); // the key is not readable there
  await other.close();

  // The browser now holds three cookies of that name and sends the planted ones first.
  expect((await context.cookies(`${panel.origin}/api/x`)).filter((c) => c.name === `mcp-panel-${panel.port}`)).toHaveLength(2);
  const alpha = page.locator('tr[data-server="alpha"]');
  await page.reload();
  await expect(alpha.getByTestId('state')).toHaveText('connected');
  await alpha.getByRole('button', { name: 'Reconnect alpha' }).click();
  await expect(alpha.getByTestId('state')).toHaveText('connected');
  await expect(page.getByText(/unauthorized|401/)).toHaveCount(0);

  // Replaced outright: the page that is open keeps working (calls and events go by its key).
  const again = await context.newPage();
  await again.goto(`${evilOrigin}/replace`);
  await again.close();
  expect((await context.cookies(panel.origin)).find((c) => c.name === `mcp-panel-${panel.port}` && c.path === '/')?.value).toBe('replaced');
  await alpha.getByRole('button', { name: 'Reconnect alpha' }).click();
  await expect(alpha.getByTestId('state')).toHaveText('connected');
  await expect(page.getByText(/unauthorized|401/)).toHaveCount(0);

  // …and the user is not locked out: a reload recovers from the tab's key (issue 35).
  await page.reload();
  await expect(alpha.getByTestId('state')).toHaveText('connected');
  await expect(page.getByText(/unauthorized|401/)).toHaveCount(0);
  const restored = (await context.cookies(panel.origin)).find((c) => c.name === `mcp-panel-${panel.port}` && c.path === '/');
  expect(restored?.value).not.toBe('replaced');
  // The other port saw the cookie again, and replayed it still opens nothing.
  const replayed = await fetch(`${panel.origin}/api/servers.list`, { method: 'POST', headers: { Cookie: `mcp-panel-${panel.port}=${restored!.value}`, 'Content-Type': 'application/json' }, body: '{}' });
  expect(replayed.status).toBe(401);
});

test('a browser with the planted cookie but without the key gets the fresh-link page, and it does not loop', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${evilOrigin}/replace`);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const answer = await page.goto(`${panel.origin}/`);
    expect(answer?.status()).toBe(401);
    await expect(page.getByText('get a fresh link')).toBeVisible();
    // The resume script found no key: it asked for nothing and reloaded nothing.
    await page.waitForLoadState('load');
    expect(requests.filter((u) => u.includes('/session/resume') && !u.endsWith('.js'))).toEqual([]);
    expect(requests.filter((u) => u === `${panel.origin}/`)).toHaveLength(1);
  } finally {
    await context.close();
  }
});
