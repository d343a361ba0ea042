// The servers view's first paint stays light (issue 40 item 3: 50 rows painted ≤ 500 ms after
// load): a row is drawn again only when its own server changes, and its tooltips mount when
// hovered (HoverTip) yet show, hide and close on Escape as Mantine's own; its menu mounts on
// first use (MoreMenu) yet works by mouse and keyboard as before.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountView, ok, type Mounted } from '../mount';
import { serverRow, serversView } from '../fake-bridge';

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
    // (`format` is a getter on the prototype; typed as a plain member, so vi.spyOn sees a property.)
    const proto: { readonly format: unknown } = Intl.DateTimeFormat.prototype;
    const format = vi.spyOn(proto, 'format', 'get');
    act(() => m!.emit('servers.stateChanged', { id: 'configured:minimax:s07', state: { kind: 'connected', code: 'connected', reason: '', since: 2, toolCount: 9, connectMs: 40 }, toolCount: 9 }));
    expect(within(rowOf('s07')).getByTestId('tools')).toHaveTextContent('9 tools');
    expect(format).toHaveBeenCalledTimes(1);
    expect(within(rowOf('s08')).getByTestId('tools')).toHaveTextContent('3 tools');
  });
});

describe('row tooltips mounted on first hover (HoverTip)', () => {
  it('shows on hover, hides on leave, shows again, and Escape closes it', async () => {
    m = await mountView('servers', { 'servers.list': ok(serversView([serverRow({ name: 'ro', readOnly: true, layer: 'project', path: '/work/proj/.mcp.json' }), serverRow({ name: 'rw' })])) });
    const user = userEvent.setup();
    const flag = within(rowOf('ro')).getByTestId('read-only');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(flag);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The agent treats /work/proj/.mcp.json as read-only');
    await user.unhover(flag);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    await user.hover(flag);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('read-only');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it("a path's tooltip shows the whole path after its delay; the copy button's says what it copies", async () => {
    m = await mountView('servers', { 'servers.list': ok(serversView([serverRow({ name: 'fs' })])) });
    const user = userEvent.setup();
    const path = rowOf('fs').querySelector('[data-path="/home/u/.minimax-code/mcp.json"] > span:last-of-type') as HTMLElement;
    await user.hover(path);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('/home/u/.minimax-code/mcp.json');
    await user.unhover(path);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    await user.hover(within(rowOf('fs')).getByRole('button', { name: 'Copy path: /home/u/.minimax-code/mcp.json' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('/home/u/.minimax-code/mcp.json');
  });
});

describe("a row's menu mounted on first use (MoreMenu)", () => {
  it('opens by keyboard with focus in the menu, arrows move through its items, Escape returns focus to the button', async () => {
    m = await mountView('servers', { 'servers.list': ok(serversView([serverRow({ name: 'alpha' }), serverRow({ name: 'beta' })])) });
    const user = userEvent.setup();
    const more = () => screen.getByRole('button', { name: 'More actions for alpha' });
    expect(more()).toHaveAttribute('aria-haspopup', 'menu');
    expect(more()).toHaveAttribute('aria-expanded', 'false');
    more().focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(more()).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.getAttribute('aria-label'))).toEqual(['Details alpha', 'Logs alpha', 'Edit alpha', 'Disable alpha']);
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('aria-label', 'Logs alpha');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(more()));
    // Once mounted it stays a Menu: Space opens it again.
    await user.keyboard(' ');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('a click opens it and an item runs its action', async () => {
    m = await mountView('servers', { 'servers.list': ok(serversView([serverRow({ name: 'alpha' })])) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More actions for alpha' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit alpha' }));
    expect(m.store.getState().section).toBe('editor');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
