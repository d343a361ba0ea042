// Issue 24 item 4 and AGENT-6 on the Servers view: another agent's entry that runs the same program
// as one of the selected agent's servers, but for an agent declaring other client capabilities,
// says why it is not checked (the server may offer that agent other tools); one that runs
// something else says only "not checked".
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentServers } from '../../../shared/contract';
import { serverRow, serversView } from '../fake-bridge';
import { mountView, ok, settle } from '../mount';

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
});
