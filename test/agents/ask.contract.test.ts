// AGENT-8 against the agents' own CLIs: `mcp-panel agents --ask` finds the agent's command on
// PATH, shows the command line before it runs, runs only its reading command in a workspace the
// panel trusts, and compares the agent's listing with its own reading of the same files, per
// entry. The parsers are the product's (shared/profiles/<agent>/agent-cli.ts), read here from the
// pinned agents' real output.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentAnswer } from '../../shared/profiles/agent-answer';
import { installedAgent } from './helpers/installed';
import { panelAdd, stdioFixture } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';

let sb: Sandbox | undefined;
afterEach(() => sb?.cleanup());

interface Asked {
  workspace: string;
  answers: AgentAnswer[];
  failed: Array<{ profile: string; error: { code: string; message: string; data?: { reason?: string } } }>;
}

const echo = stdioFixture('echo');

describe(`asking the agents (Claude Code ${installedAgent('claude-code').version}, Codex ${installedAgent('codex').version})`, () => {
  it('every detected agent on PATH is asked with its own listing; each entry the panel wrote agrees, and the answer is kept', async () => {
    sb = await createSandbox({ git: true });
    const remote = await sb.http('echo');
    await panelAdd(sb, 'claude-code', 'user', 'echo', echo);
    await panelAdd(sb, 'claude-code', 'user', 'remote', { url: remote.url });
    await panelAdd(sb, 'codex', 'user', 'echo', echo);
    sb.installOnPath('claude-code', 'claude');
    sb.installOnPath('codex', 'codex');
    const asked = await sb.panelJson<Asked>(['agents', '--ask', '--workspace', sb.workspace]);
    expect(asked.failed).toEqual([]);
    const by = new Map(asked.answers.map((a) => [a.profile, a]));
    expect(by.get('claude-code')).toMatchObject({ command: ['claude', 'mcp', 'list'], version: installedAgent('claude-code').version, startsServers: true });
    expect(by.get('codex')).toMatchObject({ command: ['codex', 'mcp', 'list', '--json'], version: installedAgent('codex').version, startsServers: false });
    const verdicts = (p: AgentAnswer['profile']) => Object.fromEntries(by.get(p)!.entries.map((e) => [e.name, e.verdict]));
    expect(verdicts('claude-code')).toEqual({ echo: 'agrees', remote: 'agrees' });
    expect(verdicts('codex')).toEqual({ echo: 'agrees' });
    expect(by.get('claude-code')!.entries.find((e) => e.name === 'remote')!.agent).toMatchObject({ state: 'runs', target: remote.url });
    // The agent's last word, kept in the panel's own folder with its time.
    const kept = JSON.parse(sb.read('.mcp-panel/agent-answers.json') ?? 'null') as { answers: AgentAnswer[] } | null;
    expect(kept?.answers.map((a) => a.profile).sort()).toEqual(['claude-code', 'codex']);
  });

  it('a server switched off by Codex\'s own switch: both say off; the text output shows the command line before the answer', async () => {
    sb = await createSandbox({ git: true });
    await panelAdd(sb, 'codex', 'user', 'echo', echo);
    await sb.panel(['server', 'disable', 'echo', '--profile', 'codex', '--layer', 'user']);
    sb.installOnPath('codex', 'codex');
    const r = await sb.panel(['agents', '--ask', 'codex', '--workspace', sb.workspace]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('Asking Codex CLI: codex mcp list --json');
    expect(lines[1]).toMatch(/^Codex CLI \S+ answered: 1 of 1 entries agree$/);
    expect(lines[2]).toMatch(/^ {2}= echo {2}agrees$/);
    const kept = JSON.parse((await sb.panel(['agents', '--ask', 'codex', '--workspace', sb.workspace, '--json'])).stdout) as Asked;
    expect(kept.answers[0]!.entries[0]).toMatchObject({ name: 'echo', verdict: 'agrees', panel: { state: 'off' }, agent: { state: 'off' } });
  });

  it('in a workspace the panel does not trust, nothing is run and the answer says how to trust it', async () => {
    sb = await createSandbox({ git: true, panelTrust: false });
    await panelAdd(sb, 'codex', 'user', 'echo', echo);
    sb.installOnPath('codex', 'codex');
    const r = await sb.panel(['agents', '--ask', 'codex', '--workspace', sb.workspace, '--json']);
    expect(r.code).toBe(1);
    const asked = JSON.parse(r.stdout) as Asked;
    expect(asked.answers).toEqual([]);
    expect(asked.failed[0]).toMatchObject({ profile: 'codex', error: { code: 'refused', data: { reason: 'untrusted' } } });
    expect(asked.failed[0]!.error.message).toContain(`mcp-panel trust --workspace ${sb.workspace}`);
  });
});
