// Issue 24 item 4 and AGENT-6 on the Servers view: another agent's entry that runs the same program
// as one of the selected agent's servers, but for an agent declaring other client capabilities,
// says why it is not checked (the server may offer that agent other tools); one that runs
// something else says only "not checked". When the other agents cannot be read, the section says
// so with a way to ask again, and a change to their files asks again by itself.
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentServers } from '../../../shared/contract';
import { serverRow, serversView } from '../fake-bridge';
import { called, mountView, ok, settle } from '../mount';

let off: (() => void) | null = null;
afterEach(() => {
  off?.();
  cleanup();
});

const others: AgentServers = {
  selected: { 'configured:minimax:everything': 'node everything.js' },
  agents: [
    {
      profile: 'codex',
      agent: 'Codex CLI',
      servers: [
        { name: 'everything', enabled: true, sharedWith: null, identity: 'node everything.js' },
        { name: 'other', enabled: true, sharedWith: null, identity: 'node other.js' },
      ],
    },
  ],
};

describe('other agents on the Servers view', () => {
  it('the same program checked for another agent\'s capabilities only says so; another program says only "not checked"', async () => {
    const m = await mountView('servers', { 'servers.list': ok(serversView([serverRow({ name: 'everything' })])), 'install.agentServers': ok(others) });
    off = m.off;
    await settle();
    const codex = within(screen.getByTestId('other-agents')).getByRole('table', { name: 'Codex CLI' });
    const same = within(codex).getAllByRole('row').find((r) => r.getAttribute('data-server') === 'everything')!;
    expect(within(same).getByTestId('other-capabilities')).toHaveTextContent('runs the same as everything, but Codex CLI declares other client capabilities than MiniMax Code');
    const other = within(codex).getAllByRole('row').find((r) => r.getAttribute('data-server') === 'other')!;
    expect(within(other).getByTestId('state')).toHaveTextContent('not checked');
    expect(within(other).queryByTestId('other-capabilities')).toBeNull();
  });

  it('a failed read says why with a Try again that asks again; the alert stays while it does, and the list replaces it', async () => {
    const failed = { ok: false, error: { code: 'unavailable', message: 'cannot read ~/.codex/config.toml' } };
    let release!: () => void;
    const answers = [failed, new Promise((r) => (release = () => r(ok(others))))];
    const m = await mountView('servers', { 'install.agentServers': () => answers.shift() });
    off = m.off;
    await settle();
    const section = screen.getByTestId('other-agents');
    expect(within(section).getByRole('alert')).toHaveTextContent("Could not read the other agents’ servers: cannot read ~/.codex/config.toml");
    expect(within(section).queryByRole('table')).toBeNull();

    await userEvent.setup().click(within(section).getByRole('button', { name: 'Try again' }));
    expect(m.calls.filter((c) => c.method === 'install.agentServers')).toHaveLength(2);
    // Asked, not answered yet: the alert keeps its place, its button shows the question under way.
    expect(within(section).getByRole('alert')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Try again' })).toHaveAttribute('data-loading', 'true');

    await act(async () => release());
    await settle();
    expect(within(screen.getByTestId('other-agents')).queryByRole('alert')).toBeNull();
    expect(within(screen.getByTestId('other-agents')).getByRole('table', { name: 'Codex CLI' })).toBeInTheDocument();
  });

  it('in Chinese the failure and its button are in Chinese', async () => {
    const m = await mountView('servers', { 'install.agentServers': { ok: false, error: { code: 'unavailable', message: 'x' } } }, { locale: 'zh' });
    off = m.off;
    await settle();
    expect(within(screen.getByTestId('other-agents')).getByRole('alert')).toHaveTextContent('无法读取其他智能体的服务器：x');
    expect(within(screen.getByTestId('other-agents')).getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('another agent\'s files changing asks again, and its new servers show', async () => {
    let answer: AgentServers = { selected: {}, agents: [] };
    const m = await mountView('servers', { 'install.agentServers': () => ok(answer) }, { bridgeContext: true });
    off = m.off;
    await settle();
    expect(screen.queryByTestId('other-agents')).toBeNull();
    const asked = m.calls.filter((c) => c.method === 'install.agentServers').length;
    answer = others;
    act(() => m.emit('install.agentsChanged', { at: 2 }));
    await called(m, 'install.agentServers');
    expect(m.calls.filter((c) => c.method === 'install.agentServers')).toHaveLength(asked + 1);
    await waitFor(() => expect(within(screen.getByTestId('other-agents')).getByRole('table', { name: 'Codex CLI' })).toBeInTheDocument());
  });
});
