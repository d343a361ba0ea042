// The Electron smoke test that runs without the Electron binary: the BUILT
// main (out/main/index.js) runs in a child Node process against a recording stand-in for the
// `electron` module (test/helpers/electron-stand-in), and the BUILT preload runs sandboxed in
// this process as the renderer's side. Real services, a real fixture server over stdio, a
// temporary HOME. Needs `npx electron-vite build` first (.ci/run builds before testing).
// ELECTRON_SMOKE_OUT points it at another build (used to check that the assertions can fail).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridge, type PanelBridge } from '../../../renderer/src/bridge';
import { iconPng } from '../../../electron/services/api/icon-art';
import { launchMain, type Snapshot, type StandInMain } from '../../helpers/electron-stand-in/harness';
import { openRenderer, type RendererWorld } from '../../helpers/electron-stand-in/renderer';
import { makeElectronHome, type ElectronHome } from '../../helpers/electron-home';
import { ROOT } from '../../helpers/panel-home';
import { runCli } from '../../helpers/run-cli';
import { alive, descendants, waitGone } from './processes';

const OUT = resolve(process.env.ELECTRON_SMOKE_OUT ?? join(ROOT, 'out'));
const MAIN = join(OUT, 'main/index.js');
const INVOKE = 'mcp-panel:invoke';

let fixture: ElectronHome | undefined;
let home: string;
let workspace: string;
let main: StandInMain;
let renderer: RendererWorld | null = null;
let bridge: PanelBridge;
let echoPid = 0;
const events: Array<{ event: string; payload: unknown }> = [];

const win = (s: Snapshot) => s.windows[0]!;
const png = (aggregate: Parameters<typeof iconPng>[0], size: number) => Buffer.from(iconPng(aggregate, size)).toString('base64');

async function echoToolPid(id: string): Promise<number> {
  const r = await bridge.call('tools.call', { id, tool: 'pid', arguments: {} });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const part = r.value.content[0];
  return Number(part && 'text' in part ? part.text : NaN);
}

async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}:\n${main.output()}`)), ms)));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function rows() {
  const r = await bridge.call('servers.list', {});
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.servers;
}

beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npx electron-vite build\` first`);
  fixture = makeElectronHome();
  ({ home, workspace } = fixture);
  main = launchMain({ main: MAIN, cwd: workspace, env: fixture.env });
});

afterAll(async () => {
  renderer?.close();
  const leftovers = main && main.child.pid ? descendants(main.child.pid) : [];
  await main?.kill();
  for (const pid of leftovers) if (alive(pid)) process.kill(pid, 'SIGKILL'); // only what this test started
  fixture?.cleanup();
});

