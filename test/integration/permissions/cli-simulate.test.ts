// `mcp-panel simulate` without --rules reads the rules from the agent's own files (issue 14
// item 6), says where each came from, and prints the catalogue's English; project files count
// only once the workspace is trusted (CFG-10). Real processes, real files.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';

let home: string;
let ws: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'perm-cli-home-'));
  ws = await mkdtemp(join(tmpdir(), 'perm-cli-ws-'));
  await mkdir(join(home, '.kimi-code'), { recursive: true });
  await writeFile(join(home, '.kimi-code', 'mcp.json'), '{\n  // user rules\n  "permissions": {"allow": ["mcp__github__*", "mcp__github"]}\n}\n');
  await writeFile(join(ws, '.mcp.json'), '{"permissions": {"deny": ["mcp__github__delete_repo"]}}');
  await writeFile(join(ws, 'tools.json'), JSON.stringify(['mcp__github__create_issue', 'mcp__github__delete_repo']));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(ws, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli(args, { env: { ...process.env, HOME: home, USERPROFILE: home } });
const simulate = (json = true) => cli(['simulate', '--profile', 'kimi', '--workspace', ws, '--tools', join(ws, 'tools.json'), ...(json ? ['--json'] : [])]);

describe('simulate without --rules', () => {
  it('uses the trusted layers only, names each rule\'s file, and says notes in English once', async () => {
    const before = await simulate();
    expect(before.code, before.stderr).toBe(0);
    const out = JSON.parse(before.stdout);
    expect(out.tools.map((t: { decision: string }) => t.decision)).toEqual(['allow', 'allow']);
    expect(out.rules.map((r: { source: { layer: string } }) => r.source.layer)).toEqual(['user', 'user']);
    expect(out.rules[0].source.path).toBe(join(home, '.kimi-code', 'mcp.json'));
    expect(out.rules[1].unmatchable).toBe('kimi matches the whole name: mcp__github covers no tool, write mcp__github__* for all of its tools');
    expect(out.warnings.filter((w: string) => w.includes('"mcp__github"'))).toHaveLength(1);

    const trust = await cli(['trust', '--workspace', ws]);
    expect(trust.code, trust.stderr).toBe(0);
    const after = JSON.parse((await simulate()).stdout);
    expect(after.tools.map((t: { decision: string }) => t.decision)).toEqual(['allow', 'deny']);
    expect(after.tools[1].rule).toEqual({ list: 'deny', index: 0, rule: 'mcp__github__delete_repo' });
    expect(after.rules[0].source).toEqual({ layer: 'project', path: join(ws, '.mcp.json'), position: 0 });

    const text = await simulate(false);
    expect(text.stdout).toContain('deny  mcp__github__delete_repo  deny #1 "mcp__github__delete_repo"');
  });
});
