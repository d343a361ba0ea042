// CFG-7 / CFG-8: each refusal of the writer, without the disk.
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { applyServerOps, type ServerOp } from '../../../electron/services/config/writer/server-ops';
import type { Dialect } from '../../../shared/schemas/dialects';

const FILE = `{
  // mine
  "mcpServers": {
    "docs": { "url": "https://docs.example/mcp", "x-extra": [1, 2] },
    "legacy": { "url": "https://l.example/mcp", "authToken": "hand-written-token-123" },
    "off": { "command": "npx", "enabled": false }
  }
}
`;

function run(ops: ServerOp[], dialect: Dialect = 'kimi', text: string | null = FILE) {
  return applyServerOps(text, dialect, ops);
}

function value(r: ReturnType<typeof run>): { mcpServers: Record<string, Record<string, unknown>> } {
  if (!r.ok) throw new Error(r.error.message);
  return parse(r.value);
}

describe('applyServerOps', () => {
  it('adds, refuses a duplicate with exists, and a missing server with not_found', () => {
    expect(value(run([{ op: 'add', name: 'new', entry: { command: 'uvx', args: ['srv'] } }])).mcpServers.new).toEqual({ command: 'uvx', args: ['srv'] });
    expect(run([{ op: 'add', name: 'docs', entry: { url: 'https://x/mcp' } }])).toMatchObject({ ok: false, error: { code: 'exists' } });
    for (const op of ['set', 'remove', 'enable', 'disable'] as const) {
      const o = (op === 'set' ? { op, name: 'nope', entry: { command: 'x' } } : { op, name: 'nope' }) as ServerOp;
      expect(run([o])).toMatchObject({ ok: false, error: { code: 'not_found' } });
    }
  });

  it('set keeps unknown fields the caller passes back and the comment above', () => {
    const r = run([{ op: 'set', name: 'docs', entry: { url: 'https://docs.example/v2', 'x-extra': [1, 2] } }]);
    expect(value(r).mcpServers.docs).toEqual({ url: 'https://docs.example/v2', 'x-extra': [1, 2] });
    expect(r.ok && r.value.includes('// mine')).toBe(true);
  });

  it('disable writes enabled:false; enable flips a flag the panel did not add (issue 42)', () => {
    expect(value(run([{ op: 'disable', name: 'docs' }])).mcpServers.docs!.enabled).toBe(false);
    expect(run([{ op: 'enable', name: 'off' }])).toEqual({ ok: true, value: FILE.replace('"enabled": false', '"enabled": true') });
    // Already in the wanted state: the text is unchanged.
    expect(run([{ op: 'enable', name: 'docs' }])).toEqual({ ok: true, value: FILE });
  });

  it('minara has no enabled switch', () => {
    expect(run([{ op: 'disable', name: 'docs' }], 'minara')).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });

  it('rename keeps the entry text and refuses a taken name', () => {
    const r = run([{ op: 'rename', name: 'docs', to: 'manual' }]);
    expect(r.ok && r.value).toBe(FILE.replace('"docs"', '"manual"'));
    expect(run([{ op: 'rename', name: 'docs', to: 'off' }])).toMatchObject({ ok: false, error: { code: 'exists' } });
  });

  it('refuses a file that does not parse, with line and column', () => {
    const r = run([{ op: 'add', name: 'a', entry: { command: 'x' } }], 'kimi', '{\n  "mcpServers": {\n    "a": 1,,\n  }\n}');
    expect(r).toMatchObject({ ok: false, error: { code: 'parse_error', data: { line: 3 } } });
    expect(run([{ op: 'add', name: 'a', entry: { command: 'x' } }], 'kimi', '[1]')).toMatchObject({ ok: false, error: { code: 'parse_error' } });
    expect(run([{ op: 'add', name: 'a', entry: { command: 'x' } }], 'kimi', '{"mcpServers": 3}')).toMatchObject({ ok: false, error: { code: 'parse_error' } });
  });

  it('validates with the dialect schema', () => {
    expect(run([{ op: 'add', name: 'a', entry: { args: ['x'] } }], 'minimax')).toMatchObject({ ok: false, error: { code: 'invalid_entry' } });
    expect(run([{ op: 'add', name: 'a', entry: { command: 'npx' } }], 'minara')).toMatchObject({ ok: false, error: { code: 'invalid_entry' } });
    const sse = run([{ op: 'add', name: 'a', entry: { url: 'https://x.example/sse' } }], 'minara');
    expect(sse).toMatchObject({ ok: false, error: { code: 'invalid_entry' } });
    expect(!sse.ok && sse.error.message).toMatch(/streamable HTTP only/);
    expect(run([{ op: 'add', name: '__proto__', entry: { command: 'x' } }])).toMatchObject({ ok: false, error: { code: 'invalid_entry' } });
  });

  it('refuses inline secrets and says how to fix them (CFG-8)', () => {
    const cases: Array<[Dialect, Record<string, unknown>, RegExp]> = [
      ['minara', { url: 'https://x/mcp', authToken: 'abc123abc123' }, /authTokenEnv/],
      ['kimi', { url: 'https://x/mcp', headers: { Authorization: 'Bearer abc123abc123' } }, /Bearer \$\{/],
      ['kimi', { url: 'https://x/mcp', headers: { 'X-Api-Key': 'abc123abc123' } }, /\$\{X_API_KEY\}/],
      ['minimax', { command: 'npx', env: { GITHUB_TOKEN: 'not-a-ref-value' } }, /\$\{GITHUB_TOKEN\}/],
    ];
    for (const [dialect, entry, fix] of cases) {
      const r = run([{ op: 'add', name: 'n', entry }], dialect);
      expect(r).toMatchObject({ ok: false, error: { code: 'inline_secret' } });
      if (!r.ok) {
        expect(r.error.message).toMatch(fix);
        expect(r.error.message).not.toContain('abc123abc123');
        expect(r.error.message).not.toContain('not-a-ref-value');
      }
    }
    // References are what the fix asks for: accepted.
    expect(run([{ op: 'add', name: 'n', entry: { url: 'https://x/mcp', headers: { Authorization: 'Bearer ${TOKEN}' }, bearerTokenEnvVar: 'TOKEN' } }]).ok).toBe(true);
    expect(run([{ op: 'add', name: 'n', entry: { url: 'https://x/mcp', authTokenEnv: 'SLACK_MCP_TOKEN' } }], 'minara').ok).toBe(true);
  });

  it('a hand-written secret the edit leaves alone does not block other edits', () => {
    const r = run([{ op: 'set', name: 'legacy', entry: { url: 'https://l.example/v2', authToken: 'hand-written-token-123' } }], 'minara');
    expect(r.ok).toBe(true);
    // …but changing the secret itself is refused.
    expect(run([{ op: 'set', name: 'legacy', entry: { url: 'https://l.example/mcp', authToken: 'another-token-456' } }], 'minara')).toMatchObject({ ok: false, error: { code: 'inline_secret' } });
  });

  it('a new file is created with 2-space JSON', () => {
    const r = run([{ op: 'add', name: 'a', entry: { command: 'x' } }], 'kimi', null);
    expect(r).toEqual({ ok: true, value: '{\n  "mcpServers": {\n    "a": {\n      "command": "x"\n    }\n  }\n}\n' });
  });
});
