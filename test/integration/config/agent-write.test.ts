// AGENT-2: the agents' JSON files are edited at the changed span only, under the writer's
// lock and conflict check; ~/.claude.json (which Claude Code rewrites itself) keeps every byte
// outside the one entry. TOML (Codex): toml-writer.test.ts.
import { describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigWriter } from '../../../electron/services/config/writer';
import { useSandbox } from './helpers';

const sb = useSandbox('each');

/** Everything but the span that differs: equal prefix and suffix around one edit. */
function outsideSpan(before: string, after: string): { prefix: number; suffix: number } {
  let p = 0;
  while (p < before.length && before[p] === after[p]) p++;
  let s = 0;
  while (s < before.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  return { prefix: p, suffix: s };
}

describe('lossless writes into other agents\' files', () => {
  it('Claude Code local scope: only projects[<ws>].mcpServers changes in ~/.claude.json', async () => {
    const file = join(sb.home, '.claude.json');
    const before = `{
  "numStartups": 41,
  "tipsHistory": {"new-user-warmup": 7},
  "projects": {
    "${sb.ws}": {
      "allowedTools": [],
      "mcpServers": {
        "docs": {"type": "stdio", "command": "npx", "args": ["-y", "@acme/docs"]}
      },
      "hasTrustDialogAccepted": true
    }
  },
  "userID": "abc"
}
`;
    await writeFile(file, before);
    const w = new ConfigWriter({ env: sb.env, home: sb.home });
    const r = await w.add({ profile: 'claude-code', layer: 'project-local', workspace: sb.ws }, 'web', { type: 'http', url: 'https://web.example/mcp' });
    expect(r.ok).toBe(true);
    const after = await readFile(file, 'utf8');
    const parsed = JSON.parse(after);
    expect(parsed.projects[sb.ws].mcpServers.web).toEqual({ type: 'http', url: 'https://web.example/mcp' });
    expect(parsed.numStartups).toBe(41);
    const { prefix, suffix } = outsideSpan(before, after);
    // The edit sits inside the project's mcpServers object, nowhere else.
    expect(before.slice(0, prefix)).toContain('"docs"');
    expect(before.slice(before.length - suffix)).toContain('"hasTrustDialogAccepted": true');
  });

  it('a file Claude Code changed since it was read is a conflict, never overwritten', async () => {
    const file = join(sb.home, '.claude.json');
    await writeFile(file, JSON.stringify({ mcpServers: {} }, null, 2));
    const w = new ConfigWriter({ env: sb.env, home: sb.home });
    const target = { profile: 'claude-code' as const, layer: 'user' as const };
    const base = await w.read(target);
    expect(base.ok).toBe(true);
    await writeFile(file, JSON.stringify({ mcpServers: {}, numStartups: 42 }, null, 2));
    const r = await w.add(target, 'x', { command: 'x' }, base.ok ? { base: base.value } : {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('conflict');
    expect(JSON.parse(await readFile(file, 'utf8')).numStartups).toBe(42);
  });

  it('VS Code: `servers` in JSONC with comments and trailing commas kept', async () => {
    const file = join(sb.home, '.config', 'Code', 'User', 'mcp.json');
    const before = `{
  // my servers
  "servers": {
    "fetch": { "type": "stdio", "command": "uvx", "args": ["mcp-server-fetch"], },
  },
}
`;
    await sb.write(file, before);
    const w = new ConfigWriter({ env: sb.env, home: sb.home });
    const r = await w.add({ profile: 'vscode', layer: 'user' }, 'api', { type: 'http', url: 'https://api.example.com/mcp' });
    expect(r.ok).toBe(true);
    const after = await readFile(file, 'utf8');
    expect(after).toContain('// my servers');
    expect(after).toContain('"fetch": { "type": "stdio", "command": "uvx", "args": ["mcp-server-fetch"], },');
    expect(after).toContain('"api"');
  });

  it('an inline secret is refused for every agent (CFG-8)', async () => {
    const w = new ConfigWriter({ env: sb.env, home: sb.home });
    const r = await w.add({ profile: 'cursor', layer: 'user' }, 'gh', { url: 'https://api.github.com/mcp', headers: { Authorization: 'Bearer ghp_0123456789abcdefghijklmnopqrstuvwxyzAB' } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('inline_secret');
  });
});
