// SKILL-1/SKILL-2 and issue 38 item 3 through the real composition: a real SDK v2 server serving
// two skills with the SDK's own SkillsExtension (test/fixtures/servers/v2.mjs --skills), reached
// in the 2026-07-28 era (automatic) and, as a second entry, in 2025-11-25 (the person's era
// choice). Listed with files and digests, read and verified; Claude Code loads them only over the
// modern connection; a rug pull of one SKILL.md (--skills-drift FILE) is a change shown until it
// is accepted, and the approval follows the server (a copy of the entry under another name shares it).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContract } from '../../../shared/contract';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/rpc';
import { startServices, type Services } from '../../../electron/services/compose';
import { viewTray } from '../../../shared/tray-view';
import { fixture } from '../connections/helpers';

let dir: string;
let drift: string;
let services: Services;
const ids: Record<string, string> = {};

async function call<M extends MethodName<AppContract>>(method: M, input: MethodInput<AppContract, M>): Promise<MethodOutput<AppContract, M>> {
  const r = await services.dispatch(method, input, { host: 'web' });
  if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code, data: r.error.data });
  return r.value as MethodOutput<AppContract, M>;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skills-'));
  drift = join(dir, 'drifted');
  await mkdir(join(dir, 'home', '.claude'), { recursive: true });
  await mkdir(join(dir, 'ws'));
  const entry = (extra: string[] = []) => ({ type: 'stdio', command: process.execPath, args: [fixture('v2'), 'stdio', '--skills-drift', drift, ...extra] });
  // skills-old differs by one ignored flag: the era choice and the approval are per server program.
  const servers = { skills: entry(), 'skills-copy': entry(), 'skills-old': entry(['--tag', 'old']), kept: { type: 'stdio', command: process.execPath, args: [fixture('v2'), 'stdio', '--skills', '--ttl-ms', '600000'] }, plain: { type: 'stdio', command: process.execPath, args: [fixture('v2'), 'stdio'] } };
  await writeFile(join(dir, 'home', '.claude.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: join(dir, 'ws'), version: '0.0.0', profile: 'claude-code', workspace: join(dir, 'ws') });
  for (const s of (await call('servers.list', {})).servers) ids[s.name] = s.id;
  // The era choice reconnects a connected server (one still connecting keeps the era it lands on).
  await vi.waitFor(async () => expect((await call('servers.list', {})).servers.every((s) => s.state.kind === 'connected')).toBe(true), { timeout: 30_000, interval: 100 });
  expect((await call('servers.setEraMode', { id: ids['skills-old']!, mode: 'legacy' })).server.state).toMatchObject({ era: 'legacy' });
}, 60_000);

