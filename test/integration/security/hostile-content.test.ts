// Issue 21 F7: hostile server content was unbounded: a resource template with 20,000 variables
// took 17 s to render and 5.7 s per keystroke, a 50 MB text resource froze the page for ~55 s.
// The real web host against a real SDK server (test/fixtures/servers/hostile-content) over
// streamable HTTP: a text over CONN-9's 10 MB reaches the page as its first part and its size
// only; a template's form gets at most 64 fields, and one too long to fill in gets none. Issue 35:
// an answer over one message's bound (16 MB) is not read at all (it made the host hold ~1 GB for
// a 300 MB resource): the read fails with a sentence that says so, and the server stays usable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePanelHome, startHttpFixture, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';

let fixture: Awaited<ReturnType<typeof startHttpFixture>>;
let wide: Awaited<ReturnType<typeof startHttpFixture>>;
let huge: Awaited<ReturnType<typeof startHttpFixture>>;
let h: PanelHome;
let panel: RunningPanel;
let auth: Record<string, string>;
beforeAll(async () => {
  fixture = await startHttpFixture('hostile-content', ['--big-mb', '12', '--vars', '20000', '--depth', '3']);
  wide = await startHttpFixture('hostile-content', ['--big-mb', '1', '--vars', '500', '--depth', '3']);
  huge = await startHttpFixture('hostile-content', ['--big-mb', '40', '--vars', '5', '--depth', '3']);
  h = makePanelHome({ hostile: { type: 'http', url: fixture.url }, wide: { type: 'http', url: wide.url }, huge: { type: 'http', url: huge.url } });
  panel = await startPanel(h);
  auth = await panel.session();
});
afterAll(async () => {
  await panel?.stop();
  await fixture?.stop();
  await wide?.stop();
  await huge?.stop();
  h?.cleanup();
});

async function answer<T>(method: string, input: unknown): Promise<{ text: string; body: { ok: boolean; value: T; error?: { message: string } } }> {
  const res = await fetch(`${panel.origin}/api/${method}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(input), signal: AbortSignal.timeout(60_000) });
  const text = await res.text();
  return { text, body: JSON.parse(text) as { ok: boolean; value: T; error?: { message: string } } };
}

async function call<T>(method: string, input: unknown): Promise<{ bytes: number; value: T }> {
  const { text, body } = await answer<T>(method, input);
  expect(body.ok, JSON.stringify(body.error)).toBe(true);
  return { bytes: text.length, value: body.value };
}

const idOf = async (name: string) => (await call<{ servers: Array<{ id: string; name: string }> }>('servers.list', {})).value.servers.find((s) => s.name === name)!.id;

describe('hostile content reaches the page bounded (F7)', () => {
  it('a 12 MB text resource: the first part and its size, not the whole', async () => {
    const id = await idOf('hostile');
    const r = await call<{ contents: Array<{ kind: string; text: string; size?: number; truncated?: boolean }> }>('inspect.read', { id, uri: 'demo://big' });
    expect(r.value.contents[0]).toMatchObject({ kind: 'text', truncated: true, size: 12 * 1024 * 1024 });
    expect(r.value.contents[0]!.text).toBe('A'.repeat(256 * 1024));
    expect(r.bytes).toBeLessThan(300 * 1024);
    // A small one is whole.
    expect((await call<{ contents: Array<{ text: string; truncated?: boolean }> }>('inspect.read', { id, uri: 'demo://small' })).value.contents[0]).toEqual({ kind: 'text', uri: 'demo://small', mimeType: 'text/plain', text: 'small text' });
  });

  it('templates: 20,000 variables give no form (too long to fill in), 500 give 64 fields and the count', async () => {
    const big = await call<{ templates: Array<{ params: string[]; paramCount?: number; uriTemplate: string }> }>('inspect.templates', { id: await idOf('hostile') });
    expect(big.value.templates[0]!.params).toEqual([]);
    expect(big.value.templates[0]!.uriTemplate.length).toBeGreaterThan(10_000);
    const some = await call<{ templates: Array<{ params: string[]; paramCount?: number }> }>('inspect.templates', { id: await idOf('wide') });
    expect(some.value.templates[0]!.params).toHaveLength(64);
    expect(some.value.templates[0]!.paramCount).toBe(500);
  });

  it('an answer over one message\'s bound (a 40 MB text) is not read; the read says why and the server stays usable', async () => {
    const id = await idOf('huge');
    const r = await answer('inspect.read', { id, uri: 'demo://big' });
    expect(r.body.ok).toBe(false);
    expect(r.body.error!.message).toContain("the server's answer is over 16 MB, the limit for one message; it was not read");
    expect((await call<{ contents: Array<{ text: string }> }>('inspect.read', { id, uri: 'demo://small' })).value.contents[0]!.text).toBe('small text');
  });
});
