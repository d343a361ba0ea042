// Issue 14 item 8: a failed row explains itself in a row under it: the diagnosis with its fix,
// the last line the server wrote on stderr (logs.get through the bridge), Reconnect and Logs in
// place; and the servers view mounts the live agent bridges (BRIDGE-4) when it has the bridge.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../renderer/src/App';
import { connectStore, createAppStore } from '../../../renderer/src/stores/app-store';
import { BridgeContext, StoreContext } from '../../../renderer/src/store-context';
import { fakeBridge, rowMenu, serverRow, serversView } from './fake-bridge';

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  cleanup();
});

const failed = serverRow({ name: 'crashy', state: { kind: 'failed', code: 'exited_at_once', params: { exit: 3 }, reason: 'fatal: API_KEY missing', since: 5, retryAt: null }, toolCount: null, connectMs: null });

async function mount() {
  const fake = fakeBridge({
    'servers.list': { ok: true, value: serversView([failed, serverRow({ name: 'fine' })]) },
    'logs.get': { ok: true, value: { stderr: ['loading config', 'fatal: API_KEY missing', ''], traffic: [], live: false, pid: null } },
    'bridges.list': { ok: true, value: { bridges: [] } },
  });
  const store = createAppStore(fake.bridge, 'en');
  dispose = connectStore(store, fake.bridge);
  render(
    <StoreContext.Provider value={store}>
      <BridgeContext.Provider value={fake.bridge}>
        <App />
      </BridgeContext.Provider>
    </StoreContext.Provider>,
  );
  await act(async () => {
    await store.getState().loadServers();
  });
  return { ...fake, store };
}

describe('a failed row explains itself (issue 14 item 8)', () => {
  it('shows the diagnosis, the last stderr line, and Reconnect and Logs that act on this server', async () => {
    const { calls, store } = await mount();
    const explain = within(document.querySelector('tr[data-explains="crashy"]') as HTMLElement);
    expect(explain.getByTestId('diagnosis')).toHaveTextContent('fatal: API_KEY missing');
    expect(await explain.findByTestId('last-stderr')).toHaveTextContent('fatal: API_KEY missing');
    expect(calls).toContainEqual({ method: 'logs.get', input: { id: 'configured:minimax:crashy' } });
    // Only the failed stdio row asks for its stderr.
    expect(calls.filter((c) => c.method === 'logs.get')).toHaveLength(1);
    expect(document.querySelector('tr[data-explains="fine"]')).toBeNull();
    const user = userEvent.setup();
    await user.click(explain.getByRole('button', { name: 'Reconnect crashy' }));
    expect(calls).toContainEqual({ method: 'servers.reconnect', input: { id: 'configured:minimax:crashy' } });
    await user.click(explain.getByRole('button', { name: 'Logs crashy' }));
    expect(store.getState().section).toBe('logs');
  });

  it('a connected row opens its detail view from the menu', async () => {
    const { store } = await mount();
    await rowMenu(userEvent.setup(), 'fine', 'Details');
    expect(store.getState().section).toBe('detail');
    expect(store.getState().detailServer).toBe('configured:minimax:fine');
  });

  it('mounts the live agent bridges under the servers', async () => {
    await mount();
    expect(await screen.findByTestId('live-bridges')).toBeInTheDocument();
  });
});
