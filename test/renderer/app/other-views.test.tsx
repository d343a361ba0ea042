import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { called, mountApp, mountView, ok, settle } from '../mount';

let off: (() => void) | null = null;
afterEach(() => {
  off?.();
  cleanup();
  sessionStorage.clear();
});

const simulation = (rules: { allow: string[]; ask: string[]; deny: string[] }) => ({
  profile: 'minimax',
  defaultDecision: 'ask',
  tools: [
    { name: 'mcp__gh__issues', decision: rules.deny.includes('mcp__gh') ? 'deny' : 'ask', rule: rules.deny.includes('mcp__gh') ? { list: 'deny', index: 0, rule: 'mcp__gh' } : null, note: null },
  ],
  rules: [
    ...rules.deny.map((rule, index) => ({ list: 'deny', index, rule, matches: 1, neverMatches: false, shadowedBy: null, unmatchable: null, notes: [], source: null })),
    ...rules.allow.map((rule, index) => ({ list: 'allow', index, rule, matches: 0, neverMatches: true, shadowedBy: rule === 'mcp__gh__issues' ? { list: 'deny', index: 0, rule: 'mcp__gh' } : null, unmatchable: rule.split('__').length > 3 ? { code: 'minimax-segments', params: { n: 4 } } : null, notes: [], source: null })),
  ],
});
const USER_FILE = '/home/u/.minimax-code/mcp.json';
const ruleLayers = { layers: [{ layer: 'user', path: USER_FILE, exists: true, trusted: true, readOnly: false, hash: 'h1', rules: { allow: [], ask: [], deny: [] }, problem: null }] };
type SimInput = { layers: { rules: { allow: string[]; ask: string[]; deny: string[] } }[] };

describe('permissions (UI-4)', () => {
  it('typing rules re-simulates in the host; decisions, shadowed and never-match rules show', async () => {
    const m = await mountView('permissions', { 'permissions.read': ok(ruleLayers), 'permissions.simulate': (input: SimInput) => ok(simulation(input.layers[0]!.rules)) });
    off = m.off;
    await called(m, 'permissions.simulate'); // the rule files are read first; the simulation follows them
    const decision = () => within(document.querySelector('tr[data-tool="mcp__gh__issues"]') as HTMLElement).getByTestId('decision');
    expect(decision()).toHaveTextContent('ask');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Deny'), 'mcp__gh');
    await user.type(screen.getByLabelText('Allow'), 'mcp__gh__issues{Enter}mcp__gh__a__b');
    // Simulated as you type (debounced): wait for the call that has every rule typed.
    await called(m, 'permissions.simulate', (input) => (input as SimInput).layers[0]!.rules.allow.length === 2);
    expect(decision()).toHaveTextContent('deny');
    expect(document.querySelector('tr[data-rule="mcp__gh__issues"]')).toHaveTextContent('Shadowed by deny #1 mcp__gh');
    expect(document.querySelector('tr[data-rule="mcp__gh__a__b"]')).toHaveTextContent('Can never match: 4 segments');
    const last = m.calls.filter((c) => c.method === 'permissions.simulate').at(-1)!.input;
    expect(last).toEqual({ layers: [{ layer: 'user', path: USER_FILE, rules: { allow: ['mcp__gh__issues', 'mcp__gh__a__b'], ask: [], deny: ['mcp__gh'] } }], defaultDecision: 'ask' });
  });
});

const plan = {
  deferred: true,
  reason: 'over-threshold',
  explanation: '40000 tokens > 0.15 × 200000 = 30000: configured tools move behind tool_search',
  model: 'minimax/MiniMax-M2',
  contextWindow: 200000,
  estTokens: 40000,
  totalTokens: 40000,
  thresholdTokens: 30000,
  contextShare: 0.2,
  perServer: [{ server: 'alpha', tools: 400, tokens: 40000, deferrable: true }],
  addedTools: ['tool_search', 'mcp_invoke'],
  options: { enabled: true, thresholdPct: 0.15, minDeferCount: 1, modelWhitelist: ['minimax/*'], origins: { enabled: 'default', thresholdPct: 'default', minDeferCount: 'default', modelWhitelist: 'env' } },
  profileNote: null,
};

describe('disclosure (UI-5)', () => {
  it('shows cost, the verdict and ranked tool_search results for a Chinese query', async () => {
    const m = await mountView('disclosure', { 'disclosure.plan': ok(plan), 'disclosure.search': ok({ ok: true, mode: 'keyword', results: [{ name: 'mcp__alpha__weather', score: 3.2, description: '查询天气', truncated: false }], error: null }) });
    off = m.off;
    await settle();
    expect(screen.getByTestId('disclosure-verdict')).toHaveTextContent('Deferred disclosure kicks in.');
    expect(screen.getByTestId('disclosure-verdict')).toHaveTextContent('tool_search, mcp_invoke');
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByTestId('cost-table')).toHaveTextContent('40,000'); // Intl, the UI locale's digits
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('tool_search query'), '天气');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(m.calls).toContainEqual({ method: 'disclosure.search', input: { query: '天气', mode: 'keyword' } });
    expect(screen.getByTestId('search-results')).toHaveTextContent('mcp__alpha__weather');
    await user.clear(screen.getByLabelText('Context window (tokens)'));
    await user.type(screen.getByLabelText('Context window (tokens)'), '1000000');
    await settle();
    expect(m.calls.filter((c) => c.method === 'disclosure.plan').at(-1)!.input).toEqual({ model: 'minimax/MiniMax-M2', contextWindow: 1000000 });
  });
});

