// PROTO-1…4 against real servers of every era: SDK v2 createMcpHandler (dual era) and
// { legacy: 'reject' } (modern only), serveStdio, SDK v1 (legacy only) over HTTP and stdio.
// For each: the era shown, tools, resources, a template, prompts, a call with progress and
// one cancelled, list-changed, and an elicitation answered (input_required when modern, a
// server→client request when legacy). Waits on the pool's events, never on the clock.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConnectionPool } from '../../../electron/services/connections';
import { stdioIdentity } from '../../../electron/services/mcp/eras';
import type { InputAnswer, InputRequest } from '../../../electron/services/mcp/types';
import type { ConnectionSpec, ToolDef } from '../../../shared/schemas/server';
import { EVERYTHING, spec, startFixture, stdioSpec } from './helpers';
import { gatedCount } from '../../helpers/gated-count';
import { usePoolBed } from './pool-bed';

const bed = usePoolBed('eras-');

type Case = { name: string; era: 'legacy' | 'modern'; make: () => Promise<ConnectionSpec> };
const http = (id: string, fixture: string, args: string[] = []) => async () => spec({ id, transport: 'http', url: bed.keep(await startFixture(fixture, 'http', args)).url });
const CASES: Case[] = [
  { name: 'SDK v2 createMcpHandler (dual era) over HTTP', era: 'modern', make: http('v2-dual', 'v2') },
  { name: "SDK v2 createMcpHandler { legacy: 'reject' } over HTTP", era: 'modern', make: http('v2-modern', 'v2', ['--modern-only']) },
  { name: 'SDK v2 serveStdio', era: 'modern', make: async () => stdioSpec('v2-stdio', 'v2') },
  { name: 'SDK v1 (legacy only) over HTTP', era: 'legacy', make: http('v1-http', 'v1-full') },
  { name: 'SDK v1 (legacy only) over stdio', era: 'legacy', make: async () => stdioSpec('v1-stdio', 'v1-full') },
];

function toolsChanged(pool: ConnectionPool, id: string, has: string): Promise<ToolDef[]> {
  return new Promise((resolve) => {
    const off = pool.on('toolsChanged', (sid, tools) => {
      if (sid === id && tools.some((t) => t.name === has)) {
        off();
        resolve(tools);
      }
    });
  });
}

