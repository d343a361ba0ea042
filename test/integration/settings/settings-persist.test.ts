// UI-9 theme and language survive a reload: through the real composition (startServices on a
// temp HOME and data folder) and the real dispatch, a choice saved by one composition is what
// the next one reads. A corrupt or foreign settings.json reads as the defaults, never throws,
// and is left byte for byte as it was until the user changes a setting (SEC-3).
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type Services } from '../../../electron/services/compose';
import type { FolderPicker } from '../../../electron/services/handlers/workspace';
import { SettingsStore, SETTINGS_FILE } from '../../../electron/services/settings/settings-store';

const ctx = { host: 'web' } as const;
let dir: string;
let data: string;
let file: string;
const open: Services[] = [];

async function compose(pickFolder: FolderPicker | null = null): Promise<Services> {
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: data };
  const s = await startServices({ host: 'web', env, cwd: join(dir, 'ws'), version: '0.0.0', profile: 'minimax', workspace: null, pickFolder });
  open.push(s);
  return s;
}

async function call(s: Services, method: string, input: unknown = {}) {
  return s.dispatch(method, input, ctx);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-persist-'));
  await mkdir(join(dir, 'home'), { recursive: true });
  await mkdir(join(dir, 'ws'));
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.dispose()));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('settings in the panel data folder (UI-9)', () => {
  it('a fresh data folder answers the defaults and writes nothing', async () => {
    data = join(dir, 'fresh');
    file = join(data, SETTINGS_FILE);
    const s = await compose();
    expect(await call(s, 'app.settings')).toEqual({ ok: true, value: { theme: 'system', language: 'system' } });
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a choice saved by one composition is read by the next on the same data folder', async () => {
    data = join(dir, 'survive');
    file = join(data, SETTINGS_FILE);
    const first = await compose();
    expect(await call(first, 'app.setSettings', { theme: 'dark' })).toEqual({ ok: true, value: { theme: 'dark', language: 'system' } });
    // Only the fields given change: the theme stays when the language is set.
    expect(await call(first, 'app.setSettings', { language: 'zh' })).toEqual({ ok: true, value: { theme: 'dark', language: 'zh' } });
    await first.dispose();
    open.splice(0);

    const second = await compose();
    expect(await call(second, 'app.settings')).toEqual({ ok: true, value: { theme: 'dark', language: 'zh' } });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, theme: 'dark', language: 'zh' });
  });

  it('refuses a value outside the enums at the boundary, and the file keeps the old one', async () => {
    data = join(dir, 'refuse');
    file = join(data, SETTINGS_FILE);
    const s = await compose();
    await call(s, 'app.setSettings', { theme: 'light' });
    const bad = await call(s, 'app.setSettings', { theme: 'neon' });
    expect(bad.ok === false && bad.error.code).toBe('invalid-input');
    expect(await call(s, 'app.settings')).toEqual({ ok: true, value: { theme: 'light', language: 'system' } });
  });

  it.each([
    ['does not parse', '{"theme": "dark", '],
    ['is someone else’s JSON', '["not", "ours"]\n'],
    ['is binary', '\u0000\u0001\u00ff garbage'],
  ])('a settings file that %s reads as the defaults and is not overwritten until a change', async (_what, text) => {
    data = await mkdtemp(join(dir, 'corrupt-'));
    file = join(data, SETTINGS_FILE);
    await writeFile(file, text);
    const s = await compose();
    expect(await call(s, 'app.settings')).toEqual({ ok: true, value: { theme: 'system', language: 'system' } });
    expect(await readFile(file, 'utf8')).toBe(text);
    expect(await call(s, 'app.setSettings', { language: 'en' })).toEqual({ ok: true, value: { theme: 'system', language: 'en' } });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, theme: 'system', language: 'en' });
  });

  it('keeps the fields a half-right file got right', async () => {
    data = await mkdtemp(join(dir, 'half-'));
    await writeFile(join(data, SETTINGS_FILE), JSON.stringify({ version: 1, theme: 'dark', language: 'klingon' }));
    const s = await compose();
    expect(await call(s, 'app.settings')).toEqual({ ok: true, value: { theme: 'dark', language: 'system' } });
  });

  it('two quick changes both land, in order', async () => {
    const store = new SettingsStore(await mkdtemp(join(dir, 'queue-')));
    await Promise.all([store.set({ theme: 'dark' }), store.set({ language: 'zh' }), store.set({ theme: 'light' })]);
    expect(await store.get()).toEqual({ theme: 'light', language: 'zh' });
  });
});

describe('the host folder picker (workspace.pickFolder)', () => {
  it('a host without one (browser, CLI) says so in app.info and answers unsupported with what to do', async () => {
    data = join(dir, 'nopicker');
    const s = await compose(null);
    const info = await call(s, 'app.info');
    expect(info.ok && (info.value as { nativeFolderPicker: boolean }).nativeFolderPicker).toBe(false);
    const r = await call(s, 'workspace.pickFolder');
    expect(r.ok === false && r.error).toMatchObject({ code: 'unsupported', message: expect.stringMatching(/not available in the browser.*type the absolute path/) });
  });

  it('a host with one reports it and answers the chosen folder, or null when cancelled', async () => {
    data = join(dir, 'picker');
    const answers: (string | null)[] = ['/chosen/folder', null];
    const s = await compose(async () => answers.shift() ?? null);
    const info = await call(s, 'app.info');
    expect(info.ok && (info.value as { nativeFolderPicker: boolean }).nativeFolderPicker).toBe(true);
    expect(await call(s, 'workspace.pickFolder')).toEqual({ ok: true, value: { path: '/chosen/folder' } });
    expect(await call(s, 'workspace.pickFolder')).toEqual({ ok: true, value: { path: null } });
  });
});
