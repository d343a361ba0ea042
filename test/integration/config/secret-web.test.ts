// Item 8 (SEC-2) through the real web host: `cli serve` on a temp HOME whose config hides
// secrets in URLs, arguments, env and header defaults. The JSON the page gets from
// servers.list and auth.list, and every event frame on the socket while the servers fail,
// contain none of the secret strings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SECRET_MASK } from '../../../shared/contract';
import { makePanelHome, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { SECRETS, secretServers } from './secret-cases';

const ALL = [...Object.values(SECRETS), 'sk-live-do-not-leak'];
let home: PanelHome;
let panel: RunningPanel;
let socket: WebSocket;
let session: Record<string, string>;
const frames: string[] = [];

// The session the way a browser gets it: a one-time link traded for a cookie and a key (panel-home).
const auth = () => session;

async function rpc(method: string, input: unknown = {}): Promise<string> {
  const res = await fetch(`${panel.origin}/api/${method}`, { method: 'POST', headers: { ...auth(), 'Content-Type': 'application/json' }, body: JSON.stringify(input), signal: AbortSignal.timeout(20_000) });
  expect(res.status).toBe(200);
  return res.text();
}

beforeAll(async () => {
  home = makePanelHome(secretServers());
  panel = await startPanel(home);
  session = await panel.session();
  socket = new WebSocket(`ws://127.0.0.1:${panel.port}/events`, { headers: auth() });
  socket.on('message', (d: Buffer) => frames.push(d.toString()));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
}, 90_000);

afterAll(async () => {
  socket?.terminate();
  await panel?.stop();
  home?.cleanup();
});

/** Resolves once every named server has been reported failed (by an event or in the list). */
async function failed(names: string[], timeoutMs: number): Promise<void> {
  const view = JSON.parse(await rpc('servers.list')) as { value: { servers: Array<{ id: string; name: string; state: { kind: string } }> } };
  const waiting = new Set(view.value.servers.filter((s) => names.includes(s.name) && s.state.kind !== 'failed').map((s) => s.id));
  if (waiting.size === 0) return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still not failed: ${[...waiting].join(', ')}`)), timeoutMs);
    const onFrame = (d: Buffer) => {
      const f = JSON.parse(d.toString()) as { event: string; payload: { id?: string; state?: { kind: string } } };
      if (f.event === 'servers.stateChanged' && f.payload.state?.kind === 'failed') waiting.delete(f.payload.id ?? '');
      if (waiting.size === 0) {
        clearTimeout(timer);
        socket.off('message', onFrame);
        resolve();
      }
    };
    socket.on('message', onFrame);
  });
}

describe('web host: no secret reaches the page (item 8, SEC-2)', () => {
  it('servers.list, auth.list and state events carry masks, never the values', async () => {
    await failed(['mcp-remote', 'arg-default', 'env-default', 'url-pass', 'matrix'], 45_000);
    const list = await rpc('servers.list');
    const authList = await rpc('auth.list');
    const parsed = JSON.parse(list) as { ok: boolean; value: { servers: Array<{ id: string; name: string; entry: Record<string, unknown>; lastError: string | null }> } };
    expect(parsed.ok).toBe(true);
    const row = (name: string) => parsed.value.servers.find((s) => s.name === name)!;
    // The crashed server's stderr echoes its arguments: the logs view gets them masked too.
    const logs = await rpc('logs.get', { id: row('mcp-remote').id });
    expect(logs).toContain("crashed: ");
    for (const text of [list, authList, logs, ...frames]) for (const s of ALL) expect(text).not.toContain(s);
    // Masked in place, so the page still sees what each field is.
    expect(row('url-pass').entry.url).toBe(`http://me:${SECRET_MASK}@127.0.0.1:9/mcp?api_key=${SECRET_MASK}`);
    expect(row('mcp-remote').entry.args).toContain(`Authorization: ${SECRET_MASK}`);
    // The connection error quoted the URL with its credentials: the reason arrives masked.
    expect(row('url-pass').lastError).toContain(SECRET_MASK);
  }, 90_000);
});
