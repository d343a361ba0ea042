// CTX-2 against the agents' own CLIs: the context plan writes each agent's own tool filter
// fields, and the agent reads back exactly that. Codex (its app server says which tools each
// server gave the session): a second copy of a server loses every tool the first gives, the first
// keeps all of them; Copilot CLI (`mcp list --json` shows the entry as it reads it): the copy's
// `tools` allow-list is the kept list, the first keeps `["*"]`; OpenCode (`debug config` shows the
// config it resolved): the copy's tools are `false` keys of its top-level `tools` map, which it turns
// into `permission` denies. Undo is byte for byte, and the agent then gets every tool again. Claude
// Code (no filter field of its own; its start-up line names every tool it offers the model): the
// copy becomes a bridge line hiding all its tools, and Claude Code, starting that line, is offered
// none of them. Qwen Code (a session's stream-json init line names its tools): the copy's
// `excludeTools` leave it none.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlanResult, PlanUndo, PlanView } from '../../shared/contract';
import { claudeStartup, codexStatus, copilotServer, opencodeConfig, qwenStartup } from './helpers/ask';
import { installedAgent } from './helpers/installed';
import { expectSameBytes, panelAdd, snapshot, stdioFixture } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';

const echo = stdioFixture('echo');
const ECHO_TOOLS = ['echo', 'env', 'fail', 'parts', 'pid', 'roots', 'sleep'];

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox({ git: true });
});
afterEach(() => sb.cleanup());

type Planned = { plan: PlanView; applied: PlanResult | null };
const plan = (agent: string) => sb.panelJson<Planned>(['plan', '--agent', agent, '--workspace', sb.workspace, '--json']);
const undo = (id: string) => sb.panelJson<PlanUndo>(['plan', '--undo', id, '--json']);

describe(`Codex ${installedAgent('codex').version}: the plan's disabled_tools, as Codex applies them`, () => {
  it('the second copy of a server is offered no tool, the first all of them; undo gives the copy its tools back, byte for byte', async () => {
    await panelAdd(sb, 'codex', 'user', 'echo', echo);
    await panelAdd(sb, 'codex', 'user', 'copy', echo);
    const file = join(sb.home, '.codex', 'config.toml');
    const before = snapshot([file]);
    const { plan: v, applied } = await plan('codex');
    expect(v.suggestions.map((s) => [s.kind, s.serverName, s.tool]).sort()).toEqual(ECHO_TOOLS.map((t) => ['duplicate', 'copy', t]));
    expect(applied).toMatchObject({ written: [{ path: file }], failed: [] });
    expect(sb.read(file)).toMatch(/disabled_tools = \[/);
    const status = await codexStatus(sb);
    expect(status.map((s) => [s.name, s.connected, s.tools])).toEqual([
      ['copy', true, []],
      ['echo', true, ECHO_TOOLS],
    ]);
    expect(await undo(applied!.id!)).toMatchObject({ restored: [{ path: file }], failed: [] });
    expectSameBytes(before);
    expect((await codexStatus(sb)).map((s) => [s.name, s.tools])).toEqual([
      ['copy', ECHO_TOOLS],
      ['echo', ECHO_TOOLS],
    ]);
  });
});

describe(`GitHub Copilot CLI ${installedAgent('copilot').version}: the plan's tools allow-list, as Copilot reads it`, () => {
  it('the copy\'s "tools" becomes the kept list (none), the first keeps ["*"]; undo is byte for byte', async () => {
    await panelAdd(sb, 'copilot', 'user', 'echo', echo);
    await panelAdd(sb, 'copilot', 'user', 'copy', echo);
    const file = join(sb.home, '.copilot', 'mcp-config.json');
    const before = snapshot([file]);
    const { plan: v, applied } = await plan('copilot');
    expect(v.fields).toEqual(['tools']);
    expect(v.after.tools).toBe(ECHO_TOOLS.length);
    expect(applied).toMatchObject({ written: [{ path: file }], failed: [] });
    expect((await copilotServer(sb, 'copy')).entry.tools).toEqual([]);
    expect((await copilotServer(sb, 'echo')).entry.tools).toEqual(['*']);
    await undo(applied!.id!);
    expectSameBytes(before);
    expect((await copilotServer(sb, 'copy')).entry.tools).toEqual(['*']);
  });
});

describe(`Claude Code ${installedAgent('claude-code').version}: the plan's bridge line, as Claude Code starts it`, () => {
  it("a tool its own rule denies is no suggestion (Claude Code leaves it out itself); the copy's entry becomes a bridge line hiding its duplicates; undo puts the entry back", async () => {
    await panelAdd(sb, 'claude-code', 'user', 'echo', echo);
    await panelAdd(sb, 'claude-code', 'user', 'copy', echo);
    sb.write(join(sb.home, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['mcp__echo__fail'] } }));
    const file = join(sb.home, '.claude.json');
    const before = snapshot([file]);
    const mcpTools = async () => (await claudeStartup(sb)).tools.filter((t) => t.startsWith('mcp__')).sort();
    const kept = ECHO_TOOLS.filter((t) => t !== 'fail');
    // What the profile's denyHides rests on: the denied tool is not among those Claude Code offers.
    expect(await mcpTools()).toEqual(['copy', 'echo'].flatMap((s) => ECHO_TOOLS.map((t) => `mcp__${s}__${t}`)).filter((n) => n !== 'mcp__echo__fail').sort());
    const { plan: v, applied } = await plan('claude-code');
    expect(v.via).toBe('bridge');
    // copy's fail is the one copy of fail the rules let through: kept.
    expect(v.suggestions.map((s) => [s.kind, s.serverName, s.tool, s.blocked]).sort()).toEqual(kept.map((t) => ['duplicate', 'copy', t, null]));
    expect(applied).toMatchObject({ written: [{ path: file }], failed: [] });
    const copy = (JSON.parse(sb.read(file)!) as { mcpServers: Record<string, { args: string[] }> }).mcpServers.copy!;
    expect(copy.args.slice(copy.args.indexOf('bridge'))).toEqual(['bridge', 'copy', '--profile', 'claude-code', '--hide-tools', kept.join(',')]);
    expect(await mcpTools()).toEqual(['mcp__copy__fail', ...kept.map((t) => `mcp__echo__${t}`)].sort());
    // Claude Code rewrites ~/.claude.json as it runs (its start-up counts): undo puts back each
    // entry the plan changed, the rest as Claude Code left it.
    expect(await undo(applied!.id!)).toMatchObject({ restored: [{ path: file }], failed: [] });
    const servers = (b: string) => (JSON.parse(b) as { mcpServers: unknown }).mcpServers;
    expect(servers(sb.read(file)!)).toEqual(servers(before.get(file)!.toString('utf8')));
  });
});

