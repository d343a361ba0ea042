// AGENT-3 from the CLI (the built command with MCP_PANEL_TEST_CLI=built, a temp HOME): one server
// into all seven agents at once, each file read back by that agent's own profile, the tool names
// each will show from the panel's cached tool list (Claude Code's > 64 characters flagged), what
// Claude Desktop cannot express and the bridge line written instead, and undo byte for byte.
// Then the real reference server (server-everything) connected through the installed entries of
// Claude Code, Codex and Gemini CLI, over stdio and streamable HTTP.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, sandbox } from '../config/helpers';
import { runCli } from '../../helpers/run-cli';
import { homeHashes } from '../../helpers/home-hashes';
import { EVERYTHING, startEverythingHttp } from '../../helpers/everything';
import type { InstallPreview } from '../../../shared/schemas/install';

const SEVEN = ['claude-code', 'claude-desktop', 'cursor', 'vscode', 'codex', 'gemini', 'windsurf'] as const;
// Long enough that `mcp__<server>__<tool>` passes Claude Code's 64 characters for every tool.
const LONG = 'reference-everything-server-for-the-agent-install-preview-x';

let sb: Sandbox;
const cli = (args: string[], extra: NodeJS.ProcessEnv = {}) => runCli(args, { env: { ...process.env, ...sb.env, ...extra }, cwd: sb.ws, timeoutMs: 120_000 });

