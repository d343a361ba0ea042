import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

describe('NameRegistryStore (NAME-1)', () => {
  it('lives at <dataDir>/mcp-runtime-names.json under ~/.minimax-code by default', () => {
    expect(minimaxRegistryPath({ HOME: '/home/u' })).toBe('/home/u/.minimax-code/mcp-runtime-names.json');
  });

  it('persists names across store instances and keeps removed identities\' names', async () => {
    const file = join(dir, 'data', 'mcp-runtime-names.json');
    const a = await new NameRegistryStore({ file }).assign([{ serverId: 'one', serverName: 'svc', tools: [{ name: 't' }] }]);
    expect(a.tools[0]!.name).toBe('mcp__svc__t');
    const onDisk = RegistryDataSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    expect(Object.keys(onDisk.identities)).toEqual(['["configured","one"]']);
    // A fresh store (as a new process would) sees the claim: "one" is gone, "two" takes the same public name.
    const b = await new NameRegistryStore({ file }).assign([{ serverId: 'two', serverName: 'svc', tools: [{ name: 't' }] }]);
    expect(b.tools[0]!.name).toBe('mcp__svc__t_2');
    const c = await new NameRegistryStore({ file }).assign([{ serverId: 'one', serverName: 'svc', tools: [{ name: 't' }] }]);
    expect(c.tools[0]!.name).toBe('mcp__svc__t');
    expect(c.registryChanged).toBe(false);
    expect(existsSync(file + '.lock')).toBe(false);
  });

  it('never rewrites a registry it cannot parse', async () => {
    const file = join(dir, 'mcp-runtime-names.json');
    await writeFile(file, '{"version": 1, "identities": {', 'utf8');
    const store = new NameRegistryStore({ file });
    await expect(store.claim([{ serverId: 's', serverName: 's', source: 'configured', tool: 't' }])).rejects.toBeInstanceOf(RegistryFileError);
    expect(await readFile(file, 'utf8')).toBe('{"version": 1, "identities": {');
    expect(existsSync(file + '.lock')).toBe(false);
  });

  it('two processes claiming at once under the lock get distinct names and leave a valid file', async () => {
    const file = join(dir, 'mcp-runtime-names.json');
    const go = join(dir, 'go');
    const count = 15;
    const children = [runChild([file, 'alpha', String(count), go]), runChild([file, 'beta', String(count), go])];
    // Start both at once, when both have loaded and are polling.
    while (!existsSync(`${go}.alpha.ready`) || !existsSync(`${go}.beta.ready`)) await new Promise((r) => setTimeout(r, 10));
    await writeFile(go, '');
    const [a, b] = await Promise.all(children);
    expect(a!.code, a!.stderr).toBe(0);
    expect(b!.code, b!.stderr).toBe(0);
    const namesA = JSON.parse(a!.stdout) as string[];
    const namesB = JSON.parse(b!.stdout) as string[];
    const all = [...namesA, ...namesB];
    expect(all).toHaveLength(2 * count);
    expect(new Set(all).size).toBe(2 * count);
    // Each tool_i was wanted by both: one got the base name, the other `_2`.
    for (let i = 0; i < count; i++) expect([namesA[i], namesB[i]].sort()).toEqual([`mcp__shared__tool_${i}`, `mcp__shared__tool_${i}_2`]);
    const data = RegistryDataSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    expect(Object.values(data.identities['["configured","alpha"]']!.tools).map((t) => t.name)).toEqual(namesA);
    expect(Object.values(data.identities['["configured","beta"]']!.tools).map((t) => t.name)).toEqual(namesB);
  });
});
