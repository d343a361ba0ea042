// Issue 11 item 2, page side: the store takes the view `servers.changed` carries and does not
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

  it('an event without a view (events may have been missed) asks once', async () => {
    const { fake, store, off, lists } = setup();
    await store.getState().loadServers();
    fake.emit('servers.changed', { reason: 'event stream reconnected' });
    expect(lists()).toBe(2);
    off();
  });
});
