// BRIDGE-4 views over the fake bridge: the live table follows `bridges.changed`; the offer words
// the host's advice codes, shows the exact line, installs and restores, and words refusals.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeOffer as Offer } from '../../../shared/contract';
import type { LiveBridge } from '../../../shared/schemas/bridge';
import { BridgeOffer } from '../../../renderer/src/features/bridges/BridgeOffer';
import { LiveBridges } from '../../../renderer/src/features/bridges/LiveBridges';
import { createAppStore } from '../../../renderer/src/stores/app-store';
import { StoreContext } from '../../../renderer/src/store-context';
import { PanelThemeProvider } from '../../../renderer/src/theme';
import { fakeBridge } from '../fake-bridge';
import { ok, settle } from '../mount';

afterEach(cleanup);

function mount(answers: Record<string, unknown>, ui: (b: ReturnType<typeof fakeBridge>['bridge']) => React.ReactNode, locale: 'en' | 'zh' = 'en') {
  const fake = fakeBridge(answers);
  const store = createAppStore(fake.bridge, locale);
  render(
    <StoreContext.Provider value={store}>
      <PanelThemeProvider theme="light">{ui(fake.bridge)}</PanelThemeProvider>
    </StoreContext.Provider>,
  );
  return fake;
}

const live = (over: Partial<LiveBridge>): LiveBridge => ({ pid: 4242, agentPid: 4000, agentName: 'kimi', server: 'docs', profile: 'kimi', workspace: null, origin: 'https://docs.example', since: Date.UTC(2026, 11, 1, 8, 0, 0), calls: 12, lastError: null, updatedAt: 1, ...over });

describe('LiveBridges', () => {
  it('lists the running bridges and follows bridges.changed', async () => {
    const fake = mount({ 'bridges.list': ok({ bridges: [live({})] }) }, (b) => <LiveBridges bridge={b} />);
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('kimi (pid 4000)');
    expect(row).toHaveTextContent('docs');
    expect(row).toHaveTextContent('12');
    expect(row).toHaveTextContent('—');
    await act(async () => fake.emit('bridges.changed', { bridges: [live({}), live({ pid: 5151, agentName: null, agentPid: 5000, server: 'notes', calls: 1, lastError: 'upstream 503' })] }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(document.querySelector('[data-bridge="5151"]')).toHaveTextContent('process (pid 5000)notes');
    expect(document.querySelector('[data-bridge="5151"]')).toHaveTextContent('upstream 503');
    await act(async () => fake.emit('bridges.changed', { bridges: [] }));
    expect(screen.getByText('No agent is using a server through the bridge right now.')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    mount({ 'bridges.list': ok({ bridges: [live({})] }) }, (b) => <LiveBridges bridge={b} />, 'zh');
    expect(await screen.findByText('智能体进程')).toBeInTheDocument();
    expect(screen.getByText('kimi（进程 4000）')).toBeInTheDocument();
  });
});

const offer: Offer = {
  server: 'notes',
  profile: 'minimax',
  layer: 'user',
  path: '/home/u/.minimax-code/mcp.json',
  advice: [
    { code: 'no_oauth', params: { agent: 'MiniMax Code' }, fixes: [{ kind: 'bridge', params: {} }] },
    { code: 'var_literal', params: { agent: 'MiniMax Code', vars: '${NOTES_TOKEN}', fields: 'headers' }, fixes: [{ kind: 'bridge', params: {} }] },
  ],
  installed: null,
  line: { command: '/usr/local/bin/mcp-panel', args: ['bridge', 'notes', '--profile', 'minimax'] },
  unavailable: null,
  sharedWith: [],
  machineSpecific: [],
};

describe('BridgeOffer', () => {
  it('says why, shows the line, installs, then offers the restore', async () => {
    let installed = false;
    const fake = mount(
      {
        'bridges.advice': () => ok(installed ? { ...offer, advice: [], line: null, installed: { layer: 'user', path: '/home/u/.minimax-code/mcp.json', installedAt: Date.UTC(2026, 11, 1) } } : offer),
        'bridges.install': () => {
          installed = true;
          return ok({ path: '/home/u/.minimax-code/mcp.json', layer: 'user', changed: true, replaced: true, line: offer.line });
        },
        'bridges.uninstall': () => {
          installed = false;
          return ok({ path: '/home/u/.minimax-code/mcp.json', layer: 'user', restored: 'exact' });
        },
      },
      (b) => <BridgeOffer bridge={b} serverId="configured:minimax:notes" />,
    );
    const region = await screen.findByTestId('bridge-offer');
    expect(within(region).getByText(/MiniMax Code cannot log in by OAuth/)).toBeInTheDocument();
    expect(within(region).getByText(/does not expand \$\{VAR\} in this entry’s headers: it sends \$\{NOTES_TOKEN\} as written/)).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('bridge-line').textContent!)).toEqual({ notes: offer.line });
    await userEvent.click(within(region).getByRole('button', { name: 'Use through the bridge' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The user file /home/u/.minimax-code/mcp.json now starts the bridge.');
    expect(fake.calls.filter((c) => c.method === 'bridges.install')).toEqual([{ method: 'bridges.install', input: { id: 'configured:minimax:notes' } }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore the original entry' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Restored /home/u/.minimax-code/mcp.json exactly as it was.');
    await settle();
    expect(screen.getByRole('button', { name: 'Use through the bridge' })).toBeInTheDocument();
  });

  it('after an install, each agent whose file was written (and those reading the same file) can be asked for its own word (AGENT-8)', async () => {
    const claude: Offer = { ...offer, profile: 'claude-code', layer: 'project', path: '/work/proj/.mcp.json', sharedWith: [{ profile: 'copilot', layer: 'project', agent: 'Copilot CLI' }] };
    mount(
      {
        'bridges.advice': () => ok(claude),
        'bridges.install': () => ok({ path: '/work/proj/.mcp.json', layer: 'project', changed: true, replaced: true, line: offer.line }),
        'agents.answers': ok({ answers: [] }),
      },
      (b) => <BridgeOffer bridge={b} serverId="configured:claude-code:notes" />,
    );
    const region = await screen.findByTestId('bridge-offer');
    expect(screen.queryByRole('button', { name: 'Ask Claude Code' })).toBeNull(); // nothing to ask before a write
    await userEvent.click(within(region).getByRole('button', { name: 'Use through the bridge' }));
    expect(await screen.findByRole('button', { name: 'Ask Claude Code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask Copilot CLI' })).toBeInTheDocument();
  });

  it('words a refusal from its code, in Chinese', async () => {
    mount(
      {
        'bridges.advice': ok({ ...offer, advice: [] }),
        'bridges.install': { ok: false, error: { code: 'refused', message: 'untrusted', data: { reason: 'untrusted_workspace', params: { workspace: '/work/proj' } } } },
      },
      (b) => <BridgeOffer bridge={b} serverId="configured:minimax:notes" />,
      'zh',
    );
    await userEvent.click(await screen.findByRole('button', { name: '通过桥接使用' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('工作区 /work/proj 尚未信任；请先信任它。');
  });

  it('minara: says why the bridge cannot be installed, and offers no button', async () => {
    mount({ 'bridges.advice': ok({ ...offer, profile: 'minara', advice: [], line: null, unavailable: 'stdio_unsupported' }) }, (b) => <BridgeOffer bridge={b} serverId="configured:minara:notes" />);
    expect(await screen.findByText(/Minara connects only to streamable-HTTP addresses/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
