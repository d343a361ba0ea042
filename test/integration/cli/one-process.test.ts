// Issue 44 item 1: one server, one process, however many agents list it. `status --all-agents
// --refresh` from another folder, a temp HOME where Cursor, Windsurf, VS Code and Claude Code list the same
// stdio server (test/fixtures/servers/counted.mjs, which appends a line to START_LOG on each start).
// Cursor, Windsurf and VS Code declare the same client capabilities (the panel's own): one process
// answers all three. Claude Code declares roots and elicitation (AGENT-6): the one process declares
// the union, and Claude Code's row says its list was taken declaring more.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { fixture } from '../../helpers/fixtures';

let dir: string;
let home: string;
let ws: string;
let startLog: string;
const starts = () => (existsSync(startLog) ? readFileSync(startLog, 'utf8').split('\n').filter(Boolean).length : 0);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'one-process-'));
  [home, ws, startLog] = [join(dir, 'home'), join(dir, 'ws'), join(dir, 'starts.log')];
  mkdirSync(join(home, '.cursor'), { recursive: true });
  mkdirSync(join(home, '.codeium', 'windsurf'), { recursive: true });
  mkdirSync(join(home, '.config', 'Code', 'User'), { recursive: true });
  mkdirSync(ws);
  const counted = { command: process.execPath, args: [fixture('test/fixtures/servers/counted.mjs'), 'stdio'], env: { START_LOG: startLog } };
  writeFileSync(join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { counted } }));
  writeFileSync(join(home, '.codeium', 'windsurf', 'mcp_config.json'), JSON.stringify({ mcpServers: { 'same-one': counted } }));
  writeFileSync(join(home, '.config', 'Code', 'User', 'mcp.json'), JSON.stringify({ servers: { counted: { type: 'stdio', ...counted } } }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) => runCli(args, { cwd: ws, env: { ...process.env, HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: join(home, '.config'), MCP_PANEL_DATA_DIR: join(dir, 'data') }, timeoutMs: 120_000 });

describe('status --all-agents --refresh', () => {
  it('starts a server three agents list alike once, and all three show it connected with its tools', async () => {
    const r = await cli(['status', '--all-agents', '--refresh', '--workspace', ws, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { agents: Array<{ profile: string; servers: Array<{ name: string; state: string; toolCount: number | null }> }> };
    expect(out.agents.map((a) => a.profile)).toEqual(['cursor', 'vscode', 'windsurf']);
    for (const a of out.agents) expect(a.servers.map((s) => [s.state, s.toolCount])).toEqual([['connected', 2]]);
    expect(starts()).toBe(1);
    // Each entry answered from the shared connection has the list recorded as its own (CONN-11):
    // the next read of the last agent's servers starts nothing.
    const names = await cli(['names', '--profile', 'windsurf', '--workspace', ws, '--json']);
    expect(names.code, names.stderr).toBe(0);
    expect((JSON.parse(names.stdout) as Array<{ name: string }>).map((n) => n.name)).toEqual(['ping', 'say']);
    expect(starts()).toBe(1);
  });

  it('an agent that declares other client capabilities shares the process, and is told what its list was taken declaring', async () => {
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ mcpServers: { counted: JSON.parse(readFileSync(join(home, '.cursor', 'mcp.json'), 'utf8')).mcpServers.counted } }));
    const before = starts();
    const r = await cli(['status', '--all-agents', '--refresh', '--workspace', ws, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { agents: Array<{ profile: string; servers: Array<{ state: string; listedDeclaring?: unknown }> }> };
    expect(out.agents.map((a) => a.profile)).toEqual(['claude-code', 'cursor', 'vscode', 'windsurf']);
    expect(out.agents.flatMap((a) => a.servers.map((s) => s.state))).toEqual(['connected', 'connected', 'connected', 'connected']);
    // One process declaring the union (Cursor, VS Code and Windsurf have no documented
    // declaration: the panel's full set). Claude Code (roots and elicitation, AGENT-6) is told
    // its list was taken declaring more.
    expect(starts() - before).toBe(1);
    expect(out.agents.map((a) => 'listedDeclaring' in a.servers[0]!)).toEqual([true, false, false, false]);
    expect(out.agents[0]!.servers[0]!.listedDeclaring).toBeNull();
    const text = await cli(['status', '--all-agents', '--refresh', '--workspace', ws]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('listed declaring roots, sampling and elicitation (one process for every agent that lists it); Claude Code declares roots, elicitation');
    expect(starts() - before).toBe(2);
    // --exact: AGENT-6 to the letter, a connection per declaration, and no row needs the note.
    const exact = await cli(['status', '--all-agents', '--refresh', '--exact', '--workspace', ws, '--json']);
    expect(exact.code, exact.stderr).toBe(0);
    expect(starts() - before).toBe(4);
    expect((JSON.parse(exact.stdout) as typeof out).agents.map((a) => 'listedDeclaring' in a.servers[0]!)).toEqual([false, false, false, false]);
    // Where it changes nothing it is refused, not ignored.
    const alone = await cli(['status', '--refresh', '--exact', '--workspace', ws]);
    expect([alone.code, alone.stderr]).toEqual([2, expect.stringContaining('--exact goes with --all-agents --refresh')]);
    expect(starts() - before).toBe(4);
  });
});

describe('status --all-agents --refresh, servers only later agents list', () => {
  it('start in one burst with the first agent’s: a server that waits for another agent’s server is not left waiting for its turn', async () => {
    // Cursor (selected first) lists `waits`, which starts only once `opens` has answered its first
    // tools/list; only VS Code (selected later) lists `opens`. Started agent by agent, `waits`
    // would sit until its start-up budget ran out while Cursor was selected.
    const d = mkdtempSync(join(tmpdir(), 'one-burst-'));
    try {
      const [h, w, log, gate] = [join(d, 'home'), join(d, 'ws'), join(d, 'starts.log'), join(d, 'opened')];
      mkdirSync(join(h, '.cursor'), { recursive: true });
      mkdirSync(join(h, '.config', 'Code', 'User'), { recursive: true });
      mkdirSync(w);
      const server = (flag: string) => ({ command: process.execPath, args: [fixture('test/fixtures/servers/counted.mjs'), 'stdio', flag, gate], env: { START_LOG: log } });
      writeFileSync(join(h, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { waits: server('--gate') } }));
      writeFileSync(join(h, '.config', 'Code', 'User', 'mcp.json'), JSON.stringify({ servers: { opens: { type: 'stdio', ...server('--listed') } } }));
      const r = await runCli(['status', '--all-agents', '--refresh', '--workspace', w, '--json'], { cwd: w, env: { ...process.env, HOME: h, USERPROFILE: h, XDG_CONFIG_HOME: join(h, '.config'), MCP_PANEL_DATA_DIR: join(d, 'data') }, timeoutMs: 120_000 });
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { agents: Array<{ profile: string; servers: Array<{ name: string; state: string }> }> };
      expect(out.agents.map((a) => [a.profile, a.servers.map((s) => [s.name, s.state])])).toEqual([
        ['cursor', [['waits', 'connected']]],
        ['vscode', [['opens', 'connected']]],
      ]);
      expect(readFileSync(log, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('status --all-agents --refresh, a 2026-07-28 server', () => {
  it('one process, and each agent listed as it declares: the server is asked per request (AGENT-6)', async () => {
    // test/fixtures/servers/by-capabilities.mjs offers `ask_person` only to a client that
    // declares elicitation. Codex CLI declares elicitation, Gemini CLI roots only.
    const d = mkdtempSync(join(tmpdir(), 'per-request-'));
    try {
      const [h, w, log] = [join(d, 'home'), join(d, 'ws'), join(d, 'starts.log')];
      mkdirSync(join(h, '.codex'), { recursive: true });
      mkdirSync(join(h, '.gemini'), { recursive: true });
      mkdirSync(w);
      const server = fixture('test/fixtures/servers/by-capabilities.mjs');
      writeFileSync(join(h, '.codex', 'config.toml'), `[mcp_servers.bycap]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(server)}, "stdio"]\nenv = { START_LOG = ${JSON.stringify(log)} }\n`);
      writeFileSync(join(h, '.gemini', 'settings.json'), JSON.stringify({ mcpServers: { bycap: { command: process.execPath, args: [server, 'stdio'], env: { START_LOG: log } } } }));
      // Gemini CLI runs no server in an untrusted folder; its own variable trusts this one.
      const env = { ...process.env, HOME: h, USERPROFILE: h, XDG_CONFIG_HOME: join(h, '.config'), MCP_PANEL_DATA_DIR: join(d, 'data'), GEMINI_CLI_TRUST_WORKSPACE: 'true' };
      const r = await runCli(['status', '--all-agents', '--refresh', '--workspace', w, '--json'], { cwd: w, env, timeoutMs: 120_000 });
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { agents: Array<{ profile: string; servers: Array<{ name: string; state: string; era: string | null; toolCount: number | null; listedDeclaring?: unknown }> }> };
      expect(out.agents.map((a) => [a.profile, a.servers.map((s) => [s.name, s.state, s.era, s.toolCount, 'listedDeclaring' in s])])).toEqual([
        ['codex', [['bycap', 'connected', 'modern', 2, false]]],
        ['gemini', [['bycap', 'connected', 'modern', 1, false]]],
      ]);
      expect(readFileSync(log, 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