afterAll(async () => {
  await services?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('skills (SKILL-1, SKILL-2)', () => {
  it('both eras list the same skills with every file\'s digest; Claude Code loads them over 2026-07-28 only', async () => {
    const modern = await call('skills.list', { serverId: ids.skills! });
    const legacy = await call('skills.list', { serverId: ids['skills-old']! });
    expect([modern.era, legacy.era]).toEqual(['modern', 'legacy']);
    for (const v of [modern, legacy]) {
      expect(v.supported).toBe(true);
      expect(v.skills.map((s) => [s.name, s.description])).toEqual([
        ['release', 'Cut a release'],
        ['review', 'Review a change before it is merged'],
      ]);
      const review = v.skills.find((s) => s.name === 'review')!;
      expect(review.files).toEqual([
        { uri: 'skill://review/SKILL.md', size: expect.any(Number), digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) },
        { uri: 'skill://review/references/CHECKLIST.md', size: 15, digest: expect.stringMatching(/^sha256:/) },
      ]);
      expect(review.tokens).toBeGreaterThan(0);
      expect(v.changed).toBeNull();
    }
    expect(modern.loadedBy).toEqual(['claude-code']);
    expect(legacy.loadedBy).toEqual([]);
    const plain = await call('skills.list', { serverId: ids.plain! });
    expect(plain).toMatchObject({ supported: false, skills: [], loadedBy: [] });
    // Claude Code's context estimate: its tools, plus the skills of the three modern connections (not the legacy one's).
    const [standing] = (await call('tools.limits', { agents: ['claude-code'] })).limits.filter((l) => l.profile === 'claude-code');
    const toolTokens = (await call('tools.list', {})).tools.reduce((n, t) => n + (t.names['claude-code'] ? t.tokens : 0), 0);
    const skillTokens = modern.skills.reduce((n, k) => n + k.tokens, 0);
    expect(standing!.tokens).toBe(toolTokens + 3 * skillTokens);
    expect(standing!.tools).toBe((await call('tools.list', {})).tools.filter((t) => t.names['claude-code']).length);
  });

  it('a file is read and verified against its digest, its reference too', async () => {
    const md = await call('skills.read', { serverId: ids.skills!, uri: 'skill://review/SKILL.md' });
    expect(md).toMatchObject({ uri: 'skill://review/SKILL.md', verified: true });
    expect(md.text).toContain('Read the diff and say what could break.');
    expect(md.findings).toEqual([]);
    const ref = await call('skills.read', { serverId: ids['skills-old']!, uri: 'skill://review/SKILL.md', ref: 'references/CHECKLIST.md' });
    expect(ref).toMatchObject({ text: '- tests\n- docs\n', size: 15, verified: true });
  });

  it('a rewritten SKILL.md is a change until accepted; one accept covers the other entry of the same server', async () => {
    await writeFile(drift, 'now');
    await call('servers.reconnect', { id: ids.skills! });
    await call('servers.reconnect', { id: ids['skills-copy']! });
    // The rows say so (listed on connect), and the tray offers the review for the server.
    const rows = async () => (await call('servers.list', {})).servers;
    expect((await rows()).filter((r) => r.skillsChanged).map((r) => r.name).sort()).toEqual(['skills', 'skills-copy']);
    const fix = viewTray(await call('servers.list', {}), 'en').fixes.find((f) => f.kind === 'skills' && f.server === 'skills');
    expect(fix).toMatchObject({ label: 'Review the changed skills of skills (for Claude Code)', action: { kind: 'skills', id: ids.skills } });
    const after = await call('skills.list', { serverId: ids.skills! });
    expect(after.changed).toEqual({ added: [], removed: [], changed: ['skill://review/SKILL.md'] });
    // The new text is checked like a tool description would be, and still read verified (the server's new entry says so).
    const changed = await call('skills.read', { serverId: ids.skills!, uri: 'skill://review/SKILL.md' });
    expect(changed.text).toContain('~/.ssh/id_rsa');
    expect(changed.findings.map((f) => f.code)).toContain('sensitive-file.access');
    expect(await call('skills.accept', { serverId: ids.skills! })).toEqual({ accepted: 2 });
    expect((await call('skills.list', { serverId: ids.skills! })).changed).toBeNull();
    expect((await rows()).filter((r) => r.skillsChanged)).toEqual([]);
    // skills-copy runs the same server under another name: already approved.
    expect((await call('skills.list', { serverId: ids['skills-copy']! })).changed).toBeNull();
  });

  it('a listing the server lets the panel keep (ttlMs) is not asked again until it expires or a refresh is asked', async () => {
    const asked = async () => (await call('logs.get', { id: ids.kept! })).traffic.filter((t) => t.method === 'skills/list').length;
    const first = await asked();
    expect((await call('skills.list', { serverId: ids.kept! })).ttlMs).toBe(600000);
    await call('skills.list', { serverId: ids.kept! });
    expect(await asked()).toBe(first);
    await call('skills.list', { serverId: ids.kept!, refresh: true });
    expect(await asked()).toBe(first + 1);
  });
});
