// The one read model, page side: the store takes the view `servers.changed` carries and does not
// ask `servers.list` again after an event or after its own actions; only an event without a
// view (the web transport after a reconnect, when events may have been missed) refetches.
import { describe, expect, it } from 'vitest';
import { createAppStore, connectStore } from '../../../renderer/src/stores/app-store';
import { fakeBridge, serverRow, serversView } from '../../renderer/shell/fake-bridge';

const ok = (value: unknown) => ({ ok: true, value });

function setup() {
  const fake = fakeBridge({ 'servers.list': ok(serversView([serverRow({ name: 'alpha' })])), 'servers.setEnabled': ok({}) });
  const store = createAppStore(fake.bridge);
  const off = connectStore(store, fake.bridge);
  const lists = () => fake.calls.filter((c) => c.method === 'servers.list').length;
  return { fake, store, off, lists };
}

describe('the store follows the read model', () => {
  it('servers.changed with a view replaces the rows without a refetch', async () => {
    const { fake, store, off, lists } = setup();
    await store.getState().loadServers();
    expect(lists()).toBe(1);
    fake.emit('servers.changed', { reason: 'beta saved', view: serversView([serverRow({ name: 'alpha' }), serverRow({ name: 'beta' })]) });
    expect(store.getState().view?.servers.map((s) => s.name)).toEqual(['alpha', 'beta']);
    expect(lists()).toBe(1);
    off();
  });

  it('an action does not refetch: its event brings the rows', async () => {
    const { store, off, lists } = setup();
    await store.getState().loadServers();
    await store.getState().setEnabled('configured:minimax:alpha', false);
    expect(lists()).toBe(1);
    off();
  });

  it('a state event that arrives before an older list answer is not lost (the newer `since` wins)', async () => {
    // The list was computed while alpha was still pending (since 10); the connected event (since
    // 20) came over the WebSocket before the list answer was handled.
    const pending = serverRow({ name: 'alpha', state: { kind: 'pending', code: 'not_connected', reason: 'not connected yet', since: 10 }, toolCount: null, connectMs: null });
    const fake = fakeBridge({ 'servers.list': ok(serversView([pending])) });
    const store = createAppStore(fake.bridge);
    const off = connectStore(store, fake.bridge);
    fake.emit('servers.stateChanged', { id: 'configured:minimax:alpha', state: { kind: 'connected', code: 'connected', reason: 'connected', since: 20, toolCount: 7, connectMs: 900 }, toolCount: 7 });
    await store.getState().loadServers();
    expect(store.getState().view?.servers[0]).toMatchObject({ state: { kind: 'connected' }, toolCount: 7, connectMs: 900 });
    // A newer row (the config disabled it later) wins over the older event.
    fake.emit('servers.changed', { reason: 'alpha disabled', view: serversView([serverRow({ name: 'alpha', state: { kind: 'disabled', code: 'disabled_in_config', reason: 'off', since: 30 } })]) });
    expect(store.getState().view?.servers[0]?.state.kind).toBe('disabled');
    off();
  });

  it('an event without a view (events may have been missed) asks once', async () => {
    const { fake, store, off, lists } = setup();
    await store.getState().loadServers();
    fake.emit('servers.changed', { reason: 'event stream reconnected' });
    expect(lists()).toBe(2);
    off();
  });
});
