// AGENT-2: Goose's config.yaml edited by span through `yaml`'s Document ranges. The fixture is
// written as Goose's docs show it (config-files guide: `extensions:` keyed by id, builtin and
// stdio entries, other settings beside them, comments); bytes outside the changed span stay.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { applyServerOps, type ServerOp } from '../../../electron/services/config/writer/server-ops';

const DOC = `# Goose settings
GOOSE_PROVIDER: openai   # which model provider
GOOSE_MODEL: gpt-4o
extensions:
  developer:
    bundled: true
    enabled: true
    name: developer
    timeout: 300
    type: builtin
  github:
    args:
    - -y
    - '@modelcontextprotocol/server-github'
    cmd: npx
    enabled: true
    envs: {}
    name: github
    timeout: 300   # seconds
    type: stdio
GOOSE_MODE: smart_approve
`;

function run(text: string | null, ops: ServerOp[]): string {
  const r = applyServerOps(text, 'goose', ops);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message} ${r.error.text?.detail ?? ''}`);
  return r.value;
}

describe('Goose config.yaml: span edits', () => {
  it('add: a new extension block after the last one, everything else byte-identical; remove gives the file back', () => {
    const entry = { name: 'fetch', type: 'streamable_http', uri: 'https://fetch.example/mcp', enabled: true, timeout: 300 };
    const out = run(DOC, [{ op: 'add', name: 'fetch', entry }]);
    expect(parse(out).extensions.fetch).toEqual(entry);
    expect(out).toBe(DOC.replace('    type: stdio\n', '    type: stdio\n  fetch:\n    name: fetch\n    type: streamable_http\n    uri: https://fetch.example/mcp\n    enabled: true\n    timeout: 300\n'));
    expect(run(out, [{ op: 'remove', name: 'fetch' }])).toBe(DOC);
  });

  it('disable and a changed timeout are edits of one scalar each (the comment after it stays)', () => {
    const off = run(DOC, [{ op: 'disable', name: 'github' }]);
    expect(off).toBe(DOC.replace('    cmd: npx\n    enabled: true', '    cmd: npx\n    enabled: false'));
    const parsed = parse(DOC).extensions.github;
    const out = run(DOC, [{ op: 'set', name: 'github', entry: { ...parsed, timeout: 600 } }]);
    expect(out).toBe(DOC.replace('timeout: 300   # seconds', 'timeout: 600   # seconds'));
  });

  it('rename changes only the key; a new file is plain YAML; inline secrets are refused', () => {
    expect(run(DOC, [{ op: 'rename', name: 'github', to: 'gh' }])).toBe(DOC.replace('  github:\n', '  gh:\n'));
    expect(run(null, [{ op: 'add', name: 'x', entry: { name: 'x', type: 'stdio', cmd: 'x', enabled: true } }])).toBe('extensions:\n  x:\n    name: x\n    type: stdio\n    cmd: x\n    enabled: true\n');
    const secret = applyServerOps(DOC, 'goose', [{ op: 'add', name: 'gh2', entry: { name: 'gh2', type: 'stdio', cmd: 'npx', enabled: true, envs: { API_KEY: '4f9c2a7e1b8d4e6f9a0c3b5d' } } }]);
    expect(secret).toMatchObject({ ok: false, error: { code: 'inline_secret' } });
    expect(applyServerOps('extensions:\n  a: [\n', 'goose', [{ op: 'remove', name: 'a' }])).toMatchObject({ ok: false, error: { code: 'parse_error' } });
  });
});
