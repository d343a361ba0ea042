// Issue 40 item 3: the page's first calls leave as its transport is made (renderer/src/bridge/
// early.ts), before the rest of its script runs, and each answer goes to the first call of the
// same method with no input. Against the real web host over HTTP; its dispatch counts the calls
// it answers, and each answer says which call of its method it was.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from '../../../electron/host/web-host';
import { httpTransport } from '../../../renderer/src/bridge/web-transport';
import { exchangeLink } from '../../helpers/panel-home';
import type { Result } from '../../../shared/result';

let host: WebHost;
let dir: string;
const seen = new Map<string, number>();
/** Resolves when the host has answered `method` `n` times. */
const waiters: Array<{ method: string; n: number; done: () => void }> = [];
const answered = (method: string, n: number) => new Promise<void>((done) => ((seen.get(method) ?? 0) >= n ? done() : waiters.push({ method, n, done })));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-first-calls-'));
  host = await startWebHost({
    rendererDir: dir,
    events: { subscribe: () => () => {} },
    dispatch: async (method, input): Promise<Result<unknown>> => {
      const m = String(method);
      const n = (seen.get(m) ?? 0) + 1;
      seen.set(m, n);
      for (const w of waiters.filter((w) => w.method === m && w.n <= n)) w.done();
      return { ok: true, value: { method: m, n, input } };
    },
  });
});
afterAll(async () => {
  await host?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The page's window as the transport sees it, opened on the link's `#k=` fragment. */
function pageWindow(key: string) {
  return { location: new URL(`${host.origin}/#k=${key}`), history: { state: null, replaceState: () => {} } };
}

describe('the first calls (issue 40 item 3)', () => {
  it('leave before anything is invoked; the first invoke with no input takes the answer, a later one asks again', async () => {
    const { key } = await exchangeLink(host.mintUrl());
    const transport = httpTransport(pageWindow(key!), ['servers.list', 'app.info']);
    // Nothing invoked yet: the host answers both.
    await Promise.all([answered('servers.list', 1), answered('app.info', 1)]);
    expect(await transport.invoke('servers.list', {})).toEqual({ ok: true, value: { method: 'servers.list', n: 1, input: {} } });
    expect(seen.get('servers.list')).toBe(1);
    // Taken once: the next asks the host.
    expect(await transport.invoke('servers.list', {})).toEqual({ ok: true, value: { method: 'servers.list', n: 2, input: {} } });
    // A call with an input is not the question asked early: it goes out; the early answer waits for its own.
    expect(await transport.invoke('app.info', { x: 1 })).toEqual({ ok: true, value: { method: 'app.info', n: 2, input: { x: 1 } } });
    expect(await transport.invoke('app.info', undefined)).toEqual({ ok: true, value: { method: 'app.info', n: 1, input: {} } });
    // A method not asked early goes out as before.
    expect(await transport.invoke('inputs.pending', {})).toEqual({ ok: true, value: { method: 'inputs.pending', n: 1, input: {} } });
  });

  it('an early call the host refuses fails the invoke that takes it, as a late one would', async () => {
    const transport = httpTransport(pageWindow('x'.repeat(43)), ['servers.list']);
    await expect(transport.invoke('servers.list', {})).rejects.toThrow(/^401 unauthorized/);
    await expect(transport.invoke('servers.list', {})).rejects.toThrow(/^401 unauthorized/);
  });
});