describe(`OpenCode ${installedAgent('opencode').version}: the plan's tools map, as OpenCode reads it`, () => {
  it('the copy\'s tools become false keys of the global tools map, which OpenCode denies; the first keeps its tools; undo is byte for byte', async () => {
    await panelAdd(sb, 'opencode', 'user', 'echo', echo);
    await panelAdd(sb, 'opencode', 'user', 'copy', echo);
    const file = join(sb.home, '.config', 'opencode', 'opencode.jsonc');
    // OpenCode adds "$schema" to a config file the first time it loads it: the file as it leaves it.
    expect(await opencodeConfig(sb)).not.toHaveProperty('tools');
    const before = snapshot([file]);
    const { plan: v, applied } = await plan('opencode');
    expect(v.fields).toEqual(['tools']);
    expect(v.suggestions.map((s) => [s.kind, s.serverName, s.tool]).sort()).toEqual(ECHO_TOOLS.map((t) => ['duplicate', 'copy', t]));
    expect(applied).toMatchObject({ written: [{ path: file }], failed: [] });
    const dropped = ECHO_TOOLS.map((t) => `copy_${t}`);
    const config = await opencodeConfig(sb);
    expect(config.tools).toEqual(Object.fromEntries(dropped.map((n) => [n, false])));
    expect(config.permission).toEqual(Object.fromEntries(dropped.map((n) => [n, 'deny'])));
    expect(await undo(applied!.id!)).toMatchObject({ restored: [{ path: file }], failed: [] });
    expectSameBytes(before);
    expect(await opencodeConfig(sb)).not.toHaveProperty('tools');
  });
});

describe(`Qwen Code ${installedAgent('qwen').version}: the plan's excludeTools, as a Qwen session applies them`, () => {
  it("the copy's excludeTools leave it no tool in the session, the first keeps all of them; undo puts the field back after Qwen rewrote the file", async () => {
    await panelAdd(sb, 'qwen', 'user', 'echo', echo);
    await panelAdd(sb, 'qwen', 'user', 'copy', echo);
    const file = join(sb.home, '.qwen', 'settings.json');
    const before = snapshot([file]);
    const mcpTools = async () => (await qwenStartup(sb)).tools.filter((t) => t.startsWith('mcp__')).sort();
    const { plan: v, applied } = await plan('qwen');
    expect(v.fields).toEqual(['includeTools', 'excludeTools']);
    expect(applied).toMatchObject({ written: [{ path: file }], failed: [] });
    expect(await mcpTools()).toEqual(ECHO_TOOLS.map((t) => `mcp__echo__${t}`));
    // Qwen's session added its own "$version" to the file: undo puts back the plan's field, the key stays.
    expect(sb.read(file)).toContain('"$version"');
    expect(await undo(applied!.id!)).toMatchObject({ restored: [{ path: file }], failed: [] });
    const servers = (b: string) => (JSON.parse(b) as { mcpServers: unknown }).mcpServers;
    expect(servers(sb.read(file)!)).toEqual(servers(before.get(file)!.toString('utf8')));
  });
});
