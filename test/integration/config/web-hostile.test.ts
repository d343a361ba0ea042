// Items 3 and 12 through the real web host (`cli serve`): a repository whose committed
// `.mcp.json` is a link to /dev/zero took `editor.layers` past 3 GB in 18 s; a deeply nested
// `editor.trySession` entry broke every later `servers.list` until cleared.
import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKimiHome, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';

let home: PanelHome;
let panel: RunningPanel;
let session: Record<string, string>;

async function rpc(method: string, input: unknown = {}, raw?: string): Promise<{ status: number; body: { ok: boolean; value?: unknown; error?: { code: string; message: string } } }> {
  const res = await fetch(`${panel.origin}/api/${method}`, {
    method: 'POST',
    headers: { ...session, 'Content-Type': 'application/json' },
    body: raw ?? JSON.stringify(input),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean } };
}

beforeAll(async () => {
  home = makeKimiHome();
  const project = join(home.workspace, '.mcp.json');
  rmSync(project);
  symlinkSync('/dev/zero', project);
  panel = await startPanel(home);
  session = await panel.session();
}, 90_000);

afterAll(async () => {
  await panel?.stop();
  home?.cleanup();
});

describe('the web host against hostile files and entries', () => {
  it('editor.layers answers for a project .mcp.json -> /dev/zero: no hash, no unbounded read', async () => {
    const r = await rpc('editor.layers');
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(true);
    const layers = (r.body.value as { layers: Array<{ layer: string; path: string; hash: string | null }> }).layers;
    expect(layers.find((l) => l.layer === 'project')).toMatchObject({ path: join(home.workspace, '.mcp.json'), hash: null });
    expect(layers.find((l) => l.layer === 'user')?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(panel.child.exitCode).toBeNull();
  });

  it('editor.trySession refuses an entry nested deeper than 32 levels; servers.list keeps working', async () => {
    // Written as text: JSON.stringify itself would overflow on a value this deep.
    const n = 100_000;
    const r = await rpc('editor.trySession', undefined, `{"name":"deep","entry":{"command":"x","extra":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}}`);
    expect(r.body.ok).toBe(false);
    expect(r.body.error?.message).toMatch(/nested more than 32 levels deep/);
    const list = await rpc('servers.list');
    expect(list.status).toBe(200);
    expect(list.body.ok).toBe(true);
    const names = (list.body.value as { servers: Array<{ name: string }> }).servers.map((s) => s.name);
    expect(names).toContain('personal');
    expect(names).not.toContain('deep');
  });
});
