import { describe, expect, it } from 'vitest';
import { loadLayer, readText } from '../../../electron/services/config/layer-loader';
import { parseJsonText, resolvePointer } from '../../../electron/services/config/json-text';
import type { LoadContext } from '../../../shared/profiles/loading';
import { MINIMAX_RESERVED_NAMES } from '../../../shared/profiles/minimax/dialect';
import type { Profile } from '../../../shared/schemas/server';

const ctx = (profile: Profile, env: NodeJS.ProcessEnv = {}): LoadContext => ({
  profile,
  env,
  home: '/h',
  cwd: '/',
  workspace: null,
  panelDataDir: '/h/.mcp-panel',
  isTrusted: async () => false,
});

const text = JSON.stringify(
  {
    mcpServers: {
      good: { command: 'npx', args: ['-y', 'srv'] },
      bad: { command: 'x', args: 'not-an-array' },
      worse: 'a string',
      remote: { url: 'https://r.example/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
    },
    unknownTopLevel: true,
  },
  null,
  2,
);

describe('CFG-5 a bad entry never hides good ones', () => {
  const layer = loadLayer(readText(text, '/f.json'), { path: '/f.json', layer: 'user', dialect: 'minimax' }, ctx('minimax'));
  it('loads the good entries with a spec', () => {
    const good = layer.servers.find((s) => s.name === 'good');
    expect(good?.error).toBeNull();
    expect(good?.spec).toMatchObject({ id: 'configured:minimax:good', transport: 'stdio', command: 'npx', args: ['-y', 'srv'] });
    // AUTH-4: ${VAR} in headers outside minimax project files stays for connect time.
    expect(layer.servers.find((s) => s.name === 'remote')?.spec?.headers).toEqual({ Authorization: 'Bearer ${TOKEN}' });
  });
  it('reports the bad ones with file, pointer, line and column, and lists them with an error', () => {
    const bad = layer.problems.find((p) => p.message.startsWith('bad:'));
    expect(bad).toMatchObject({ path: '/f.json', pointer: '/mcpServers/bad/args', severity: 'error' });
    expect(bad?.line).toBe(12);
    expect(layer.problems.find((p) => p.message.startsWith('worse:'))?.pointer).toBe('/mcpServers/worse');
    expect(layer.servers.find((s) => s.name === 'bad')).toMatchObject({ spec: null, transport: 'stdio' });
    expect(layer.servers.find((s) => s.name === 'worse')?.error).toMatch(/JSON object/);
    expect(layer.info.state).toBe('ok');
  });
  it('every pointer resolves in the file', () => {
    const parsed = parseJsonText(text);
    if (!parsed.ok) throw new Error('parse');
    for (const p of layer.problems) expect(resolvePointer(parsed.root, p.pointer)).toBeDefined();
  });
});

describe('file shapes', () => {
  it('a non-object top level or mcpServers makes the layer invalid with a pointer', () => {
    const a = loadLayer(readText('[1]', 'f'), { path: 'f', layer: 'user', dialect: 'kimi' }, ctx('kimi'));
    expect(a.info.state).toBe('invalid');
    const b = loadLayer(readText('{"mcpServers": []}', 'f'), { path: 'f', layer: 'user', dialect: 'kimi' }, ctx('kimi'));
    expect(b.problems[0]?.pointer).toBe('/mcpServers');
  });
  it('a file without mcpServers is an ok, empty layer', () => {
    const l = loadLayer(readText('{"other": 1}', 'f'), { path: 'f', layer: 'user', dialect: 'minara' }, ctx('minara'));
    expect(l.info.state).toBe('ok');
    expect(l.servers).toEqual([]);
  });
  it('for a duplicate server key the later entry wins, with and without comments', () => {
    for (const t of ['{"mcpServers": {"a": {"command": "one"}, "a": {"command": "two"}}}', '// c\n{"mcpServers": {"a": {"command": "one"}, "a": {"command": "two"}}}']) {
      const l = loadLayer(readText(t, 'f'), { path: 'f', layer: 'user', dialect: 'minimax' }, ctx('minimax'));
      expect(l.servers).toHaveLength(1);
      expect(l.servers[0]?.spec?.command).toBe('two');
    }
  });
  it('a file with comments loads and locates problems like a plain one', () => {
    const t = '{\n  // note\n  "mcpServers": {\n    /* x */ "a": {"command": 1}\n  }\n}';
    const l = loadLayer(readText(t, 'f'), { path: 'f', layer: 'user', dialect: 'minimax' }, ctx('minimax'));
    expect(l.problems[0]).toMatchObject({ pointer: '/mcpServers/a/command', line: 4, column: 30 });
  });
  it('an "mcp" key in kimi\'s mcp.json is a warning: Kimi 2.1.0 reads its timeouts from config.toml', () => {
    const l = loadLayer(readText('{"mcp": {"startupTimeoutMs": 5000}, "mcpServers": {}}', 'f'), { path: 'f', layer: 'user', dialect: 'kimi' }, ctx('kimi'));
    expect(l.problems[0]).toMatchObject({ pointer: '/mcp', severity: 'warning' });
    expect(l.problems[0]!.message).toContain('config.toml');
  });
});

describe('CFG-3/CFG-4 minimax project rules', () => {
  const opts = { path: '/w/.mcp.json', layer: 'project' as const, dialect: 'minimax' as const, reservedNames: MINIMAX_RESERVED_NAMES, projectRoot: '/w' };
  it('a missing variable disables only that server and names the variable', () => {
    const t = JSON.stringify({ mcpServers: { a: { url: 'https://${HOST}/mcp' }, b: { command: 'x', env: { K: '${K:-dev}' }, cwd: 'sub' } } });
    const l = loadLayer(readText(t, '/w/.mcp.json'), opts, ctx('minimax', {}));
    expect(l.servers[0]).toMatchObject({ name: 'a', spec: null });
    expect(l.servers[0]?.error).toMatch(/HOST/);
    // env and headers keep their templates: the connection engine resolves them at connect time (AUTH-4).
    expect(l.servers[1]?.spec).toMatchObject({ env: { K: '${K:-dev}' }, cwd: '/w/sub' });
    expect(l.problems).toHaveLength(1);
  });
  it('expands with the environment when the variable is set; the entry stays as written', () => {
    const t = JSON.stringify({ mcpServers: { a: { url: 'https://${HOST}/mcp', headers: { Authorization: 'Bearer ${T}' } } } });
    const l = loadLayer(readText(t, 'p'), opts, ctx('minimax', { HOST: 'h.example', T: 'tok' }));
    expect(l.servers[0]?.spec).toMatchObject({ url: 'https://h.example/mcp', headers: { Authorization: 'Bearer ${T}' } });
    expect(l.servers[0]?.entry).toEqual({ url: 'https://${HOST}/mcp', headers: { Authorization: 'Bearer ${T}' } });
  });
  it.each(MINIMAX_RESERVED_NAMES)('rejects the reserved name %s', (name) => {
    const t = `{"mcpServers": {${JSON.stringify(name)}: {"command": "x"}, "ok": {"command": "y"}}}`;
    const l = loadLayer(readText(t, 'p'), opts, ctx('minimax'));
    const s = l.servers.find((x) => x.name === name);
    expect(s?.error).toMatch(/reserved/);
    expect(s?.spec).toBeNull();
    expect(l.servers.find((x) => x.name === 'ok')?.spec).not.toBeNull();
  });
  it('project stdio servers run in the workspace root', () => {
    const l = loadLayer(readText('{"mcpServers": {"a": {"command": "x"}}}', 'p'), opts, ctx('minimax'));
    expect(l.servers[0]?.spec?.cwd).toBe('/w');
  });
});

describe('MCP_SERVERS list mode', () => {
  it('needs an id (or name) per entry', () => {
    const l = loadLayer(readText('[{"url": "https://a"}, {"id": "b", "url": "https://b/mcp"}]', 'MCP_SERVERS'), { path: 'MCP_SERVERS', layer: 'env', dialect: 'minara', listMode: true }, ctx('minara'));
    expect(l.servers.map((s) => s.name)).toEqual(['b']);
    expect(l.problems[0]).toMatchObject({ pointer: '/0' });
  });
});

describe('hostile input never throws', () => {
  const opts = { path: 'f', layer: 'project' as const, dialect: 'minimax' as const, projectRoot: '/w' };
  const deep = '['.repeat(100_000) + ']'.repeat(100_000);
  it('an absurdly nested entry is refused; its neighbours load', () => {
    const l = loadLayer(readText(`{"mcpServers":{"a":{"command":"x","extra":${deep}},"b":{"command":"y"}}}`, 'f'), opts, ctx('minimax'));
    expect(l.servers.map((s) => s.name)).toEqual(['b']);
    expect(l.problems[0]?.message).toMatch(/nested more than 32 levels/);
  });
  it('absurd nesting in a file with comments makes the file invalid, not a crash', () => {
    const l = loadLayer(readText(`// c\n{"mcpServers":{"a":${deep}}}`, 'f'), opts, ctx('minimax'));
    expect(l.info.state).toBe('invalid');
    expect(l.problems[0]).toMatchObject({ pointer: '', line: 2, column: 274 }); // the bracket past the limit
  });
  it('empty text, whitespace and a BOM', () => {
    expect(loadLayer(readText('', 'f'), opts, ctx('minimax')).problems[0]).toMatchObject({ line: 1, column: 1 });
    expect(loadLayer(readText('\n  ', 'f'), opts, ctx('minimax')).info.state).toBe('invalid');
    const bom = loadLayer(readText('\uFEFF{"mcpServers":{"a":{"command":"x"}}}', 'f'), opts, ctx('minimax'));
    expect(bom.servers.map((s) => s.name)).toEqual(['a']);
  });
});
