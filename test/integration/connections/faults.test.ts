// CONN-6 fault handling and SEC-4 misbehaving servers, with real processes and sockets.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../helpers/manual-clock';
import { pidAlive, spec, startFixture, stdioSpec } from './helpers';
import { usePoolBed } from './pool-bed';

const bed = usePoolBed();
const { newPool, keep } = bed;

describe('CONN-6: transport fault during a call', () => {
  it('dead server → reconnect and retry once (crash mid-call)', async () => {
    const pool = newPool();
    pool.setServers([stdioSpec('crash', 'crash', ['--once', join(bed.dir, 'crashed-once')])]);
    await pool.discover();
    const pid1 = pool.info('crash')!.pid!;
    const r = await pool.callTool('crash', 'crash');
    expect(r).toMatchObject({ isError: false, retried: 'after-reconnect' });
    const pid2 = pool.info('crash')!.pid!;
    expect(pid2).not.toBe(pid1);
    expect((r.content[0] as { text: string }).text).toBe(`survived in ${pid2}`);
    expect(pidAlive(pid1)).toBe(false);
    expect(pool.state('crash')!.kind).toBe('connected');
  });

  it('a server that crashes every time: one retry, then an error and state failed with a retry time', async () => {
    // On a manual clock the retry time is exact: the first step of CONN-6's backoff, 10 s on.
    const clock = new ManualClock();
    const pool = newPool({ clock });
    pool.setServers([stdioSpec('crash', 'crash')]);
    const r = await pool.callTool('crash', 'crash');
    expect(r).toMatchObject({ isError: true, error: { code: 'transport' } });
    const state = pool.state('crash')!;
    expect(state.kind).toBe('failed');
    expect(state.kind === 'failed' && state.retryAt).toBe(clock.now() + 10_000);
  });

  it('live server → ping answers → retry once on the same connection (dropped socket)', async () => {
    const srv = keep(await startFixture('echo', 'http', ['--drop-calls', '1']));
    const pool = newPool();
    pool.setServers([spec({ id: 'h', transport: 'http', url: srv.url })]);
    const r = await pool.callTool('h', 'echo', { text: 'again' });
    expect(r).toEqual({ isError: false, content: [{ type: 'text', text: 'again' }], retried: 'after-ping' });
    const methods = pool.info('h')!.traffic.filter((t) => t.dir === 'out').map((t) => t.method);
    expect(methods.filter((m) => m === 'tools/call')).toHaveLength(2);
    expect(methods).toContain('ping');
    expect(methods.filter((m) => m === 'initialize')).toHaveLength(1);
  });

  it('a hanging tool times out with the server timeout, and the host stays usable', async () => {
    const pool = newPool();
    pool.setServers([stdioSpec('hang', 'hang', [], { callTimeoutMs: 300 })]);
    // The tool never answers: only the server's own 300 ms timeout can end the call (the default
    // is 120 s, past this test's timeout), and the message names it.
    const r = await pool.callTool('hang', 'hang');
    expect(r).toMatchObject({ isError: true, error: { code: 'timeout', message: expect.stringContaining('300 ms') } });
    expect(await pool.callTool('hang', 'ok')).toMatchObject({ isError: false });
  });
});

describe('SEC-4: huge answers and lists', () => {
  it('an 11 MB binary part over streamable HTTP becomes [MCP content dropped: …]', async () => {
    const srv = keep(await startFixture('big-result', 'http'));
    const pool = newPool();
    pool.setServers([spec({ id: 'big', transport: 'http', url: srv.url })]);
    const r = await pool.callTool('big', 'big', { mb: 11 });
    expect(r.isError).toBe(false);
    expect(r.content).toEqual([
      { type: 'text', text: 'before' },
      { type: 'text', text: '[MCP content dropped: image (image/png) of 11.0 MB exceeds the 10.0 MB limit]' },
    ]);
    expect(JSON.stringify(pool.info('big')!.traffic).length).toBeLessThan(300 * 1000);
  });

  it('a 100 MB answer over streamable HTTP is not read (issue 35: over one message\'s 16 MB), as over stdio; small ones still work', async () => {
    const srv = keep(await startFixture('big-result', 'http'));
    const pool = newPool();
    pool.setServers([spec({ id: 'big', transport: 'http', url: srv.url })]);
    const r = await pool.callTool('big', 'big', { mb: 100 });
    expect(r).toMatchObject({ isError: true, content: [{ type: 'text', text: '[MCP content dropped: the answer of big is over the 16 MB limit of one message]' }] });
    expect((await pool.callTool('big', 'big', { mb: 0.001 })).isError).toBe(false);
  });

  it('a 100 MB answer over stdio is refused without taking the host down', async () => {
    const pool = newPool();
    pool.setServers([stdioSpec('big', 'big-result')]);
    await pool.discover();
    const pid = pool.info('big')!.pid!;
    const r = await pool.callTool('big', 'big', { mb: 100 });
    expect(r).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/^\[MCP content dropped: .*size limit\]$/) }] });
    expect(pidAlive(pid)).toBe(false);
    // Small answers still work: the next call reconnects.
    expect((await pool.callTool('big', 'big', { mb: 0.001 })).isError).toBe(false);
  });

  it('a child flooding stdout with garbage that never ends a line is cut off; the host goes on', async () => {
    const pool = newPool({ stdioBudgetMs: 60_000 }); // a margin for a busy machine; the flood is cut by size, not time
    pool.setServers([stdioSpec('flood', 'garbage', ['--no-newline']), stdioSpec('ok', 'echo')]);
    const before = process.memoryUsage().rss;
    const round = await pool.discover();
    const byId = Object.fromEntries(round.servers.map((s) => [s.id, s]));
    expect(byId.ok!.state.kind).toBe('connected');
    expect(byId.flood!.state.kind).toBe('failed');
    expect(pool.info('flood')!.traffic.some((t) => /ReadBuffer exceeded/.test(t.text))).toBe(true);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect(await pool.callTool('ok', 'echo', { text: 'fine' })).toMatchObject({ isError: false });
  });

  it('lists 10,000 tools; plugin caps reject an oversized plugin server with a clear error (CONN-8)', async () => {
    const pool = newPool();
    pool.setServers([
      stdioSpec('many', 'many-tools', ['--count', '10000']),
      stdioSpec('plug', 'many-tools', ['--count', '129'], { source: 'plugin-local', limits: { pluginCaps: true } }),
      stdioSpec('lim', 'many-tools', ['--count', '50'], { limits: { maxTools: 10, disabledTools: ['tool_0'] } }),
    ]);
    const round = await pool.discover();
    const byId = Object.fromEntries(round.servers.map((s) => [s.id, s]));
    expect(byId.many!.tools).toHaveLength(10_000);
    expect(byId.plug!.state.kind).toBe('failed');
    expect(byId.plug!.error).toMatch(/offers 129 tools; a plugin server may offer at most 128/);
    expect(byId.plug!.tools).toEqual([]);
    expect(byId.lim!.tools.map((t) => t.name)).toEqual(Array.from({ length: 10 }, (_, i) => `tool_${i + 1}`));
  });
});
