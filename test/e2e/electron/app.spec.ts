// The desktop app in the real Electron: the same checks as the stand-in smoke
// test (test/integration/electron/smoke.test.ts) where Playwright can see them, on the built
// app (`electron .` → package.json main → out/main/index.js). Skipped, saying why, where no
// Electron binary is installed; never downloads one (requiring the electron package would).
import { _electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeElectronHome, type ElectronHome } from '../../helpers/electron-home';
import { ROOT } from '../../helpers/panel-home';

/** The binary the electron package would run, found without its download-on-require. */
function electronBinary(): string | null {
  if (process.env.ELECTRON_PATH) return existsSync(process.env.ELECTRON_PATH) ? process.env.ELECTRON_PATH : null;
  const pkg = join(ROOT, 'node_modules/electron');
  const pathFile = join(pkg, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const candidate = process.env.ELECTRON_OVERRIDE_DIST_PATH ? join(process.env.ELECTRON_OVERRIDE_DIST_PATH, name ?? 'electron') : name ? join(pkg, 'dist', name) : null;
  return candidate && existsSync(candidate) ? candidate : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

type Invoke = (method: string, input: unknown) => Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>;
const invoke = (page: Page, method: string, input: unknown = {}) =>
  page.evaluate(([m, i]) => (window as unknown as { mcpPanel: { invoke: Invoke } }).mcpPanel.invoke(m as string, i), [method, input] as const);

const BINARY = electronBinary();
test.skip(!BINARY, 'no Electron binary (node_modules/electron/dist, ELECTRON_PATH or ELECTRON_OVERRIDE_DIST_PATH); the stand-in smoke test covers this under Node');
test.skip(!existsSync(join(ROOT, 'out/main/index.js')), 'not built: run `npx electron-vite build` (npm run test:electron does)');

test.describe.configure({ mode: 'serial' });

let fixture: ElectronHome;
let app: ElectronApplication;
let page: Page;

test.beforeAll(async () => {
  fixture = makeElectronHome();
  app = await _electron.launch({
    executablePath: BINARY!,
    // Root (CI containers) cannot use Chromium's sandbox: the renderer's own sandbox stays on.
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), ROOT],
    cwd: fixture.workspace,
    env: fixture.env as Record<string, string>,
  });
  page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  if (app && app.process().exitCode === null) await app.close();
  fixture?.cleanup();
});

test('boots on a temp HOME and shows the connected and the failed server', async () => {
  expect(page.url()).toMatch(/^file:.*\/out\/renderer\/index\.html/);
  // The same rows the web host's browser tests read (test/e2e/web/servers.spec.ts).
  const row = (name: string) => page.locator(`tr[data-server="${name}"]`);
  await expect(row('echo').getByTestId('state')).toHaveText('connected');
  await expect(row('missing').getByTestId('state')).toHaveText('failed');
  await expect
    .poll(async () => {
      const r = (await invoke(page, 'servers.list')) as { value?: { servers: Array<{ name: string; state: { kind: string } }> } };
      return Object.fromEntries((r.value?.servers ?? []).map((s) => [s.name, s.state.kind]));
    })
    .toEqual({ echo: 'connected', missing: 'failed' });
});

test('the page reaches main only through the preload bridge', async () => {
  expect(await page.evaluate(() => Object.keys((window as unknown as { mcpPanel: object }).mcpPanel).sort())).toEqual(['invoke', 'subscribe']);
  expect(await page.evaluate(() => [typeof (globalThis as { require?: unknown }).require, typeof (globalThis as { process?: unknown }).process])).toEqual(['undefined', 'undefined']);
  expect(await invoke(page, 'app.info')).toMatchObject({ ok: true, value: { host: 'electron' } });
  expect(await invoke(page, 'no.such')).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
});

test('refuses a foreign navigation and window.open', async () => {
  const before = page.url();
  // Main records every navigation that starts. Navigations start in the order the page asks
  // for them, so once an in-page one asked after the foreign one has started, the foreign one
  // had its chance: an event to wait for, not a time.
  const started = () => app.evaluate(() => (globalThis as unknown as { __navigations: string[] }).__navigations);
  await app.evaluate(({ BrowserWindow }) => {
    const g = globalThis as unknown as { __navigations: string[] };
    g.__navigations = [];
    BrowserWindow.getAllWindows()[0]!.webContents.on('did-start-navigation', (_event, url) => g.__navigations.push(url));
  });
  await page.evaluate(() => {
    location.href = 'https://example.com/';
  });
  await page.evaluate(() => {
    location.hash = 'after-the-refused-one';
  });
  await expect.poll(started).toContainEqual(expect.stringContaining('#after-the-refused-one'));
  expect((await started()).filter((u) => u.includes('example.com'))).toEqual([]);
  expect(page.url()).toBe(`${before.split('#')[0]}#after-the-refused-one`);
  expect(await page.evaluate(() => window.open('https://example.com/') === null)).toBe(true);
  expect(app.windows()).toHaveLength(1);
});

test('closing the window hides it; the app stays running', async () => {
  const state = await app.evaluate(({ BrowserWindow }) => {
    const w = BrowserWindow.getAllWindows()[0]!;
    w.close();
    return { visible: w.isVisible(), destroyed: w.isDestroyed(), windows: BrowserWindow.getAllWindows().length };
  });
  expect(state).toEqual({ visible: false, destroyed: false, windows: 1 });
  expect(app.process().exitCode).toBeNull();
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.show());
});

test('quit disposes the services and leaves no child process', async () => {
  const rows = (await invoke(page, 'servers.list')) as { value: { servers: Array<{ id: string; name: string }> } };
  const echo = rows.value.servers.find((s) => s.name === 'echo')!;
  const called = (await invoke(page, 'tools.call', { id: echo.id, tool: 'pid', arguments: {} })) as { value: { content: Array<{ text: string }> } };
  const pid = Number(called.value.content[0]!.text);
  expect(alive(pid)).toBe(true);
  const child = app.process();
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  await app.evaluate(({ app: electronApp }) => electronApp.quit());
  expect(await exited).toBe(0);
  await expect.poll(() => alive(pid), { timeout: 30_000 }).toBe(false);
  const groups = join(fixture.home, '.mcp-panel', 'process-groups');
  expect(existsSync(groups) ? readdirSync(groups) : []).toEqual([]);
});
