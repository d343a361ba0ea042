// The CLI face of NAME / PERM / DISC, run as real processes (tsx) with real files.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'names-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cli = (args: string[], stdin?: string, env: NodeJS.ProcessEnv = {}) =>
  runCli(args, { env: { ...process.env, HOME: dir, ...env }, stdin });

const rows = [
  { server: 'github', tool: 'create_issue' },
  { server: 'github', tool: 'create.issue' },
  { server: 'git.hub', tool: 'create_issue', source: 'plugin-local' },
];

describe('names / collisions', () => {
  it("names --profile claude-code flags a name Claude Code's API refuses (over 64 characters, sent as it is)", async () => {
    const long = [{ server: 'a-server-with-a-rather-long-name-that-keeps-going', tool: 'and_a_tool_with_a_long_name_too' }];
    const r = await cli(['names', '--profile', 'claude-code', '--json'], JSON.stringify(long));
    expect(r.code, r.stderr).toBe(0);
    const [row] = JSON.parse(r.stdout) as Array<{ name: string; refused?: string }>;
    expect(row!.name.length).toBeGreaterThan(64);
    expect(row!.refused).toMatch(/over the 64 the model API takes/);
    const text = await cli(['names', '--profile', 'claude-code'], JSON.stringify(long));
    expect(text.stdout).toContain('REFUSED:');
  });

  it('names --profile kimi --json prints one row per input row, in input order', async () => {
    const r = await cli(['names', '--profile', 'kimi', '--json'], JSON.stringify(rows));
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { server: 'github', tool: 'create_issue', name: 'mcp__github__create_issue', dropped: false, collidesWith: null },
      { server: 'github', tool: 'create.issue', name: null, dropped: true, collidesWith: { server: 'github', tool: 'create_issue', name: 'mcp__github__create_issue', kind: 'same_server' } },
      { server: 'git.hub', tool: 'create_issue', name: 'mcp__git_hub__create_issue', dropped: false, collidesWith: null },
    ]);
  });

  it('names --profile minimax --registry FILE claims and persists in MiniMax\'s own format', async () => {
    const registry = join(dir, 'reg.json');
    const first = await cli(['names', '--profile', 'minimax', '--registry', registry, '--json'], JSON.stringify(rows));
    expect(first.code, first.stderr).toBe(0);
    // `git.hub` (a plugin) cleans to `git_hub`; `create.issue` cleans to the segment `create_issue` holds.
    expect(JSON.parse(first.stdout).map((r: { name: string }) => r.name)).toEqual(['mcp__github__create_issue', 'mcp__github__create_issue_2', 'mcp__git_hub__create_issue']);
    // The github server is gone; a plugin with its public name does not inherit its names.
    const second = await cli(['names', '--profile', 'minimax', '--registry', registry, '--json'], JSON.stringify([{ server: 'github', tool: 'create_issue', source: 'plugin-official' }]));
    expect(JSON.parse(second.stdout)[0]).toMatchObject({ name: 'mcp__github_2__create_issue', collidesWith: { server: 'github', kind: 'other_server' } });
    const saved = JSON.parse(await readFile(registry, 'utf8'));
    expect(saved.version).toBe(1);
    expect(saved.servers.map((s: { key: string; segment: string }) => [s.key, s.segment])).toEqual([
      ['["configured","github"]', 'github'],
      ['["plugin","LOCAL","git.hub","git.hub"]', 'git_hub'],
      ['["plugin","OFFICIAL","github","github"]', 'github_2'],
    ]);
  });

  it('collisions without --profile shows every scheme side by side', async () => {
    const r = await cli(['collisions', '--json'], JSON.stringify(rows));
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { tools: Array<{ server: string; tool: string; warnings: string[] }>; profiles: Record<string, { events: Array<{ type: string }> }> };
    expect(out.tools.find((t) => t.tool === 'create.issue')).toMatchObject({ server: 'github', tool: 'create.issue', names: { minimax: 'mcp__github__create_issue_2', kimi: null, minara: null } });
    expect(out.profiles.kimi!.events[0]!.type).toBe('MCP_TOOL_NAME_COLLISION');
    // Issue 44: proportionate to what was asked: the tools with a warning; every name with --all-names.
    expect(out.tools.every((t) => t.warnings.length > 0)).toBe(true);
    const all = JSON.parse((await cli(['collisions', '--all-names', '--json'], JSON.stringify(rows))).stdout) as { tools: unknown[] };
    expect(all.tools).toHaveLength(rows.length);
  });

  it('without stdin it names the discovered tools (none configured under this HOME)', async () => {
    // Discovery itself is covered by test/integration/cli/discovered.test.ts.
    const r = await cli(['names', '--profile', 'kimi', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
  });

  it('bad input is a user error naming the problem', async () => {
    const r = await cli(['names', '--profile', 'kimi', '--json'], '[{"server": "a"}]');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('tool');
    const u = await cli(['names', '--profile', 'nope', '--json'], '[]');
    expect(u.code).toBe(2);
  });
});

