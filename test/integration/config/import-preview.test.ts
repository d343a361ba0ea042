// Import with a preview (CFG-1, CFG-7, CFG-8): through the real composition and dispatch on a
// temp HOME + workspace, the preview writes nothing and says where each server comes from;
// the import writes only the names picked; project servers are never pre-selected for the
// user layer. The CLI's --dry-run answers the same plan and writes nothing either.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPlan, ImportReport } from '../../../shared/contract';
import { startServices, type Services } from '../../../electron/services/compose';
import { runCli } from '../../helpers/run-cli';

const ctx = { host: 'web' } as const;
const TOKEN = 'sk-live-project-0123456789abcdef';
let dir: string;
let home: string;
let ws: string;
let userFile: string;
let services: Services;

async function put(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(value, null, 2));
}

/** Every file under HOME with its text (but the CLI's code cache): the proof that nothing was written. */
async function tree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && !e.parentPath.startsWith(join(root, '.cache', 'mcp-panel'))) out[join(e.parentPath, e.name)] = await readFile(join(e.parentPath, e.name), 'utf8');
  }
  return out;
}

async function call<T>(method: string, input: unknown): Promise<T> {
  const r = await services.dispatch(method, input, ctx);
  if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.value as T;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-import-preview-'));
  home = join(dir, 'home');
  ws = join(dir, 'ws');
  userFile = join(home, '.minimax', 'mcp.json');
  await mkdir(ws, { recursive: true });
  await put(userFile, { mcpServers: { dup: { command: 'already-here', enabled: false } } });
  await put(join(home, '.claude.json'), {
    mcpServers: { personal: { command: 'personal-cmd' }, dup: { command: 'dup-cmd' } },
    projects: { [ws]: { mcpServers: { local1: { command: 'local-cmd' } } } },
  });
  // The workspace's own file: the bug copied these into the user file unasked.
  await put(join(ws, '.mcp.json'), { mcpServers: { team: { command: 'team-cmd', args: ['${workspaceFolder}/x'] }, leaky: { url: 'https://leaky.example/mcp', headers: { Authorization: `Bearer ${TOKEN}` } } } });
  const env = { PATH: process.env.PATH, HOME: home, MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, discovery: false, env, cwd: ws, version: '0.0.0', profile: 'minimax', workspace: ws });
}, 30_000);

afterAll(async () => {
  await services?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('import preview and pick', () => {
  it('the preview writes nothing and names source file, scope, target file and verdict per server', async () => {
    const before = await tree(home);
    const plan = await call<ImportPlan>('editor.importPreview', { from: 'claude-code', layer: 'user' });
    expect(await tree(home)).toEqual(before);
    expect(plan.path).toBe(userFile);
    const by = Object.fromEntries(plan.servers.map((s) => [s.name, s]));
    expect(by.personal).toMatchObject({ scope: 'user', verdict: 'import', selected: true, path: join(home, '.claude.json'), pointer: '/mcpServers/personal' });
    expect(by.dup).toMatchObject({ scope: 'user', verdict: 'skip', skip: { code: 'exists' }, selected: false });
    // Project servers: offered, flagged as project, not ticked for the user layer.
    expect(by.team).toMatchObject({ scope: 'project', verdict: 'import', selected: false, from: `${join(ws, '.mcp.json')}#/mcpServers/team` });
    expect(by.team!.notes.join(' ')).toContain(ws);
    expect(by.local1).toMatchObject({ scope: 'project', verdict: 'import', selected: false });
    expect(by.leaky).toMatchObject({ scope: 'project', verdict: 'skip', skip: { code: 'inline_secret' }, selected: false });
    expect(JSON.stringify(plan)).not.toContain(TOKEN);
    // With replace, the existing name becomes a replacement, still without writing.
    const replacing = await call<ImportPlan>('editor.importPreview', { from: 'claude-code', layer: 'user', replace: true });
    expect(replacing.servers.find((s) => s.name === 'dup')).toMatchObject({ verdict: 'replace', selected: true });
    expect(await tree(home)).toEqual(before);
  });

  it('import needs the picked names, and writes only those (a ticked project server included)', async () => {
    const refused = await services.dispatch('editor.import', { from: 'claude-code', layer: 'user' }, ctx);
    expect(refused.ok).toBe(false);
    const sourceBefore = await readFile(join(ws, '.mcp.json'), 'utf8');
    const report = await call<ImportReport>('editor.import', { from: 'claude-code', layer: 'user', only: ['personal', 'team'] });
    expect(report.imported.map((s) => s.name)).toEqual(['personal', 'team']);
    expect(report.skipped).toEqual([]);
    expect(report.notPicked.map((s) => s.name).sort()).toEqual(['dup', 'leaky', 'local1']);
    const written = JSON.parse(await readFile(userFile, 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(written.mcpServers).sort()).toEqual(['dup', 'personal', 'team']);
    expect(written.mcpServers.dup).toEqual({ command: 'already-here', enabled: false });
    expect(await readFile(join(ws, '.mcp.json'), 'utf8')).toBe(sourceBefore);
  });

  it('a picked server the source refuses is reported, not written', async () => {
    const report = await call<ImportReport>('editor.import', { from: 'claude-code', layer: 'user', only: ['leaky', 'gone'] });
    expect(report.imported).toEqual([]);
    expect(report.skipped.map((s) => [s.name, s.code])).toEqual([
      ['leaky', 'inline_secret'],
      ['gone', 'not_found'],
    ]);
    expect(await readFile(userFile, 'utf8')).not.toContain(TOKEN);
  });

  it('CLI import --dry-run prints the plan (and --json gives it) without writing', async () => {
    const cli = (args: string[]) => runCli(args, { env: { PATH: process.env.PATH, HOME: home }, cwd: ws });
    const before = await tree(home);
    const base = ['import', '--from', 'claude-code', '--profile', 'kimi', '--layer', 'user', '--dry-run'];
    const json = await cli([...base, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout) as ImportPlan & { dryRun: boolean };
    expect(plan).toMatchObject({ dryRun: true, path: join(home, '.kimi-code', 'mcp.json') });
    expect(plan.servers.filter((s) => s.selected).map((s) => s.name).sort()).toEqual(['dup', 'personal']);
    const text = await cli(base);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^ {2}team \[project server\] from .*\.mcp\.json#\/mcpServers\/team: import/m);
    expect(text.stdout).toMatch(/^\* personal from /m);
    expect(text.stdout).toContain('(nothing written)');
    expect(await tree(home)).toEqual(before);
  }, 60_000);
});
