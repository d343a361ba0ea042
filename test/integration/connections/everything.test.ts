// The reference server from the registry (@modelcontextprotocol/server-everything) over all
// three transports: discover, list, call (CONN-1).
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionPool } from '../../../electron/services/connections';
import { EVERYTHING, freePort, spec, stopProcess, tempDir } from './helpers';

async function startEverything(mode: 'sse' | 'streamableHttp'): Promise<{ proc: ChildProcess; port: number }> {
  const port = await freePort();
  const proc = spawn(process.execPath, [EVERYTHING, mode], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`server-everything ${mode} did not start: ${out}`)), 60_000); // a margin for a busy machine
    const onData = (c: Buffer) => {
      out += c.toString();
      if (/listening on port|running on port/i.test(out)) {
        clearTimeout(timer);
        res();
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
  });
  return { proc, port };
}

describe('server-everything over stdio, SSE and streamable HTTP', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let sse: { proc: ChildProcess; port: number };
  let http: { proc: ChildProcess; port: number };
  let pool: ConnectionPool;

  beforeAll(async () => {
    dir = await tempDir();
    [sse, http] = await Promise.all([startEverything('sse'), startEverything('streamableHttp')]);
    pool = new ConnectionPool({ dataDir: dir.path, env: process.env, remoteBudgetMs: 10_000 });
    pool.setServers([
      spec({ id: 'stdio', transport: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] }),
      spec({ id: 'sse', transport: 'sse', url: `http://127.0.0.1:${sse.port}/sse` }),
      spec({ id: 'http', transport: 'http', url: `http://127.0.0.1:${http.port}/mcp` }),
    ]);
  });
  afterAll(async () => {
    await pool?.dispose();
    await Promise.all([sse, http].filter(Boolean).map((s) => stopProcess(s.proc)));
    await dir.cleanup();
  });

  it('discovers all three in one round with the same tools', async () => {
    const round = await pool.discover();
    expect(round.servers.map((s) => [s.id, s.state.kind])).toEqual([
      ['stdio', 'connected'],
      ['sse', 'connected'],
      ['http', 'connected'],
    ]);
    const names = round.servers.map((s) => s.tools.map((t) => t.name).sort());
    expect(names[0]).toContain('echo');
    expect(names[0]!.length).toBeGreaterThan(5);
    expect(names[1]).toEqual(names[0]);
    expect(names[2]).toEqual(names[0]);
    expect(await pool.listTools('http')).toEqual(round.servers[2]!.tools);
  });

  it.each(['stdio', 'sse', 'http'])('calls echo and get-sum over %s', async (id) => {
    const echo = await pool.callTool(id, 'echo', { message: `hello ${id}` });
    expect(echo.isError).toBe(false);
    expect((echo.content[0] as { text: string }).text).toContain(`hello ${id}`);
    const tools = (await pool.listTools(id)).map((t) => t.name);
    const sumTool = tools.find((n) => /sum|add/.test(n));
    expect(sumTool).toBeDefined();
    const sum = await pool.callTool(id, sumTool!, { a: 2, b: 3 });
    expect(sum.isError).toBe(false);
    expect(JSON.stringify(sum.content)).toContain('5');
  });
});
