// SEC-5 / CFG-10, as a cloned repository attacks it: the real CLI on a workspace whose project
// files start a command (minimax, kimi) or reach the repository's URL (minara). Untrusted,
// nothing runs and nothing is contacted; after `trust` the same files do (so the test can fail).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { useSandbox } from './helpers';
import { fixture } from '../../helpers/fixtures';

const sb = useSandbox();
const cli = (args: string[]) => runCli(args, { env: { ...process.env, ...sb.env, MCP_PANEL_DATA_DIR: join(sb.root, 'panel-data') }, cwd: sb.ws });

/** A stdio "server" that proves it ran by writing a marker, then exits. */
function markerEntry(marker: string): Record<string, unknown> {
  return { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`] };
}

let hits: string[] = [];
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

type Row = { name: string; layer: string; trusted: boolean; state: string; error: string | null };

describe('a cloned repository starts nothing until its workspace is trusted (SEC-5)', () => {
  it('minimax: a project .mcp.json command does not run on `status`; the layer says untrusted', async () => {
    const marker = join(sb.root, 'minimax-ran');
    await writeFile(join(sb.ws, '.mcp.json'), JSON.stringify({ mcpServers: { evil: markerEntry(marker) } }));
    const r = await cli(['status', '--profile', 'minimax', '--workspace', sb.ws, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { layers: Array<{ layer: string; state: string }>; servers: Row[] };
    expect(out.layers.find((l) => l.layer === 'project')?.state).toBe('untrusted');
    expect(out.servers.find((s) => s.name === 'evil')).toMatchObject({ layer: 'project', trusted: false, state: 'disabled', error: expect.stringMatching(/not trusted.*trust --workspace/) });
    expect(existsSync(marker)).toBe(false);
    // `call` answers with the pool's disabled result, naming the reason (CONN-5), and starts nothing.
    const call = await cli(['call', 'evil', 'x', '--profile', 'minimax', '--workspace', sb.ws, '--json']);
    expect(call.code).toBe(1);
    expect(JSON.parse(call.stdout)).toMatchObject({ isError: true, error: { code: 'server-disabled' } });
    expect(call.stdout).toMatch(/not trusted/);
    expect(existsSync(marker)).toBe(false);
    // The launch doctor neither tries it nor examines it.
    for (const args of [['doctor', 'evil', '--try'], ['doctor', 'evil']]) {
      const doc = await cli([...args, '--profile', 'minimax', '--workspace', sb.ws, '--json']);
      expect(doc.code, args.join(' ')).not.toBe(0);
      expect(doc.stdout + doc.stderr).toMatch(/not trusted/);
    }
    expect(existsSync(marker)).toBe(false);

    expect((await cli(['trust', '--workspace', sb.ws])).code).toBe(0);
    await cli(['status', '--profile', 'minimax', '--workspace', sb.ws, '--json']);
    expect(existsSync(marker)).toBe(true);
  });

  it('an untrusted project server named like a user server neither hides nor disables it', async () => {
    const marker = join(sb.root, 'same-name-ran');
    await mkdir(join(sb.home, '.minimax'), { recursive: true });
    const echo = fixture('test/fixtures/servers/echo.mjs');
    await writeFile(join(sb.home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { github: { command: process.execPath, args: [echo, 'stdio'] } } }));
    await writeFile(join(sb.ws, '.mcp.json'), JSON.stringify({ mcpServers: { github: markerEntry(marker) } }));
    const out = JSON.parse((await cli(['status', '--profile', 'minimax', '--workspace', sb.ws, '--json'])).stdout) as { servers: Array<Row & { id: string }> };
    expect(out.servers.map((s) => [s.id, s.layer, s.state])).toEqual([
      ['configured:minimax:github', 'user', 'connected'],
      ['untrusted:project:github', 'project', 'disabled'],
    ]);
    expect(existsSync(marker)).toBe(false);
  });

  it('kimi: git-root and local project files are shown, not started', async () => {
    const marker = join(sb.root, 'kimi-ran');
    await mkdir(join(sb.ws, '.git'), { recursive: true });
    await mkdir(join(sb.ws, '.kimi-code'), { recursive: true });
    await writeFile(join(sb.ws, '.mcp.json'), JSON.stringify({ mcpServers: { evil: markerEntry(marker) } }));
    await writeFile(join(sb.ws, '.kimi-code', 'mcp.json'), JSON.stringify({ mcpServers: { evil2: markerEntry(marker) } }));
    const out = JSON.parse((await cli(['status', '--profile', 'kimi', '--workspace', sb.ws, '--json'])).stdout) as { servers: Row[] };
    expect(out.servers.filter((s) => s.name.startsWith('evil')).map((s) => [s.name, s.trusted, s.state])).toEqual([
      ['evil', false, 'disabled'],
      ['evil2', false, 'disabled'],
    ]);
    expect(existsSync(marker)).toBe(false);
  });

  it('minara: the repository URL in .minara/mcp/servers.json is never contacted (status, tools, login)', async () => {
    hits = [];
    const repo = join(sb.ws, '.minara', 'mcp');
    await mkdir(repo, { recursive: true });
    await writeFile(join(repo, 'servers.json'), JSON.stringify({ mcpServers: { repo: { url } } }));
    const out = JSON.parse((await cli(['status', '--profile', 'minara', '--workspace', sb.ws, '--json'])).stdout) as { servers: Row[] };
    expect(out.servers.find((s) => s.name === 'repo')).toMatchObject({ layer: 'project', trusted: false, state: 'disabled' });
    await cli(['tools', '--profile', 'minara', '--workspace', sb.ws, '--json']);
    const login = await cli(['login', 'repo', '--profile', 'minara', '--workspace', sb.ws, '--no-browser']);
    expect(login.code).toBe(1);
    expect(login.stderr).toMatch(/not trusted/);
    expect(hits).toEqual([]);

    expect((await cli(['trust', '--workspace', sb.ws])).code).toBe(0);
    await cli(['status', '--profile', 'minara', '--workspace', sb.ws, '--json']);
    expect(hits.length).toBeGreaterThan(0);
  });

  it('trust is by real path: a trusted folder keeps it when its files change; another checkout does not inherit it', async () => {
    const marker = join(sb.root, 'second-ran');
    await writeFile(join(sb.ws, '.mcp.json'), JSON.stringify({ mcpServers: { ok: markerEntry(join(sb.root, 'first-ran')) } }));
    expect((await cli(['trust', '--workspace', sb.ws])).code).toBe(0);
    await writeFile(join(sb.ws, '.mcp.json'), JSON.stringify({ mcpServers: { changed: markerEntry(marker) } }));
    const trusted = JSON.parse((await cli(['status', '--profile', 'minimax', '--workspace', sb.ws, '--no-connect', '--json'])).stdout) as { servers: Row[] };
    expect(trusted.servers.find((s) => s.name === 'changed')?.trusted).toBe(true);
    const other = join(sb.root, 'clone');
    await mkdir(other, { recursive: true });
    await writeFile(join(other, '.mcp.json'), JSON.stringify({ mcpServers: { changed: markerEntry(marker) } }));
    const untrusted = JSON.parse((await cli(['status', '--profile', 'minimax', '--workspace', other, '--no-connect', '--json'])).stdout) as { servers: Row[] };
    expect(untrusted.servers.find((s) => s.name === 'changed')?.trusted).toBe(false);
  });
});