beforeAll(async () => {
  sb = await sandbox();
  // Every agent present as its docs lay it out; some files already hold servers, comments, other keys.
  await sb.write(join(sb.home, '.claude.json'), `{\n  "numStartups": 7,\n  "mcpServers": {}\n}\n`);
  await sb.write(join(sb.home, '.config', 'Claude', 'claude_desktop_config.json'), { mcpServers: { fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] } } });
  await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: {} });
  await sb.write(join(sb.home, '.config', 'Code', 'User', 'mcp.json'), `{\n  // my servers\n  "servers": {},\n  "inputs": []\n}\n`);
  await sb.write(join(sb.home, '.codex', 'config.toml'), `# Codex\nmodel = "gpt-5"   # keep\n\n[mcp_servers.docs]\ncommand = "npx"\nargs = ["-y", "@upstash/context7-mcp"]\n`);
  await sb.write(join(sb.home, '.codeium', 'windsurf', 'mcp_config.json'), { mcpServers: {} });
  // The source: server-everything over stdio in Gemini CLI's user settings.
  await sb.write(join(sb.home, '.gemini', 'settings.json'), { theme: 'dark', mcpServers: { [LONG]: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
  // Gemini CLI runs no server, user-level ones included, in a folder it has not trusted (AGENT-5):
  // this person has trusted the workspace.
  await sb.write(join(sb.home, '.gemini', 'trustedFolders.json'), { [sb.ws]: 'TRUST_FOLDER' });
}, 60_000);
afterAll(() => sb.dispose());

describe('mcp-panel install', () => {
  it('previews, installs into the other six agents, and undoes every file byte for byte', async () => {
    // The panel connects once (the tool list is cached), as the servers view does.
    const seen = await cli(['tools', '--profile', 'gemini', '--server', LONG, '--json']);
    expect(seen.code, seen.stderr).toBe(0);
    const before = await homeHashes(sb.home);

    const dry = await cli(['install', LONG, '--from', 'gemini', '--agents', SEVEN.filter((a) => a !== 'gemini').join(','), '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const preview = JSON.parse(dry.stdout) as InstallPreview & { dryRun: boolean };
    expect(await homeHashes(sb.home)).toEqual(before);
    const by = Object.fromEntries(preview.targets.map((t) => [t.profile, t]));
    expect(Object.keys(by).sort()).toEqual(SEVEN.filter((a) => a !== 'gemini').sort());
    for (const t of preview.targets) expect([t.profile, t.action, t.refusal]).toEqual([t.profile, 'add', null]);
    // Names per agent's scheme, from the cached list; Claude Code's are over 64 and flagged.
    const echo = (p: string) => by[p]!.tools!.find((n) => n.tool === 'echo')!;
    expect(echo('claude-code')).toMatchObject({ name: `mcp__${LONG}__echo`, rejected: 'too_long' });
    expect(echo('codex').name).toHaveLength(64);
    expect(echo('codex').rejected).toBeNull();
    expect(echo('vscode').name!.length).toBeLessThanOrEqual(64);
    expect(by['claude-desktop']!.tools!.map((n) => n.name)).toContain('echo');
    // The diff shows the lines added to Codex's TOML, its comments untouched.
    expect(by.codex!.diff.filter((d) => d.op === 'add').map((d) => d.text)).toContain(`[mcp_servers.${LONG}]`);
    expect(by.codex!.diff.some((d) => d.op === 'del')).toBe(false);

    const run = await cli(['install', LONG, '--from', 'gemini', '--agents', SEVEN.filter((a) => a !== 'gemini').join(','), '--json']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { id: string; written: { profile: string }[] };
    expect(result.written.map((w) => w.profile).sort()).toEqual(SEVEN.filter((a) => a !== 'gemini').sort());
    // Each agent's own loader reads the entry back as a stdio server of the same command line.
    for (const p of SEVEN) {
      const view = await sb.service().load(p, sb.ws);
      const s = view.servers.find((x) => x.name === LONG);
      expect([p, s?.error, s?.spec?.transport, s?.spec?.args]).toEqual([p, null, 'stdio', [EVERYTHING, 'stdio']]);
    }
    expect(await readFile(join(sb.home, '.codex', 'config.toml'), 'utf8')).toContain('model = "gpt-5"   # keep\n');
    expect(await readFile(join(sb.home, '.config', 'Code', 'User', 'mcp.json'), 'utf8')).toContain('// my servers');

    // Real connections through the installed entries of Claude Code and Codex (stdio).
    for (const p of ['claude-code', 'codex']) {
      const r = await cli(['tools', '--profile', p, '--server', LONG, '--json']);
      expect(r.code, `${p}: ${r.stderr}`).toBe(0);
      expect(JSON.parse(r.stdout).tools.map((t: { name: string }) => t.name)).toContain('echo');
    }

    const listed = await cli(['install', '--list', '--json']);
    expect(JSON.parse(listed.stdout).installs[0]).toMatchObject({ id: result.id, server: LONG });
    const undo = await cli(['uninstall', result.id, '--json']);
    expect(undo.code, undo.stderr).toBe(0);
    expect((JSON.parse(undo.stdout) as { restored: { how: string }[] }).restored.map((r) => r.how)).toEqual(Array(6).fill('exact'));
    expect(await homeHashes(sb.home)).toEqual(before);
    expect(JSON.parse((await cli(['install', '--list', '--json'])).stdout).installs).toEqual([]);
  }, 180_000);

  it('a registry server.json over streamable HTTP into all seven: Claude Desktop gets the bridge line, and Codex, Gemini CLI and Claude Code connect', async () => {
    const http = await startEverythingHttp();
    try {
      const file = await sb.write(join(sb.root, 'server.json'), {
        name: 'io.github.example/everything',
        description: 'The reference server',
        version: '1.0.0',
        remotes: [{ type: 'streamable-http', url: http.url }],
      });
      const before = await homeHashes(sb.home);
      const run = await cli(['install', '--from-file', file, '--agents', SEVEN.join(','), '--json']);
      expect(run.code, run.stderr).toBe(0);
      const out = JSON.parse(run.stdout) as { id: string; preview: InstallPreview };
      const by = Object.fromEntries(out.preview.targets.map((t) => [t.profile, t]));
      expect(by['claude-desktop']).toMatchObject({ action: 'bridge', losses: [{ code: 'transport', blocking: true }] });
      expect(by['claude-desktop']!.bridge!.args.slice(-3)).toEqual(['bridge', '--url', http.url]);
      expect(by.codex).toMatchObject({ action: 'add', entry: { url: http.url } });
      expect(by.gemini).toMatchObject({ action: 'add', entry: { httpUrl: http.url } });
      expect(by.windsurf).toMatchObject({ action: 'add', entry: { serverUrl: http.url } });
      expect(by.vscode).toMatchObject({ action: 'add', entry: { type: 'http', url: http.url } });
      const desktop = JSON.parse(await readFile(join(sb.home, '.config', 'Claude', 'claude_desktop_config.json'), 'utf8'));
      expect(desktop.mcpServers.fs).toBeDefined();
      expect(desktop.mcpServers.everything.args).toContain('--url');
      for (const p of ['codex', 'gemini', 'claude-code']) {
        const r = await cli(['tools', '--profile', p, '--server', 'everything', '--json']);
        expect(r.code, `${p}: ${r.stderr}`).toBe(0);
        expect(JSON.parse(r.stdout).servers[0]).toMatchObject({ state: 'connected' });
      }
      const undo = await cli(['install', '--undo', out.id, '--json']);
      expect(undo.code, undo.stderr).toBe(0);
      expect(await homeHashes(sb.home)).toEqual(before);
      await expect(stat(join(sb.root, 'server.json'))).resolves.toBeTruthy();
    } finally {
      await http.stop();
    }
  }, 180_000);

  it('agents lists every detected agent; across shows one row for the server two agents run, with what differs', async () => {
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { ref: { command: process.execPath, args: [EVERYTHING, 'sse'], env: { PORT: '0' } } } });
    const agents = await cli(['agents', '--json']);
    expect(agents.code, agents.stderr).toBe(0);
    const listed = JSON.parse(agents.stdout) as { agents: { profile: string; servers: { name: string }[] }[] };
    expect(listed.agents.map((a) => a.profile).sort()).toEqual([...SEVEN].sort());
    expect(listed.agents.find((a) => a.profile === 'gemini')!.servers.map((s) => s.name)).toEqual([LONG]);
    const r = await cli(['across', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const view = JSON.parse(r.stdout) as { rows: { name: string; differs: string[]; cells: { profile: string; cell: { name: string } | null }[] }[] };
    const row = view.rows.find((x) => x.cells.some((c) => c.cell?.name === LONG))!;
    expect(row.differs).toEqual(['args', 'env']);
    expect(row.cells.filter((c) => c.cell).map((c) => [c.profile, c.cell!.name])).toEqual([['cursor', 'ref'], ['gemini', LONG]]);
    const text = await cli(['across']);
    expect(text.stdout).toContain('differs in args, env names');
  }, 60_000);
});
