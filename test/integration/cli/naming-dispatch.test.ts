// names / collisions / simulate / disclosure / search are formatters over the panel's dispatch:
// hand-given tools travel as the contract's `catalog`, and every command names them under the
// --profile given. Real CLI processes on a temp HOME; the in-process dispatch is the real
// composition (startServices) with no server started.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type Services } from '../../../electron/services/compose';
import { runCli } from '../../helpers/run-cli';

let dir: string;
let env: NodeJS.ProcessEnv;
const cli = (args: string[]) => runCli(args, { env: { ...process.env, ...env } });
const file = async (name: string, value: unknown) => {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(value));
  return path;
};

const rows = [
  { server: 'github', tool: 'create_issue', description: 'Create an issue' },
  { server: 'github', tool: 'create.issue', description: 'Create an issue (dotted)' },
  { server: 'git.hub', tool: 'create_issue', description: 'Another server' },
];
const rules = { permissions: { allow: ['mcp__github', 'mcp__github__*'], deny: ['mcp__git_hub__create_issue'] } };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'naming-dispatch-'));
  env = { HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data') };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('CLI naming commands over the dispatch', () => {
  it('disclosure --profile kimi names hand-given tools as kimi does (the loser of a collision is dropped)', async () => {
    const tools = await file('rows.json', rows);
    const plan = async (profile: string) => {
      const r = await cli(['disclosure', '--model', 'm/x', '--context-window', '100000', '--profile', profile, '--tools', tools, '--json']);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { perTool: { name: string }[]; profileNote: string | null };
    };
    const kimi = await plan('kimi');
    expect(kimi.perTool.map((t) => t.name)).toEqual(['mcp__github__create_issue', 'mcp__git_hub__create_issue']);
    expect(kimi.profileNote).toMatch(/^kimi:/);
    const minimax = await plan('minimax');
    expect(minimax.perTool.map((t) => t.name)).toEqual(['mcp__github__create_issue', 'mcp__github__create_issue_2', 'mcp__git_hub__create_issue']);
  });

  it('names --tools and simulate --tools take the same file formats', async () => {
    const formats = {
      rows: rows.map(({ server, tool }) => ({ server, tool })),
      names: ['mcp__github__create_issue', 'mcp__slack__post'],
      definitions: [{ name: 'mcp__github__create_issue', description: 'x', inputSchema: { type: 'object' } }, { name: 'mcp__slack__post' }],
    };
    const rulesFile = await file('rules.json', rules);
    for (const [format, value] of Object.entries(formats)) {
      const tools = await file(`${format}.json`, value);
      const names = await cli(['names', '--profile', 'minimax', '--tools', tools, '--json']);
      expect(names.code, `${format}: ${names.stderr}`).toBe(0);
      const sim = await cli(['simulate', '--profile', 'minimax', '--rules', rulesFile, '--tools', tools, '--json']);
      expect(sim.code, `${format}: ${sim.stderr}`).toBe(0);
      // The same tools, under the same names, in both answers.
      expect(JSON.parse(sim.stdout).tools.map((t: { name: string }) => t.name)).toEqual(JSON.parse(names.stdout).map((n: { name: string }) => n.name));
    }
    const bad = await file('bad.json', [{ server: 'a' }]);
    for (const cmd of [['names', '--profile', 'kimi'], ['simulate', '--profile', 'kimi', '--rules', rulesFile]]) {
      const r = await cli([...cmd, '--tools', bad, '--json']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/catalog.*tool/s);
    }
  });

  describe('the dispatch with an explicit catalog', () => {
    let services: Services;
    beforeAll(async () => {
      services = await startServices({ host: 'web', pickFolder: null, env: { PATH: process.env.PATH, ...env }, cwd: dir, version: '0.0.0', profile: 'kimi', workspace: dir, discovery: false });
    });
    afterAll(() => services.dispose());
    const call = async (method: string, input: unknown) => {
      const r = await services.dispatch(method, input, { host: 'cli' });
      if (!r.ok) throw new Error(r.error.message);
      return r.value as Record<string, never>;
    };

    it('gives the answers the CLI prints', async () => {
      const tools = await file('rows.json', rows);
      const view = (await call('tools.list', { catalog: rows })) as unknown as { tools: { names: { kimi: string | null } }[] };
      const names = await cli(['names', '--profile', 'kimi', '--tools', tools, '--json']);
      expect(JSON.parse(names.stdout).map((n: { name: string | null }) => n.name)).toEqual(view.tools.map((t) => t.names.kimi));

      const sim = (await call('permissions.simulate', { rules, catalog: rows })) as unknown as { tools: { name: string; decision: string }[] };
      expect(sim.tools.map((t) => [t.name, t.decision])).toEqual([['mcp__github__create_issue', 'allow'], ['mcp__git_hub__create_issue', 'deny']]);
      const cliSim = await cli(['simulate', '--profile', 'kimi', '--rules', await file('rules.json', rules), '--tools', tools, '--json']);
      expect(JSON.parse(cliSim.stdout).tools.map((t: { name: string; decision: string }) => [t.name, t.decision])).toEqual(sim.tools.map((t) => [t.name, t.decision]));

      const found = (await call('disclosure.search', { query: 'dotted', catalog: rows })) as unknown as { results: { name: string }[] };
      const cliFound = await cli(['search', 'dotted', '--profile', 'kimi', '--tools', tools, '--json']);
      expect(JSON.parse(cliFound.stdout).results).toEqual(found.results);
    });

    it('checks the catalog once, in the contract', async () => {
      const r = await services.dispatch('tools.list', { catalog: [{ server: 'a' }] }, { host: 'cli' });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('invalid-input');
    });
  });
});
