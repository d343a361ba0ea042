import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { useSandbox } from './helpers';
import { kimiWorkDirKey } from '../../../shared/profiles/kimi/files';

const sb = useSandbox('each', async (s) => {
  await mkdir(join(s.ws, '.git'));
});

const userFile = () => join(sb.home, '.kimi-code', 'mcp.json');
/** Kimi's own trust of a folder, as it records it (2.1.0 trustRecord.ts writeWorkspaceTrust). */
const kimiTrust = (dir: string, home = join(sb.home, '.kimi-code')) =>
  sb.write(join(home, 'workspace-trust', kimiWorkDirKey(dir, (t) => createHash('sha256').update(t).digest('hex'))), { root: dir, trustedAt: 1 });

describe('kimi profile (CFG-1, CFG-2, CFG-10)', () => {
  it('user → git-root .mcp.json → <cwd>/.kimi-code/mcp.json, later wins, only when trusted', async () => {
    const sub = join(sb.ws, 'pkg');
    await sb.write(userFile(), { mcpServers: { a: { url: 'https://user.example/mcp' }, keep: { command: 'k' } } });
    const rootFile = await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { a: { url: 'https://root.example/mcp' }, b: { command: 'b' } } });
    const localFile = await sb.write(join(sub, '.kimi-code', 'mcp.json'), { mcpServers: { a: { command: 'local' } } });
    const svc = sb.service();

    // Untrusted: project layers shown, their servers listed untrusted, never shadowing.
    let view = await svc.load('kimi', sub);
    expect(view.layers.map((l) => [l.layer, l.path, l.state])).toEqual([
      ['user', userFile(), 'ok'],
      ['project', rootFile, 'untrusted'],
      ['project-local', localFile, 'untrusted'],
    ]);
    const effective = view.servers.filter((s) => s.trusted);
    expect(effective.map((s) => [s.name, s.layer])).toEqual([
      ['a', 'user'],
      ['keep', 'user'],
    ]);
    const untrusted = view.servers.filter((s) => !s.trusted);
    expect(untrusted.map((s) => [s.name, s.layer])).toEqual([
      ['a', 'project'],
      ['b', 'project'],
      ['a', 'project-local'],
    ]);
    // The spec is built (the UI can show it) but trusted=false tells the engine never to start it.
    expect(untrusted[1]?.spec).toMatchObject({ command: 'b', cwd: sub });

    const entry = await svc.trust.trust(sub);
    // Kimi reads project files only once it trusts the exact folder itself (its own record).
    await kimiTrust(sub);
    expect(entry.workspace).toBe(sub);
    const file = svc.trust.file;
    expect(file).toBe(join(sb.home, '.mcp-panel', 'trust.json'));
    expect(JSON.parse(await readFile(file, 'utf8')).workspaces[sub]).toBeDefined();
    expect((await stat(file)).mode & 0o077).toBe(0);

    view = await svc.load('kimi', sub);
    expect(view.layers.map((l) => l.state)).toEqual(['ok', 'ok', 'ok']);
    const a = view.servers.find((s) => s.name === 'a');
    expect(a).toMatchObject({ layer: 'project-local', transport: 'stdio', trusted: true });
    expect(a?.shadows).toEqual([
      { layer: 'project', path: rootFile },
      { layer: 'user', path: userFile() },
    ]);

    expect(await svc.trust.revoke(sub)).toBe(true);
    expect(await svc.trust.revoke(sub)).toBe(false);
    view = await svc.load('kimi', sub);
    expect(view.layers[1]?.state).toBe('untrusted');
  });

  it('trust lives in MCP_PANEL_DATA_DIR when set', async () => {
    const data = join(sb.root, 'panel-data');
    const svc = sb.service({ MCP_PANEL_DATA_DIR: data });
    await svc.trust.trust(sb.ws);
    expect(svc.trust.file).toBe(join(data, 'trust.json'));
    expect(await sb.service({ MCP_PANEL_DATA_DIR: data }).trust.isTrusted(sb.ws)).toBe(true);
    expect(await sb.service().trust.isTrusted(sb.ws)).toBe(false);
  });

  it('a corrupt trust file trusts nothing', async () => {
    await sb.write(join(sb.home, '.mcp-panel', 'trust.json'), `{"version":1,"workspaces":{"${sb.ws}":`);
    expect(await sb.service().trust.isTrusted(sb.ws)).toBe(false);
  });

  it('without a git root the workspace is the project root', async () => {
    const plain = join(sb.root, 'plain');
    const f = await sb.write(join(plain, '.mcp.json'), { mcpServers: {} });
    const view = await sb.service().load('kimi', plain);
    expect(view.layers[1]?.path).toBe(f);
  });

  it('global defaults (2.1.0): config.toml [mcp], overridden by a valid KIMI_MCP_* value; entry fields win', async () => {
    await sb.write(join(sb.home, '.kimi-code', 'config.toml'), '[mcp]\nstartup_timeout_ms = 5000\ntool_timeout_ms = 40000\n');
    await sb.write(userFile(), {
      mcpServers: {
        plain: { url: 'https://p.example/mcp' },
        own: { command: 'x', startupTimeoutMs: 1000, toolTimeoutMs: 2000, deferred: true, enabledTools: ['a'], disabledTools: ['b'] },
      },
    });
    let view = await sb.service().load('kimi', sb.ws);
    expect(view.servers.find((s) => s.name === 'plain')?.spec).toMatchObject({ startupTimeoutMs: 5000, callTimeoutMs: 40000 });
    const own = view.servers.find((s) => s.name === 'own');
    expect(own?.deferred).toBe(true);
    expect(own?.spec).toMatchObject({ startupTimeoutMs: 1000, callTimeoutMs: 2000, limits: { enabledTools: ['a'], disabledTools: ['b'] } });
    // Only an integer from 1 to 2147483647 counts: "junk", "0" and "1.5" leave the file's value.
    for (const [raw, startup] of [['7000', 7000], ['junk', 5000], ['0', 5000], ['1.5', 5000], ['2147483648', 5000], ['1e3', 1000]] as const) {
      view = await sb.service({ KIMI_MCP_STARTUP_TIMEOUT_MS: raw, KIMI_MCP_TOOL_TIMEOUT_MS: 'junk' }).load('kimi', sb.ws);
      expect(view.servers.find((s) => s.name === 'plain')?.spec, raw).toMatchObject({ startupTimeoutMs: startup, callTimeoutMs: 40000 });
    }
    // An invalid [mcp] section is ignored whole (2.1.0 "Ignored invalid config section").
    await sb.write(join(sb.home, '.kimi-code', 'config.toml'), '[mcp]\nstartup_timeout_ms = 0\ntool_timeout_ms = 40000\n');
    view = await sb.service().load('kimi', sb.ws);
    expect(view.servers.find((s) => s.name === 'plain')?.spec).toMatchObject({ startupTimeoutMs: 30000, callTimeoutMs: 60000 });
  });

  it('an "mcp" key in mcp.json is not read by Kimi: its values do nothing, and a warning says where they go', async () => {
    await sb.write(userFile(), { mcp: { startupTimeoutMs: 5000 }, mcpServers: { plain: { url: 'https://p.example/mcp' } } });
    const view = await sb.service().load('kimi', sb.ws);
    expect(view.servers[0]?.spec).toMatchObject({ startupTimeoutMs: 30000, callTimeoutMs: 60000 });
    expect(view.problems).toContainEqual(expect.objectContaining({ pointer: '/mcp', severity: 'warning', message: expect.stringContaining('config.toml') }));
  });

  it('KIMI_CODE_HOME (not empty) moves every Kimi path: mcp.json, config.toml and the trust records', async () => {
    const home = join(sb.root, 'kimi-home');
    await sb.write(join(home, 'mcp.json'), { mcpServers: { moved: { command: 'm' } } });
    await sb.write(join(home, 'config.toml'), '[mcp]\nstartup_timeout_ms = 4000\n');
    await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { proj: { command: 'p' } } });
    await kimiTrust(sb.ws, home);
    await sb.trust();
    const view = await sb.service({ KIMI_CODE_HOME: home }).load('kimi', sb.ws);
    expect(view.layers[0]?.path).toBe(join(home, 'mcp.json'));
    expect(view.servers.map((s) => [s.name, s.spec?.startupTimeoutMs, s.trusted])).toEqual([
      ['moved', 4000, true],
      ['proj', 4000, true],
    ]);
    // Empty is unset.
    expect((await sb.service({ KIMI_CODE_HOME: '' }).load('kimi', sb.ws)).layers[0]?.path).toBe(userFile());
  });

  it('startup timeout defaults to 30 s with no config', async () => {
    await sb.write(userFile(), { mcpServers: { a: { command: 'x' } } });
    const view = await sb.service().load('kimi');
    expect(view.servers[0]?.spec?.startupTimeoutMs).toBe(30000);
  });

  it('plugin servers sit under every file; session servers on top', async () => {
    await sb.write(userFile(), { mcpServers: { shared: { command: 'user' } } });
    const svc = sb.service();
    svc.setPluginServers('kimi', { shared: { command: 'plugin' }, pluginOnly: { command: 'p' } });
    svc.setSessionServers('kimi', { sess: { url: 'https://s.example/mcp' } });
    const view = await svc.load('kimi');
    expect(view.layers.map((l) => l.layer)).toEqual(['plugin', 'user', 'session']);
    expect(view.servers.find((s) => s.name === 'shared')).toMatchObject({ layer: 'user', shadows: [{ layer: 'plugin', path: '(plugin)' }] });
    expect(view.servers.find((s) => s.name === 'pluginOnly')?.spec).toMatchObject({ source: 'plugin-local', limits: { pluginCaps: true }, id: 'plugin:kimi:pluginOnly' });
    expect(view.servers.find((s) => s.name === 'sess')?.spec?.source).toBe('session');
  });
  it('Kimi reads "transport", not "type": {"type":"sse"} is streamable HTTP, with a warning (seed 002)', async () => {
    await sb.write(userFile(), {
      mcpServers: {
        typed: { type: 'sse', url: 'https://t.example/mcp' },
        both: { type: 'http', transport: 'sse', url: 'https://b.example/sse' },
        same: { type: 'sse', transport: 'sse', url: 'https://s.example/sse' },
        old: { command: 'npx', timeout: 60000, type: 'stdio', disabled: true, autoApprove: ['a'] },
      },
    });
    const view = await sb.service().load('kimi', sb.ws);
    const row = (name: string) => view.servers.find((s) => s.name === name);
    expect([row('typed')?.transport, row('typed')?.spec?.transport, row('typed')?.error]).toEqual(['http', 'http', null]);
    // Before: "type and transport disagree" disabled it; Kimi connects over its "transport".
    expect([row('both')?.transport, row('both')?.error]).toEqual(['sse', null]);
    // 2.1.0 drops every key its schema does not know, silently: each is a warning here.
    expect(view.problems.filter((p) => p.severity === 'warning').map((p) => [p.pointer, p.message])).toEqual([
      ['/mcpServers/typed/type', 'typed: Kimi ignores "type" ("sse") and reads only "transport"; it connects over streamable HTTP'],
      ['/mcpServers/both/type', 'both: Kimi ignores "type" ("http") and reads only "transport"; it connects over sse'],
      ['/mcpServers/same/type', 'same: Kimi ignores "type" ("sse") and reads only "transport"; here both say sse'],
      ['/mcpServers/old/timeout', 'old: Kimi ignores "timeout": its timeouts are "startupTimeoutMs" and "toolTimeoutMs"'],
      ['/mcpServers/old/type', 'old: Kimi ignores "type" ("stdio") and reads only "transport"; here both say stdio'],
      ['/mcpServers/old/disabled', 'old: Kimi ignores "disabled": the server stays ON for Kimi (its switch is "enabled": false)'],
      ['/mcpServers/old/autoApprove', 'old: Kimi ignores "autoApprove" (not a field of a Kimi stdio server)'],
    ]);
    // `disabled: true` is no switch of Kimi's: the server is on.
    expect(row('old')).toMatchObject({ enabled: true, error: null });
  });

  it('Kimi does not expand ${VAR} in mcp.json: sent as written, said so; bearerTokenEnvVar is the way (CFG-3)', async () => {
    await sb.write(userFile(), { mcpServers: { r: { url: 'https://r.example/mcp', headers: { Authorization: 'Bearer ${KIMI_T_UNSET}' }, bearerTokenEnvVar: 'TOK' } } });
    const view = await sb.service().load('kimi', sb.ws);
    expect(view.servers[0]).toMatchObject({ error: null, spec: { headers: { Authorization: 'Bearer ${KIMI_T_UNSET}' }, bearerTokenEnv: 'TOK', literalVars: true } });
    expect(view.problems[0]?.message).toBe(
      'r: Kimi expands ${VAR} nowhere in mcp.json (a token goes in "bearerTokenEnvVar"), so it will send "${KIMI_T_UNSET}" as written, and so does the panel',
    );
  });
});