describe('simulate', () => {
  it('prints per tool the decision and deciding rule, per rule matches and shadowing', async () => {
    const rules = join(dir, 'rules.json');
    const tools = join(dir, 'tools.json');
    await writeFile(rules, JSON.stringify({ permissions: { allow: ['mcp__github', 'mcp__git'], deny: ['mcp__github__delete_repo'] } }));
    await writeFile(tools, JSON.stringify(['mcp__github__create_issue', 'mcp__github__delete_repo', 'mcp__slack__post']));
    const r = await cli(['simulate', '--profile', 'minimax', '--rules', rules, '--tools', tools, '--default', 'deny', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.tools).toEqual([
      { name: 'mcp__github__create_issue', decision: 'allow', rule: { list: 'allow', index: 0, rule: 'mcp__github' } },
      { name: 'mcp__github__delete_repo', decision: 'deny', rule: { list: 'deny', index: 0, rule: 'mcp__github__delete_repo' } },
      { name: 'mcp__slack__post', decision: 'deny', rule: null },
    ]);
    expect(out.rules).toEqual([
      { list: 'deny', index: 0, rule: 'mcp__github__delete_repo', matches: 1, neverMatches: false, shadowedBy: null, unmatchable: null },
      { list: 'allow', index: 0, rule: 'mcp__github', matches: 2, neverMatches: false, shadowedBy: null, unmatchable: null },
      { list: 'allow', index: 1, rule: 'mcp__git', matches: 0, neverMatches: true, shadowedBy: null, unmatchable: expect.stringContaining('never prefix-matches') },
    ]);
    expect(out.warnings.some((w: string) => w.includes('mcp__git'))).toBe(true);
  });
});

describe('disclosure / search', () => {
  const defs = [
    { name: 'mcp__github__create_issue', description: 'Create an issue 创建议题', inputSchema: { type: 'object', properties: { title: { type: 'string' } } } },
    { name: 'mcp__weather__forecast', description: '查询天气预报', inputSchema: { type: 'object' } },
    { name: 'mcp__plug__x', description: 'plugin tool', inputSchema: { type: 'object' }, source: 'plugin-official' },
  ];

  it('disclosure reports the plan; env beats defaults for the whitelist', async () => {
    const tools = join(dir, 'defs.json');
    await writeFile(tools, JSON.stringify(defs));
    const off = await cli(['disclosure', '--model', 'minimax/m2', '--context-window', '100', '--tools', tools, '--json']);
    expect(off.code, off.stderr).toBe(0);
    expect(JSON.parse(off.stdout)).toMatchObject({ deferred: false, reason: 'model-not-whitelisted', hidden: [] });
    const on = await cli(['disclosure', '--model', 'minimax/m2', '--context-window', '100', '--tools', tools, '--json'], undefined, { MAVIS_MCP_TOOL_SEARCH_WHITELIST: 'minimax/*' });
    const plan = JSON.parse(on.stdout);
    expect(plan).toMatchObject({ deferred: true, reason: 'over-threshold', thresholdTokens: 15, inline: ['mcp__plug__x'], hidden: ['mcp__github__create_issue', 'mcp__weather__forecast'] });
    expect(plan.estTokens).toBeGreaterThan(15);
    expect(plan.options.find((o: { key: string }) => o.key === 'modelWhitelist')).toMatchObject({ origin: 'env', value: ['minimax/*'] });
  });

  it('search ranks best first and answers Chinese and regex queries', async () => {
    const tools = join(dir, 'defs.json');
    await writeFile(tools, JSON.stringify(defs));
    const zh = await cli(['search', '天气', '--tools', tools, '--json']);
    expect(zh.code, zh.stderr).toBe(0);
    const out = JSON.parse(zh.stdout);
    // disclosure.search's rows (name, score, description, truncated), as the panel shows them.
    expect(out.results[0]).toMatchObject({ name: 'mcp__weather__forecast', description: '查询天气预报', truncated: false });
    const re = await cli(['search', '^mcp__git', '--regex', '--top-k', '1', '--tools', tools, '--json']);
    expect(JSON.parse(re.stdout).results.map((r: { name: string }) => r.name)).toEqual(['mcp__github__create_issue']);
    const bad = await cli(['search', '(', '--regex', '--tools', tools, '--json']);
    expect(bad.code).toBe(1);
  });
});
