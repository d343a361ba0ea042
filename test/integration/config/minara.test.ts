import { describe, expect, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { useSandbox } from './helpers';

// These tests are about what a trusted project layer does; trust itself: trust-profiles.test.ts.
const sb = useSandbox('each', (s) => s.trust());

const data = () => join(sb.home, '.minara');

describe('minara profile (CFG-1, CFG-2, seed 001)', () => {
  it('user + project merge, project wins on id; id override; defaults', async () => {
    await sb.write(join(data(), 'mcp', 'servers.json'), {
      mcpServers: {
        slack: { url: 'https://mcp.example.com/slack/', authTokenEnv: 'SLACK_MCP_TOKEN', headers: { 'X-Tenant': 'acme' } },
        user: { url: 'https://u.example/mcp' },
      },
    });
    const repo = sb.ws;
    await sb.write(join(repo, '.minara', 'mcp', 'servers.json'), {
      mcpServers: {
        slack: { url: 'https://dev.example.com/slack/', authTokenEnv: 'DEV_TOKEN' },
        'eth-alias': { id: 'etherscan', url: 'https://mcp.example.com/etherscan/', timeoutMs: 60000, subagent: { systemPrompt: 'p', maxSteps: 10 }, include: ['a'], maxTools: 5 },
      },
    });
    const view = await sb.service().load('minara', repo);
    const slack = view.servers.find((s) => s.name === 'slack');
    expect(slack).toMatchObject({ layer: 'project', shadows: [{ layer: 'user' }] });
    expect(slack?.spec).toMatchObject({ url: 'https://dev.example.com/slack/', bearerTokenEnv: 'DEV_TOKEN', callTimeoutMs: 30000, limits: { maxTools: 64 } });
    const eth = view.servers.find((s) => s.name === 'etherscan');
    expect(eth).toMatchObject({ subagent: true, pointer: '/mcpServers/eth-alias' });
    expect(eth?.spec).toMatchObject({ id: 'configured:minara:etherscan', callTimeoutMs: 60000, limits: { maxTools: 5, include: ['a'] } });
  });

  it('MINARA_DATA_DIR overrides ~/.minara', async () => {
    const alt = join(sb.root, 'alt-data');
    await sb.write(join(alt, 'mcp', 'servers.json'), { mcpServers: { a: { url: 'https://a.example/mcp' } } });
    const view = await sb.service({ MINARA_DATA_DIR: alt }).load('minara');
    expect(view.layers[0]).toMatchObject({ path: join(alt, 'mcp', 'servers.json'), state: 'ok' });
    expect(view.servers.map((s) => s.name)).toEqual(['a']);
  });

  it('legacy <dataDir>/mcp.json and .minara/mcp.json are read when the new files are absent', async () => {
    await sb.write(join(data(), 'mcp.json'), { mcpServers: { old: { url: 'https://old.example/mcp' } } });
    await sb.write(join(sb.ws, '.minara', 'mcp.json'), { mcpServers: { oldp: { url: 'https://oldp.example/mcp' } } });
    let view = await sb.service().load('minara', sb.ws);
    expect(view.layers.map((l) => l.path)).toEqual([join(data(), 'mcp.json'), join(sb.ws, '.minara', 'mcp.json')]);
    expect(view.servers.map((s) => s.name)).toEqual(['old', 'oldp']);
    // Once the new file exists the legacy one is no longer read.
    await sb.write(join(data(), 'mcp', 'servers.json'), { mcpServers: { fresh: { url: 'https://f.example/mcp' } } });
    view = await sb.service().load('minara', sb.ws);
    expect(view.servers.map((s) => s.name)).toEqual(['fresh', 'oldp']);
  });

  it('walks up from the workspace to the nearest .minara/, skipping the user data dir', async () => {
    const repo = join(sb.home, 'code', 'repo');
    const deep = join(repo, 'a', 'b', 'c');
    await mkdir(deep, { recursive: true });
    await sb.write(join(data(), 'mcp', 'servers.json'), { mcpServers: { u: { url: 'https://u.example/mcp' } } });
    const projFile = await sb.write(join(repo, '.minara', 'mcp', 'servers.json'), { mcpServers: { p: { url: 'https://p.example/mcp' } } });
    let view = await sb.service().load('minara', deep);
    expect(view.layers.map((l) => [l.layer, l.path])).toEqual([
      ['user', join(data(), 'mcp', 'servers.json')],
      ['project', projFile],
    ]);
    // A workspace under HOME with no project .minara/ must not take ~/.minara as its project.
    const other = join(sb.home, 'code', 'other');
    await mkdir(other, { recursive: true });
    view = await sb.service().load('minara', other);
    expect(view.layers[1]).toMatchObject({ layer: 'project', state: 'missing', path: join(other, '.minara', 'mcp', 'servers.json') });
    expect(view.servers.map((s) => s.name)).toEqual(['u']);
  });

  it('MCP_SERVERS short-circuits both files', async () => {
    await sb.write(join(data(), 'mcp', 'servers.json'), { mcpServers: { file: { url: 'https://f.example/mcp' } } });
    const view = await sb.service({ MCP_SERVERS: JSON.stringify([{ id: 'env1', url: 'https://e.example/mcp', authTokenEnv: 'T' }, { url: 'https://noid.example/mcp' }]) }).load('minara', sb.ws);
    expect(view.servers.map((s) => [s.name, s.layer])).toEqual([['env1', 'env']]);
    expect(view.layers.find((l) => l.layer === 'user')).toMatchObject({ state: 'void' });
    expect(view.layers.at(-1)).toMatchObject({ layer: 'env', path: 'MCP_SERVERS', state: 'ok' });
    expect(view.problems.find((p) => p.path === 'MCP_SERVERS')).toMatchObject({ pointer: '/1' });
  });

  it('MCP_SERVERS that does not parse is reported with line and column', async () => {
    const view = await sb.service({ MCP_SERVERS: '[{"id": "a",}]' }).load('minara');
    expect(view.layers.at(-1)).toMatchObject({ layer: 'env', state: 'invalid' });
    expect(view.problems.at(-1)).toMatchObject({ path: 'MCP_SERVERS', line: 1, column: 13 });
  });

  it('v1 URL variables apply only when both files are empty', async () => {
    const env = { MCP_ETHERSCAN_URL: 'https://eth.example/mcp', MCP_GOPLUS_URL: 'https://goplus.example/mcp' };
    let view = await sb.service(env).load('minara', sb.ws);
    expect(view.servers.map((s) => [s.name, s.layer, s.path])).toEqual([
      ['etherscan', 'env', 'MCP_ETHERSCAN_URL'],
      ['goplus', 'env', 'MCP_GOPLUS_URL'],
    ]);
    await sb.write(join(data(), 'mcp', 'servers.json'), { mcpServers: { a: { url: 'https://a.example/mcp' } } });
    view = await sb.service(env).load('minara', sb.ws);
    expect(view.servers.map((s) => s.name)).toEqual(['a']);
    expect(view.layers.filter((l) => l.layer === 'env').map((l) => l.state)).toEqual(['void', 'void']);
  });

  it("v1 URL variables apply under MCP_SERVERS='[]' with no files: both earlier sources are empty (seed 001)", async () => {
    const env = { MCP_SERVERS: '[]', MCP_ETHERSCAN_URL: 'https://eth.example/mcp' };
    const view = await sb.service(env).load('minara', sb.ws);
    expect(view.servers.map((s) => [s.name, s.layer, s.path, s.spec?.url])).toEqual([['etherscan', 'env', 'MCP_ETHERSCAN_URL', 'https://eth.example/mcp']]);
    // A non-empty MCP_SERVERS still wins over them, and says so.
    const full = await sb.service({ ...env, MCP_SERVERS: JSON.stringify([{ id: 'e', url: 'https://e.example/mcp' }]) }).load('minara', sb.ws);
    expect(full.servers.map((s) => s.name)).toEqual(['e']);
    expect(full.layers.at(-1)).toMatchObject({ path: 'MCP_ETHERSCAN_URL', state: 'void', error: 'MCP_ETHERSCAN_URL is ignored because MCP_SERVERS define servers' });
  });

  it('CFG-3: headers expand (seed 001 documents `Bearer ${TOKEN}`), checked by the same rule at load as at connect', async () => {
    await sb.write(join(data(), 'mcp', 'servers.json'), {
      mcpServers: {
        ok: { url: 'https://ok.example/mcp', headers: { Authorization: 'Bearer ${MIN_T_SET}' } },
        empty: { url: 'https://e.example/mcp', headers: { Authorization: 'Bearer ${MIN_T_EMPTY}' } },
        unset: { url: 'https://u.example/mcp', headers: { Authorization: 'Bearer ${MIN_T_UNSET}' } },
        literal: { url: 'https://l.example/${MIN_T_SET}' },
      },
    });
    const view = await sb.service({ MIN_T_SET: 'tok', MIN_T_EMPTY: '' }).load('minara', sb.ws);
    const row = (name: string) => view.servers.find((s) => s.name === name);
    expect(row('ok')).toMatchObject({ error: null, spec: { headers: { Authorization: 'Bearer ${MIN_T_SET}' } } });
    expect(row('ok')?.spec?.literalVars).toBeUndefined();
    // Before: runnable on the list, then "not set" at connect.
    expect(row('unset')).toMatchObject({ error: 'environment variable MIN_T_UNSET not set; this server is disabled', spec: null });
    // `${VAR}` set to "" is set (only `:-` treats "" as unset).
    expect(row('empty')).toMatchObject({ error: null });
    expect(row('literal')?.spec?.url).toBe('https://l.example/${MIN_T_SET}');
    expect(view.problems.find((p) => p.pointer === '/mcpServers/literal')?.message).toMatch(/Minara expands \$\{VAR\} only in "headers"/);
  });

  it('an SSE-only endpoint is rejected with an error on that server; bad entries are skipped, others load', async () => {
    await sb.write(join(data(), 'mcp', 'servers.json'), {
      mcpServers: { sse: { url: 'https://x.example/sse' }, nourl: { authTokenEnv: 'X' }, shadowed: { url: 'https://ok.example/mcp' }, ok: { url: 'https://ok.example/mcp' } },
    });
    await sb.write(join(sb.ws, '.minara', 'mcp', 'servers.json'), { mcpServers: { shadowed: { url: 'not a url' } } });
    const view = await sb.service().load('minara', sb.ws);
    expect(view.servers.find((s) => s.name === 'sse')?.error).toMatch(/SSE-only/);
    expect(view.servers.find((s) => s.name === 'sse')?.spec).toBeNull();
    expect(view.servers.find((s) => s.name === 'nourl')?.error).toMatch(/url/);
    // The broken project override yields: the valid user entry stays in force (seed 001).
    expect(view.servers.find((s) => s.name === 'shadowed')).toMatchObject({ layer: 'user', error: null });
    expect(view.problems.some((p) => p.pointer === '/mcpServers/shadowed/url')).toBe(true);
    expect(view.servers.find((s) => s.name === 'ok')?.spec).not.toBeNull();
  });
});
