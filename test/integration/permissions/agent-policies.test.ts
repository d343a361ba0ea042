// PERM-4 for Codex, Gemini CLI and Cline through the real CLI, from another folder, with a temp HOME that
// holds each agent's own files: Codex's approval settings in ~/.codex/config.toml and the
// workspace's .codex/config.toml (a more local key wins), Gemini's policies in
// ~/.gemini/policies/*.toml and the rules its settings make (trust, mcp.excluded), Cline's
// autoApprove lists in ~/.cline/data/settings/cline_mcp_settings.json. The tools come
// as rows with annotations, as the catalog gives them (Codex decides `auto` and `writes` by them).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigWriter } from '../../../electron/services/config/writer';
import { RuleFiles } from '../../../electron/services/permissions/rule-files';
import { runCli } from '../../helpers/run-cli';

let home: string;
let ws: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'perm-agents-home-'));
  ws = await mkdtemp(join(tmpdir(), 'perm-agents-ws-'));
  await mkdir(join(home, '.codex'), { recursive: true });
  await mkdir(join(ws, '.codex'), { recursive: true });
  await mkdir(join(home, '.gemini', 'policies'), { recursive: true });
  await writeFile(
    join(home, '.codex', 'config.toml'),
    [
      '# my codex',
      'approval_policy = "never"',
      '',
      '[mcp_servers.docs]',
      'command = "docs-server"',
      'default_tools_approval_mode = "approve"  # trust it',
      'disabled_tools = ["drop"]',
      '',
      '[mcp_servers.docs.tools.write]',
      'approval_mode = "prompt"',
      '',
      '[mcp_servers.web]',
      'url = "https://example.test/mcp"',
      '',
    ].join('\n'),
  );
  await writeFile(join(ws, '.codex', 'config.toml'), '[mcp_servers.docs]\ncommand = "docs-server"\ndefault_tools_approval_mode = "writes"\n');
  await writeFile(join(home, '.gemini', 'settings.json'), '{\n  // mine\n  "mcp": {"excluded": ["bad"]},\n  "mcpServers": {"docs": {"command": "docs-server", "trust": true}}\n}\n');
  await writeFile(
    join(home, '.gemini', 'policies', 'mine.toml'),
    '[[rule]]\nmcpName = "docs"\ntoolName = "write"\ndecision = "ask_user"\npriority = 500\n\n[[rule]]\nmcpName = "*"\ntoolName = "search"\ndecision = "deny"\npriority = 900\n',
  );
  await writeFile(join(home, '.gemini', 'policies', 'broken.toml'), '[[rule]]\nmcpName = "docs"\ndecision = "deny"\npriority = 999\n');
  const rows = [
    { server: 'docs', tool: 'read', annotations: { readOnlyHint: true } },
    { server: 'docs', tool: 'write', annotations: { readOnlyHint: false } },
    { server: 'docs', tool: 'drop', annotations: { destructiveHint: true } },
    { server: 'web', tool: 'search' },
    { server: 'bad', tool: 'x' },
  ];
  await writeFile(join(ws, 'tools.json'), JSON.stringify(rows));
  await mkdir(join(home, '.cline', 'data', 'settings'), { recursive: true });
  await writeFile(
    join(home, '.cline', 'data', 'settings', 'cline_mcp_settings.json'),
    JSON.stringify({ mcpServers: { docs: { command: 'docs-server', autoApprove: ['read', 'write'] }, web: { url: 'https://example.test/mcp', autoApprove: ['search'], disabled: true } } }, null, 2),
  );
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(ws, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli(args, { cwd: ws, env: { ...process.env, HOME: home, USERPROFILE: home, CODEX_HOME: '' } });
async function simulate(profile: string): Promise<{ tools: { name: string; decision: string; rule: { rule: string } | null }[]; rules: { rule: string; unmatchable: string | null; source?: { path: string } }[] }> {
  const r = await cli(['simulate', '--profile', profile, '--workspace', ws, '--tools', join(ws, 'tools.json'), '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}
const byName = (sim: Awaited<ReturnType<typeof simulate>>) => Object.fromEntries(sim.tools.map((t) => [t.name, [t.decision, t.rule?.rule ?? null]]));

describe('simulate --profile codex', () => {
  it("reads config.toml's approval settings; the trusted project's key replaces the user's", async () => {
    const user = byName(await simulate('codex'));
    expect(user).toEqual({
      mcp__docs__read: ['allow', 'mcp_servers.docs.default_tools_approval_mode = "approve"'],
      mcp__docs__write: ['deny', 'approval_policy = "never"'],
      mcp__docs__drop: ['deny', 'mcp_servers.docs.disabled_tools = ["drop"]'],
      mcp__web__search: ['deny', 'approval_policy = "never"'],
      mcp__bad__x: ['deny', 'approval_policy = "never"'],
    });
    expect((await cli(['trust', '--workspace', ws])).code).toBe(0);
    const project = await simulate('codex');
    // writes: the read-only tool runs; the tool's own prompt still wins over any server default.
    expect(byName(project).mcp__docs__read).toEqual(['allow', 'mcp_servers.docs.default_tools_approval_mode = "writes"']);
    const approve = project.rules.find((r) => r.rule.endsWith('"approve"'))!;
    expect(approve.source?.path).toBe(join(home, '.codex', 'config.toml'));
  });
});

describe('simulate --profile gemini', () => {
  it('reads policy files and settings, highest priority first; a file Gemini skips counts for nothing', async () => {
    const sim = await simulate('gemini');
    expect(byName(sim)).toEqual({
      mcp_docs_read: ['allow', 'mcp_docs_* mcpName=docs priority=4.2 modes=["default","autoEdit","yolo"]'],
      mcp_docs_write: ['ask', 'mcp_docs_write mcpName=docs priority=4.5'],
      mcp_docs_drop: ['allow', 'mcp_docs_* mcpName=docs priority=4.2 modes=["default","autoEdit","yolo"]'],
      mcp_web_search: ['ask', null],
      mcp_bad_x: ['deny', 'mcp_bad_* mcpName=bad priority=4.9'],
    });
    const odd = sim.rules.find((r) => r.rule.startsWith('mcp_*_search'))!;
    expect(odd.unmatchable).toContain('compares mcp_*_search as an exact name');
    expect(sim.rules.some((r) => r.source?.path.endsWith('broken.toml'))).toBe(false);
  });

  it('shows each policy file, why Gemini skips one, and refuses to write them', async () => {
    const env = { ...process.env, HOME: home, USERPROFILE: home };
    const files = new RuleFiles({ writer: new ConfigWriter({ env }), env, isTrusted: async () => true });
    const sel = { profile: 'gemini' as const, workspace: ws };
    const layers = await files.read(sel);
    expect(layers.map((l) => l.path)).toEqual([join(home, '.gemini', 'settings.json'), join(ws, '.gemini', 'settings.json'), join(home, '.gemini', 'policies', 'broken.toml'), join(home, '.gemini', 'policies', 'mine.toml')]);
    expect(layers.every((l) => l.readOnly)).toBe(true);
    expect(layers[2]!.problem).toEqual({ code: 'gemini-skipped', params: { error: 'rule #1: toolName is required (a string or an array of strings)' } });
    await expect(files.save(sel, 'user', { allow: ['x'], ask: [], deny: [] }, null, true)).rejects.toThrow(/does not write Gemini CLI's rules/);
  });
});

describe('simulate --profile cline', () => {
  it("allows what a server's autoApprove lists (a disabled server lists nothing) and asks for the rest; its file is read-only here", async () => {
    expect(byName(await simulate('cline'))).toEqual({
      docs__read: ['allow', 'docs__read'],
      docs__write: ['allow', 'docs__write'],
      docs__drop: ['ask', null],
      web__search: ['ask', null],
      bad__x: ['ask', null],
    });
    const env = { ...process.env, HOME: home, USERPROFILE: home };
    const files = new RuleFiles({ writer: new ConfigWriter({ env }), env, isTrusted: async () => true });
    const layers = await files.read({ profile: 'cline', workspace: ws });
    expect(layers.map((l) => [l.path, l.readOnly, l.rules.allow])).toEqual([[join(home, '.cline', 'data', 'settings', 'cline_mcp_settings.json'), true, ['docs__read', 'docs__write']]]);
  });
});
