// Issue 24 item 4: `status --all-agents` covers every detected agent, with the tray's own sum on
// top. Real CLI from another folder, a temp HOME holding Claude Code's and Cursor's files, real
// stdio servers (test/fixtures/servers/echo.mjs) connected with --refresh, one that cannot start.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { fixture } from '../../helpers/fixtures';

const ECHO = fixture('test/fixtures/servers/echo.mjs');
let home: string;
let ws: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'status-all-home-'));
  ws = await mkdtemp(join(tmpdir(), 'status-all-ws-'));
  await mkdir(join(home, '.cursor'), { recursive: true });
  const echo = { command: process.execPath, args: [ECHO] };
  await writeFile(join(home, '.claude.json'), JSON.stringify({ mcpServers: { echo } }));
  await writeFile(join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { 'echo-too': echo, broken: { command: join(ws, 'no-such-server') } } }));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(ws, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli(args, { cwd: ws, env: { ...process.env, HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: join(home, '.config') }, timeoutMs: 120_000 });

describe('status --all-agents', () => {
  it('lists every detected agent with its servers and sums them up as the tray does', async () => {
    const r = await cli(['status', '--all-agents', '--refresh', '--workspace', ws, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.agents.map((a: { profile: string }) => a.profile)).toEqual(['claude-code', 'cursor']);
    const states = Object.fromEntries(out.agents.flatMap((a: { servers: { name: string; state: string }[] }) => a.servers.map((s) => [s.name, s.state])));
    expect(states).toEqual({ echo: 'connected', 'echo-too': 'connected', broken: 'failed' });
    const tools = out.agents[0].servers[0].toolCount as number;
    expect(tools).toBeGreaterThan(0);
    // Issue 44: echo and echo-too are one server (two agents list it): counted once, its tools once;
    // each agent's own count where asked.
    expect(out.summary).toMatchObject({ agents: 2, servers: 2, connected: 1, failed: 1, tools, perAgent: { 'claude-code': { servers: 1, tools }, cursor: { servers: 2, tools } } });
    expect(out.summary.line).toBe(`2 agents · 2 servers · 1 connected · 1 failed · ${tools} tools`);

    const text = await cli(['status', '--all-agents', '--no-connect', '--workspace', ws]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split('\n')[0]).toMatch(/^2 agents · 2 servers · 0 connected/);
    expect(text.stdout).toContain('Claude Code\n');
    expect(text.stdout).toContain('Cursor\n');
  });

  it('refuses --all-agents with --profile', async () => {
    const r = await cli(['status', '--all-agents', '--profile', 'cursor']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--all-agents and --profile exclude each other');
  });
});
