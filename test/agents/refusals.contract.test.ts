// Issue 42 item 2 (AGENT-2, AGENT-4: the agent's own word decides): what the agent's own CLI skips
// or refuses, the panel says, in the agent's words. Claude Code's `claude mcp list` prints its
// config diagnostics; OpenCode's `opencode mcp list` prints why it refuses its config and lists
// nothing. Both sides read the same files in one sandbox.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installedAgent } from './helpers/installed';
import { stdioFixture } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';

const echo = stdioFixture('echo');

interface StatusView {
  servers: Array<{ name: string; error: string | null }>;
  problems: Array<{ path: string; message: string; severity: 'error' | 'warning' }>;
}

let sb: Sandbox;
const panelStatus = (profile: string) => sb.panelJson<StatusView>(['status', '--profile', profile, '--workspace', sb.workspace, '--no-connect']);

beforeEach(async () => {
  sb = await createSandbox({ git: true });
});
afterEach(() => sb.cleanup());

describe(`Claude Code ${installedAgent('claude-code').version}: what it skips, the panel says in its words`, () => {
  it('a .mcp.json entry with a url and no type: Claude skips it with a reason, and the panel gives the same reason', async () => {
    sb.write(join(sb.workspace, '.mcp.json'), JSON.stringify({ mcpServers: { remote: { url: 'https://mcp.example/mcp' }, local: echo } }, null, 2));
    const claude = await sb.agent('claude-code', ['mcp', 'list']);
    const skipped = /\[remote\] mcpServers\.remote: Skipped — (.+)$/m.exec(claude.output);
    expect(skipped, claude.output).not.toBeNull();
    const status = await panelStatus('claude-code');
    expect(status.servers.find((s) => s.name === 'remote')?.error).toContain(`Claude Code skips this entry: ${skipped![1]!.trim()}`);
    // The other entry is read by both (waiting for the workspace's trust, not refused).
    expect(status.servers.find((s) => s.name === 'local')?.error).not.toMatch(/skips/);
    expect(claude.output).toMatch(/^local: /m);
  });

  it('a .mcp.json with its servers at the top level: Claude refuses the file, and so does the panel', async () => {
    sb.write(join(sb.workspace, '.mcp.json'), JSON.stringify({ local: echo }, null, 2));
    const claude = await sb.agent('claude-code', ['mcp', 'list']);
    expect(claude.output).toMatch(/\[Error\] mcpServers: Invalid input: expected record, received undefined/);
    expect(claude.output).not.toMatch(/^local: /m);
    const status = await panelStatus('claude-code');
    expect(status.servers.filter((s) => s.name === 'local')).toEqual([]);
    expect(status.problems).toContainEqual(expect.objectContaining({ path: join(sb.workspace, '.mcp.json'), severity: 'error', message: expect.stringContaining('move them under "mcpServers"') }));
  });
});

describe(`OpenCode ${installedAgent('opencode').version}: a {file:} that is not there`, () => {
  it('OpenCode refuses its whole config and lists no server; the panel says which reference and which file', async () => {
    const config = join(sb.workspace, 'opencode.json');
    sb.write(config, JSON.stringify({ mcp: { local: { type: 'local', command: [echo.command, ...echo.args] }, web: { type: 'remote', url: 'https://mcp.example/mcp', headers: { Authorization: 'Bearer {file:./token.txt}' } } } }, null, 2));
    const opencode = await sb.agent('opencode', ['mcp', 'list']);
    const missing = join(sb.workspace, 'token.txt');
    expect(opencode.output).toContain(`bad file reference: "{file:./token.txt}" ${missing} does not exist`);
    expect(opencode.output).not.toMatch(/\blocal\b.*\n.*echo/);
    const status = await panelStatus('opencode');
    expect(status.problems).toContainEqual(expect.objectContaining({ path: config, severity: 'error', message: expect.stringContaining(`{file:./token.txt} names ${missing}, which does not exist`) }));

    // With the file there, OpenCode reads the config again, and the panel says nothing of it.
    sb.write(missing, 'secret');
    const again = await sb.agent('opencode', ['mcp', 'list']);
    expect(again.output).not.toContain('bad file reference');
    expect((await panelStatus('opencode')).problems.filter((p) => p.message.includes('refuses this whole file'))).toEqual([]);
  });
});
