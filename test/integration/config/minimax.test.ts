import { describe, expect, it } from 'vitest';
import { chmod, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { useSandbox } from './helpers';

// These tests are about what a trusted project layer does; trust itself: trust-profiles.test.ts.
const sb = useSandbox('each', (s) => s.trust());

const userFile = () => join(sb.home, '.minimax', 'mcp.json');
const projFile = () => join(sb.ws, '.mcp.json');

describe('minimax profile (CFG-1, CFG-3, CFG-4)', () => {
  it('merges session > project > user with provenance and shadows', async () => {
    await sb.write(userFile(), `{
  // user servers
  "mcpServers": {
    "docs": { "url": "https://docs.example.com/mcp" },
    "user-only": { "command": "npx", "args": ["-y", "u"] }
  }
}`);
    await sb.write(projFile(), { mcpServers: { docs: { command: 'node', args: ['docs.js'] }, proj: { url: 'https://p.example/mcp' } } });
    const svc = sb.service();
    svc.setSessionServers('minimax', { docs: { url: 'https://session.example/mcp' } });
    const view = await svc.load('minimax', sb.ws);
    expect(view.layers.map((l) => [l.layer, l.state])).toEqual([
      ['user', 'ok'],
      ['project', 'ok'],
      ['session', 'ok'],
    ]);
    const docs = view.servers.find((s) => s.name === 'docs');
    expect(docs).toMatchObject({ layer: 'session', transport: 'http', error: null });
    expect(docs?.shadows).toEqual([
      { layer: 'project', path: projFile() },
      { layer: 'user', path: userFile() },
    ]);
    expect(docs?.spec).toMatchObject({ id: 'session:minimax:docs', source: 'session' });
    expect(view.servers.find((s) => s.name === 'user-only')?.spec).toMatchObject({ id: 'configured:minimax:user-only' });
    expect(view.servers.find((s) => s.name === 'user-only')?.spec?.cwd).toBeUndefined();
    expect(view.servers.find((s) => s.name === 'proj')?.path).toBe(projFile());
    svc.setSessionServers('minimax', {});
    expect((await svc.load('minimax', sb.ws)).servers.find((s) => s.name === 'docs')?.layer).toBe('project');
  });

  it('a project file that is a symlink out of the workspace is void with a warning', async () => {
    const outside = await sb.write('elsewhere/evil.json', { mcpServers: { evil: { command: 'rm' } } });
    await symlink(outside, projFile());
    await sb.write(userFile(), { mcpServers: { ok: { command: 'x' } } });
    const view = await sb.service().load('minimax', sb.ws);
    const layer = view.layers.find((l) => l.layer === 'project');
    expect(layer?.state).toBe('void');
    expect(layer?.error).toMatch(/outside the workspace/);
    expect(view.servers.map((s) => s.name)).toEqual(['ok']);
    expect(view.problems[0]).toMatchObject({ path: projFile(), severity: 'warning', pointer: '' });
  });

  it('a symlink that stays inside the workspace is fine', async () => {
    const inside = await sb.write(join(sb.ws, 'config', 'mcp.json'), { mcpServers: { a: { command: 'x' } } });
    await symlink(inside, projFile());
    const view = await sb.service().load('minimax', sb.ws);
    expect(view.layers.find((l) => l.layer === 'project')?.state).toBe('ok');
    expect(view.servers[0]?.spec?.cwd).toBe(sb.ws);
  });

  it('a workspace reached through a symlinked folder still confines correctly', async () => {
    await sb.write(projFile(), { mcpServers: { a: { command: 'x' } } });
    const link = join(sb.root, 'ws-link');
    await symlink(sb.ws, link);
    const view = await sb.service().load('minimax', link);
    expect(view.layers.find((l) => l.layer === 'project')?.state).toBe('ok');
  });

  it('a 1 MiB + 1 byte project file is void; exactly 1 MiB loads', async () => {
    const body = JSON.stringify({ mcpServers: { a: { command: 'x' } } });
    const pad = (n: number) => body.slice(0, -1) + ' '.repeat(n - body.length) + '}';
    await sb.write(projFile(), pad(1024 * 1024 + 1));
    let view = await sb.service().load('minimax', sb.ws);
    expect(view.layers.find((l) => l.layer === 'project')).toMatchObject({ state: 'void' });
    expect(view.layers.find((l) => l.layer === 'project')?.error).toMatch(/1048577 bytes/);
    expect(view.servers).toEqual([]);
    await sb.write(projFile(), pad(1024 * 1024));
    view = await sb.service().load('minimax', sb.ws);
    expect(view.servers.map((s) => s.name)).toEqual(['a']);
  });

  it('an unreadable project file is void with a warning', async () => {
    if (process.getuid?.() === 0) {
      // root reads everything: a directory in place of the file is the unreadable case here.
      await mkdir(projFile());
    } else {
      await sb.write(projFile(), '{}');
      await chmod(projFile(), 0o000);
    }
    const view = await sb.service().load('minimax', sb.ws);
    expect(view.layers.find((l) => l.layer === 'project')?.state).toBe('void');
    expect(view.problems[0]?.severity).toBe('warning');
  });

  it('a user file that does not parse is reported with line and column; the project still loads', async () => {
    await sb.write(userFile(), '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}');
    await sb.write(projFile(), { mcpServers: { p: { command: 'y' } } });
    const view = await sb.service().load('minimax', sb.ws);
    expect(view.layers[0]).toMatchObject({ layer: 'user', state: 'invalid' });
    expect(view.problems[0]).toMatchObject({ path: userFile(), pointer: '', line: 4, column: 5 });
    expect(view.servers.map((s) => s.name)).toEqual(['p']);
  });

  it('${VAR} expands in the project file only; a missing one disables that server and names it', async () => {
    await sb.write(userFile(), { mcpServers: { u: { url: 'https://u.example/mcp', headers: { Authorization: 'Bearer ${U_TOKEN}' } } } });
    await sb.write(projFile(), {
      mcpServers: {
        docs: { type: 'http', url: 'https://docs.example.com/mcp', headers: { Authorization: 'Bearer ${DOCS_TOKEN}' } },
        'local-tools': { command: 'npx', args: ['-y', 'my-mcp-server'], env: { API_KEY: '${API_KEY:-dev}' }, timeout: 60000 },
      },
    });
    const view = await sb.service({ U_TOKEN: 'never-expanded' }).load('minimax', sb.ws);
    const docs = view.servers.find((s) => s.name === 'docs');
    expect(docs?.error).toMatch(/DOCS_TOKEN/);
    expect(docs?.spec).toBeNull();
    expect(view.servers.find((s) => s.name === 'local-tools')?.spec).toMatchObject({ env: { API_KEY: '${API_KEY:-dev}' }, callTimeoutMs: 60000, cwd: sb.ws });
    expect(view.servers.find((s) => s.name === 'u')?.spec?.headers).toEqual({ Authorization: 'Bearer ${U_TOKEN}' });
    // Once the variable exists the server runs; the secret itself never enters the view (AUTH-4).
    await sb.write(projFile(), { mcpServers: { docs: { url: 'https://${DOCS_HOST}/mcp', headers: { Authorization: 'Bearer ${DOCS_TOKEN}' } } } });
    const set = await sb.service({ DOCS_TOKEN: 't0k', DOCS_HOST: 'docs.example.com' }).load('minimax', sb.ws);
    const docsSet = set.servers.find((s) => s.name === 'docs');
    expect(docsSet?.error).toBeNull();
    expect(docsSet?.spec).toMatchObject({ url: 'https://docs.example.com/mcp', headers: { Authorization: 'Bearer ${DOCS_TOKEN}' } });
    expect(JSON.stringify(set)).not.toContain('t0k');
  });

  it('reserved names are rejected in the project file only', async () => {
    await sb.write(userFile(), { mcpServers: { matrix: { command: 'x' } } });
    await sb.write(projFile(), { mcpServers: { nd: { command: 'y' }, fine: { command: 'z' } } });
    const view = await sb.service().load('minimax', sb.ws);
    expect(view.servers.find((s) => s.name === 'matrix')?.error).toBeNull();
    expect(view.servers.find((s) => s.name === 'nd')?.error).toMatch(/reserved/);
    expect(view.servers.find((s) => s.name === 'fine')?.error).toBeNull();
  });

  it('without a workspace only the user layer is read; enabled:false is kept', async () => {
    await sb.write(userFile(), { mcpServers: { off: { command: 'x', enabled: false } } });
    const view = await sb.service().load('minimax');
    expect(view.workspace).toBeNull();
    expect(view.layers.map((l) => l.layer)).toEqual(['user']);
    expect(view.servers[0]).toMatchObject({ enabled: false, error: null });
    expect(view.servers[0]?.spec).not.toBeNull();
  });

  it('HOME decides where the user file is: ~/.minimax once it exists, else (Linux, fresh install) ~/.local/share/minimax', async () => {
    const fresh = await sb.service().load('minimax');
    const freshDir = process.platform === 'linux' ? join(sb.home, '.local', 'share', 'minimax') : join(sb.home, '.minimax');
    expect(fresh.layers[0]).toMatchObject({ path: join(freshDir, 'mcp.json'), state: 'missing' });
    await mkdir(join(sb.home, '.minimax'));
    const view = await sb.service().load('minimax');
    expect(view.layers[0]).toMatchObject({ path: userFile(), state: 'missing' });
  });
});
