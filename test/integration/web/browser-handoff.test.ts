// SEC-2: `serve --open` hands the one-time link to the browser through a private file, so
// the token never appears on a command line (`ps`, /proc/<pid>/cmdline). The stand-in browser
// (MCP_PANEL_BROWSER) records the argv and /proc cmdline it was really started with.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exchangeLink, makePanelHome, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { makeStandInBrowser } from './stand-in-browser';

let h: PanelHome | undefined;
let panel: RunningPanel | undefined;
let scratch: string | undefined;
afterEach(async () => {
  await panel?.stop();
  h?.cleanup();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  panel = h = scratch = undefined;
});

async function openWithStandIn() {
  scratch = mkdtempSync(join(tmpdir(), 'mcp-panel-handoff-test-'));
  const browser = makeStandInBrowser(scratch);
  h = makePanelHome();
  panel = await startPanel(h, ['--open'], { env: { MCP_PANEL_BROWSER: browser.bin } });
  // The browser is started right after the first line; its record appears when it has run.
  await vi.waitFor(() => expect(browser.ran()).toBe(true), { timeout: 30_000, interval: 50 });
  return { browser, panel };
}

describe('the browser gets a file path, not the token', () => {
  it('argv and /proc cmdline hold a 0600 file in a 0700 directory; the file redirects to a one-time link, then is removed', async () => {
    const { browser, panel } = await openWithStandIn();
    const { argv, cmdline } = browser.read();
    expect(argv).toHaveLength(1);
    const file = argv[0]!;
    expect(isAbsolute(file)).toBe(true);
    expect(file).not.toMatch(/token|https?:/);
    expect(cmdline).toContain(file);
    expect(cmdline).not.toMatch(/token=|127\.0\.0\.1/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
    const html = readFileSync(file, 'utf8');
    const link = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(html)?.[1]?.replace(/&#38;/g, '&');
    expect(link).toMatch(new RegExp(`^${panel.origin}/\\?token=[\\w-]{43}$`));
    expect(link).not.toBe(panel.url); // its own link, not the one printed on stdout
    const first = await exchangeLink(link!);
    expect(first.status).toBe(200);
    // Exchanged: the file and its directory are gone, and the link is dead.
    expect(existsSync(dirname(file))).toBe(false);
    expect((await exchangeLink(link!)).status).toBe(401);
  });

  it('an unused handoff file is removed when the panel stops', async () => {
    const { browser, panel } = await openWithStandIn();
    const file = browser.read().argv[0]!;
    expect(existsSync(file)).toBe(true);
    await panel.stop();
    expect(existsSync(dirname(file))).toBe(false);
  });
});
