import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../renderer/src/App';
import { connectStore, createAppStore, type AppStore } from '../../../renderer/src/stores/app-store';
import { StoreContext } from '../../../renderer/src/store-context';
import { chooseOption, fakeBridge, rowMenu, serverRow, serversView } from '../fake-bridge';

const profiles = {
  ok: true,
  value: {
    profiles: [
      { profile: 'kimi', detected: true, evidence: ['/home/u/.kimi-code'] },
      { profile: 'minimax', detected: false, evidence: [] },
      { profile: 'minara', detected: false, evidence: [] },
    ],
    recentWorkspaces: ['/work/proj', '/work/other'],
    selection: { profile: 'kimi', workspace: '/work/proj' },
  },
};

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  cleanup();
  // Notifications live in a store of Mantine's own, outside the rendered tree.
  act(() => notifications.clean());
});

async function mount(answers: Record<string, unknown>, locale: 'en' | 'zh' = 'en') {
  const fake = fakeBridge({ 'profiles.detect': profiles, ...answers });
  const store: AppStore = createAppStore(fake.bridge, locale);
  const off = connectStore(store, fake.bridge);
  dispose = off;
  render(
    <StoreContext.Provider value={store}>
      <App />
    </StoreContext.Provider>,
  );
  await act(async () => {
    await Promise.all([store.getState().loadProfiles(), store.getState().loadServers()]);
  });
  return { ...fake, store, off };
}

const rowOf = (name: string) => document.querySelector(`tr[data-server="${name}"]`) as HTMLElement;

