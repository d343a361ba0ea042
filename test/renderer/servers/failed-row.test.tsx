// Issue 14 item 8: a failed row explains itself in a row under it: the diagnosis with its fix,
// the last line the server wrote on stderr (logs.get through the bridge), Reconnect and Logs in
// place; and the servers view mounts the live agent bridges (BRIDGE-4) when it has the bridge.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mountView, ok } from '../mount';
import { rowMenu, serverRow, serversView } from '../fake-bridge';

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  cleanup();
});

const failed = serverRow({ name: 'crashy', state: { kind: 'failed', code: 'exited_at_once', params: { exit: 3 }, reason: 'fatal: API_KEY missing', since: 5, retryAt: null }, toolCount: null, connectMs: null });

/** The servers view with the bridge itself in context, as main.tsx gives it. */
async function mount() {
  const m = await mountView(
    'servers',
    {
      'servers.list': ok(serversView([failed, serverRow({ name: 'fine' })])),
      'logs.get': ok({ stderr: ['loading config', 'fatal: API_KEY missing', ''], traffic: [], live: false, pid: null }),
      'bridges.list': ok({ bridges: [] }),
    },
    { bridgeContext: true },
  );
  dispose = m.off;
  return m;
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
