// AGENT-3 through the CLI (MCP_PANEL_TEST_CLI=built runs the bundle; a temp HOME): a real stdio
// server (test/fixtures/servers/echo.mjs) installed from Claude Code's file into Zed, OpenCode and
// Cline at once, each in its own spelling, read back with `agents --json`, connected through each
// installed entry, and undone byte for byte.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, sandbox } from '../config/helpers';
import { runCli } from '../../helpers/run-cli';
import { homeHashes } from '../../helpers/home-hashes';
import type { InstallPreview } from '../../../shared/schemas/install';
import { fixture } from '../../helpers/fixtures';

const ECHO = fixture('test/fixtures/servers/echo.mjs');
const THREE = ['zed', 'opencode', 'cline'] as const;
const NAME = 'echo-fixture';

let sb: Sandbox;
const cli = (args: string[]) => runCli(args, { env: { ...process.env, ...sb.env }, cwd: sb.ws, timeoutMs: 120_000 });

const ZED_FILE = () => join(sb.home, '.config', 'zed', 'settings.json');
const OPENCODE_FILE = () => join(sb.home, '.config', 'opencode', 'opencode.json');
const CLINE_FILE = () => join(sb.home, '.cline', 'data', 'settings', 'cline_mcp_settings.json');

beforeAll(async () => {
  sb = await sandbox();
  // Each agent's file as its docs show it: Zed's and OpenCode's with comments and trailing commas.
  await sb.write(ZED_FILE(), `// Zed settings\n{\n  "theme": "One Dark",  // mine\n  "context_servers": {\n    "git": { "command": "uvx", "args": ["mcp-server-git"], },\n  },\n}\n`);
  await sb.write(OPENCODE_FILE(), `{\n  "$schema": "https://opencode.ai/config.json",\n  // servers\n  "mcp": {},\n  "theme": "opencode"\n}\n`);
  await sb.write(CLINE_FILE(), `{\n  "mcpServers": {\n    "time": { "command": "uvx", "args": ["mcp-server-time"], "autoApprove": [], "disabled": false }\n  }\n}\n`);
  await sb.write(join(sb.home, '.claude.json'), { mcpServers: { [NAME]: { type: 'stdio', command: process.execPath, args: [ECHO] } } });
}, 60_000);
afterAll(() => sb.dispose());

describe('mcp-panel install into Zed, OpenCode and Cline', () => {
  it('previews each spelling and name, installs, reads back, connects through each, and undoes every file byte for byte', async () => {
    // The panel connects once, so the preview knows the tool names.
    const seen = await cli(['tools', '--profile', 'claude-code', '--server', NAME, '--json']);
    expect(seen.code, seen.stderr).toBe(0);
    const before = await homeHashes(sb.home);

    const dry = await cli(['install', NAME, '--from', 'claude-code', '--agents', THREE.join(','), '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(await homeHashes(sb.home)).toEqual(before);
    const by = Object.fromEntries((JSON.parse(dry.stdout) as InstallPreview).targets.map((t) => [t.profile, t]));
    for (const p of THREE) expect([p, by[p]?.action, by[p]?.refusal]).toEqual([p, 'add', null]);
    expect(by.zed!.entry).toEqual({ command: process.execPath, args: [ECHO] });
    expect(by.opencode!.entry).toEqual({ type: 'local', command: [process.execPath, ECHO] });
    expect(by.cline!.entry).toEqual({ type: 'stdio', command: process.execPath, args: [ECHO] });
    const echo = (p: string) => by[p]!.tools!.find((n) => n.tool === 'echo')?.name;
    expect([echo('zed'), echo('opencode'), echo('cline')]).toEqual(['echo', `${NAME}_echo`, `${NAME}__echo`]);

    const run = await cli(['install', NAME, '--from', 'claude-code', '--agents', THREE.join(','), '--json']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { id: string; written: { profile: string }[] };
    expect(result.written.map((w) => w.profile).sort()).toEqual([...THREE].sort());
    expect(await readFile(ZED_FILE(), 'utf8')).toMatch(/^\/\/ Zed settings\n\{\n {2}"theme": "One Dark", {2}\/\/ mine\n/);
    expect(await readFile(OPENCODE_FILE(), 'utf8')).toContain('  // servers\n');

    // Each agent's own loader, as `agents --json` shows it.
    const agents = await cli(['agents', '--json']);
    expect(agents.code, agents.stderr).toBe(0);
    const listed = JSON.parse(agents.stdout) as { agents: { profile: string; servers: { name: string; transport: string; enabled: boolean; error: string | null }[] }[] };
    for (const p of THREE) {
      const s = listed.agents.find((a) => a.profile === p)?.servers.find((x) => x.name === NAME);
      expect([p, s]).toEqual([p, { name: NAME, layer: 'user', transport: 'stdio', enabled: true, trusted: true, error: null }]);
    }
    // A real connection through each installed entry.
    for (const p of THREE) {
      const r = await cli(['tools', '--profile', p, '--server', NAME, '--json']);
      expect(r.code, `${p}: ${r.stderr}`).toBe(0);
      expect(JSON.parse(r.stdout).tools.map((t: { name: string }) => t.name)).toContain('echo');
    }

    const undo = await cli(['uninstall', result.id, '--json']);
    expect(undo.code, undo.stderr).toBe(0);
    expect((JSON.parse(undo.stdout) as { restored: { how: string }[] }).restored.map((r) => r.how)).toEqual(['exact', 'exact', 'exact']);
    expect(await homeHashes(sb.home)).toEqual(before);
  }, 180_000);
});
