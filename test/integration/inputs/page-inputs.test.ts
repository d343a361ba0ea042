// PROTO-3 through the real composition (startServices on a temp HOME, the real dispatch, the
// real pool), as the page uses it: a tool call made from the page that makes its server ask the
// person something is announced as `inputs.requested`, listed by `inputs.pending`, answered with
// `inputs.answer`, and `inputs.settled` follows. Two real servers: SDK v1 (legacy era: server→
// client requests) and SDK v2 modern-only (2026-07-28: `input_required` rounds). Each answer the
// protocol tells apart (accept, decline, cancel; a sampling reply or its refusal) reaches the
// server, which says what it got. Waits on events, never on the clock.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContract, PendingInput } from '../../../shared/contract';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/rpc';
import { startServices, type Services } from '../../../electron/services/compose';
import { fixture } from '../connections/helpers';
import type { Result } from '../../../shared/result';

const ctx = { host: 'web' } as const;
let dir: string;
let services: Services;
const ids: Record<string, string> = {};

async function call<M extends MethodName<AppContract>>(method: M, input: MethodInput<AppContract, M>): Promise<Result<MethodOutput<AppContract, M>>> {
  return (await services.dispatch(method, input, ctx)) as Result<MethodOutput<AppContract, M>>;
}

/** The next event of that name (subscribed before the call that causes it). */
function next<E extends 'inputs.requested' | 'inputs.settled'>(event: E): Promise<E extends 'inputs.requested' ? PendingInput : { requestId: string; outcome: string }> {
  return new Promise((resolve) => {
    const off = services.api.events.subscribe((name, payload) => {
      if (name !== event) return;
      off();
      resolve(payload as never);
    });
  });
}

/** Calls `tool`, answers what it asks with `answer`, and gives the request, the settle event and the call's result. */
async function callAndAnswer(server: string, tool: string, answer: MethodInput<AppContract, 'inputs.answer'>['answer']) {
  const asked = next('inputs.requested');
  const result = call('tools.call', { id: ids[server]!, tool, arguments: {} });
  const req = await asked;
  const settled = next('inputs.settled');
  const r = await call('inputs.answer', { requestId: req.requestId, answer });
  expect(r.ok, JSON.stringify(r)).toBe(true);
  const res = await result;
  if (!res.ok) throw new Error(res.error.message);
  return { req, settled: await settled, result: res.value };
}

const textOf = (r: { content: Array<{ type: string; text?: string }> }) => r.content.map((p) => p.text ?? '').join('');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'page-inputs-'));
  // AGENT-6: the panel declares what the selected agent declares. Cursor's declaration is not known
  // (its profile says null), so the panel declares its own full set: form and URL elicitation, sampling.
  await mkdir(join(dir, 'home', '.cursor'), { recursive: true });
  await mkdir(join(dir, 'ws'));
  const servers = {
    legacy: { command: process.execPath, args: [fixture('v1-full'), 'stdio'] },
    modern: { command: process.execPath, args: [fixture('v2'), 'stdio', '--modern-only'] },
  };
  await writeFile(join(dir, 'home', '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: join(dir, 'ws'), version: '0.0.0', profile: 'cursor', workspace: join(dir, 'ws') });
  const list = await call('servers.list', {});
  if (!list.ok) throw new Error(list.error.message);
  for (const s of list.value.servers) ids[s.name] = s.id;
}, 60_000);

