// CTX-1: `status` says how far over each agent's own tool limit its offered tools are. Real CLI
// from another folder, a temp HOME with Cursor's and VS Code's files, the real many-tools
// fixture server connected with --refresh: 52 tools for Cursor (its 40), 130 for VS Code (its
// 128 per request).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { fixture } from '../../helpers/fixtures';

const MANY = fixture('test/fixtures/servers/many-tools.mjs');
let home: string;
let ws: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'limits-home-'));
  ws = await mkdtemp(join(tmpdir(), 'limits-ws-'));
  await mkdir(join(home, '.cursor'), { recursive: true });
  await mkdir(join(home, '.config', 'Code', 'User'), { recursive: true });
  const many = (n: number) => ({ command: process.execPath, args: [MANY, '--count', String(n)] });
  await writeFile(join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { many: many(52) } }));
  await writeFile(join(home, '.config', 'Code', 'User', 'mcp.json'), JSON.stringify({ servers: { many: { type: 'stdio', ...many(130) } } }));
  await writeFile(join(home, '.claude.json'), JSON.stringify({ mcpServers: { many: many(52) } }));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(ws, { recursive: true, force: true });
});

const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { cwd: ws, env: { ...process.env, HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: join(home, '.config'), ...env }, timeoutMs: 120_000 });

describe('status: CTX-1 tool limits', () => {
  it("--json says Cursor's 52 tools are over its 40 by 12, with their estimate; the text says it in words", async () => {
    const r = await cli(['status', '--profile', 'cursor', '--refresh', '--workspace', ws, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.servers.map((s: { name: string; state: string; toolCount: number }) => [s.name, s.state, s.toolCount])).toEqual([['many', 'connected', 52]]);
    expect(out.limits).toMatchObject({ profile: 'cursor', tools: 52, limits: [{ kind: 'cap', limit: 40, unit: 'tools', value: 52, over: 12, action: 'truncated', affected: 12, per: 'total' }] });
    expect(out.limits.tokens).toBeGreaterThan(52 * 10);

    const text = await cli(['status', '--profile', 'cursor', '--refresh', '--workspace', ws]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`52 tools, ~${out.limits.tokens.toLocaleString('en')} tokens: over Cursor's 40 in total by 12; Cursor sends only the first 40`);
  });

  it('--all-agents: each agent against its own limit, and one summary line per agent over it', async () => {
    const r = await cli(['status', '--all-agents', '--refresh', '--workspace', ws, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const byAgent = Object.fromEntries(out.agents.map((a: { profile: string; limits: unknown }) => [a.profile, a.limits]));
    expect(byAgent.cursor).toMatchObject({ tools: 52, limits: [{ limit: 40, over: 12 }] });
    expect(byAgent.vscode).toMatchObject({ tools: 130, limits: [{ kind: 'cap', limit: 128, over: 2, per: 'request', action: 'deferred' }] });
    expect(out.summary.overLimits).toHaveLength(2);
    expect(out.summary.overLimits[0]).toMatch(/^Cursor: 52 tools, ~[\d,]+ tokens: over Cursor's 40 in total by 12/);
    expect(out.summary.overLimits[1]).toMatch(/^VS Code: 130 tools, ~[\d,]+ tokens: over VS Code's 128 per request by 2; VS Code groups the rest to load on demand$/);
  });

  it("Claude Code with ENABLE_TOOL_SEARCH=auto: deferred past 10 % of the window --context-window gives; by default every tool", async () => {
    const r = await cli(['status', '--profile', 'claude-code', '--refresh', '--context-window', '1000', '--workspace', ws, '--json'], { ENABLE_TOOL_SEARCH: 'auto' });
    expect(r.code, r.stderr).toBe(0);
    const { limits } = JSON.parse(r.stdout);
    expect(limits).toMatchObject({ profile: 'claude-code', tools: 52, limits: [{ kind: 'defer-share', limit: 100, window: 1000, share: 0.1, action: 'deferred', affected: 52, setting: 'ENABLE_TOOL_SEARCH=auto' }] });
    expect(limits.limits[0].over).toBe(limits.tokens - 100);
    const byDefault = JSON.parse((await cli(['status', '--profile', 'claude-code', '--refresh', '--workspace', ws, '--json'], { ENABLE_TOOL_SEARCH: '' })).stdout);
    expect(byDefault.limits.limits).toEqual([{ kind: 'defer-all', limit: 0, unit: 'tools', value: 52, over: 0, action: 'deferred', affected: 52 }]);
    const bad = await cli(['status', '--profile', 'claude-code', '--context-window', '0', '--workspace', ws]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--context-window N must be a positive number of tokens');
  });

  it("a tool Claude Code's own deny rule refuses is not counted in its limits line (Claude Code does not offer it); Qwen Code's same rule leaves it counted", async () => {
    const deny = { permissions: { deny: ['mcp__many__tool_7'] } };
    const status = async (profile: string) => {
      const r = await cli(['status', '--profile', profile, '--refresh', '--workspace', ws, '--json'], { ENABLE_TOOL_SEARCH: '' });
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { servers: { toolCount: number }[]; limits: { tools: number; tokens: number; limits: unknown[] } };
    };
    await mkdir(join(home, '.claude'), { recursive: true });
    await mkdir(join(home, '.qwen'), { recursive: true });
    await writeFile(join(home, '.qwen', 'settings.json'), JSON.stringify({ mcpServers: { many: { command: process.execPath, args: [MANY, '--count', '52'] } } }));
    const [claudeBefore, qwenBefore] = [await status('claude-code'), await status('qwen')];
    expect([claudeBefore.limits.tools, qwenBefore.limits.tools]).toEqual([52, 52]);
    try {
      await writeFile(join(home, '.claude', 'settings.json'), JSON.stringify(deny));
      await writeFile(join(home, '.qwen', 'settings.json'), JSON.stringify({ mcpServers: { many: { command: process.execPath, args: [MANY, '--count', '52'] } }, ...deny }));
      const claude = await status('claude-code');
      // The server still lists 52; Claude Code's model is offered 51.
      expect(claude.servers[0]).toMatchObject({ toolCount: 52 });
      expect(claude.limits).toMatchObject({ tools: 51, limits: [{ kind: 'defer-all', value: 51, affected: 51 }] });
      expect(claude.limits.tokens).toBeLessThan(claudeBefore.limits.tokens);
      const text = await cli(['status', '--profile', 'claude-code', '--refresh', '--workspace', ws], { ENABLE_TOOL_SEARCH: '' });
      expect(text.stdout).toContain(`51 tools, ~${claude.limits.tokens.toLocaleString('en')} tokens`);
      expect((await status('qwen')).limits).toEqual(qwenBefore.limits);
    } finally {
      await rm(join(home, '.claude', 'settings.json'), { force: true });
      await rm(join(home, '.qwen'), { recursive: true, force: true });
    }
  });

  it('--no-connect lists nothing, so it claims no standing', async () => {
    const r = await cli(['status', '--profile', 'cursor', '--no-connect', '--workspace', ws, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).limits).toBeNull();
  });
});
