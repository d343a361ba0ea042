// In the real browser: `serve --open` starts the browser on a private handoff file
// (file://); the file's redirect trades the one-time link for the SameSite=Strict session
// cookie, and the panel loads at the clean URL. The link is dead afterwards, even in the same
// browser it worked in once the cookie is gone.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { makePanelHome, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { makeStandInBrowser, type StandInBrowser } from '../../integration/web/stand-in-browser';

let h: PanelHome;
let panel: RunningPanel;
let scratch: string;
let browser: StandInBrowser;

test.beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'mcp-panel-e2e-handoff-'));
  browser = makeStandInBrowser(scratch);
  h = makePanelHome();
  panel = await startPanel(h, ['--open'], { env: { MCP_PANEL_BROWSER: browser.bin } });
  await expect.poll(() => browser.ran(), { timeout: 30_000 }).toBe(true);
});

test.afterAll(async () => {
  await panel?.stop();
  h?.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

test('the handoff file opens the panel; the link inside it works only once', async ({ page, context }) => {
  const file = browser.read().argv[0]!;
  const link = /content="0;url=([^"]+)"/.exec(readFileSync(file, 'utf8'))![1]!.replace(/&#38;/g, '&');
  await page.goto(pathToFileURL(file).href);
  await expect(page).toHaveURL(`${panel.origin}/`);
  await expect(page.locator('tr[data-server="alpha"]').getByTestId('state')).toHaveText('connected');
  expect(existsSync(file)).toBe(false); // removed once exchanged
  // The session lives in the cookie; without it, the page and the used link are refused.
  await context.clearCookies();
  expect((await page.request.get(`${panel.origin}/`)).status()).toBe(401);
  expect((await page.request.get(link)).status()).toBe(401);
});
