// AGENT-3: one canonical entry in each agent's spelling, with what it cannot say; and back.
import { describe, expect, it } from 'vitest';
import { canonicalOf, spellAs, type CanonicalEntry } from '../../../shared/install/canonical';
import { PROFILES } from '../../../shared/schemas/server';

const remote: CanonicalEntry = { transport: 'http', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}', 'X-Team': '${TEAM}' }, enabled: true };
const sse: CanonicalEntry = { transport: 'sse', url: 'https://api.example/sse', enabled: true };
const local: CanonicalEntry = { transport: 'stdio', command: 'npx', args: ['-y', 'srv'], env: { API_KEY: '${API_KEY}', MODE: '${MODE:-fast}' }, enabled: false, disabledTools: ['rm'] };

const codes = (s: { losses: { code: string }[] }) => s.losses.map((l) => l.code);

describe('spellAs', () => {
  it('Codex: variables by name (bearer_token_env_var, env_http_headers, env_vars); no SSE; its own switch and filter', () => {
    expect(spellAs('codex', 'user', remote)).toEqual({ entry: { url: 'https://api.example/mcp', bearer_token_env_var: 'API_TOKEN', env_http_headers: { 'X-Team': 'TEAM' } }, losses: [] });
    expect(codes(spellAs('codex', 'user', sse))).toEqual(['transport']);
    const s = spellAs('codex', 'user', local);
    expect(s.entry).toEqual({ command: 'npx', args: ['-y', 'srv'], env: { MODE: '${MODE:-fast}' }, env_vars: ['API_KEY'], enabled: false, disabled_tools: ['rm'] });
    expect(codes(s)).toEqual(['var_literal']);
  });

  it('Claude Desktop: stdio only, nothing expanded; VS Code / Cursor `${env:X}`; Gemini httpUrl; Windsurf serverUrl', () => {
    expect(codes(spellAs('claude-desktop', 'user', remote))).toEqual(['transport', 'var_literal']);
    expect(spellAs('vscode', 'user', remote).entry).toEqual({ type: 'http', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${env:API_TOKEN}', 'X-Team': '${env:TEAM}' } });
    expect(spellAs('cursor', 'user', sse).entry).toEqual({ type: 'sse', url: 'https://api.example/sse' });
    expect(spellAs('gemini', 'user', remote).entry).toMatchObject({ httpUrl: 'https://api.example/mcp' });
    expect(spellAs('windsurf', 'user', remote).entry).toMatchObject({ serverUrl: 'https://api.example/mcp' });
    const cursor = spellAs('cursor', 'user', local);
    expect(codes(cursor)).toEqual(['var_default', 'no_switch', 'no_tool_filter']);
  });

  it('Claude Code expands only in .mcp.json: a user-scope `${VAR}` is a loss, a project one is not', () => {
    expect(codes(spellAs('claude-code', 'user', remote))).toEqual(['var_literal']);
    expect(spellAs('claude-code', 'project', remote)).toEqual({ entry: { type: 'http', url: 'https://api.example/mcp', headers: remote.headers }, losses: [] });
  });

  it('OpenCode: command and arguments one array, `environment`, `{env:X}`, type local/remote; Cline: `disabled`, streamableHttp, `${env:X}`; Zed: no type', () => {
    const oc = spellAs('opencode', 'user', local);
    expect(oc.entry).toEqual({ type: 'local', command: ['npx', '-y', 'srv'], environment: { API_KEY: '{env:API_KEY}', MODE: '{env:MODE}' }, enabled: false });
    expect(codes(oc)).toEqual(['var_default', 'no_tool_filter']);
    expect(spellAs('opencode', 'user', remote).entry).toEqual({ type: 'remote', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer {env:API_TOKEN}', 'X-Team': '{env:TEAM}' } });
    expect(codes(spellAs('opencode', 'user', sse))).toEqual(['transport']);
    expect(canonicalOf('opencode', oc.entry)).toMatchObject({ transport: 'stdio', command: 'npx', args: ['-y', 'srv'], env: { API_KEY: '${API_KEY}' }, enabled: false });

    const cl = spellAs('cline', 'user', local);
    expect(cl.entry).toEqual({ type: 'stdio', command: 'npx', args: ['-y', 'srv'], env: { API_KEY: '${env:API_KEY}', MODE: '${env:MODE}' }, disabled: true });
    expect(canonicalOf('cline', cl.entry)).toMatchObject({ enabled: false, env: { API_KEY: '${API_KEY}' } });
    expect(spellAs('cline', 'user', remote).entry).toMatchObject({ type: 'streamableHttp', url: 'https://api.example/mcp' });
    expect(spellAs('cline', 'user', sse).entry).toEqual({ type: 'sse', url: 'https://api.example/sse' });
    // A bare url is SSE to Cline (schemas.ts: the SSE arm comes first).
    expect(canonicalOf('cline', { url: 'https://x.example/sse' })?.transport).toBe('sse');

    // Zed expands nothing and has no SSE; its switch is `enabled`.
    expect(codes(spellAs('zed', 'user', local))).toEqual(['var_literal', 'no_tool_filter']);
    expect(spellAs('zed', 'user', { transport: 'stdio', command: 'uvx', args: ['x'], enabled: false }).entry).toEqual({ command: 'uvx', args: ['x'], enabled: false });
    expect(codes(spellAs('zed', 'user', sse))).toEqual(['transport']);
    // The nested form Zed's migrator flattens reads as the same command line.
    expect(canonicalOf('zed', { source: 'custom', command: { path: 'npx', args: ['-y', 'a'], env: { K: 'v' } } })).toMatchObject({ transport: 'stdio', command: 'npx', args: ['-y', 'a'], env: { K: 'v' } });
  });

  it('every agent reads back what it was written (where it lost nothing)', () => {
    for (const p of PROFILES) {
      for (const c of [remote, sse, { transport: 'stdio' as const, command: 'uvx', args: ['x'], enabled: true }]) {
        const s = spellAs(p, 'project', c);
        if (s.losses.length) continue;
        expect([p, canonicalOf(p, s.entry)]).toEqual([p, c]);
      }
    }
  });
});
