// AGENT-8 in the page: a button per agent whose command line the panel knows, the command shown
// before anything runs, the agent's answer beside the panel's per entry, the last word loaded
// when the view opens, and a refusal (untrusted workspace) said with what to do.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AskAgents } from '../../../renderer/src/features/install/AskAgents';
import type { AgentAnswer } from '../../../shared/profiles/agent-answer';
import { called, mountView, ok } from '../mount';

afterEach(cleanup);

const agents = [
  { profile: 'claude-code' as const, agent: 'Claude Code' },
  { profile: 'minimax' as const, agent: 'MiniMax Code' },
];

const answer = (over: Partial<AgentAnswer> = {}): AgentAnswer => ({
  profile: 'claude-code',
  agent: 'Claude Code',
  workspace: '/work/proj',
  command: ['claude', 'mcp', 'list'],
  version: '2.1.332',
  at: Date.UTC(2026, 11, 7, 2, 0),
  startsServers: true,
  entries: [
    { name: 'echo', verdict: 'agrees', panel: { state: 'runs', target: 'node echo.mjs' }, agent: { state: 'runs', target: 'node echo.mjs', detail: '✔ Connected' } },
    { name: 'docs', verdict: 'state', panel: { state: 'runs', target: 'https://x/mcp' }, agent: { state: 'pending', target: 'https://x/mcp', detail: '⏸ Pending approval' } },
  ],
  ...over,
});

describe('asking the agents from Across agents', () => {
  it('offers only agents with a known command, shows it first, and says where the answer differs', async () => {
    const m = await mountView(() => <AskAgents agents={agents} />, { 'agents.answers': ok({ answers: [] }), 'agents.ask': ok(answer()) });
    expect(screen.queryByRole('button', { name: 'Ask MiniMax Code' })).toBeNull();
    const box = within(document.querySelector('[data-ask="claude-code"]') as HTMLElement);
    expect(box.getByText(/Runs: claude mcp list/)).toHaveTextContent('(its listing starts the servers it lists, as a health check)');
    expect(m.calls.some((c) => c.method === 'agents.ask')).toBe(false); // nothing runs until asked
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ask Claude Code' }));
    expect(await called(m, 'agents.ask')).toEqual({ profile: 'claude-code' });
    expect(await box.findByTestId('ask-answer')).toHaveTextContent('Claude Code 2.1.332 answered: 1 of 2 entries agree');
    expect(box.getByText(/^docs:/)).toHaveTextContent('docs: the panel says it runs, Claude Code says it waits for approval (⏸ Pending approval)');
  });

  it('shows the last word kept, and a refusal with what to do', async () => {
    await mountView(() => <AskAgents agents={agents} />, {
      'agents.answers': ok({ answers: [answer({ entries: [] })] }),
      'agents.ask': { ok: false, error: { code: 'refused', message: 'the panel does not trust /work/proj: trust the workspace first (mcp-panel trust --workspace /work/proj)', data: { reason: 'untrusted' } } },
    });
    expect(await screen.findByTestId('ask-answer')).toHaveTextContent('answered: 0 of 0 entries agree');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ask Claude Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('mcp-panel trust --workspace /work/proj');
  });
});
