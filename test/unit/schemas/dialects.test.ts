import { describe, expect, it } from 'vitest';
import {
  entrySchemaFor,
  fileSchemaFor,
  inferTransport,
  TRANSPORT_ONLY,
} from '../../../shared/schemas/dialects';
import { KimiEntrySchema, KimiFileSchema, KIMI_DEFAULTS, kimiIgnoredFields } from '../../../shared/profiles/kimi/dialect';
import { MinaraEntrySchema, minaraSseReason, MINARA_DEFAULTS } from '../../../shared/profiles/minara/dialect';
import { MinimaxEntrySchema, MinimaxFileSchema } from '../../../shared/profiles/minimax/dialect';

describe('CFG-2 transport inference', () => {
  it('command → stdio, url → http, explicit type/transport wins, streamable-http is http', () => {
    expect(inferTransport({ command: 'npx' })).toBe('stdio');
    expect(inferTransport({ url: 'https://x' })).toBe('http');
    expect(inferTransport({ url: 'https://x', type: 'sse' })).toBe('sse');
    expect(inferTransport({ url: 'https://x', transport: 'streamable-http' })).toBe('http');
    expect(inferTransport({})).toBeNull();
    expect(inferTransport('x')).toBeNull();
  });
  it('kimi reads only "transport" (seed 002 config-schema.ts): "type" is ignored, and not an error', () => {
    expect(inferTransport({ url: 'https://x', type: 'sse' }, TRANSPORT_ONLY)).toBe('http');
    expect(inferTransport({ url: 'https://x', type: 'http', transport: 'sse' }, TRANSPORT_ONLY)).toBe('sse');
    expect(KimiEntrySchema.safeParse({ url: 'https://x', type: 'http', transport: 'sse' }).success).toBe(true);
    expect(KimiEntrySchema.safeParse({ url: 'https://x', type: 'websocket' }).success).toBe(true);
    expect(MinimaxEntrySchema.safeParse({ url: 'https://x', type: 'http', transport: 'sse' }).success).toBe(false);
  });
});

