// The servers view's first paint stays light (issue 40 item 3: 50 rows painted ≤ 500 ms after
// load): a row is drawn again only when its own server changes.
import { act, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountView, ok, type Mounted } from '../views/mount';
import { serverRow, serversView } from './fake-bridge';

let m: Mounted | null = null;
afterEach(() => {
  m?.off();
  m?.unmount();
  m = null;
  vi.restoreAllMocks();
});

const rowOf = (name: string) => document.querySelector(`tr[data-server="${name}"]`) as HTMLElement;
const names = Array.from({ length: 20 }, (_, i) => `s${String(i).padStart(2, '0')}`);

describe('servers view: rows drawn once (issue 40)', () => {
  it('a state event draws its own row again, not the other 19', async () => {
    m = await mountView('servers', { 'servers.list': ok(serversView(names.map((name) => serverRow({ name })))) });
    expect(document.querySelectorAll('tr[data-server]')).toHaveLength(20);
    // Each drawing of a row formats its state's time once (the state badge's title): counting the
    // formatter's use counts the rows drawn.
    const format = vi.spyOn(Intl.DateTimeFormat.prototype, 'format', 'get');
    act(() => m!.emit('servers.stateChanged', { id: 'configured:minimax:s07', state: { kind: 'connected', code: 'connected', reason: '', since: 2, toolCount: 9, connectMs: 40 }, toolCount: 9 }));
    expect(within(rowOf('s07')).getByTestId('tools')).toHaveTextContent('9 tools');
    expect(format).toHaveBeenCalledTimes(1);
    expect(within(rowOf('s08')).getByTestId('tools')).toHaveTextContent('3 tools');
  });
});
