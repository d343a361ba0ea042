// Issue 36 item 3: `server add|set|remove|enable|disable|rename` and `import` are contract calls.
// With a panel running they go over its socket to its handlers, so the panel's read model has the
// change when the CLI returns and a refusal is the handlers' own; with none, the same handlers
// answer in the CLI's process (a masked entry keeps its secret, as the page's save does).
import { readFileSync, realpathSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { makeKimiHome, makePanelHome, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { connectPanel, socketTransport } from '../../../electron/host/local-socket/connect';
import { contract, SECRET_MASK, type ServerRow } from '../../../shared/contract';
import { createClient } from '../../../shared/rpc';

const SECRET = 'sk-live-do-not-leak'; // alpha's API_TOKEN in makePanelHome
let h: PanelHome;
let env: NodeJS.ProcessEnv;
let dataDir: string;
let panel: RunningPanel | null = null;

const cli = (...args: string[]) => runCli([...args, '--profile', 'minimax', '--workspace', h.workspace], { env, cwd: h.workspace });
const userFile = () => join(h.home, '.minimax', 'mcp.json');
const userServers = () => (JSON.parse(readFileSync(userFile(), 'utf8')) as { mcpServers: Record<string, Record<string, unknown>> }).mcpServers;

/** The running panel as the page and the CLI's reads see it: its servers.list, over the socket. */
async function panelClient(home: PanelHome = h) {
  const socket = await connectPanel({ dataDir: join(home.dir, 'panel-data'), selection: { profile: home.profile, workspace: home.workspace } });
  if (!socket) throw new Error('no panel answers on the socket');
  return { client: createClient(contract, socketTransport(socket)), close: () => socket.close() };
}
async function panelRows(home: PanelHome = h): Promise<ServerRow[]> {
  const p = await panelClient(home);
  try {
    const r = await p.client.call('servers.list', {});
    if (!r.ok) throw new Error(r.error.message);
    return r.value.servers;
  } finally {
    p.close();
  }
}

/** A home of its own with `serve` running on it: `run` is the CLI there (its workspace given), `panel` the running panel. */
async function onOwnPanel(home: PanelHome, work: (run: (...args: string[]) => ReturnType<typeof runCli>, panel: RunningPanel) => Promise<void>): Promise<void> {
  const own = await startPanel(home);
  const homeEnv = { ...process.env, HOME: home.home, MCP_PANEL_DATA_DIR: join(home.dir, 'panel-data') };
  try {
    await work((...args) => runCli([...args, '--workspace', home.workspace], { env: homeEnv, cwd: home.workspace }), own);
  } finally {
    await own.stop();
    home.cleanup();
  }
}

beforeAll(() => {
  h = makePanelHome();
  dataDir = join(h.dir, 'panel-data'); // where startPanel puts MCP_PANEL_DATA_DIR
  env = { ...process.env, HOME: h.home, MCP_PANEL_DATA_DIR: dataDir };
  // What `import --from cursor` reads.
  mkdirSync(join(h.home, '.cursor'), { recursive: true });
  writeFileSync(join(h.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { fromcursor: { command: join(h.dir, 'no-such-tool') } } }), { mode: 0o600 });
});
afterAll(async () => {
  await panel?.stop();
  h.cleanup();
});

describe('config writes from the CLI go through the panel’s handlers', () => {
  it('with serve running: add, disable, rename, remove and import go over the socket, and the panel lists each change when the CLI returns', async () => {
    panel = await startPanel(h);
    const entry = JSON.stringify({ command: join(h.dir, 'no-such-binary') });
    const add = await cli('server', 'add', 'docs', '--layer', 'user', '--entry', entry, '--json', '--verbose');
    expect(add.code, add.stderr).toBe(0);
    expect(add.stderr).toContain('answered by the running panel');
    expect(JSON.parse(add.stdout)).toEqual({ ok: true, server: 'docs', op: 'add', path: userFile(), changed: true, created: false });
    // No watcher's delay: the handler reloaded the read model before it answered.
    expect((await panelRows()).find((s) => s.name === 'docs')).toMatchObject({ layer: 'user', enabled: true });

    const off = await cli('server', 'disable', 'docs', '--layer', 'user', '--verbose');
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toBe(`disable: docs in ${userFile()}\n`);
    expect(off.stderr).toContain('answered by the running panel');
    expect((await panelRows()).find((s) => s.name === 'docs')).toMatchObject({ enabled: false, state: { kind: 'disabled' } });

    const ren = await cli('server', 'rename', 'docs', '--to', 'manual', '--layer', 'user', '--json');
    expect(ren.code, ren.stderr).toBe(0);
    expect(JSON.parse(ren.stdout)).toMatchObject({ ok: true, op: 'rename', changed: true });
    let names = (await panelRows()).map((s) => s.name);
    expect(names).toContain('manual');
    expect(names).not.toContain('docs');
    expect(userServers().manual).toEqual({ command: join(h.dir, 'no-such-binary'), enabled: false });

    const rm = await cli('server', 'remove', 'manual', '--layer', 'user');
    expect(rm.code, rm.stderr).toBe(0);
    expect((await panelRows()).map((s) => s.name)).not.toContain('manual');

    const plan = await cli('import', '--from', 'cursor', '--layer', 'user', '--dry-run', '--json', '--verbose');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).toContain('answered by the running panel');
    expect(JSON.parse(plan.stdout)).toMatchObject({ ok: true, dryRun: true, servers: [{ name: 'fromcursor', selected: true }] });
    const imp = await cli('import', '--from', 'cursor', '--layer', 'user', '--json', '--verbose');
    expect(imp.code, imp.stderr).toBe(0);
    expect(imp.stderr).toContain('answered by the running panel');
    expect(JSON.parse(imp.stdout)).toMatchObject({ ok: true, imported: [{ name: 'fromcursor' }], skipped: [] });
    names = (await panelRows()).map((s) => s.name);
    expect(names).toContain('fromcursor');
  });

  it('a write the handlers refuse reaches the CLI with the code and words the page gets', async () => {
    panel ??= await startPanel(h);
    const before = readFileSync(join(h.workspace, '.mcp.json'), 'utf8');
    const entry = { command: 'x' };
    const page = await panelClient();
    let said: { code: string; message: string; reason?: string };
    try {
      const r = await page.client.call('editor.save', { layer: 'project', name: 'proj', entry });
      if (r.ok) throw new Error('the panel wrote into a file it refuses');
      said = { code: r.error.code, message: r.error.message, ...(r.error.data?.reason ? { reason: r.error.data.reason } : {}) };
    } finally {
      page.close();
    }
    expect(said.reason).toBeDefined();
    const cliSaid = await cli('server', 'add', 'proj', '--layer', 'project', '--entry', JSON.stringify(entry), '--json', '--verbose');
    expect(cliSaid.code).toBe(1);
    expect(cliSaid.stderr).toContain('answered by the running panel');
    expect(cliSaid.stderr).toContain(`error: ${said.reason}: ${said.message}\n`);
    expect(JSON.parse(cliSaid.stdout)).toMatchObject({ ok: false, error: { code: said.reason, message: said.message } });
    expect(readFileSync(join(h.workspace, '.mcp.json'), 'utf8')).toBe(before);
  });

  it('with no panel: server set with the entry as the panel shows it (secret masked) keeps the secret, as the page’s save does', async () => {
    panel ??= await startPanel(h);
    const masked = (await panelRows()).find((s) => s.name === 'alpha')!.entry as { env: Record<string, string>; args: string[] };
    expect(masked.env.API_TOKEN).toBe(SECRET_MASK);
    await panel?.stop();
    panel = null;
    const edited = { ...masked, args: [...masked.args, '--verbose'] };
    const set = await cli('server', 'set', 'alpha', '--layer', 'user', '--entry', JSON.stringify(edited), '--json');
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ ok: true, op: 'set', changed: true });
    const alpha = userServers().alpha as { env: Record<string, string>; args: string[] };
    expect(alpha.env.API_TOKEN).toBe(SECRET);
    expect(alpha.args.at(-1)).toBe('--verbose');
    expect(set.stdout + set.stderr).not.toContain(SECRET);
  });
});