const authList = (state: string, stored: boolean) =>
  ok({
    servers: [{ id: 'configured:minimax:remote', name: 'remote', url: 'https://r.example/mcp', state, tokenStored: stored, expiresAt: stored ? '2030-01-01T00:00:00.000Z' : null, scopes: stored ? ['mcp:read'] : [], issuer: stored ? 'https://as.example/' : null, lastRefresh: null, busy: false }],
    keychain: { available: false, backend: 'memory', code: 'locked', detail: 'Cannot create an item in a locked collection', reason: 'the keychain is locked', fix: 'unlock it' },
  });

describe('login (UI-6)', () => {
  it('progress events drive the row; AUTH-5 is said plainly; token status has no secret', async () => {
    let stored = false;
    const m = await mountView('login', { 'auth.list': () => authList(stored ? 'logged-in' : 'needs-auth', stored), 'auth.login': ok({ started: true }), 'auth.cancel': ok({ cancelled: true }) });
    off = m.off;
    const opened: string[] = [];
    window.open = ((url: string) => (opened.push(url), null)) as typeof window.open;
    await settle();
    expect(screen.getByTestId('keychain-warning')).toHaveTextContent('the keychain is locked or refused access (Cannot create an item in a locked collection) — unlock your login keyring');
    const row = () => document.querySelector('tr[data-server="remote"]') as HTMLElement;
    expect(within(row()).getByTestId('auth-state')).toHaveTextContent('needs login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in remote' }));
    expect(m.calls).toContainEqual({ method: 'auth.login', input: { id: 'configured:minimax:remote' } });
    act(() => m.emit('auth.progress', { id: 'configured:minimax:remote', progress: { type: 'waiting-for-browser', url: 'https://as.example/authorize?x=1', opened: false } }));
    expect(row()).toHaveTextContent('Waiting for you to approve in the browser.');
    expect(within(row()).getByTestId('login-link')).toHaveAttribute('href', 'https://as.example/authorize?x=1');
    expect(opened).toEqual(['https://as.example/authorize?x=1']);
    expect(within(row()).getByRole('button', { name: /^Log in/ })).toBeDisabled();
    await userEvent.setup().click(within(row()).getByRole('button', { name: 'Cancel' }));
    expect(m.calls).toContainEqual({ method: 'auth.cancel', input: { id: 'configured:minimax:remote' } });
    act(() => m.emit('auth.progress', { id: 'configured:minimax:remote', progress: { type: 'exchanging' } }));
    expect(row()).toHaveTextContent('Exchanging the code for a token');
    stored = true;
    act(() => m.emit('auth.progress', { id: 'configured:minimax:remote', progress: { type: 'done', scopes: ['mcp:read'], expiresAt: null, keychain: false } }));
    await settle();
    expect(row()).toHaveTextContent('Logged in.');
    expect(row()).toHaveTextContent('kept for this session only (no keychain)');
    expect(within(row()).getByTestId('auth-state')).toHaveTextContent('logged in');
    expect(row()).toHaveTextContent('scopes: mcp:read');
    expect(row()).toHaveTextContent('issuer: https://as.example/');
  });

  it('a failed login says what to do', async () => {
    const m = await mountView('login', { 'auth.list': () => authList('logged-out', false) });
    off = m.off;
    await settle();
    act(() => m.emit('auth.progress', { id: 'configured:minimax:remote', progress: { type: 'failed', reason: 'callback state abc did not match', code: 'state-mismatch' } }));
    expect(screen.getByRole('alert')).toHaveTextContent('Login failed: the answer did not belong to the login the panel started (state check failed). Try again');
    expect(screen.getByRole('alert')).not.toHaveTextContent('abc');
  });
});

describe('logs (UI-7) and settings (UI-9)', () => {
  it('logs are searchable and copyable', async () => {
    const m = await mountView('logs', {
      'logs.get': ok({ stderr: ['starting', 'listening on stdio'], traffic: [{ at: 1, dir: 'out', kind: 'request', method: 'tools/list', text: '{"method":"tools/list"}' }, { at: 2, dir: 'in', kind: 'response', method: null, text: '{"result":{}}' }], live: true, pid: 42 }),
    });
    off = m.off;
    await settle();
    expect(screen.getByTestId('stderr')).toHaveTextContent('listening on stdio');
    expect(screen.getByTestId('traffic').querySelectorAll('li')).toHaveLength(2);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search the logs'), 'tools/list');
    expect(screen.getByTestId('traffic').querySelectorAll('li')).toHaveLength(1);
    expect(screen.queryByTestId('stderr')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toContain('→ {"method":"tools/list"}');
  });

  it('language and theme are switchable; "system" follows the system locale again', async () => {
    // The whole shell: it is App that puts the language and theme on the page.
    const m = await mountApp({});
    off = m.off;
    act(() => m.store.getState().setSection('settings'));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Language', { selector: '#set-lang' }), 'zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(screen.getByRole('heading', { name: '设置' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('主题'), 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.selectOptions(screen.getByLabelText('语言', { selector: '#set-lang' }), 'system');
    expect(document.documentElement.lang).toBe('en');
    await user.selectOptions(screen.getByLabelText('Theme'), 'system');
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});
