// CTX-1 through the real composition: a real echo server (test/fixtures/servers/echo.mjs) in
// Claude Code's ~/.claude.json and Qwen Code's ~/.qwen/settings.json, and each agent's own deny
// rule for echo's `fail` in its own settings file. Claude Code leaves a tool its deny rule
// refuses out of what its model is offered (`denyHides`: its start-up line,
// test/agents/plan.contract.test.ts), so its standing (tools.limits, tools.list's `limits`, the
// plan's "before") does not count it; Qwen Code lists a denied tool, so its standing does.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgentStandingRow, PlanView, ToolsView } from '../../../shared/contract';
import type { Profile } from '../../../shared/schemas/server';
import { startServices, type Services } from '../../../electron/services/compose';
import { fixture } from '../../helpers/fixtures';

const ECHO = { command: 'node', args: [fixture('test/fixtures/servers/echo.mjs'), 'stdio'] };
const DENY = { permissions: { deny: ['mcp__echo__fail'] } };
const AGENTS = ['claude-code', 'qwen'] as const;
let dir: string;
let home: string;
let ws: string;
let services: Services | null = null;

async function call<T>(method: string, input: unknown): Promise<T> {
  const r = await services!.dispatch(method as never, input as never, { host: 'web' });
  if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
  return r.value as T;
}

/** The panel with `profile` selected, once echo's 7 tools are listed. */
async function start(profile: Profile): Promise<ToolsView> {
  await services?.dispose();
  const env = { PATH: process.env.PATH, HOME: home, MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: ws, version: '0.0.0', profile, workspace: ws });
  let view: ToolsView | null = null;
  await vi.waitFor(async () => expect((view = await call<ToolsView>('tools.list', { agents: AGENTS })).tools).toHaveLength(7), { timeout: 30_000, interval: 100 });
  return view!;
}

const byAgent = (rows: readonly AgentStandingRow[]) => Object.fromEntries(rows.map((r) => [r.profile, r]));
const limits = async () => byAgent((await call<{ limits: AgentStandingRow[] }>('tools.limits', { agents: AGENTS })).limits);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'deny-standing-'));
  home = join(dir, 'home');
  ws = join(dir, 'ws');
  await mkdir(join(home, '.claude'), { recursive: true });
  await mkdir(join(home, '.qwen'), { recursive: true });
  await mkdir(ws, { recursive: true });
  await writeFile(join(home, '.claude.json'), JSON.stringify({ mcpServers: { echo: ECHO } }));
  await writeFile(join(home, '.qwen', 'settings.json'), JSON.stringify({ mcpServers: { echo: ECHO } }));
}, 60_000);

afterAll(async () => {
  await services?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('CTX-1 standing and the agents\' own deny rules', () => {
  it('Claude Code selected: its standing drops the tool its rule denies, in tools.limits, tools.list and the plan; Qwen Code\'s keeps it', async () => {
    await start('claude-code');
    const free = await limits();
    expect(free['claude-code']).toMatchObject({ tools: 7 });
    expect(free.qwen).toMatchObject({ tools: 7 });

    await writeFile(join(home, '.claude', 'settings.json'), JSON.stringify(DENY));
    await writeFile(join(home, '.qwen', 'settings.json'), JSON.stringify({ mcpServers: { echo: ECHO }, ...DENY }));
    const view = await start('claude-code');
    const fail = view.tools.find((t) => t.tool === 'fail')!;
    expect(fail.tokens).toBeGreaterThan(0);
    // Both agents' own rules deny it, each read from its own file.
    for (const p of AGENTS) {
      await start(p);
      const sim = await call<{ tools: { name: string; decision: string }[] }>('permissions.simulate', {});
      expect(sim.tools.find((t) => t.name === 'mcp__echo__fail')).toMatchObject({ decision: 'deny' });
    }
    await start('claude-code');
    const denied = await limits();
    expect(denied['claude-code']).toMatchObject({ tools: 6, tokens: free['claude-code']!.tokens - fail.tokens, limits: [{ kind: 'defer-all', value: 6, affected: 6 }] });
    expect(denied.qwen).toEqual(free.qwen);
    // tools.list's standing is the same one; so is the plan's "before".
    expect(byAgent((await call<ToolsView>('tools.list', { agents: AGENTS })).limits)).toEqual(denied);
    const plan = await call<PlanView>('plan.preview', {});
    expect(plan.before).toEqual(denied['claude-code']);
    expect(plan.suggestions.map((s) => s.tool)).not.toContain('fail');
  });

  it('Qwen Code selected: its own standing keeps the denied tool; Claude Code\'s, read from its own file, still drops it', async () => {
    await start('qwen');
    const r = await limits();
    expect(r.qwen).toMatchObject({ tools: 7 });
    expect(r['claude-code']).toMatchObject({ tools: 6 });
    expect(r.qwen!.tokens - r['claude-code']!.tokens).toBe((await call<ToolsView>('tools.list', {})).tools.find((t) => t.tool === 'fail')!.tokens);
  });
});
