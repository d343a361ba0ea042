import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RegistryDataSchema } from '../../../shared/profiles/minimax/registry';
import { minimaxRegistryPath, NameRegistryStore, RegistryFileError } from '../../../electron/services/naming/registry-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'names-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function runChild(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures/claim-names.ts'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('NameRegistryStore (NAME-1): MiniMax Code\'s own file', () => {
  it('lives in MiniMax\'s data folder', () => {
    expect(minimaxRegistryPath('/home/u/.minimax')).toBe('/home/u/.minimax/mcp-runtime-names.json');
  });

  it('reads a file MiniMax wrote and gives every owner its saved names back', async () => {
    const file = join(dir, 'mcp-runtime-names.json');
    // The record of /work/notes/seed-agents-published.md M3, as MiniMax writes it (compact, one line).
    const real = {
      version: 1,
      servers: [
        { key: '["configured","github"]', raw: 'github', segment: 'github', tools: [{ raw: 'list.issues', segment: 'list_issues_2' }, { raw: 'list_issues', segment: 'list_issues' }] },
        { key: '["plugin","OFFICIAL","github","github"]', raw: 'github', segment: 'github_2', tools: [] },
      ],
    };
    await writeFile(file, `${JSON.stringify(real)}\n`);
    const store = new NameRegistryStore({ file });
    expect(await store.read()).toEqual(real);
    const r = await store.assign([{ serverId: 'configured:minimax:github', serverName: 'github', tools: [{ name: 'list_issues' }, { name: 'list.issues' }] }]);
    expect(r.tools.map((t) => t.name)).toEqual(['mcp__github__list_issues', 'mcp__github__list_issues_2']);
    expect(r.registryChanged).toBe(false);
    expect(await readFile(file, 'utf8')).toBe(`${JSON.stringify(real)}\n`);
  });

  it('writes what MiniMax writes: compact JSON and a newline, mode 0600, keys by merged name', async () => {
    const file = join(dir, 'data', 'mcp-runtime-names.json');
    const a = await new NameRegistryStore({ file }).assign([{ serverId: 'configured:minimax:svc', serverName: 'svc', tools: [{ name: 't' }] }]);
    expect(a.tools[0]!.name).toBe('mcp__svc__t');
    const text = await readFile(file, 'utf8');
    expect(text).toBe('{"version":1,"servers":[{"key":"[\\"configured\\",\\"svc\\"]","raw":"svc","segment":"svc","tools":[{"raw":"t","segment":"t"}]}]}\n');
    expect(RegistryDataSchema.safeParse(JSON.parse(text)).success).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // The server is removed; a plugin of the same name arrives; names are never freed.
    const b = await new NameRegistryStore({ file }).assign([{ serverId: 'plug', serverName: 'svc', source: 'plugin-local', tools: [{ name: 't' }] }]);
    expect(b.tools[0]!.name).toBe('mcp__svc_2__t');
    const c = await new NameRegistryStore({ file }).assign([{ serverId: 'configured:minimax:svc', serverName: 'svc', tools: [{ name: 't' }] }]);
    expect(c.tools[0]!.name).toBe('mcp__svc__t');
    expect(c.registryChanged).toBe(false);
    expect(existsSync(file + '.lock')).toBe(false);
  });

  it('never rewrites a registry MiniMax cannot parse, and says why', async () => {
    const file = join(dir, 'mcp-runtime-names.json');
    const broken = '{"version":1,"servers":[{"key":"a","raw":"a","segment":"a__b","tools":[]}]}';
    await writeFile(file, broken, 'utf8');
    const store = new NameRegistryStore({ file });
    const err = await store.assign([{ serverId: 's', serverName: 's', tools: [{ name: 't' }] }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RegistryFileError);
    expect((err as Error).message).toContain('MiniMax names no MCP tools while it is there');
    expect(await readFile(file, 'utf8')).toBe(broken);
    expect(existsSync(file + '.lock')).toBe(false);
  });

  it('reports the panel\'s older format (never MiniMax\'s) instead of reading names from it', async () => {
    const file = join(dir, 'mcp-runtime-names.json');
    const old = JSON.stringify({ version: 1, identities: { '["configured","old"]': { source: 'configured', serverId: 'old', serverName: 'svc', tools: {}, retired: [] } } });
    await writeFile(file, old, 'utf8');
    await expect(new NameRegistryStore({ file }).read()).rejects.toThrow(/format older versions of MCP Panel wrote/);
    expect(await readFile(file, 'utf8')).toBe(old);
  });

  it('two processes claiming at once under the lock get distinct names and leave a file MiniMax reads', async () => {
    const file = join(dir, 'mcp-runtime-names.json');
    const go = join(dir, 'go');
    const count = 15;
    // `shared.x` and `shared_x` want the same server segment: whichever claims first keeps it, the other gets `_2`.
    const children = [runChild([file, 'shared.x', String(count), go]), runChild([file, 'shared_x', String(count), go])];
    while (!existsSync(`${go}.shared.x.ready`) || !existsSync(`${go}.shared_x.ready`)) await new Promise((r) => setTimeout(r, 10));
    await writeFile(go, '');
    const [a, b] = await Promise.all(children);
    expect(a!.code, a!.stderr).toBe(0);
    expect(b!.code, b!.stderr).toBe(0);
    const namesA = JSON.parse(a!.stdout) as string[];
    const namesB = JSON.parse(b!.stdout) as string[];
    const data = RegistryDataSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    const segment = (key: string) => data.servers.find((s) => s.key === key)!.segment;
    const [segA, segB] = [segment('["configured","shared.x"]'), segment('["configured","shared_x"]')];
    expect([segA, segB].sort()).toEqual(['shared_x', 'shared_x_2']);
    for (let i = 0; i < count; i++) {
      expect(namesA[i]).toBe(`mcp__${segA}__tool_${i}`);
      expect(namesB[i]).toBe(`mcp__${segB}__tool_${i}`);
    }
    expect(data.servers.flatMap((s) => s.tools)).toHaveLength(2 * count);
  });
});