describe('servers view (UI-1)', () => {
  it('groups by layer, shows transport, state, tools, connect time, provenance and a broken file beside the good servers', async () => {
    const view = serversView(
      [
        serverRow({ name: 'github', shadows: [{ layer: 'user', path: '/home/u/.minimax-code/mcp.json' }], layer: 'project', path: '/work/proj/.mcp.json' }),
        serverRow({ name: 'fs' }),
        serverRow({ name: 'down', state: { kind: 'failed', code: 'connect_failed', reason: 'spawn nope ENOENT', since: 1, retryAt: null }, toolCount: null, connectMs: null, lastError: 'spawn nope ENOENT' }),
      ],
      { problems: [{ path: '/work/proj/.mcp.local.json', pointer: '', message: 'value expected', severity: 'error', line: 3, column: 7 }] },
    );
    await mount({ 'servers.list': { ok: true, value: view } });
    const tables = document.querySelectorAll('table[data-layer]');
    expect([...tables].map((t) => t.getAttribute('data-layer'))).toEqual(['user', 'project']);
    expect(within(rowOf('fs')).getByTestId('state')).toHaveTextContent('connected');
    expect(within(rowOf('fs')).getByTestId('tools')).toHaveTextContent('3 tools');
    expect(rowOf('fs')).toHaveTextContent('120 ms');
    // The whole path stays in the page (elided in the middle by CSS only), with a copy button.
    expect(rowOf('fs').querySelector('[data-path="/home/u/.minimax-code/mcp.json"]')).toHaveTextContent('/home/u/.minimax-code/mcp.json');
    expect(within(rowOf('fs')).getByRole('button', { name: 'Copy path: /home/u/.minimax-code/mcp.json' })).toBeInTheDocument();
    expect(within(rowOf('github')).getByTestId('shadows')).toHaveTextContent('shadows 1 entry');
    await userEvent.setup().hover(within(rowOf('github')).getByTestId('shadows'));
    expect(await screen.findByText('shadows /home/u/.minimax-code/mcp.json (user)')).toBeInTheDocument();
    expect(rowOf('down')).toHaveTextContent('spawn nope ENOENT');
    // Failed: explained in a row of its own under it, with Reconnect and Logs in place.
    const explain = within(document.querySelector('tr[data-explains="down"]') as HTMLElement);
    expect(explain.getByTestId('diagnosis')).toHaveTextContent('spawn nope ENOENT');
    expect(explain.getByRole('button', { name: 'Reconnect down' })).toBeInTheDocument();
    expect(explain.getByRole('button', { name: 'Logs down' })).toBeInTheDocument();
    expect(screen.getByTestId('problem')).toHaveTextContent('/work/proj/.mcp.local.json:3:7');
    expect(document.title).toBe('MCP Panel — 3 servers · 2 connected · 1 failed · 6 tools');
    expect(document.getElementById('favicon')?.dataset.state).toBe('failed');
  });

  it("the tab title says how far over its tool limit the selected agent is (CTX-1, tools.limits)", async () => {
    const { limitStanding } = await import('../../../shared/context/limits');
    const { profileFacts } = await import('../../../shared/profiles');
    const standing = { ...limitStanding(profileFacts('cursor'), Array.from({ length: 52 }, () => ({ tokens: 10 })), { contextWindow: 200_000 }), agent: 'Cursor' };
    const m = await mount({ 'servers.list': { ok: true, value: serversView([serverRow({ name: 'fs', toolCount: 52 })]) }, 'tools.limits': { ok: true, value: { limits: [{ ...standing, profile: 'minimax' }] } } });
    // The figures are the standing's (a 40-tool cap given here), said of the selected agent.
    await waitFor(() => expect(document.title).toContain("MiniMax Code: 52 tools, ~520 tokens: over MiniMax Code's 40 in total by 12"));
    expect(m.calls.find((c) => c.method === 'tools.limits')?.input).toEqual({ agents: ['minimax'] });
  });

  it('filters, reconnects and toggles through the bridge', async () => {
    const beta = serverRow({ name: 'beta', transport: 'http', target: 'https://x/mcp' });
    const view = serversView([serverRow({ name: 'alpha' }), beta]);
    // Each action answers the row it changed (issue 36 item 2): the row shown takes it.
    const after = { ...beta, state: { ...beta.state, since: beta.state.since + 1, toolCount: 5 }, toolCount: 5 };
    const { calls } = await mount({
      'servers.list': { ok: true, value: view },
      'servers.reconnect': { ok: true, value: { server: after } },
      'servers.setEnabled': { ok: true, value: { server: { ...after, enabled: false, state: { kind: 'disabled', code: 'disabled_in_config', reason: '', since: after.state.since + 1 } } } },
    });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), 'http');
    expect(rowOf('alpha')).toBeNull();
    expect(rowOf('beta')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reconnect beta' }));
    // The result of an action is said where the eye is, not only in the row.
    expect(await screen.findByText('beta: connected again, 5 tools')).toBeInTheDocument();
    expect(within(rowOf('beta')).getByTestId('tools')).toHaveTextContent('5 tools');
    await rowMenu(user, 'beta', 'Disable');
    await waitFor(() => expect(within(rowOf('beta')).getByTestId('state')).toHaveTextContent('disabled'));
    expect(calls.filter((c) => !['servers.list', 'profiles.detect', 'install.agentServers', 'tools.limits'].includes(c.method))).toEqual([
      { method: 'servers.reconnect', input: { id: 'configured:minimax:beta' } },
      { method: 'servers.setEnabled', input: { id: 'configured:minimax:beta', enabled: false } },
    ]);
  });

  it('Reconnect follows the host\'s runnable flag, not a rule of its own', async () => {
    const view = serversView([serverRow({ name: 'alpha', runnable: false }), serverRow({ name: 'beta' })]);
    await mount({ 'servers.list': { ok: true, value: view } });
    expect(screen.getByRole('button', { name: 'Reconnect alpha' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reconnect beta' })).toBeEnabled();
  });

  it('a read-only project server offers no disable or edit, and says why', async () => {
    const ro = serverRow({ name: 'repo', layer: 'project', path: '/work/proj/.mcp.json', readOnly: true });
    await mount({ 'servers.list': { ok: true, value: serversView([ro, serverRow({ name: 'mine' })]) } });
    const row = within(rowOf('repo'));
    expect(row.getByTestId('read-only')).toHaveAttribute('title', expect.stringContaining('/work/proj/.mcp.json'));
    expect(row.getByRole('button', { name: 'Reconnect repo' })).toBeEnabled();
    const user = userEvent.setup();
    await user.click(row.getByRole('button', { name: 'More actions for repo' }));
    expect(await screen.findByRole('menuitem', { name: 'Logs repo' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Disable|Edit/ })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(rowOf('mine')).getByRole('button', { name: 'More actions for mine' }));
    expect(await screen.findByRole('menuitem', { name: 'Disable mine' })).toBeEnabled();
  });

  it('a state event patches the row; a malformed event is dropped', async () => {
    const { emit } = await mount({ 'servers.list': { ok: true, value: serversView([serverRow({ name: 'alpha' })]) } });
    act(() => emit('servers.stateChanged', { id: 'configured:minimax:alpha', state: { kind: 'failed', code: 'connect_failed', reason: 'connection closed', since: 2, retryAt: 12 }, toolCount: null }));
    expect(within(rowOf('alpha')).getByTestId('state')).toHaveTextContent('failed');
    expect(rowOf('alpha')).toHaveTextContent('connection closed');
    act(() => emit('servers.stateChanged', { id: 'configured:minimax:alpha', state: { kind: 'bogus' } }));
    expect(within(rowOf('alpha')).getByTestId('state')).toHaveTextContent('failed');
  });

  it('an action error is shown with its message', async () => {
    await mount({
      'servers.list': { ok: true, value: serversView([serverRow({ name: 'alpha' })]) },
      'servers.setEnabled': { ok: false, error: { code: 'refused', message: 'minimax project files are read-only' } },
    });
    await rowMenu(userEvent.setup(), 'alpha', 'Disable');
    expect(screen.getByRole('alert')).toHaveTextContent('read-only');
  });

  it('trust banner for an untrusted kimi workspace calls workspace.trust', async () => {
    const view = serversView([serverRow({ name: 'proj', layer: 'project', trusted: false, state: { kind: 'disabled', code: 'untrusted', reason: '', since: 1 } })], {
      profile: 'kimi',
      needsTrust: true,
    });
    const { calls } = await mount({ 'servers.list': { ok: true, value: view } });
    const user = userEvent.setup();
    // Issue 22: the banner opens the list of what trusting starts; the dialog grants it.
    await user.click(screen.getByRole('button', { name: 'Review and trust…' }));
    expect(calls.some((c) => c.method === 'workspace.trust')).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Trust and start them' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'workspace.trust', input: { workspace: '/work/proj', trusted: true } }));
  });

  it('pickers list detected agents first and select through the bridge', async () => {
    const { calls } = await mount({ 'servers.list': { ok: true, value: serversView([]) } });
    const agent = screen.getByRole('combobox', { name: /Agent/ });
    const user = userEvent.setup();
    await user.click(agent);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['kimi (detected)', 'minimax (not found)', 'minara (not found)']);
    await user.keyboard('{Escape}');
    await chooseOption(user, agent, 'minara (not found)');
    expect(calls).toContainEqual({ method: 'profiles.select', input: { profile: 'minara', workspace: '/work/proj' } });
    expect(screen.getByText(/No servers configured/)).toBeInTheDocument();
  });

  it('navigation is keyboard reachable; every section has its view; Chinese works', async () => {
    await mount({ 'servers.list': { ok: true, value: serversView([serverRow({ name: 'alpha' })]) }, 'tools.list': { ok: true, value: { profile: 'minimax', servers: [], tools: [], collisions: [], agents: ['minimax'], limits: [] } } }, 'zh');
    const user = userEvent.setup();
    const tools = screen.getByRole('button', { name: '工具' });
    tools.focus();
    await user.keyboard('{Enter}');
    expect(tools).toHaveAttribute('aria-current', 'page');
    expect(document.querySelector('main')).toHaveAttribute('data-section', 'tools');
    expect(await screen.findByText(/还没有工具/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '服务器' }));
    expect(within(rowOf('alpha')).getByTestId('state')).toHaveTextContent('已连接');
  });
});