describe('trust from the CLI goes through the panel’s handler', () => {
  it('with serve running on another agent’s view of the workspace, trust and --revoke reach it: its project server is trusted when the CLI returns', async () => {
    const k = makeKimiHome();
    await onOwnPanel(k, async (run) => {
      const project = async () => (await panelRows(k)).find((s) => s.name === 'project');
      expect(await project()).toMatchObject({ layer: 'project', trusted: false });
      // `trust` names no agent: the panel shows kimi, the CLI asks as whichever agent and is told which.
      const t = await run('trust', '--json', '--verbose');
      expect(t.code, t.stderr).toBe(0);
      expect(t.stderr).toContain('answered by the running panel');
      expect(JSON.parse(t.stdout)).toEqual({ workspace: realpathSync(k.workspace), trusted: true, trustedAt: expect.any(String), file: join(k.dir, 'panel-data', 'trust.json') });
      expect(await project()).toMatchObject({ trusted: true });
      const r = await run('trust', '--revoke');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`no longer trusted: ${k.workspace}\n`);
      expect(await project()).toMatchObject({ trusted: false });
      // `trust DIR` from another folder reaches the panel showing DIR, not one showing the folder it ran from.
      const fromHome = (...args: string[]) => runCli(args, { env: { ...process.env, HOME: k.home, MCP_PANEL_DATA_DIR: join(k.dir, 'panel-data') }, cwd: k.home });
      const named = await fromHome('trust', k.workspace, '--verbose');
      expect(named.code, named.stderr).toBe(0);
      expect(named.stderr).toContain('answered by the running panel');
      expect(await project()).toMatchObject({ trusted: true });
      expect((await fromHome('trust', k.workspace, '--revoke')).code).toBe(0);
      expect(await project()).toMatchObject({ trusted: false });
    });
  });
});

