// Issue 14 item 4 through the real composition (startServices on a temp HOME, the real dispatch,
// the real pool): server-everything over stdio AND streamable HTTP answers every inspect.*
// method; a long tool call reports progress and can be cancelled; a server without the
// capability, a disabled one and an unreachable one fail with the codes the page translates.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContract } from '../../../shared/contract';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/rpc';
import { startServices, type Services } from '../../../electron/services/compose';
import { fixture, freePort } from '../connections/helpers';
import { EVERYTHING, startEverythingHttp } from '../../helpers/everything';
import type { Result } from '../../../shared/result';

const ctx = { host: 'web' } as const;
let dir: string;
let services: Services;
let http: Awaited<ReturnType<typeof startEverythingHttp>>;
const ids: Record<string, string> = {};
const id = (name: string): string => ids[name] ?? `missing:${name}`;

/** The real dispatch, typed by the contract (the host validates input and output). */
async function call<M extends MethodName<AppContract>>(method: M, input: MethodInput<AppContract, M>): Promise<Result<MethodOutput<AppContract, M>>> {
  return (await services.dispatch(method, input, ctx)) as Result<MethodOutput<AppContract, M>>;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inspect-'));
  http = await startEverythingHttp();
  await mkdir(join(dir, 'home', '.minimax'), { recursive: true });
  await mkdir(join(dir, 'ws'));
  const servers = {
    ev_stdio: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
    ev_http: { type: 'http', url: http.url },
    echo: { command: process.execPath, args: [fixture('echo'), 'stdio'] },
    off: { command: process.execPath, args: [fixture('echo'), 'stdio'], enabled: false },
    gone: { type: 'http', url: `http://127.0.0.1:${await freePort()}/mcp` },
  };
  await writeFile(join(dir, 'home', '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: join(dir, 'ws'), version: '0.0.0', profile: 'minimax', workspace: join(dir, 'ws') });
  const list = await call('servers.list', {});
  if (!list.ok) throw new Error(list.error.message);
  for (const s of list.value.servers) ids[s.name] = s.id;
}, 60_000);

afterAll(async () => {
  await services?.dispose();
  await http?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(['ev_stdio', 'ev_http'])('inspect.* against server-everything (%s)', (name) => {
  it('tells the server info, capabilities, instructions and protocol version, and pings', async () => {
    const info = await call('inspect.server', { id: id(name) });
    expect(info.ok, JSON.stringify(info)).toBe(true);
    if (!info.ok) return;
    expect(info.value.name).toMatch(/everything/i);
    expect(info.value.version).not.toBe('');
    expect(info.value.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(info.value.capabilities)).toEqual(expect.arrayContaining(['tools', 'resources', 'prompts']));
    expect(info.value.instructions).toMatch(/\S/);
    const ping = await call('inspect.ping', { id: id(name) });
    expect(ping.ok && ping.value.ms).toBeGreaterThanOrEqual(0);
  });

  it('lists resources and templates with their parameters, reads a text resource and a filled blob template', async () => {
    const res = await call('inspect.resources', { id: id(name) });
    expect(res.ok, JSON.stringify(res)).toBe(true);
    if (!res.ok) return;
    expect(res.value.resources.length).toBeGreaterThan(0);
    const first = res.value.resources[0]!;
    const read = await call('inspect.read', { id: id(name), uri: first.uri });
    expect(read.ok && read.value.contents[0]).toMatchObject({ kind: 'text', uri: first.uri });

    const tpl = await call('inspect.templates', { id: id(name) });
    expect(tpl.ok).toBe(true);
    if (!tpl.ok) return;
    const blobTpl = tpl.value.templates.find((t) => t.uriTemplate.includes('blob'))!;
    expect(blobTpl).toMatchObject({ params: ['resourceId'] });
    const blob = await call('inspect.read', { id: id(name), template: blobTpl.uriTemplate, values: { resourceId: '7' } });
    expect(blob.ok, JSON.stringify(blob)).toBe(true);
    if (!blob.ok) return;
    expect(blob.value.uri).toMatch(/blob\/7$/);
    const c = blob.value.contents[0]!;
    expect(c.kind).toBe('blob');
    if (c.kind === 'blob') expect(c.size).toBe(Buffer.from(c.blob, 'base64').length);
  });

  it('lists prompts with their arguments and gets one with arguments', async () => {
    const list = await call('inspect.prompts', { id: id(name) });
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    const args = list.value.prompts.find((p) => p.name === 'args-prompt')!;
    expect(args.arguments).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'city', required: true }), expect.objectContaining({ name: 'state', required: false })]));
    const got = await call('inspect.getPrompt', { id: id(name), name: 'args-prompt', arguments: { city: 'Hangzhou' } });
    expect(got.ok, JSON.stringify(got)).toBe(true);
    if (!got.ok) return;
    expect(got.value.messages[0]).toMatchObject({ role: 'user', content: { type: 'text', text: expect.stringContaining('Hangzhou') } });
  });

  it('a long call reports progress, and cancel ends it with `cancelled`', async () => {
    const progress: Array<{ callId: string; progress: number; total?: number }> = [];
    let onFirst: () => void = () => {};
    const first = new Promise<void>((r) => (onFirst = r));
    const off = services.api.events.subscribe((event, payload) => {
      if (event !== 'tools.progress') return;
      progress.push(payload as (typeof progress)[number]);
      onFirst();
    });
    const callId = `long-${name}`;
    const running = call('tools.call', { id: id(name), tool: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 }, callId });
    await first;
    expect(progress[0]).toMatchObject({ callId, progress: 1, total: 30 });
    expect(await call('tools.cancel', { callId })).toEqual({ ok: true, value: { cancelled: true } });
    const r = await running;
    off();
    expect(r.ok && r.value).toMatchObject({ isError: true, error: { code: 'cancelled' } });
    // The call is over: a second cancel finds nothing to abort.
    expect(await call('tools.cancel', { callId })).toEqual({ ok: true, value: { cancelled: false } });
  });
});