afterAll(async () => {
  await services?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each([
  ['legacy', 'legacy'],
  ['modern', 'modern'],
] as const)('the page answers what %s asks (%s era)', (server, era) => {
  it(`connects in the ${era} era`, async () => {
    // Both eras: the panel offers elicitation and sampling only because a person can answer.
    const info = await call('inspect.server', { id: ids[server]! });
    expect(info.ok && info.value.protocolVersion).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
  });

  it('an elicitation form: announced with its schema (default included), listed while it waits, a wrong answer refused, the right one reaches the server', async () => {
    const asked = next('inputs.requested');
    const result = call('tools.call', { id: ids[server]!, tool: 'ask', arguments: {} });
    const req = await asked;
    expect(req).toMatchObject({ serverId: ids[server], serverName: server, request: { kind: 'form', message: 'Who is asking?', schema: { properties: { name: { default: 'Ada' } } } } });
    expect(req.opener).toBeUndefined();
    const pending = await call('inputs.pending', {});
    expect(pending.ok && pending.value.requests.map((r) => r.requestId)).toEqual([req.requestId]);

    // A number where the form wants text: refused, and the server still waits for an answer.
    const wrong = await call('inputs.answer', { requestId: req.requestId, answer: { action: 'accept', content: { name: 5 } } });
    expect(wrong.ok || wrong.error).toMatchObject({ code: 'invalid-input', data: { fields: { name: 'text' } } });
    const settled = next('inputs.settled');
    expect((await call('inputs.answer', { requestId: req.requestId, answer: { action: 'accept', content: { name: 'Grace' } } })).ok).toBe(true);
    expect(await settled).toEqual({ requestId: req.requestId, outcome: 'answered' });
    const res = await result;
    expect(res.ok && textOf(res.value)).toBe('hello Grace');
    const after = await call('inputs.pending', {});
    expect(after.ok && after.value.requests).toEqual([]);
    // Answered once: a second answer finds nothing waiting.
    const again = await call('inputs.answer', { requestId: req.requestId, answer: { action: 'decline' } });
    expect(again.ok || again.error.code).toBe('not-found');
  });

  it('decline and cancel reach the server as themselves', async () => {
    expect(textOf((await callAndAnswer(server, 'ask', { action: 'decline' })).result)).toBe('declined');
    expect(textOf((await callAndAnswer(server, 'ask', { action: 'cancel' })).result)).toBe('cancelled');
  });

  it('a URL: announced with the page as its opener (the web host has no browser), accepted once the person agrees', async () => {
    const { req, result } = await callAndAnswer(server, 'visit', { action: 'accept' });
    expect(req.request).toEqual({ kind: 'url', message: 'Connect your account', url: 'https://example.com/connect?session=fixture' });
    expect(req.opener).toBe('page');
    expect(textOf(result)).toBe('visit accept');
    expect(textOf((await callAndAnswer(server, 'visit', { action: 'decline' })).result)).toBe('visit declined');
  });

  it('sampling: the conversation shown, the person types the reply; a refusal is the error the protocol names', async () => {
    const { req, result } = await callAndAnswer(server, 'think', { action: 'reply', text: 'blue' });
    expect(req.request).toMatchObject({ kind: 'sampling', systemPrompt: 'You are terse.', maxTokens: 50, messages: [{ role: 'user', content: { type: 'text', text: 'Name a colour.' } }] });
    expect(textOf(result)).toBe('model said: blue');
    // A form answer to a sampling request does not fit.
    const asked = next('inputs.requested');
    const refused = call('tools.call', { id: ids[server]!, tool: 'think', arguments: {} });
    const r = await asked;
    const wrong = await call('inputs.answer', { requestId: r.requestId, answer: { action: 'accept', content: {} } });
    expect(wrong.ok || wrong.error.code).toBe('invalid-input');
    expect((await call('inputs.answer', { requestId: r.requestId, answer: { action: 'decline' } })).ok).toBe(true);
    const res = await refused;
    expect(res.ok && res.value.isError).toBe(true);
    expect(res.ok && textOf(res.value)).toMatch(/User rejected sampling request/);
  });

  it('a call cancelled while its question waits withdraws the question', async () => {
    const asked = next('inputs.requested');
    const callId = `withdraw-${server}`;
    const result = call('tools.call', { id: ids[server]!, tool: 'ask', arguments: {}, callId });
    const req = await asked;
    const settled = next('inputs.settled');
    expect(await call('tools.cancel', { callId })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await settled).toEqual({ requestId: req.requestId, outcome: 'withdrawn' });
    const res = await result;
    expect(res.ok && res.value.error?.code).toBe('cancelled');
    const pending = await call('inputs.pending', {});
    expect(pending.ok && pending.value.requests).toEqual([]);
  });
});