describe('both protocol eras, every feature (PROTO-1…4)', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.era}, tools, resources, prompts, progress, cancel, list-changed, elicitation`, async () => {
      const asked: InputRequest[] = [];
      let answer: InputAnswer = { action: 'accept', content: { name: 'Grace' } };
      const pool = bed.newPool({ serverInput: async (_s, req) => (asked.push(req), answer) });
      const s = await c.make();
      pool.setServers([s]);
      const round = await pool.discover({ settleWithinMs: 30_000 });
      const st = round.servers[0]!.state;
      expect(st).toMatchObject({ kind: 'connected', era: c.era, protocolVersion: c.era === 'modern' ? '2026-07-28' : '2025-11-25' });
      expect(round.servers[0]!.tools.map((t) => t.name).sort()).toEqual(['ask', 'count', 'echo', 'grow', 'think', 'visit']);

      const echo = await pool.callTool(s.id, 'echo', { text: 'hi' });
      expect(echo.content).toEqual([{ type: 'text', text: expect.stringMatching(/^hi \(/) }]);

      // Resources, a template, prompts: the same calls whichever era.
      const res = await pool.request(s.id, async (x) => ({
        list: await x.listResources(),
        templates: await x.listResourceTemplates(),
        read: await x.readResource('fixture://items/7'),
        prompts: await x.listPrompts(),
        prompt: await x.getPrompt('greet', { who: 'Ada' }),
      }));
      expect(res.list.resources.map((r) => r.uri)).toEqual(['fixture://readme']);
      expect(res.templates.resourceTemplates.map((t) => t.uriTemplate)).toEqual(['fixture://items/{id}']);
      expect(res.read.contents).toEqual([expect.objectContaining({ uri: 'fixture://items/7', text: 'item 7' })]);
      expect(res.prompts.prompts.map((p) => p.name)).toEqual(['greet']);
      expect(res.prompt.messages[0]!.content).toMatchObject({ type: 'text', text: 'Say hello to Ada' });

      // Progress reaches the caller; a cancel ends the call as `cancelled`.
      const { result: counted, steps } = await gatedCount(3, (args, onprogress) => pool.callTool(s.id, 'count', args, { onprogress }));
      expect(counted.content).toEqual([{ type: 'text', text: 'counted 3' }]);
      expect(steps).toEqual([1, 2, 3]);
      const abort = new AbortController();
      const cancelled = await pool.callTool(s.id, 'count', { n: 100_000, stepMs: 5 }, { signal: abort.signal, onprogress: () => abort.abort() });
      expect(cancelled.error?.code).toBe('cancelled');

      // Elicitation: a form with the schema's default; answered, then answered with nothing
      // given (the default fills it, SEP-1034), then declined.
      expect((await pool.callTool(s.id, 'ask', {})).content).toEqual([{ type: 'text', text: 'hello Grace' }]);
      expect(asked[0]).toMatchObject({ kind: 'form', message: 'Who is asking?', schema: { properties: { name: { default: 'Ada' } } } });
      answer = { action: 'accept', content: {} };
      expect((await pool.callTool(s.id, 'ask', {})).content).toEqual([{ type: 'text', text: 'hello Ada' }]);
      answer = { action: 'decline' };
      expect((await pool.callTool(s.id, 'ask', {})).content).toEqual([{ type: 'text', text: 'declined' }]);

      // list-changed (subscriptions/listen when modern, a notification when legacy): re-listed.
      const changed = toolsChanged(pool, s.id, 'grown');
      await pool.callTool(s.id, 'grow', {});
      expect((await changed).map((t) => t.name)).toContain('grown');
    });
  }

  it('server-everything (the registry reference server): legacy, its tools, resources and prompts, elicitation answered', async () => {
    const asked: InputRequest[] = [];
    const pool = bed.newPool({ serverInput: async (_s, req) => (asked.push(req), { action: 'accept', content: { name: 'Grace', check: true, color: 'red' } }) });
    const ev = spec({ id: 'everything', transport: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] });
    pool.setServers([ev]);
    const round = await pool.discover({ settleWithinMs: 30_000 });
    expect(round.servers[0]!.state).toMatchObject({ kind: 'connected', era: 'legacy' });
    expect(round.servers[0]!.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'trigger-long-running-operation', 'trigger-elicitation-request']));
    const lists = await pool.request(ev.id, async (x) => ({ resources: await x.listResources(), prompts: await x.listPrompts() }));
    expect(lists.resources.resources.length).toBeGreaterThan(0);
    expect(lists.prompts.prompts.length).toBeGreaterThan(0);
    const steps: number[] = [];
    // Half a second between the reference server's steps: its first step is in long before its result.
    const long = await pool.callTool(ev.id, 'trigger-long-running-operation', { duration: 1, steps: 2 }, { onprogress: (p) => steps.push(p.progress) });
    expect(long.isError).toBe(false);
    expect(steps.length).toBeGreaterThan(0);
    await pool.callTool(ev.id, 'trigger-elicitation-request', {});
    expect(asked[0]).toMatchObject({ kind: 'form' });
  });

  it('a stdio server is probed once: its era is kept per server identity and the next start uses it', async () => {
    const pool = bed.newPool();
    const [v2, v1] = [stdioSpec('probe-v2', 'v2', ['--probe']), stdioSpec('probe-v1', 'v1-full', ['--probe'])];
    pool.setServers([v2, v1]);
    await pool.discover({ settleWithinMs: 30_000 });
    const kept = JSON.parse(await readFile(join(bed.dir, 'protocol-eras.json'), 'utf8')) as { servers: Record<string, { era: string }> };
    expect([kept.servers[stdioIdentity(v2)]?.era, kept.servers[stdioIdentity(v1)]?.era]).toEqual(['modern', 'legacy']);
    // The next start goes straight to the kept era: no server/discover on the legacy wire.
    const before = pool.info('probe-v1')!.traffic.length;
    await pool.reconnect('probe-v1');
    const sent = pool.info('probe-v1')!.traffic.slice(before).filter((t) => t.dir === 'out').map((t) => t.method);
    expect(sent[0]).toBe('initialize');
    expect(sent).not.toContain('server/discover');
  });

  it("the person's override wins: a dual-era server spoken to as legacy, a legacy one refused as modern", async () => {
    const dual = bed.keep(await startFixture('v2', 'http'));
    const legacy = bed.keep(await startFixture('v1-full', 'http'));
    const pool = bed.newPool({ eraMode: (s) => (s.id === 'dual' ? 'legacy' : 'modern') });
    pool.setServers([spec({ id: 'dual', transport: 'http', url: dual.url }), spec({ id: 'old', transport: 'http', url: legacy.url })]);
    const round = await pool.discover({ settleWithinMs: 30_000 });
    const byId = Object.fromEntries(round.servers.map((r) => [r.id, r]));
    expect(byId.dual!.state).toMatchObject({ kind: 'connected', era: 'legacy', protocolVersion: '2025-11-25' });
    expect(byId.old!.state).toMatchObject({ kind: 'failed', code: 'protocol_error' });
  });
});
