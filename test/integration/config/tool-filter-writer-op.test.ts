// The writer's `tools` op (CONN-8) on real files: only the filter fields change (CFG-7: comments,
// order, other entries kept byte for byte); minimax, which reads no such field, is refused. Its
// `defer` op (CTX-2) writes Kimi's own `deferred: true` the same way; no other agent reads one.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigWriter } from '../../../electron/services/config/writer';

let home: string;
let writer: ConfigWriter;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'tools-op-'));
  writer = new ConfigWriter({ env: { HOME: home } });
});
afterEach(() => rm(home, { recursive: true, force: true }));

async function file(dir: string, name: string, text: string): Promise<string> {
  await mkdir(join(home, dir), { recursive: true });
  const path = join(home, dir, name);
  await writeFile(path, text);
  return path;
}

describe('writer tools op (CONN-8)', () => {
  it('kimi: adds disabledTools inside the entry, keeps comments and the other entry; null removes it', async () => {
    const text = '{\n  // mine\n  "mcpServers": {\n    "a": { "command": "x" }, // keep\n    "b": { "command": "y", "disabledTools": ["t1"] }\n  }\n}\n';
    const path = await file('.kimi-code', 'mcp.json', text);
    const r = await writer.setToolFilter({ profile: 'kimi', layer: 'user' }, 'a', { disabledTools: ['t2'] });
    expect(r.ok).toBe(true);
    const after = await readFile(path, 'utf8');
    expect(after).toContain('// mine');
    expect(after).toContain('// keep');
    expect(after).toContain('"b": { "command": "y", "disabledTools": ["t1"] }');
    expect(JSON.parse(after.replace(/\/\/.*$/gm, '')).mcpServers.a).toEqual({ command: 'x', disabledTools: ['t2'] });
    expect((await writer.setToolFilter({ profile: 'kimi', layer: 'user' }, 'a', { disabledTools: null })).ok).toBe(true);
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  it('minara: include, validated with the dialect schema', async () => {
    const path = await file('.minara/mcp', 'servers.json', '{ "mcpServers": { "s": { "url": "https://x.example/mcp" } } }\n');
    expect((await writer.setToolFilter({ profile: 'minara', layer: 'user' }, 's', { include: ['q'] })).ok).toBe(true);
    expect(JSON.parse(await readFile(path, 'utf8')).mcpServers.s).toEqual({ url: 'https://x.example/mcp', include: ['q'] });
  });

  it('minimax, or a field the agent does not read, is refused and the file is untouched', async () => {
    const text = '{ "mcpServers": { "s": { "command": "x" } } }\n';
    const path = await file('.minimax', 'mcp.json', text);
    const r = await writer.setToolFilter({ profile: 'minimax', layer: 'user' }, 's', { disabledTools: ['a'] });
    expect(r.ok ? null : r.error.text?.key).toBe('write.unsupported.toolFilter');
    const k = await file('.kimi-code', 'mcp.json', text);
    const r2 = await writer.setToolFilter({ profile: 'kimi', layer: 'user' }, 's', { include: ['a'] });
    expect(r2.ok ? null : r2.error.code).toBe('unsupported');
    expect(await readFile(path, 'utf8')).toBe(text);
    expect(await readFile(k, 'utf8')).toBe(text);
  });
});

describe('writer defer op (CTX-2)', () => {
  it('kimi: adds "deferred": true inside the entry, keeps comments and the other entry', async () => {
    const text = '{\n  // mine\n  "mcpServers": {\n    "a": { "command": "x", "disabledTools": ["t1"] }, // keep\n    "b": { "command": "y" }\n  }\n}\n';
    const path = await file('.kimi-code', 'mcp.json', text);
    const r = await writer.apply({ profile: 'kimi', layer: 'user' }, [{ op: 'defer', name: 'a' }]);
    expect(r.ok).toBe(true);
    const after = await readFile(path, 'utf8');
    expect(after).toContain('// mine');
    expect(after).toContain('// keep');
    expect(after).toContain('"b": { "command": "y" }');
    expect(JSON.parse(after.replace(/\/\/.*$/gm, '')).mcpServers.a).toEqual({ command: 'x', disabledTools: ['t1'], deferred: true });
  });

  it('minara (every tool deferred already) and minimax (its own threshold) read no such field: refused, the file untouched', async () => {
    const text = '{ "mcpServers": { "s": { "command": "x" } } }\n';
    const path = await file('.minimax', 'mcp.json', text);
    const r = await writer.apply({ profile: 'minimax', layer: 'user' }, [{ op: 'defer', name: 's' }]);
    expect(r.ok ? null : r.error.text?.key).toBe('write.unsupported.deferral');
    expect(await readFile(path, 'utf8')).toBe(text);
    const m = await file('.minara/mcp', 'servers.json', '{ "mcpServers": { "s": { "url": "https://x.example/mcp" } } }\n');
    const r2 = await writer.apply({ profile: 'minara', layer: 'user' }, [{ op: 'defer', name: 's' }]);
    expect(r2.ok ? null : r2.error.code).toBe('unsupported');
    expect(await readFile(m, 'utf8')).toBe('{ "mcpServers": { "s": { "url": "https://x.example/mcp" } } }\n');
  });
});
