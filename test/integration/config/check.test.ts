import { describe, expect, it } from 'vitest';
import { checkFile } from '../../../electron/services/config/check';
import { parseJsonText, resolvePointer } from '../../../electron/services/config/json-text';
import { useSandbox } from './helpers';

const sb = useSandbox();

const onPath = (c: string) => c === 'node';

describe('checkFile', () => {
  it('a missing file is not parsed and not ok', async () => {
    const r = await checkFile(`${sb.root}/nope.json`, 'kimi', sb.env);
    expect(r).toMatchObject({ ok: false, parsed: false });
    expect(r.problems[0]?.message).toMatch(/does not exist/);
  });

  it('warns about duplicate server keys, which the loader silently resolves', async () => {
    const f = await sb.write('dup.json', '{"mcpServers": {\n  "a": {"command": "x"},\n  "a": {"command": "y"}\n}}');
    const r = await checkFile(f, 'minimax', sb.env);
    expect(r.ok).toBe(true);
    expect(r.servers).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ severity: 'warning', pointer: '/mcpServers/a', line: 3, column: 3 });
  });

  it('minimax-plugin applies CFG-11 on top of the dialect, with real pointers', async () => {
    const text = JSON.stringify(
      {
        mcpServers: {
          good: { type: 'stdio', command: 'node', args: ['server.js'] },
          generic: { type: 'http', url: 'https://x.example/mcp' },
          abs: { type: 'stdio', command: 'node', args: ['/opt/server.js'] },
          path: { type: 'stdio', command: '/usr/bin/node' },
          plain: { type: 'streamable-http', url: 'http://x.example/mcp', oauth: { clientId: 'c' } },
        },
      },
      null,
      2,
    );
    const f = await sb.write('plugin.json', text);
    const r = await checkFile(f, 'minimax-plugin', sb.env, onPath);
    expect(r.ok).toBe(false);
    expect(r.parsed).toBe(true);
    const errs = Object.fromEntries(r.servers.map((s) => [s.name, s.error]));
    expect(errs.good).toBeNull();
    expect(errs.generic).toMatch(/generic "http"/);
    expect(errs.abs).toMatch(/absolute path/);
    expect(errs.path).toMatch(/bare executable/);
    expect(errs.plain).toMatch(/oauth|https/);
    const parsed = parseJsonText(text);
    if (!parsed.ok) throw new Error('parse');
    for (const p of r.problems) expect(resolvePointer(parsed.root, p.pointer)).toBeDefined();
    expect(r.problems.map((p) => p.pointer)).toContain('/mcpServers/abs/args/0');
  });

  it('minara-plugin: HTTPS except loopback', async () => {
    const f = await sb.write('mp.json', { mcpServers: { a: { url: 'http://127.0.0.1:9/mcp' }, b: { url: 'http://b.example/mcp' } } });
    const r = await checkFile(f, 'minara-plugin', sb.env);
    expect(r.servers.map((s) => [s.name, s.error === null])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });
});
