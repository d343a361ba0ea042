// UI-6: the login view says, per server, whether a login is needed at all, and says once where
// tokens are really kept. The answers go through the real contract client (validation runs).
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthRow } from '../../../shared/contract';
import { mountView, ok, settle } from '../mount';

let off: (() => void) | null = null;
afterEach(() => {
  off?.();
  cleanup();
});

const row = (name: string, state: AuthRow['state'], over: Partial<AuthRow> = {}): AuthRow => ({
  id: `configured:minimax:${name}`,
  name,
  url: `https://${name}.example/mcp`,
  state,
  tokenStored: false,
  expiresAt: null,
  scopes: [],
  issuer: null,
  lastRefresh: null,
  busy: false,
  ...over,
});

const ROWS: AuthRow[] = [
  row('local', 'not-applicable', { url: null }),
  row('open', 'not-applicable'),
  row('fresh', 'unknown'),
  row('locked', 'needs-auth'),
  row('secured', 'logged-in', { tokenStored: true, scopes: ['mcp:read'], issuer: 'https://as.example/' }),
];

const keychain = (available: boolean) =>
  available
    ? { available: true, backend: 'keychain', code: null, detail: null, reason: null, fix: null }
    : { available: false, backend: 'memory', code: 'no-secret-service', detail: 'Cannot autolaunch D-Bus without X11 $DISPLAY', reason: 'English for the CLI', fix: 'English for the CLI' };

async function open(available: boolean, rows = ROWS, extra: Record<string, unknown> = {}, locale: 'en' | 'zh' = 'en') {
  const m = await mountView('login', { 'auth.list': () => ok({ servers: rows, keychain: keychain(available) }), ...extra }, { locale });
  off = m.off;
  await settle();
  return m;
}

const tr = (name: string) => document.querySelector(`tr[data-server="${name}"]`) as HTMLElement;
const logInButton = (name: string) => within(tr(name)).queryByRole('button', { name: /^Log in/ });

describe('login view statuses (UI-6)', () => {
  it('no login needed (stdio, or a remote that answered without one): said so, and no Log in button', async () => {
    await open(true);
    for (const name of ['local', 'open']) {
      expect(within(tr(name)).getByTestId('auth-state')).toHaveTextContent('no login needed');
      expect(logInButton(name)).toBeNull();
      expect(tr(name)).not.toHaveTextContent('logged out');
      expect(tr(name)).not.toHaveTextContent('none stored');
    }
    expect(within(tr('fresh')).getByTestId('auth-state')).toHaveTextContent('unknown (the login state could not be read)');
    expect(within(tr('locked')).getByTestId('auth-state')).toHaveTextContent('needs login');
    expect(logInButton('locked')).toBeInTheDocument();
    expect(within(tr('secured')).getByTestId('auth-state')).toHaveTextContent('logged in');
  });

  it('Chinese: the same statuses in Chinese', async () => {
    await open(true, ROWS, {}, 'zh');
    expect(within(tr('open')).getByTestId('auth-state')).toHaveTextContent('无需登录');
    expect(within(tr('fresh')).getByTestId('auth-state')).toHaveTextContent('未知（无法读取登录状态）');
    expect(within(tr('secured')).getByTestId('auth-token')).toHaveTextContent('保存在钥匙串中');
  });
});

describe('where tokens are kept: said once, as it is', () => {
  it('keychain available: "kept in the keychain", never "session only"', async () => {
    const m = await open(true);
    expect(within(tr('secured')).getByTestId('auth-token')).toHaveTextContent('kept in the keychain');
    act(() => m.emit('auth.progress', { id: 'configured:minimax:secured', progress: { type: 'done', scopes: ['mcp:read'], expiresAt: null, keychain: true } }));
    await settle();
    expect(tr('secured')).toHaveTextContent('Logged in.');
    expect(document.body).not.toHaveTextContent(/session only|no keychain/i);
    expect(tr('secured').textContent!.match(/keychain/gi)).toHaveLength(1);
  });

  it('no keychain: "for this session only", never "in the keychain", even right after a login', async () => {
    const m = await open(false);
    act(() => m.emit('auth.progress', { id: 'configured:minimax:secured', progress: { type: 'done', scopes: ['mcp:read'], expiresAt: null, keychain: false } }));
    await settle();
    const text = tr('secured').textContent!;
    expect(within(tr('secured')).getByTestId('auth-token')).toHaveTextContent('kept for this session only (no keychain)');
    expect(text).not.toMatch(/stored in the keychain|kept in the keychain|token is in the keychain/);
    expect(text.match(/session only/g)).toHaveLength(1);
    expect(screen.getByTestId('keychain-warning')).toHaveTextContent('no Secret Service is reachable over D-Bus (Cannot autolaunch D-Bus without X11 $DISPLAY)');
    expect(screen.getByTestId('keychain-warning')).not.toHaveTextContent('English for the CLI');
  });

  it('UI-9: in Chinese, why there is no keychain and why a login failed are Chinese; the library\'s and server\'s own words stay as detail', async () => {
    const m = await open(false, ROWS, {}, 'zh');
    expect(screen.getByTestId('keychain-warning')).toHaveTextContent('无法通过 D-Bus 连接到 Secret Service（Cannot autolaunch D-Bus without X11 $DISPLAY）');
    act(() => m.emit('auth.progress', { id: 'configured:minimax:locked', progress: { type: 'failed', reason: 'the login timed out after 300 s', code: 'timeout' } }));
    await settle();
    expect(tr('locked')).toHaveTextContent('登录失败：未能及时在浏览器中批准登录');
    expect(tr('locked')).not.toHaveTextContent('timed out');
    act(() => m.emit('auth.progress', { id: 'configured:minimax:locked', progress: { type: 'failed', reason: 'invalid_scope (scope mcp:admin is not allowed)', code: 'authorization-denied' } }));
    await settle();
    expect(tr('locked')).toHaveTextContent('授权服务器拒绝了登录');
    expect(tr('locked')).toHaveTextContent('invalid_scope (scope mcp:admin is not allowed)');
  });
});

describe('a login belongs to the server URL', () => {
  it('the view says so; logging out says it ended the login for every profile', async () => {
    let stored = true;
    const m = await open(true, [], {
      'auth.list': () => ok({ servers: [row('secured', stored ? 'logged-in' : 'needs-auth', { tokenStored: stored })], keychain: keychain(true) }),
      'auth.logout': () => ((stored = false), ok({ url: 'https://secured.example/mcp', removed: 4, revoked: true, revokeError: null })),
    });
    expect(screen.getByTestId('login-shared')).toHaveTextContent('every agent’s entry that points there, and every bridge to it, uses the same login');
    const logout = within(tr('secured')).getByRole('button', { name: 'Log out secured' });
    expect(logout).toHaveAttribute('title', 'Log out of https://secured.example/mcp for every profile and entry that uses it');
    await userEvent.setup().click(logout);
    await settle();
    expect(m.calls).toContainEqual({ method: 'auth.logout', input: { id: 'configured:minimax:secured' } });
    expect(tr('secured')).toHaveTextContent('Logged out of https://secured.example/mcp for every profile.');
    expect(within(tr('secured')).getByTestId('auth-state')).toHaveTextContent('needs login');
  });
});
