// The one read model, page side: the store takes the view `servers.changed` carries and does not
// ask `servers.list` again after an event or after its own actions; only an event without a
// view (the web transport after a reconnect, when events may have been missed) refetches.
import { describe, expect, it, vi } from 'vitest';
import { createAppStore, connectStore } from '../../../../renderer/src/stores/app-store';
import { fakeBridge, serverRow, serversView } from '../../../renderer/fake-bridge';

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

  it('the first list shows when it comes though a refetch was asked meanwhile; an answer older than the one shown is dropped', async () => {
    // The page asks for the list, then the event stream opens and asks again (issue 40: the
    // first answer was dropped and the rows waited for the second).
    const answers: ((v: unknown) => void)[] = [];
    const fake = fakeBridge({ 'servers.list': () => new Promise((r) => answers.push(r)) });
    const store = createAppStore(fake.bridge);
    const off = connectStore(store, fake.bridge);
    const names = () => store.getState().view?.servers.map((s) => s.name);
    const first = store.getState().loadServers();
    fake.emit('servers.changed', { reason: 'event stream connected' });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!(ok(serversView([serverRow({ name: 'alpha' })])));
    await first;
    expect(names()).toEqual(['alpha']);
    answers[1]!(ok(serversView([serverRow({ name: 'alpha' }), serverRow({ name: 'beta' })])));
    await vi.waitFor(() => expect(names()).toEqual(['alpha', 'beta']));
    // Out of order: the later request answers first, the earlier one's answer is then dropped.
    const third = store.getState().loadServers();
    const fourth = store.getState().loadServers();
    await vi.waitFor(() => expect(answers).toHaveLength(4));
    answers[3]!(ok(serversView([serverRow({ name: 'gamma' })])));
    await fourth;
    answers[2]!(ok(serversView([serverRow({ name: 'old' })])));
    await third;
    expect(names()).toEqual(['gamma']);
    off();
  });

  it('a list that repeats a row keeps the row object on screen (the memoised table draws only what changed)', async () => {
    const { fake, store, off } = setup();
    await store.getState().loadServers();
    const alpha = store.getState().view!.servers[0]!;
    fake.emit('servers.changed', { reason: 'beta saved', view: serversView([serverRow({ name: 'alpha' }), serverRow({ name: 'beta' })]) });
    expect(store.getState().view!.servers[0]).toBe(alpha);
    fake.emit('servers.changed', { reason: 'alpha edited', view: serversView([serverRow({ name: 'alpha', target: 'node other.js' }), serverRow({ name: 'beta' })]) });
    expect(store.getState().view!.servers[0]).not.toBe(alpha);
    expect(store.getState().view!.servers[0]!.target).toBe('node other.js');
    off();
  });
});
