// AGENT-2: Codex's config.toml edited by span. Fixtures are written as Codex's docs show them
// (developers.openai.com/codex/mcp, docs/config.md: `[mcp_servers.<name>]` tables, nested
// `[mcp_servers.<name>.env]`, inline `http_headers = { … }`), with comments, odd spacing and keys
// the panel does not know; every byte outside the changed span must stay as it was.
import fc from 'fast-check';
import { getStaticTOMLValue, parseTOML } from 'toml-eslint-parser';
import { describe, expect, it } from 'vitest';
import { applyServerOps, type ServerOp } from '../../../electron/services/config/writer/server-ops';
import { AddedLedger } from '../../../electron/services/config/writer/added-ledger';
import { findInlineSecrets } from '../../../shared/secrets/secret-rules';

const DOC = `# Codex settings, as docs/config.md shows them
model = "gpt-5"   # keep this comment
approval_policy="on-request"

# STDIO server (local process)
[mcp_servers.context7]
command = "npx"          # the runner
args = ["-y", "@upstash/context7-mcp"]
startup_timeout_sec = 20

[mcp_servers.context7.env]
LOG_LEVEL = "info"

# Streamable HTTP server (remote)
[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "FIGMA_OAUTH_TOKEN"
http_headers = { "X-Figma-Region" = "us-east-1" }

[profiles.fast]
model = "gpt-5-mini"
`;

/** Inline tables and dotted keys, both valid TOML Codex reads the same. */
const COMPACT = `[mcp_servers]
  local.command = "local-server"   # dotted keys
  remote = { url = "https://a.example/mcp", http_headers = { A = "1" } }

[projects."/home/me/repo"]
trust_level = "trusted"
`;

const value = (text: string) => getStaticTOMLValue(parseTOML(text)) as { mcp_servers: Record<string, Record<string, unknown>>; [k: string]: unknown };