describe('install records from the CLI go through the panel’s handlers', () => {
  it('with serve running: uninstall goes over the socket and the panel no longer lists the entry when it returns; across and install --list answer as the panel', async () => {
    const m = makePanelHome();
    await onOwnPanel(m, async (run, mPanel) => {
      mkdirSync(join(m.home, '.kimi-code'), { recursive: true });
      writeFileSync(join(m.home, '.kimi-code', 'mcp.json'), JSON.stringify({ mcpServers: { fromkimi: { command: join(m.dir, 'no-such-tool'), args: ['--x'] } } }));
      const inst = await run('install', 'fromkimi', '--from', 'kimi', '--agents', 'minimax', '--json');
      expect(inst.code, inst.stderr).toBe(0);
      const id = (JSON.parse(inst.stdout) as { id: string }).id;
      expect(id).toMatch(/\S/);

      const list = await run('install', '--list', '--json', '--verbose');
      expect(list.code, list.stderr).toBe(0);
      expect(list.stderr).toContain('answered by the running panel');
      expect((JSON.parse(list.stdout) as { installs: { id: string }[] }).installs.map((i) => i.id)).toEqual([id]);
      const across = await run('across', '--json', '--verbose');
      expect(across.code, across.stderr).toBe(0);
      expect(across.stderr).toContain('answered by the running panel');

      const un = await run('uninstall', id, '--json', '--verbose');
      expect(un.code, un.stderr).toBe(0);
      expect(un.stderr).toContain('answered by the running panel');
      expect(JSON.parse(un.stdout)).toMatchObject({ ok: true, restored: [{ profile: 'minimax' }] });
      // No watcher's delay: the handler reloaded the read model before it answered.
      expect((await panelRows(m)).map((s) => s.name)).not.toContain('fromkimi');
      expect(Object.keys((JSON.parse(readFileSync(join(m.home, '.minimax', 'mcp.json'), 'utf8')) as { mcpServers: object }).mcpServers)).not.toContain('fromkimi');

      // The same question without a panel: the same answer from the same handler in the CLI's process.
      await mPanel.stop();
      const alone = await run('across', '--json', '--verbose');
      expect(alone.code, alone.stderr).toBe(0);
      expect(alone.stderr).not.toContain('answered by the running panel');
      const rows = (r: string) => (JSON.parse(r) as { rows: { name: string }[] }).rows.map((x) => x.name).sort();
      expect(rows(alone.stdout)).toContain('fromkimi');
      expect(rows(across.stdout)).toEqual(rows(alone.stdout));
    });
  });
});
