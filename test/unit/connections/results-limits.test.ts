import { describe, expect, it, vi } from 'vitest';
import { base64Bytes, convertResult } from '../../../electron/services/connections/results';
import { applyLimits } from '../../../electron/services/connections/limits';
import { expandVars, MissingVariableError, resolveHeaders } from '../../../electron/services/connections/expand';
import { boundedJson } from '../../../electron/services/mcp/traffic';
import { ConnectionSpecSchema, type ToolDef } from '../../../shared/schemas/server';

const b64 = (bytes: number) => Buffer.alloc(bytes, 1).toString('base64');

describe('convertResult (CONN-9)', () => {
  it('keeps every part kind and passes isError through', () => {
    const r = convertResult({
      isError: true,
      content: [
        { type: 'text', text: 't' },
        { type: 'image', data: b64(10), mimeType: 'image/png' },
        { type: 'audio', data: b64(10), mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'file:///x', text: 'x' } },
        { type: 'resource', resource: { uri: 'file:///y', blob: b64(4), mimeType: 'application/octet-stream' } },
        { type: 'resource_link', uri: 'file:///z', name: 'z', description: 'zed' },
      ],
      structuredContent: { a: 1 },
    });
    expect(r.isError).toBe(true);
    expect(r.content.map((p) => p.type)).toEqual(['text', 'image', 'audio', 'resource', 'resource', 'resource_link']);
    expect(r.content[5]).toEqual({ type: 'resource_link', uri: 'file:///z', name: 'z', description: 'zed' });
    expect(r.structuredContent).toEqual({ a: 1 });
  });

  it('drops binary parts over 10 MB with a note, keeps the rest', () => {
    const big = b64(10 * 1024 * 1024 + 1);
    const ok = b64(10 * 1024 * 1024);
    const r = convertResult({
      content: [
        { type: 'image', data: big, mimeType: 'image/png' },
        { type: 'audio', data: ok, mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'file:///big', blob: big } },
        { type: 'video', data: 'x' },
      ],
    });
    expect(r.isError).toBe(false);
    expect(r.content[0]).toEqual({ type: 'text', text: expect.stringMatching(/^\[MCP content dropped: image \(image\/png\) of 10\.0 MB exceeds the 10\.0 MB limit\]$/) });
    expect(r.content[1]!.type).toBe('audio');
    expect(r.content[2]).toMatchObject({ type: 'text', text: expect.stringContaining('[MCP content dropped: resource file:///big') });
    expect(r.content[3]).toEqual({ type: 'text', text: '[MCP content dropped: unsupported content type "video"]' });
  });

  it('computes decoded sizes from base64 without decoding', () => {
    for (const n of [0, 1, 2, 3, 4, 1000, 1001]) expect(base64Bytes(b64(n))).toBe(n);
  });
});

const tools = (n: number): ToolDef[] => Array.from({ length: n }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }));

describe('applyLimits (CONN-8)', () => {
  it('include / enabledTools allow, disabledTools deny, maxTools caps', () => {
    const all = tools(10);
    const names = (r: ReturnType<typeof applyLimits>) => (r.ok ? r.tools.map((t) => t.name) : r.error);
    expect(names(applyLimits('s', all, { include: ['t1', 't3', 'nope'] }))).toEqual(['t1', 't3']);
    expect(names(applyLimits('s', all, { enabledTools: ['t2', 't4'], disabledTools: ['t4'] }))).toEqual(['t2']);
    expect(names(applyLimits('s', all, { maxTools: 3 }))).toEqual(['t0', 't1', 't2']);
    const capped = applyLimits('s', all, { maxTools: 3 });
    expect(capped.ok && capped.droppedByLimit).toBe(7);
  });

  it('rejects a plugin server over 128 tools or a snapshot over 256', () => {
    expect(applyLimits('p', tools(128), { pluginCaps: true }).ok).toBe(true);
    const over = applyLimits('p', tools(129), { pluginCaps: true });
    expect(over.ok).toBe(false);
    expect(!over.ok && over.error).toMatch(/offers 129 tools; a plugin server may offer at most 128/);
    const snap = applyLimits('p', tools(100), { pluginCaps: true }, 200);
    expect(!snap.ok && snap.error).toMatch(/300 tools; at most 256/);
    expect(applyLimits('p', tools(129), {}).ok).toBe(true);
  });
});

describe('connect-time expansion (AUTH-4)', () => {
  const spec = (extra: object) => ConnectionSpecSchema.parse({ id: 'r', name: 'r', profile: 'minara', layer: 'user', source: 'configured', transport: 'http', url: 'http://x', ...extra });

  it('expands ${VAR} and ${VAR:-default}, and names a missing variable', () => {
    expect(expandVars('a ${X} ${Y:-dflt}', { X: '1' }, 'h')).toBe('a 1 dflt');
    expect(() => expandVars('${NOPE}', {}, 'header X-Tenant')).toThrow(MissingVariableError);
    expect(() => expandVars('${NOPE}', {}, 'header X-Tenant')).toThrow(/NOPE is not set \(needed by header X-Tenant\)/);
  });

  it('bearerTokenEnv wins over a literal token', () => {
    expect(resolveHeaders(spec({ headers: { 'X-T': '${T}' }, bearerTokenEnv: 'TOK', bearerToken: 'lit' }), { T: 'acme', TOK: 'abc' })).toEqual({
      'X-T': 'acme',
      Authorization: 'Bearer abc',
    });
    expect(resolveHeaders(spec({ bearerToken: 'lit' }), {})).toEqual({ Authorization: 'Bearer lit' });
    expect(() => resolveHeaders(spec({ bearerTokenEnv: 'TOK' }), {})).toThrow(/TOK is not set/);
  });
});

describe('boundedJson (CONN-10)', () => {
  it('never builds more than the budget, even for a huge message', () => {
    const huge = { result: { content: [{ type: 'image', data: 'A'.repeat(50_000_000) }] } };
    // What it serialises, counted rather than timed: no piece bigger than the budget's order.
    const stringify = vi.spyOn(JSON, 'stringify');
    const s = boundedJson(huge, 200);
    const pieces = stringify.mock.results.map((r) => String(r.value ?? '').length);
    stringify.mockRestore();
    expect(s.length).toBeLessThan(260);
    expect(s.startsWith('{"result":{"content":[{"type":"image","data":"AAAA')).toBe(true);
    expect(pieces.length).toBeGreaterThan(0);
    expect(Math.max(...pieces)).toBeLessThan(1_000);
    expect(boundedJson({ a: [1, 'x', null] })).toBe('{"a":[1,"x",null]}');
  });
});
