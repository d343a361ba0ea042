// Issue 21 F6: a permission glob such as `mcp__*a*a*…*x` against a 32-character name took 23 s,
// synchronously, in the host (every connection, the web host and the bridge status froze). The
// real CLI `simulate` with that rule (14 stars against a 40-character name: minutes or more for
// a backtracking engine) and the names it must decide: the command finishes with the right decisions.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-glob-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a hostile permission glob (F6)', () => {
  it('is decided at once by the real CLI, with the right answers', async () => {
    const evil = 'mcp__' + '*a'.repeat(14) + '*x';
    const lead = '*a'.repeat(14) + '*x'; // leading star: picomatch's own regex
    writeFileSync(join(dir, 'rules.json'), JSON.stringify({ permissions: { deny: [evil, lead], allow: ['mcp__s__*'] } }));
    const names = ['mcp__' + 'a'.repeat(35), 'mcp__' + 'a'.repeat(35) + 'x', 'mcp__s__' + 'a'.repeat(32)];
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(names));
    const r = await runCli(['simulate', '--profile', 'kimi', '--rules', join(dir, 'rules.json'), '--tools', join(dir, 'tools.json'), '--json'], {
      env: { ...process.env, HOME: dir },
      timeoutMs: 30_000,
    });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { tools: Array<{ name: string; decision: string }> };
    expect(out.tools.map((t) => t.decision)).toEqual(['ask', 'deny', 'allow']);
  });
});