describe('electron main (built) on a stand-in electron module', () => {
  it('does nothing Electron forbids before ready, then boots on a temp HOME', async () => {
    await main.loaded;
    const before = await main.snapshot();
    expect(before.calls.map((c) => c.api)).toContain('app.requestSingleInstanceLock');
    expect(before.appListeners).toEqual(expect.arrayContaining(['second-instance', 'before-quit', 'window-all-closed']));
    expect({ windows: before.windows.length, tray: before.tray, ipc: before.ipcHandlers }).toEqual({ windows: 0, tray: null, ipc: [] });

    await main.request('app.ready');
    const s = await main.until((x) => x.windows.length === 1 && !!x.tray && x.ipcHandlers.includes(INVOKE), 'boot: window, tray and IPC', 45_000);
    const w = win(s);
    const prefs = w.options.webPreferences ?? {};
    // SEC-1 window settings, and the built preload and page it points at.
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
    expect(prefs.preload).toBe(join(OUT, 'preload/index.cjs'));
    expect(existsSync(String(prefs.preload))).toBe(true);
    expect(w.url).toBe(pathToFileURL(join(OUT, 'renderer/index.html')).href);
    expect(w.options.show).toBe(false); // shown by the app, not by Electron's default
    expect(w.visible).toBe(true);
    expect(s.session).toEqual({ headersListener: true, permissionHandler: true });
    expect(s.calls.some((c) => c.api === 'app.exit')).toBe(false);
  });

  it('answers a contract call from the page: renderer bridge → preload → IPC → dispatch and back', async () => {
    const s = await main.snapshot();
    renderer = openRenderer(main, { webContentsId: win(s).webContentsId, preload: String(win(s).options.webPreferences!.preload) });
    const exposed = renderer.world.mcpPanel as Record<string, unknown>;
    expect(Object.keys(exposed).sort()).toEqual(['invoke', 'subscribe']); // generic: no method names
    bridge = createBridge(renderer.world as unknown as Window);
    bridge.on('servers.stateChanged', (payload) => events.push({ event: 'servers.stateChanged', payload }));
    bridge.on('app.navigate', (payload) => events.push({ event: 'app.navigate', payload }));

    const info = await bridge.call('app.info', {});
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(info).toMatchObject({ ok: true, value: { host: 'electron', version: pkg.version } });

    // Discovery runs at boot: the echo server connects, the missing command fails.
    const deadline = Date.now() + 30_000;
    let list = await rows();
    while (!(list.find((r) => r.name === 'echo')?.state.kind === 'connected' && list.find((r) => r.name === 'missing')?.state.kind === 'failed')) {
      if (Date.now() > deadline) throw new Error(`servers did not settle: ${JSON.stringify(list.map((r) => [r.name, r.state]))}\n${main.output()}`);
      await new Promise((r) => setTimeout(r, 100));
      list = await rows();
    }
    const echo = list.find((r) => r.name === 'echo')!;
    const called = await bridge.call('tools.call', { id: echo.id, tool: 'echo', arguments: { text: 'through the preload' } });
    expect(called).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'through the preload' }] } });
    echoPid = await echoToolPid(echo.id);
    expect(descendants(main.child.pid!)).toContain(echoPid);

    // The dispatcher validates; errors come back as data.
    expect(await (exposed.invoke as (m: string, i: unknown) => Promise<unknown>)('no.such', {})).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    // SEC-1: only our top frame showing our page is answered: not a subframe (even one showing
    // our page), and not the top frame once a server redirect took it elsewhere.
    const page = win(await main.snapshot()).url;
    const refused = { ok: false, error: { code: 'refused' } };
    for (const frame of ['https://evil.example/', page]) {
      renderer.setFrameUrl(frame);
      expect(await bridge.call('servers.list', {}), `subframe ${frame}`).toMatchObject(refused);
    }
    renderer.setFrameUrl(undefined);
    const wcId = win(s).webContentsId;
    expect(await main.request('webContents.serverRedirect', { webContentsId: wcId, url: 'https://evil.example/landing' })).toMatchObject({ prevented: false });
    expect(await bridge.call('servers.list', {}), 'top frame on a foreign page').toMatchObject(refused);
    await main.request('webContents.serverRedirect', { webContentsId: wcId, url: page });
    expect(await bridge.call('servers.list', {})).toMatchObject({ ok: true });
  });

  it("listens for the CLI's read commands on its private socket (issue 22)", async () => {
    const sock = join(home, '.mcp-panel', 'panel.sock');
    const st = statSync(sock);
    expect(st.isSocket()).toBe(true);
    expect(st.mode & 0o777).toBe(0o600);
    expect(statSync(join(home, '.mcp-panel')).mode & 0o777).toBe(0o700);
    // The app was started without a workspace: it answers, and says it shows another selection.
    const r = await runCli(['tools', '--json', '--profile', 'minimax', '--workspace', workspace, '--verbose'], { env: fixture!.env, cwd: workspace });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/the running panel shows minimax · /);
    expect(JSON.parse(r.stdout).source).toBe('cache');
  });

  it('routes workspace.pickFolder to the native dialog, modal to the window', async () => {
    await main.request('dialog.queueAnswer', { answer: { canceled: false, filePaths: [workspace] } });
    expect(await bridge.call('workspace.pickFolder', {})).toEqual({ ok: true, value: { path: workspace } });
    const s = await main.snapshot();
    const call = s.calls.filter((c) => c.api === 'dialog.showOpenDialog').at(-1);
    expect(call?.args[0]).toMatchObject({ modalTo: win(s).id, options: { properties: ['openDirectory'] } });
  });

  it('shows a connected and a failed server in the tray, and its menu actions work', async () => {
    const s = await main.until((x) => /1 connected/.test(x.tray?.toolTip ?? '') && /1 failed/.test(x.tray?.toolTip ?? ''), 'tray tooltip with 1 connected, 1 failed');
    const tray = s.tray!;
    const [summary, ...why] = tray.toolTip.split('\n');
    expect(summary).toMatch(/^2 servers · 1 connected · 1 failed · \d+ tools?$/);
    // The launch diagnosis, only for the failed one, then the agent's-eye line (the failed server
    // is one MiniMax Code cannot use).
    expect(why).toEqual([expect.stringMatching(/^missing: /), '1 server MiniMax Code cannot use']);
    // The icon is the "failed" aggregate at 1x and 2x (worst state wins, UI-8).
    expect(tray.image).toMatchObject({ empty: false, size: { width: 16, height: 16 }, scaleFactors: [1, 2] });
    expect(tray.image.png).toEqual({ 1: png('failed', 16), 2: png('failed', 32) });
    expect(tray.listeners).toContain('click');
    const labels = tray.menu!.map((i) => i.label);
    // (a failed row may carry the launch doctor's one-line diagnosis after its state)
    // UI-10: the problem's fix first (the launch doctor for the server that does not start).
    const fix = 'Why missing does not start, and the fix (for MiniMax Code)';
    expect(labels).toEqual([fix, '', 'echo — connected', expect.stringMatching(/^missing — failed/), '', 'Open MCP Panel', 'Quit']);
    expect(tray.menu!.find((i) => i.label === 'echo — connected')!.submenu!.map((i) => i.label)).toEqual(['Reconnect']);

    // The fix from the tray opens the page on the failed server (app.navigate reaches the page).
    events.length = 0;
    await main.request('tray.menuClick', { path: [fix] });
    const missingId = (await rows()).find((r) => r.name === 'missing')!.id;
    const navDeadline = Date.now() + 30_000;
    while (!events.some((e) => e.event === 'app.navigate' && (e.payload as { serverId: string; show: string }).serverId === missingId && (e.payload as { show: string }).show === 'doctor')) {
      if (Date.now() > navDeadline) throw new Error(`no app.navigate for missing: ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(win(await main.snapshot())).toMatchObject({ visible: true });

    // Reconnect from the tray: the old echo process ends, a new one answers, and the state
    // changes reach the page as events over webContents.send → preload → bridge.
    events.length = 0;
    await main.request('tray.menuClick', { path: ['echo — connected', 'Reconnect'] });
    await waitGone(echoPid, 30_000);
    expect(alive(echoPid)).toBe(false);
    const echoId = (await rows()).find((r) => r.name === 'echo')!.id;
    const deadline = Date.now() + 30_000;
    while (!events.some((e) => (e.payload as { id: string; state: { kind: string } }).id === echoId && (e.payload as { state: { kind: string } }).state.kind === 'connected')) {
      if (Date.now() > deadline) throw new Error(`no stateChanged → connected for echo: ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const newPid = await echoToolPid(echoId);
    expect(newPid).not.toBe(echoPid);
    echoPid = newPid;
  });

  it('hides the window on close (stays in the tray), and brings it back from the tray', async () => {
    await main.request('window.close');
    let s = await main.snapshot();
    expect(win(s)).toMatchObject({ destroyed: false, visible: false });
    expect(s.quitting).toBe(false);
    expect(main.child.exitCode).toBeNull();

    await main.request('tray.click');
    s = await main.snapshot();
    expect(win(s)).toMatchObject({ destroyed: false, visible: true, focused: true });
    expect(s.windows).toHaveLength(1); // the same window, not a new one

    await main.request('window.close');
    await main.request('tray.menuClick', { path: ['Open MCP Panel'] });
    expect(win(await main.snapshot())).toMatchObject({ visible: true });

    await main.request('window.close');
    await main.request('app.emit', { event: 'second-instance' });
    expect(win(await main.snapshot())).toMatchObject({ visible: true });
  });

  it('refuses a foreign navigation, window.open and webviews; sets the CSP; denies permissions', async () => {
    const s = await main.snapshot();
    const id = win(s).webContentsId;
    const page = win(s).url;
    expect(await main.request('webContents.navigate', { webContentsId: id, url: 'https://evil.example/' })).toEqual({ prevented: true, url: page });
    expect(await main.request('webContents.navigate', { webContentsId: id, url: 'file:///etc/passwd' })).toEqual({ prevented: true, url: page });
    // Our own page (a hash route) may load.
    expect(await main.request('webContents.navigate', { webContentsId: id, url: `${page}#/tools` })).toEqual({ prevented: false, url: `${page}#/tools` });

    const opened = (url: string) => main.request('webContents.windowOpen', { webContentsId: id, url });
    expect(await opened('https://example.com/docs')).toEqual({ action: 'deny', windows: 1 });
    expect(await opened('javascript:alert(1)')).toEqual({ action: 'deny', windows: 1 });
    expect(await opened('file:///etc/passwd')).toEqual({ action: 'deny', windows: 1 });
    const external = (await main.snapshot()).calls.filter((c) => c.api === 'shell.openExternal').map((c) => c.args[0]);
    expect(external).toEqual(['https://example.com/docs']); // http(s) goes to the system browser, nothing else

    expect(await main.request('webContents.attachWebview', { webContentsId: id, src: 'https://evil.example/' })).toEqual({ prevented: true });
    const headers = await main.request<{ responseHeaders: Record<string, string[]> }>('session.headers', { url: page, responseHeaders: { 'X-Kept': ['1'] } });
    expect(headers.responseHeaders['X-Kept']).toEqual(['1']);
    expect(headers.responseHeaders['Content-Security-Policy']?.[0]).toMatch(/default-src 'none'.*script-src 'self'/);
    for (const permission of ['media', 'notifications', 'geolocation']) {
      expect(await main.request('session.permission', { permission, webContentsId: id })).toBe(false);
    }
  });

  it('quits from the tray: disposes the services, exits 0 and leaves no child process', async () => {
    const pid = main.child.pid!;
    const children = descendants(pid);
    expect(children).toContain(echoPid);
    await main.request('tray.menuClick', { path: ['Quit'] });
    const exit = await within(main.exited, 45_000, 'Quit to end main');
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    const order = (exit.calls ?? []).map((c) => c.api);
    const at = (api: string) => order.lastIndexOf(api);
    // Electron's order: quit → windows close (not refused while quitting) → will-quit held
    // until the services are disposed → tray gone → exit.
    expect(order).not.toContain('app.quit:cancelled-by-window');
    expect(at('app.quit')).toBeGreaterThan(-1);
    expect(at('BrowserWindow.close')).toBeGreaterThan(at('app.quit'));
    expect(at('Tray.destroy')).toBeGreaterThan(at('BrowserWindow.close'));
    expect(at('app.exit')).toBeGreaterThan(at('Tray.destroy'));
    // Disposed before app.exit: nothing ran below main any more when it exited (a last-moment
    // exit hook would otherwise hide a skipped dispose), and nothing is left now.
    expect(exit.liveChildren).toEqual([]);
    for (const child of children) await waitGone(child, 30_000);
    expect(children.filter(alive)).toEqual([]);
    const groups = join(home, '.mcp-panel', 'process-groups');
    expect(existsSync(groups) ? readdirSync(groups) : []).toEqual([]);
  });
});