function run(text: string | null, ops: ServerOp[], ledger?: AddedLedger): string {
  const r = applyServerOps(text, 'codex', ops, undefined, undefined, ledger);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The one span that differs (equal prefix and suffix around it): `before` is empty for an insertion. */
function changed(before: string, after: string): { before: string; after: string } {
  let p = 0;
  while (p < before.length && before[p] === after[p]) p++;
  let s = 0;
  while (s < before.length - p && s < after.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  return { before: before.slice(p, before.length - s), after: after.slice(p, after.length - s) };
}

describe('Codex config.toml: span edits', () => {
  it('add: a new [mcp_servers.<name>] section (env as its own sub-table) after the last server, nothing else moves', () => {
    const out = run(DOC, [{ op: 'add', name: 'docs', entry: { command: 'uvx', args: ['mcp-docs'], env: { A: '1' }, enabled_tools: ['search'] } }]);
    expect(value(out).mcp_servers.docs).toEqual({ command: 'uvx', args: ['mcp-docs'], env: { A: '1' }, enabled_tools: ['search'] });
    const last = 'http_headers = { "X-Figma-Region" = "us-east-1" }';
    expect(out).toBe(DOC.replace(last, `${last}\n\n[mcp_servers.docs]\ncommand = "uvx"\nargs = ["mcp-docs"]\nenabled_tools = ["search"]\n\n[mcp_servers.docs.env]\nA = "1"`));
    // Removing what was added gives the file back byte for byte.
    expect(run(out, [{ op: 'remove', name: 'docs' }])).toBe(DOC);
  });

  it('set: changed values in place, a new key after the table\'s last key, a nested table edited key by key', () => {
    const entry = { command: 'npx', args: ['-y', '@upstash/context7-mcp@2'], startup_timeout_sec: 20, env: { LOG_LEVEL: 'debug', EXTRA: 'y' }, cwd: '/srv' };
    const out = run(DOC, [{ op: 'set', name: 'context7', entry }]);
    expect(value(out).mcp_servers.context7).toEqual(entry);
    expect(out).toContain('command = "npx"          # the runner\n');
    expect(out).toContain('startup_timeout_sec = 20\ncwd = "/srv"\n\n[mcp_servers.context7.env]\nLOG_LEVEL = "debug"\nEXTRA = "y"\n');
    // Everything from the figma server on is untouched.
    expect(out.slice(out.indexOf('# Streamable'))).toBe(DOC.slice(DOC.indexOf('# Streamable')));
    expect(out.slice(0, out.indexOf('args'))).toBe(DOC.slice(0, DOC.indexOf('args')));
  });

  it('an inline table is edited inside its braces; a new table under a table becomes a sub-table', () => {
    const entry = { url: 'https://mcp.figma.com/mcp', http_headers: { 'X-Figma-Region': 'eu', 'X-Team': 'core' }, env_http_headers: { 'X-Key': 'FIGMA_KEY' } };
    const out = run(DOC, [{ op: 'set', name: 'figma', entry }]);
    expect(value(out).mcp_servers.figma).toEqual(entry);
    expect(out).toContain('http_headers = { "X-Figma-Region" = "eu", X-Team = "core" }\n\n[mcp_servers.figma.env_http_headers]\nX-Key = "FIGMA_KEY"\n\n[profiles.fast]');
    expect(out).not.toContain('bearer_token_env_var');
  });

  it('dotted keys and inline entries stay in the form the file uses', () => {
    let out = run(COMPACT, [{ op: 'set', name: 'local', entry: { command: 'local-server', args: ['--port', '0'] } }]);
    expect(out).toBe(COMPACT.replace('# dotted keys', '# dotted keys\n  local.args = ["--port", "0"]'));
    out = run(out, [{ op: 'set', name: 'remote', entry: { url: 'https://a.example/mcp', http_headers: { A: '2', B: '3' }, enabled: false } }]);
    expect(out).toContain('remote = { url = "https://a.example/mcp", http_headers = { A = "2", B = "3" }, enabled = false }\n');
    out = run(out, [{ op: 'remove', name: 'remote' }]);
    expect(out).toBe(`[mcp_servers]\n  local.command = "local-server"   # dotted keys\n  local.args = ["--port", "0"]\n\n[projects."/home/me/repo"]\ntrust_level = "trusted"\n`);
  });

  it('remove takes the server with every sub-table; other comments and tables stay', () => {
    const out = run(DOC, [{ op: 'remove', name: 'context7' }]);
    expect(value(out).mcp_servers).toEqual({ figma: value(DOC).mcp_servers.figma });
    expect(out).toContain('# STDIO server (local process)\n\n# Streamable HTTP server (remote)\n[mcp_servers.figma]');
    expect(value(out).profiles).toEqual(value(DOC).profiles);
  });

  it('rename changes only the key in every header of the server (quoted where TOML needs it)', () => {
    const out = run(DOC, [{ op: 'rename', name: 'context7', to: 'c7 docs' }]);
    expect(out).toBe(DOC.replace('[mcp_servers.context7]', '[mcp_servers."c7 docs"]').replace('[mcp_servers.context7.env]', '[mcp_servers."c7 docs".env]'));
  });

  it('disable / enable and tool filters are one-line edits', () => {
    const ledger = new AddedLedger('/config.toml');
    const off = run(DOC, [{ op: 'disable', name: 'figma' }], ledger);
    // Issue 42: after the keys Codex writes before `enabled` (edit.rs serialize_mcp_server_table).
    expect(off).toBe(DOC.replace('"us-east-1" }', '"us-east-1" }\nenabled = false'));
    expect(run(off, [{ op: 'enable', name: 'figma' }], ledger)).toBe(DOC);
    expect(run(DOC, [{ op: 'disable', name: 'context7' }])).toBe(DOC.replace('"@upstash/context7-mcp"]', '"@upstash/context7-mcp"]\nenabled = false'));
    const filtered = run(DOC, [{ op: 'tools', name: 'context7', patch: { disabled_tools: ['resolve-library-id'] } as never }]);
    expect(filtered).toBe(DOC.replace('startup_timeout_sec = 20', 'startup_timeout_sec = 20\ndisabled_tools = ["resolve-library-id"]'));
  });

  it('a new file is written as Codex\'s docs write it; CRLF files get CRLF lines', () => {
    expect(run(null, [{ op: 'add', name: 'docs', entry: { command: 'uvx', env: { A: '1' } } }])).toBe('[mcp_servers.docs]\ncommand = "uvx"\n\n[mcp_servers.docs.env]\nA = "1"\n');
    const crlf = DOC.replace(/\n/g, '\r\n');
    const out = run(crlf, [{ op: 'add', name: 'x', entry: { command: 'x' } }]);
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
    expect(value(out).mcp_servers.x).toEqual({ command: 'x' });
  });

  it('refuses what Codex would reject or what must not be written: unknown fields, inline secrets, a file that does not parse', () => {
    const unknown = applyServerOps(DOC, 'codex', [{ op: 'add', name: 'x', entry: { command: 'x', autoApprove: ['a'] } }]);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid_entry' } });
    const secret = applyServerOps(DOC, 'codex', [{ op: 'add', name: 'gh', entry: { url: 'https://api.github.com/mcp', http_headers: { Authorization: 'Bearer ghp_0123456789abcdefghijklmnopqrstuvwxyzAB' } } }]);
    expect(secret).toMatchObject({ ok: false, error: { code: 'inline_secret' } });
    // Codex's own spellings: literal headers are `http_headers`; `bearer_token_env_var` names a variable.
    const literal = applyServerOps(DOC, 'codex', [{ op: 'add', name: 'api', entry: { url: 'https://api.example/mcp', http_headers: { Authorization: 'Bearer 4f9c2a7e1b8d4e6f9a0c3b5d7e9f1a2b' } } }]);
    expect(literal).toMatchObject({ ok: false, error: { code: 'inline_secret', data: [{ pointer: '/mcp_servers/api/http_headers/Authorization' }] } });
    const pasted = applyServerOps(DOC, 'codex', [{ op: 'add', name: 'api', entry: { url: 'https://api.example/mcp', bearer_token_env_var: 'sk-live-4f9c2a7e1b8d4e6f' } }]);
    expect(pasted).toMatchObject({ ok: false, error: { code: 'inline_secret' } });
    expect(applyServerOps(DOC, 'codex', [{ op: 'add', name: 'api', entry: { url: 'https://api.example/mcp', bearer_token_env_var: 'API_TOKEN' } }]).ok).toBe(true);
    const broken = applyServerOps('[mcp_servers.x\ncommand = "a"\n', 'codex', [{ op: 'remove', name: 'x' }]);
    expect(broken).toMatchObject({ ok: false, error: { code: 'parse_error', data: { line: 2 } } });
  });

  it('property: any added server reads back as written, is one inserted span, and removing it restores the file', () => {
    const str = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/[\uD800-\uDFFF]/.test(s));
    const entry = fc.record(
      { command: str, args: fc.array(str, { maxLength: 3 }), env: fc.dictionary(fc.stringMatching(/^[A-Z][A-Z0-9_]{0,6}$/), fc.stringMatching(/^[a-z0-9 ._-]{0,10}$/), { maxKeys: 3 }), startup_timeout_sec: fc.integer({ min: 1, max: 600 }) },
      { requiredKeys: ['command'] },
    // The writer refuses literal secrets (SEC-9, its own tests): the property is about what it takes.
    ).filter((e) => findInlineSecrets(e).length === 0);
    const name = fc.string({ minLength: 1, maxLength: 10 }).filter((s) => s.trim() !== '' && !/[\uD800-\uDFFF]/.test(s) && !['context7', 'figma', '__proto__', 'constructor', 'prototype'].includes(s));
    fc.assert(
      fc.property(fc.constantFrom(DOC, COMPACT, ''), name, entry, (doc, n, e) => {
        const plain = JSON.parse(JSON.stringify(e)) as Record<string, unknown>;
        const out = run(doc, [{ op: "add", name: n, entry: plain }]);
        expect(value(out).mcp_servers[n]).toEqual(plain);
        if (doc !== '') {
          expect(changed(doc, out).before).toBe('');
          expect(run(out, [{ op: 'remove', name: n }])).toBe(doc);
        }
      }),
      { numRuns: 150 },
    );
  });
});
