// PROTO-2 on the command line: `lists SERVER` reads a server's resources, templates and prompts
// from the running panel (a real `serve`), where a server speaking 2026-07-28 lets its lists be
// kept (`ttlMs`): the second read says it came from the panel's cache, `--refresh` asks the server
// again (the page's Refresh, servers.refreshLists). With no panel the server is asked for the run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { fixture } from '../connections/helpers';

let home: PanelHome;
let env: NodeJS.ProcessEnv;
let panel: RunningPanel | null = null;

type Part = { items: Array<{ name?: string; uri?: string }>; cached: { at: number; expiresAt: number } | null } | null;
async function lists(...extra: string[]) {
  const r = await runCli(['lists', 'kept', '--json', '--profile', 'minimax', '--workspace', home.workspace, ...extra], { env, cwd: home.workspace });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { source: string; resources: Part; templates: Part; prompts: Part };
}

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-lists-'));
  home = { profile: 'minimax', dir, home: join(dir, 'home'), workspace: join(dir, 'workspace'), pidFile: join(dir, 'unused.pid'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  mkdirSync(join(home.home, '.minimax'), { recursive: true });
  mkdirSync(home.workspace, { recursive: true });
  const servers = { kept: { command: process.execPath, args: [fixture('v2'), 'stdio', '--modern-only', '--ttl-ms', '600000'] } };
  writeFileSync(join(home.home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  env = { ...process.env, HOME: home.home, MCP_PANEL_DATA_DIR: join(dir, 'panel-data') };
});
afterAll(async () => {
  await panel?.stop();
  home.cleanup();
});

describe('lists', () => {
  it('with no panel: the server is asked for the run, nothing cached', async () => {
    const doc = await lists();
    expect(doc.source).toBe('live');
    expect(doc.prompts?.items.map((p) => p.name)).toEqual(['greet']);
    expect(doc.resources?.items.map((r) => r.uri)).toEqual(['fixture://readme']);
    expect([doc.resources?.cached, doc.templates?.cached, doc.prompts?.cached]).toEqual([null, null, null]);
  });

  it('from the running panel: the second read is the panel\'s cached list and says so; --refresh asks the server again', async () => {
    panel = await startPanel(home);
    const first = await lists();
    expect(first.source).toBe('panel');
    expect(first.prompts?.cached).toBeNull();
    const second = await lists();
    expect(second.prompts?.items.map((p) => p.name)).toEqual(['greet']);
    expect(second.prompts?.cached).toMatchObject({ at: expect.any(Number), expiresAt: expect.any(Number) });
    expect(second.resources?.cached).not.toBeNull();
    const refreshed = await lists('--refresh');
    expect(refreshed.source).toBe('panel');
    expect([refreshed.resources?.cached, refreshed.templates?.cached, refreshed.prompts?.cached]).toEqual([null, null, null]);
    // The human form says where a list came from.
    const text = await runCli(['lists', 'kept', '--profile', 'minimax', '--workspace', home.workspace], { env, cwd: home.workspace });
    expect(text.stdout).toMatch(/^prompts \(from the panel's cache: sent by the server at .+; --refresh asks again\)\n {2}greet — Greet someone\n/m);
    expect(text.stdout).toContain('(answered by the running panel)');
  });
});
