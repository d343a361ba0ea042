// Issue 21 F11: after the panel's own edits on an installed bridge line (`server disable`, a
// tool filter), `bridge uninstall` refused ("changed since install") and the undo was lost.
// Through the real CLI on a kimi file: install the bridge for a real HTTP server, filter a tool
// (live, through the bridge line), disable the server, uninstall: the original entry comes back
// with those two changes on it, and the rest of the file (comments included) is untouched.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpFixture } from '../../helpers/panel-home';
import { runCli } from '../../helpers/run-cli';

let dir: string;
let fixture: Awaited<ReturnType<typeof startHttpFixture>>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-carry-'));
  fixture = await startHttpFixture('echo');
});
afterAll(async () => {
  await fixture?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('bridge uninstall after the panel edited the bridge line (F11)', () => {
  it('carries the disable and the tool filter into the restored entry', async () => {
    const home = join(dir, 'home');
    mkdirSync(join(home, '.kimi-code'), { recursive: true });
    const file = join(home, '.kimi-code', 'mcp.json');
    const text = `{\n  // hand-written\n  "mcpServers": {\n    "docs": {"url": "${fixture.url}", "toolTimeoutMs": 20000}, // the docs server\n    "tail": {"command": "tail-mcp"}\n  }\n}\n`;
    writeFileSync(file, text);
    const env = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(home, '.mcp-panel') };
    const cli = (args: string[]) => runCli(args, { env, cwd: home, timeoutMs: 60_000 });

    const install = await cli(['bridge', 'install', 'docs', '--agent', 'kimi', '--json']);
    expect(install.code, install.stderr).toBe(0);
    const filter = await cli(['tools', 'disable', 'docs', 'fail', '--profile', 'kimi']);
    expect(filter.code, filter.stderr + filter.stdout).toBe(0);
    const disable = await cli(['server', 'disable', 'docs', '--profile', 'kimi', '--layer', 'user']);
    expect(disable.code, disable.stderr).toBe(0);
    const line = (parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, Record<string, unknown>> }).mcpServers.docs!;
    const { command: _c, args: _a, ...panelEdits } = line;
    expect(Object.keys(panelEdits).sort()).toEqual(['disabledTools', 'enabled', 'toolTimeoutMs']);

    const u = await cli(['bridge', 'uninstall', 'docs', '--agent', 'kimi', '--json']);
    expect(u.stderr).toBe('');
    expect(u.code).toBe(0);
    expect(JSON.parse(u.stdout)).toMatchObject({ ok: true, restored: 'entry', carried: ['disabledTools', 'enabled'] });
    const after = readFileSync(file, 'utf8');
    expect((parse(after) as { mcpServers: Record<string, unknown> }).mcpServers.docs).toEqual({ url: fixture.url, toolTimeoutMs: 20000, ...panelEdits });
    expect(after).toContain('// hand-written');
    expect(after).toContain('// the docs server');
    expect(after).toContain('"tail": {"command": "tail-mcp"}');
  });
});
