// Import conversion into each dialect (CFG-1, CFG-2).
import { describe, expect, it } from 'vitest';
import { convertEntry, inputVarName } from '../../../electron/services/config/import/convert';

describe('convertEntry', () => {
  it('VS Code ${input:x} becomes an env reference with a note; ${env:X} and ${workspaceFolder} are rewritten', () => {
    const r = convertEntry({ type: 'stdio', command: 'node', args: ['${workspaceFolder}/srv.js'], env: { API_KEY: '${input:api-key}', HOME_DIR: '${env:HOME}' }, envFile: '.env' }, 'kimi', '/w');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.entry).toEqual({ command: 'node', args: ['/w/srv.js'], env: { API_KEY: '${API_KEY}', HOME_DIR: '${HOME}' } });
    expect(r.value.notes.join('\n')).toMatch(/\$\{input:api-key\} became the environment reference \$\{API_KEY\}/);
    expect(r.value.notes.join('\n')).toMatch(/not carried over: envFile/);
  });

  it('spells SSE the dialect’s way and leaves inferable transports implicit', () => {
    expect(convertEntry({ type: 'sse', url: 'https://x/sse' }, 'kimi', null)).toMatchObject({ ok: true, value: { entry: { transport: 'sse', url: 'https://x/sse' } } });
    expect(convertEntry({ type: 'sse', url: 'https://x/sse' }, 'minimax', null)).toMatchObject({ ok: true, value: { entry: { type: 'sse', url: 'https://x/sse' } } });
    expect(convertEntry({ type: 'http', url: 'https://x/mcp', headers: { A: 'b' } }, 'minimax', null)).toEqual({ ok: true, value: { entry: { url: 'https://x/mcp', headers: { A: 'b' } }, notes: [], noteCodes: [] } });
  });

  it('minara takes streamable-HTTP servers only', () => {
    expect(convertEntry({ command: 'npx' }, 'minara', null)).toMatchObject({ ok: false, error: { reason: expect.stringMatching(/streamable-HTTP servers only/) } });
    expect(convertEntry({ type: 'sse', url: 'https://x/sse' }, 'minara', null).ok).toBe(false);
    expect(convertEntry({ url: 'https://x/mcp', headers: { Authorization: 'Bearer ${T}' } }, 'minara', null)).toMatchObject({ ok: true, value: { entry: { url: 'https://x/mcp', headers: { Authorization: 'Bearer ${T}' } } } });
  });

  it('names input variables in upper snake case', () => {
    expect(inputVarName('github-pat')).toBe('GITHUB_PAT');
    expect(inputVarName('1x')).toBe('INPUT_1X');
  });
});
