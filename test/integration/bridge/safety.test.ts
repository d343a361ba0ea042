// BRIDGE-5 against the built `mcp-panel bridge`: a redirect to another origin is refused (the
// other origin sees nothing), an untrusted workspace's entry is refused with what to do (and
// is used once trusted, so the test can fail), and the credentials the bridge adds — a
// keychain-held header variable, OAuth tokens from the keychain — reach the server but are on
// no command line, in no environment of the bridge or its children, and in none of its stderr.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { startOAuthFixture } from '../../fixtures/oauth/auth-server';
import { HeadlessPerson, KeytarSecretStore, LoginService, TokenBroker, deleteAllSecrets, loadKeytar, serverIdentity } from '../../../electron/services/auth';
import { runCli } from '../../helpers/run-cli';
import { httpSpec } from '../auth/helpers';
import { until } from '../connections/helpers';
import { startBridge } from './helpers';

const SERVICE = `mcp-panel-safety-${process.pid}`;
const SECRET = `k-${process.pid}-s3cr3t-header-value`;
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bridge-safety-'));
  const home = join(dir, 'home');
  env = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(dir, 'data'), MINARA_DATA_DIR: join(home, '.minara'), MCP_PANEL_KEYCHAIN_SERVICE: SERVICE, MCP_PANEL_BROWSER: '/bin/false' };
  delete env.API_KEY;
  await mkdir(join(home, '.minara', 'mcp'), { recursive: true });
});

/** A real MCP server (one tool) that records the headers of every request. */
async function recordingServer(): Promise<{ url: string; headers: IncomingHttpHeaders[]; server: Server }> {
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer(async (req, res) => {
    headers.push(req.headers);
    const mcp = new McpServer({ name: 'recorder', version: '1.0.0' });
    mcp.registerTool('ping', { description: 'pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
    const t = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void mcp.close());
    await mcp.connect(t);
    await t.handleRequest(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`, headers, server };
}

/** The bridge and every process below it: their command lines and environments. */
function processTexts(root: number): string {
  const all = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const parent = new Map<number, number>();
  for (const p of all) {
    try {
      parent.set(Number(p), Number(readFileSync(`/proc/${p}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of parent) if (tree.has(pp) && !tree.has(p)) grew = tree.add(p).size > 0;
  }
  let out = '';
  for (const p of tree) {
    for (const f of ['cmdline', 'environ']) {
      try {
        out += readFileSync(`/proc/${p}/${f}`, 'utf8');
      } catch {
        /* gone meanwhile */
      }
    }
  }
  return out;
}

describe('bridge safety (BRIDGE-5)', () => {
  it('a redirect to another origin is refused, and that origin sees nothing', async () => {
    const other = await recordingServer();
    const redirector = createServer((_req, res) => res.writeHead(307, { location: other.url }).end());
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(redirector.address() as { port: number }).port}/mcp`;
    try {
      await expect(startBridge(['--url', url], env)).rejects.toThrow(/could not be reached|redirect/i);
      expect(other.headers).toEqual([]);
    } finally {
      redirector.close();
      other.server.close();
    }
  });

  it('an untrusted workspace entry is refused with what to do; trusted, it is used', async () => {
    const rec = await recordingServer();
    const ws = join(dir, 'repo');
    await mkdir(join(ws, '.minara', 'mcp'), { recursive: true });
    await writeFile(join(ws, '.minara', 'mcp', 'servers.json'), JSON.stringify({ mcpServers: { repo: { url: rec.url } } }));
    try {
      const refused = await runCli(['bridge', 'repo', '--profile', 'minara', '--workspace', ws], { env, cwd: ws, stdin: '' });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/not trusted.*mcp-panel trust --workspace/);
      expect(refused.stdout).toBe(''); // stdout is the protocol: nothing else is ever printed there
      expect(rec.headers).toEqual([]);

      expect((await runCli(['trust', '--workspace', ws], { env, cwd: ws })).code).toBe(0);
      const b = await startBridge(['repo', '--profile', 'minara', '--workspace', ws], env);
      expect((await b.client.callTool({ name: 'ping', arguments: {} })).content).toEqual([{ type: 'text', text: 'pong' }]);
      await b.close();
      expect(rec.headers.length).toBeGreaterThan(0);
    } finally {
      rec.server.close();
    }
  });

  it('a keychain-held header reaches the server, and no secret is on argv, in an environment or on stderr', async () => {
    const rec = await recordingServer();
    await writeFile(join(env.HOME!, '.minara', 'mcp', 'servers.json'), JSON.stringify({ mcpServers: { api: { url: rec.url, headers: { 'X-Api-Key': '${API_KEY}' } } } }));
    const set = await runCli(['secrets', 'set', 'api', 'API_KEY', '--profile', 'minara', '--layer', 'user'], { env, stdin: SECRET });
    expect(set.code).toBe(0);
    try {
      const b = await startBridge(['api', '--profile', 'minara'], env);
      await b.client.callTool({ name: 'ping', arguments: {} });
      expect(rec.headers.at(-1)?.['x-api-key']).toBe(SECRET);
      expect(processTexts(b.pid()!)).not.toContain(SECRET);
      await b.close();
      expect(b.stderr()).not.toContain(SECRET);
    } finally {
      await runCli(['secrets', 'delete', 'api', '--profile', 'minara', '--layer', 'user'], { env });
      rec.server.close();
    }
  });

  it('OAuth tokens from the keychain reach the server and nowhere else', async () => {
    const fx = await startOAuthFixture({ accessTokenTtlSec: 3 });
    const { keytar, error } = await loadKeytar();
    const store = new KeytarSecretStore(keytar, error, SERVICE);
    try {
      expect((await new LoginService({ broker: new TokenBroker({ store }) }).login(httpSpec(fx.mcpUrl), { opener: new HeadlessPerson() })).type).toBe('done');
      const b = await startBridge(['--url', fx.mcpUrl], env);
      const whoami = async () => expect(JSON.stringify((await b.client.callTool({ name: 'whoami', arguments: {} })).content)).toContain('client=');
      await whoami();
      // 3 s tokens: once every token issued so far has run out (by the server's own clock), the
      // next call needs a refreshed one, which lives long enough for a call on a busy machine to
      // land with it (a 1 s token could expire again on the way).
      await until(() => [...fx.provider.access.values()].every((g) => g.expiresAt !== undefined && g.expiresAt < Date.now()), 30_000, 'the access tokens expired');
      await whoami();
      expect(fx.provider.counts.refresh).toBeGreaterThan(0);
      const texts = processTexts(b.pid()!);
      await b.close();
      for (const s of fx.provider.issuedSecrets) {
        expect(texts).not.toContain(s);
        expect(b.stderr()).not.toContain(s);
      }
    } finally {
      await deleteAllSecrets(store, serverIdentity({ url: fx.mcpUrl }));
      await fx.close();
    }
  });
});