describe('inspect.* failures the page explains', () => {
  it('a server without resources or prompts answers `unsupported` with the capability', async () => {
    const r = await call('inspect.resources', { id: id('echo') });
    expect(r).toMatchObject({ ok: false, error: { code: 'unsupported', data: { reason: 'capability', capability: 'resources' } } });
    const p = await call('inspect.prompts', { id: id('echo') });
    expect(p).toMatchObject({ ok: false, error: { code: 'unsupported', data: { reason: 'capability', capability: 'prompts' } } });
  });

  it('a disabled server is refused as not running; an unreachable one is unavailable', async () => {
    expect(await call('inspect.server', { id: id('off') })).toMatchObject({ ok: false, error: { code: 'refused', data: { reason: 'not-running' } } });
    expect(await call('inspect.ping', { id: id('gone') })).toMatchObject({ ok: false, error: { code: 'unavailable', data: { reason: 'disconnected' } } });
  });

  it('a disabled server is refused in the same words by every method that would run it (issue 36: it was worded three ways)', async () => {
    const refusals = await Promise.all([
      call('servers.reconnect', { id: id('off') }),
      call('servers.refreshLists', { id: id('off') }),
      call('tools.call', { id: id('off'), tool: 'echo', arguments: {} }),
      call('inspect.server', { id: id('off') }),
      call('inspect.ping', { id: id('off') }),
    ]);
    const said = refusals.map((r) => (r.ok ? 'answered' : JSON.stringify([r.error.code, r.error.message, r.error.data])));
    expect(new Set(said).size, said.join('\n')).toBe(1);
    // A tool the server does not list now: its words are a key the page says in its language.
    expect(await call('tools.describe', { serverId: id('echo'), tool: 'gone' })).toMatchObject({ ok: false, error: { code: 'not-found', message: '"echo" has no tool "gone" now; refresh the tool list', data: { text: { key: 'host.no_such_tool', params: { name: 'echo', tool: 'gone' } } } } });
    expect(refusals[0]).toMatchObject({ ok: false, error: { code: 'refused', message: '"off" cannot connect: it is disabled', data: { reason: 'not-running', text: { key: 'host.cannot_connect_disabled', params: { name: 'off' } } } } });
  });
});