describe('minimax entry', () => {
  it('keeps unknown fields and adds nothing', () => {
    const input = { command: 'npx', args: ['-y', 'srv'], timeout: 60000, enabled: false, future: { a: 1 } };
    expect(MinimaxEntrySchema.parse(input)).toEqual(input);
  });
  it('rejects an entry with neither command nor url, and a stdio type without command', () => {
    expect(MinimaxEntrySchema.safeParse({ args: [] }).success).toBe(false);
    const r = MinimaxEntrySchema.safeParse({ type: 'stdio', url: 'https://x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['command']);
  });
  it('rejects bad field types with the field path', () => {
    const r = MinimaxEntrySchema.safeParse({ command: 'x', timeout: -1, env: { A: 1 } });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(['env', 'timeout']);
  });
  it('rejects non-http URLs and type/transport disagreement', () => {
    expect(MinimaxEntrySchema.safeParse({ url: 'ftp://x' }).success).toBe(false);
    expect(MinimaxEntrySchema.safeParse({ url: 'https://x', type: 'sse', transport: 'http' }).success).toBe(false);
  });
  it('file schema keeps unknown top-level keys', () => {
    const f = { mcpServers: { a: { command: 'x' } }, other: [1] };
    expect(MinimaxFileSchema.parse(f)).toEqual(f);
  });
});

describe('kimi entry', () => {
  it('accepts kimi fields', () => {
    const e = {
      transport: 'http',
      url: 'https://x/mcp',
      deferred: true,
      startupTimeoutMs: 1000,
      toolTimeoutMs: 2000,
      enabledTools: ['a'],
      disabledTools: ['b'],
      bearerTokenEnvVar: 'TOKEN',
    };
    expect(KimiEntrySchema.parse(e)).toEqual(e);
  });
  it('rejects a non-array enabledTools', () => {
    expect(KimiEntrySchema.safeParse({ command: 'x', enabledTools: 'a' }).success).toBe(false);
  });
  it('an "mcp" key in mcp.json is not Kimi\'s (2.1.0 reads [mcp] in config.toml): refused by the file schema, which the loader turns into a warning', () => {
    expect(KimiFileSchema.safeParse({ mcpServers: {} }).success).toBe(true);
    expect(KimiFileSchema.safeParse({ mcp: { startupTimeoutMs: 5000 }, mcpServers: {} }).error?.issues[0]).toMatchObject({ path: ['mcp'] });
    expect(KIMI_DEFAULTS).toMatchObject({ startupTimeoutMs: 30_000, toolTimeoutMs: 60_000 });
  });
  it('as 2.1.0 config-schema.ts: transport as written, timeouts 1..2^31−1, url per URL, cwd may be "", auth/executor/runtime_id', () => {
    const ok = (e: Record<string, unknown>) => KimiEntrySchema.safeParse(e).success;
    expect(ok({ transport: 'streamable-http', url: 'https://x/mcp' })).toBe(false);
    expect(ok({ url: 'https://x/mcp', startupTimeoutMs: 0 })).toBe(false);
    expect(ok({ url: 'https://x/mcp', toolTimeoutMs: 2 ** 31 })).toBe(false);
    expect(ok({ url: 'https://x/mcp', toolTimeoutMs: 2 ** 31 - 1 })).toBe(true);
    expect(ok({ command: 'x', env: { A: 1 } })).toBe(false);
    expect(ok({ command: 'x', enabled: 'false' })).toBe(false);
    expect(ok({ url: 'https://x/mcp', auth: 'bearer' })).toBe(false);
    expect(ok({ url: '${API_URL}/mcp' })).toBe(false);
    expect(ok({ args: ['a'] })).toBe(false);
    expect(ok({ url: 'localhost:3000/mcp' })).toBe(true);
    expect(ok({ url: 'ftp://x' })).toBe(true);
    expect(ok({ command: 'x', cwd: '', executor: 'kaos', runtime_id: 'r1' })).toBe(true);
    expect(ok({ url: 'https://x/mcp', headers: { A: 'b' }, auth: 'oauth', bearerTokenEnvVar: 'T' })).toBe(true);
    // Unknown keys are Kimi's to drop, not the schema's to refuse.
    expect(ok({ command: 'npx', timeout: 60000, type: 'stdio', disabled: true, autoApprove: ['a'] })).toBe(true);
  });
  it('names every key Kimi drops; "disabled": true leaves the server on', () => {
    const said = kimiIgnoredFields({ command: 'npx', timeout: 60000, type: 'stdio', disabled: true, autoApprove: ['a'], url: 'https://x' });
    expect(said.map((f) => f.field)).toEqual(['timeout', 'type', 'disabled', 'autoApprove', 'url']);
    expect(said.find((f) => f.field === 'disabled')!.message).toContain('stays ON');
    expect(kimiIgnoredFields({ transport: 'http', url: 'https://x', command: 'c', cwd: '/' }).map((f) => f.field)).toEqual(['command', 'cwd']);
  });
});

describe('minara entry', () => {
  it('requires url and keeps every documented field', () => {
    expect(MinaraEntrySchema.safeParse({ authTokenEnv: 'T' }).success).toBe(false);
    const e = {
      url: 'https://mcp.example.com/etherscan/',
      authTokenEnv: 'T',
      headers: { 'X-Tenant': 'acme' },
      timeoutMs: 60000,
      label: 'Etherscan',
      maxTools: 10,
      include: ['a'],
      subagent: { systemPrompt: 'p', maxSteps: 10 },
      id: 'eth',
      extra: 1,
    };
    expect(MinaraEntrySchema.parse(e)).toEqual(e);
    expect(MINARA_DEFAULTS).toMatchObject({ timeoutMs: 30000, maxTools: 64 });
  });
  it('rejects SSE-only endpoints: explicit sse transport or an /sse path', () => {
    expect(minaraSseReason({ url: 'https://x/sse' })).toMatch(/SSE-only/);
    expect(minaraSseReason({ url: 'https://x/mcp', type: 'sse' })).toMatch(/streamable HTTP only/);
    expect(minaraSseReason({ url: 'https://x/mcp' })).toBeNull();
    expect(minaraSseReason({ url: 'https://x/sse-tools/mcp' })).toBeNull();
    expect(MinaraEntrySchema.safeParse({ url: 'https://x/sse/' }).success).toBe(false);
  });
  it('rejects a subagent with a non-positive maxSteps', () => {
    expect(MinaraEntrySchema.safeParse({ url: 'https://x', subagent: { maxSteps: 0 } }).success).toBe(false);
  });
});

describe('entrySchemaFor / fileSchemaFor', () => {
  it('returns the dialect schema', () => {
    expect(entrySchemaFor('minimax')).toBe(MinimaxEntrySchema);
    expect(entrySchemaFor('kimi')).toBe(KimiEntrySchema);
    expect(entrySchemaFor('minara')).toBe(MinaraEntrySchema);
    expect(fileSchemaFor('kimi')).toBe(KimiFileSchema);
  });
});
