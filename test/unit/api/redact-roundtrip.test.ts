// Item 8 (SEC-2): the page edits entries it only saw masked. Over the real services (config
// files in a temp HOME, the real writer): a mask left as it was in a URL, an argument or an
// env value keeps the file's value; a mask left in a field the user changed is refused rather
// than written as dots. unmaskEntry also finds an argument moved by an insertion, and conflict
// texts are masked by the same rules.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../../shared/contract';
import { startServices, type Services } from '../../../electron/services/compose';
import { redactEntry } from '../../../electron/services/api/redact';
import { maskConfigText, unmaskEntry } from '../../../electron/services/api/unmask';

const URL_SECRET = 'https://me:pw-rt-secret-1@h.example/mcp?api_key=q-rt-secret-2';
const LOCAL = { command: 'srv', args: ['--token', 't-rt-secret-3', '--header', 'Authorization: Bearer b-rt-secret-4'], env: { API_KEY: 'k-rt-secret-5' }, enabled: false };
const ctx = { host: 'web' } as const;
let dir: string;
let file: string;
let services: Services;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'redact-rt-'));
  file = join(dir, 'home', '.minimax', 'mcp.json');
  await mkdir(join(dir, 'home', '.minimax'), { recursive: true });
  await mkdir(join(dir, 'ws'));
  await writeFile(file, JSON.stringify({ mcpServers: { remote: { url: URL_SECRET, enabled: false }, local: LOCAL } }, null, 2), { mode: 0o600 });
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: join(dir, 'ws'), version: '0.0.0', profile: 'minimax', workspace: join(dir, 'ws') });
}, 30_000);

afterAll(async () => {
  await services?.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function rows(): Promise<Array<{ name: string; entry: Record<string, unknown> }>> {
  const r = await services.dispatch('servers.list', {}, ctx);
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as { servers: Array<{ name: string; entry: Record<string, unknown> }> }).servers;
}

describe('masked entries round-trip through the editor', () => {
  it('saving the masked URL, args and env unchanged keeps the file values', async () => {
    const list = await rows();
    const remote = list.find((s) => s.name === 'remote')!.entry;
    const local = list.find((s) => s.name === 'local')!.entry;
    expect(remote.url).toBe(`https://me:${SECRET_MASK}@h.example/mcp?api_key=${SECRET_MASK}`);
    expect(local.args).toEqual(['--token', SECRET_MASK, '--header', `Authorization: ${SECRET_MASK}`]);
    for (const [name, entry] of [['remote', remote], ['local', local]] as const) {
      const r = await services.dispatch('editor.save', { layer: 'user', name, originalName: name, entry: { ...entry, timeout: 9000 } }, ctx);
      expect(r.ok, JSON.stringify(r)).toBe(true);
    }
    const saved = JSON.parse(await readFile(file, 'utf8')) as { mcpServers: Record<string, Record<string, unknown>> };
    expect(saved.mcpServers.remote).toEqual({ url: URL_SECRET, enabled: false, timeout: 9000 });
    expect(saved.mcpServers.local).toEqual({ ...LOCAL, timeout: 9000 });
  });

  it('a mask left in a URL the user changed is refused, and the file is untouched', async () => {
    const before = await readFile(file, 'utf8');
    const remote = (await rows()).find((s) => s.name === 'remote')!.entry;
    const edited = { ...remote, url: String(remote.url).replace('h.example', 'other.example') };
    const r = await services.dispatch('editor.save', { layer: 'user', name: 'remote', originalName: 'remote', entry: edited }, ctx);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'invalid-input', message: expect.stringContaining('/url') });
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('unmaskEntry finds a masked argument moved by an insertion', () => {
    const masked = redactEntry(LOCAL);
    const edited = { ...masked, args: ['--verbose', ...(masked.args as string[])] };
    expect(unmaskEntry(edited, LOCAL)).toEqual({ ...LOCAL, args: ['--verbose', ...LOCAL.args] });
  });
});

describe('conflict texts (CFG-7 "show both") go to the page masked', () => {
  it('maskConfigText hides URL, argument and env secrets and keeps the rest of the file', () => {
    const text = JSON.stringify({ mcpServers: { remote: { url: URL_SECRET }, local: LOCAL } }, null, 2);
    const masked = maskConfigText(text)!;
    for (const s of ['pw-rt-secret-1', 'q-rt-secret-2', 't-rt-secret-3', 'b-rt-secret-4', 'k-rt-secret-5']) expect(masked).not.toContain(s);
    expect(masked).toContain(`"url": "https://me:${SECRET_MASK}@h.example/mcp?api_key=${SECRET_MASK}"`);
    expect(masked).toContain('"--header"');
  });
});