describe("servers view: the agent's-eye verdict (issue 22)", () => {
  const verdict = (status: 'usable' | 'unusable', issues: NonNullable<ReturnType<typeof serverRow>['agent']>['issues'] = []) => ({ profile: 'minimax' as const, agent: 'MiniMax Code', status, issues });
  const bridgeFix = [{ kind: 'bridge' as const, params: {} }];

  it('shows the verdict beside the panel state, and the dialog lists the reasons and offers the bridge line in place', async () => {
    const notes = serverRow({ name: 'notes', transport: 'http', agent: verdict('unusable', [{ code: 'no_oauth', params: { agent: 'MiniMax Code' }, fixes: bridgeFix }]) });
    const fs = serverRow({ name: 'fs', agent: verdict('usable') });
    const offer = { server: 'notes', profile: 'minimax', layer: 'user', path: notes.path, advice: notes.agent!.issues, installed: null, line: { command: '/usr/bin/mcp-panel', args: ['bridge', 'notes', '--profile', 'minimax'] }, unavailable: null, sharedWith: [], machineSpecific: [] };
    const m = await mount({ 'servers.list': { ok: true, value: serversView([notes, fs]) }, 'bridges.advice': { ok: true, value: offer } });
    const user = userEvent.setup();
    expect(within(rowOf('fs')).getByRole('button', { name: 'MiniMax Code: usable — fs' })).toHaveTextContent('usable');
    const badge = within(rowOf('notes')).getByTestId('agent-verdict');
    expect(badge).toHaveAccessibleName('MiniMax Code: unusable — notes');
    // The panel connected (its own login); the row says what the agent will do.
    expect(within(rowOf('notes')).getByTestId('state')).toHaveTextContent('connected');
    expect(within(rowOf('notes')).getByTestId('agent-reason')).toHaveTextContent('MiniMax Code cannot log in by OAuth, and this server asks for a login');
    await user.click(badge);
    const dialog = await screen.findByTestId('agent-verdict-dialog');
    expect(within(dialog).getByTestId('agent-issues')).toHaveTextContent('MiniMax Code cannot log in by OAuth, and this server asks for a login');
    expect(JSON.parse((await within(dialog).findByTestId('bridge-line')).textContent!)).toEqual({ notes: offer.line });
    expect(m.calls).toContainEqual({ method: 'bridges.advice', input: { id: notes.id } });
  });

  it('a server that answered 401 without OAuth metadata: "wants a token", and no Log in button', async () => {
    const vault = serverRow({
      name: 'vault',
      transport: 'http',
      state: { kind: 'needs-auth', code: 'auth_required', reason: 'login required', since: 1 },
      toolCount: null,
      agent: verdict('unusable', [{ code: 'token_required', params: { agent: 'MiniMax Code', variable: 'VAULT_TOKEN' }, fixes: bridgeFix }]),
    });
    const notes = serverRow({ name: 'notes', transport: 'http', state: { kind: 'needs-auth', code: 'auth_required', reason: 'login required', since: 1 }, toolCount: null });
    await mount({ 'servers.list': { ok: true, value: serversView([vault, notes]) } });
    expect(within(rowOf('vault')).queryByRole('button', { name: 'Log in vault' })).toBeNull();
    expect(within(rowOf('vault')).getByTestId('reason')).toHaveTextContent('this server wants a token: it answered 401 and offers no OAuth login');
    expect(within(rowOf('notes')).getByRole('button', { name: 'Log in notes' })).toBeInTheDocument();
  });

  it('a state event carries the new verdict to the row', async () => {
    const slow = serverRow({ name: 'slow', transport: 'http', agent: verdict('usable') });
    const m = await mount({ 'servers.list': { ok: true, value: serversView([slow]) } });
    const issues = [{ code: 'slow' as const, params: { agent: 'MiniMax Code', ms: 3500, budget: 2000, seconds: 3.5, budgetSeconds: 2 }, fixes: [] }];
    await act(async () => m.emit('servers.stateChanged', { id: slow.id, state: { kind: 'connected', code: 'connected', reason: '', since: 5, toolCount: 1, connectMs: 3500 }, toolCount: 1, agent: verdict('unusable', issues) }));
    expect(within(rowOf('slow')).getByTestId('agent-reason')).toHaveTextContent('MiniMax Code gets no tools from it this turn: answered in 3.5 s, budget 2 s');
  });

  it("a plugin's server (AGENT-9): its own table, the plugin named, read-only; in Chinese too", async () => {
    const plug = serverRow({ name: 'plugin:tools:db', layer: 'plugin', path: '/home/u/.claude/plugins/cache/m/tools/1.0.0/.mcp.json', readOnly: true, contributedBy: { kind: 'plugin', name: 'tools' } });
    await mount({ 'servers.list': { ok: true, value: serversView([plug, serverRow({ name: 'fs' })]) } });
    expect(within(rowOf('plugin:tools:db')).getByTestId('contributed')).toHaveTextContent('added by its plugin “tools”: read-only here');
    expect(within(rowOf('fs')).queryByTestId('contributed')).toBeNull();
    expect(rowOf('plugin:tools:db').closest('table')).toHaveAttribute('data-layer', 'plugin');
    dispose?.();
    cleanup();
    await mount({ 'servers.list': { ok: true, value: serversView([{ ...plug, contributedBy: { kind: 'extension', name: 'notes' } }]) } }, 'zh');
    expect(within(rowOf('plugin:tools:db')).getByTestId('contributed')).toHaveTextContent('由扩展“notes”添加：此处只读');
  });

  it('a row whose tool texts were flagged (CONN-11): its count, kept up by state events; the badge opens its tools', async () => {
    const mail = serverRow({ name: 'mail', findings: 3 });
    const m = await mount({ 'servers.list': { ok: true, value: serversView([mail, serverRow({ name: 'fs' })]) } });
    expect(within(rowOf('mail')).getByTestId('server-findings')).toHaveTextContent('3 findings');
    expect(within(rowOf('fs')).queryByTestId('server-findings')).toBeNull();
    await act(async () => m.emit('servers.stateChanged', { id: mail.id, state: { kind: 'connected', code: 'connected', reason: '', since: 9, toolCount: 7, connectMs: 5 }, toolCount: 7, findings: 1 }));
    expect(within(rowOf('mail')).getByTestId('server-findings')).toHaveTextContent('1 finding');
    await act(async () => m.emit('servers.stateChanged', { id: mail.id, state: { kind: 'connected', code: 'connected', reason: '', since: 10, toolCount: 7, connectMs: 5 }, toolCount: 7, findings: 0 }));
    expect(within(rowOf('mail')).queryByTestId('server-findings')).toBeNull();
    await act(async () => m.emit('servers.stateChanged', { id: mail.id, state: { kind: 'connected', code: 'connected', reason: '', since: 11, toolCount: 7, connectMs: 5 }, toolCount: 7, findings: 2 }));
    await userEvent.setup().click(within(rowOf('mail')).getByTestId('server-findings'));
    expect(m.store.getState().section).toBe('tools');
    expect(m.store.getState().toolsFilter).toBe('mail');
  });
});
