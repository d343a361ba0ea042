// Trust is never one click (issue 22): the banner's dialog lists each project server's command
// line or URL before anything is granted; Settings shows the panel's facts (version, data
// folder, keychain, kept secrets by name and owner only) and revokes a trust.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { About } from '../../../shared/contract';
import { TrustBanner } from '../../../renderer/src/components/TrustBanner';
import { SettingsView } from '../../../renderer/src/features/settings/SettingsView';
import { serverRow, serversView } from '../fake-bridge';
import { mountView, ok } from '../mount-view';

const untrusted = serversView(
  [
    serverRow({ name: 'mine' }),
    serverRow({ name: 'build', layer: 'project', path: '/work/proj/.mcp.json', trusted: false, target: 'npx -y evil-package --serve', state: { kind: 'disabled', code: 'untrusted', reason: '', since: 1 } }),
    serverRow({ name: 'docs', layer: 'project', path: '/work/proj/.mcp.json', trusted: false, transport: 'http', target: 'https://docs.example.com/mcp', state: { kind: 'disabled', code: 'untrusted', reason: '', since: 1 } }),
  ],
  { needsTrust: true },
);

const about = (over: Partial<About> = {}): About => ({
  version: '0.1.0',
  host: 'web',
  dataDir: '/home/u/.mcp-panel',
  keychain: { available: false, backend: 'memory', code: 'no-secret-service', detail: 'Cannot autolaunch D-Bus', reason: 'no Secret Service', fix: 'run one' },
  secrets: [{ profile: 'minimax', server: 'github', variable: 'GITHUB_TOKEN', layer: 'user', path: '/home/u/.minimax-code/mcp.json' }],
  trusted: [{ workspace: '/work/proj', trustedAt: '2026-12-01T10:00:00.000Z' }],
  ...over,
});

let off: (() => void) | undefined;
afterEach(() => {
  off?.();
  cleanup();
});

describe('trusting a workspace', () => {
  it('lists every project server with what it runs or where it connects; Cancel grants nothing', async () => {
    const m = await mountView(<TrustBanner />, { 'servers.list': ok(untrusted), 'workspace.trust': ok({ workspace: '/work/proj', trusted: true, trustedAt: '2026-01-01T00:00:00.000Z', changed: true, file: '/home/u/.mcp-panel/trust.json', loadedAt: 2 }) });
    off = m.off;
    await userEvent.click(screen.getByRole('button', { name: 'Review and trust…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trust proj?' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-server'))).toEqual(['build', 'docs']);
    expect(items[0]).toHaveTextContent('runs npx -y evil-package --serve');
    expect(items[1]).toHaveTextContent('connects to https://docs.example.com/mcp');
    expect(dialog).toHaveTextContent('You can revoke this in Settings.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(m.calls.some((c) => c.method === 'workspace.trust')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Review and trust…' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Trust and start them' }));
    await waitFor(() => expect(m.calls.filter((c) => c.method === 'workspace.trust').map((c) => c.input)).toEqual([{ workspace: '/work/proj', trusted: true }]));
  });

  it('says it in Chinese', async () => {
    const m = await mountView(<TrustBanner />, { 'servers.list': ok(untrusted) }, { locale: 'zh' });
    off = m.off;
    await userEvent.click(screen.getByRole('button', { name: '查看并信任…' }));
    const dialog = await screen.findByRole('dialog', { name: '信任 proj？' });
    expect(dialog).toHaveTextContent('运行 npx -y evil-package --serve');
    expect(within(dialog).getByRole('button', { name: '信任并启动' })).toBeInTheDocument();
  });
});

describe('Settings', () => {
  it('shows version, data folder, keychain state, kept secrets by name and owner, and revokes a trust', async () => {
    const m = await mountView(<SettingsView />, { 'app.about': ok(about()), 'workspace.trust': ok({ workspace: '/work/proj', trusted: false, trustedAt: null, changed: true, file: '/home/u/.mcp-panel/trust.json', loadedAt: 2 }), 'app.settings': ok({ theme: 'light', language: 'en' }) }, { servers: false });
    off = m.off;
    expect(await screen.findByTestId('about-version')).toHaveTextContent('0.1.0');
    expect(screen.getByTestId('about-data-dir')).toHaveTextContent('/home/u/.mcp-panel');
    const keychain = screen.getByTestId('about-keychain');
    expect(keychain).toHaveAttribute('data-available', 'false');
    expect(keychain).toHaveTextContent('not available: logins and secrets last only until the panel quits');
    expect(keychain).toHaveTextContent('no Secret Service is reachable over D-Bus (Cannot autolaunch D-Bus) — run a Secret Service');
    const secrets = screen.getByTestId('kept-secrets');
    expect(secrets).toHaveTextContent('github');
    expect(secrets).toHaveTextContent('GITHUB_TOKEN');
    expect(secrets).toHaveTextContent('/home/u/.minimax-code/mcp.json');

    const row = within(screen.getByTestId('trusted')).getByRole('row');
    expect(row).toHaveTextContent('/work/proj');
    m.answers['app.about'] = ok(about({ trusted: [] }));
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByTestId('trusted')).toBeNull());
    expect(m.calls.filter((c) => c.method === 'workspace.trust').map((c) => c.input)).toEqual([{ workspace: '/work/proj', trusted: false }]);
    expect(screen.getByText('No workspace is trusted: project servers do not start anywhere.')).toBeInTheDocument();
  });

  it('a working keychain and no secrets, in Chinese', async () => {
    const m = await mountView(<SettingsView />, { 'app.about': ok(about({ keychain: { available: true, backend: 'keychain', code: null, detail: null, reason: null, fix: null }, secrets: [], trusted: [] })), 'app.settings': ok({ theme: 'light', language: 'zh' }) }, { locale: 'zh', servers: false });
    off = m.off;
    expect(await screen.findByTestId('about-keychain')).toHaveTextContent('可用：登录信息和密钥保存在系统钥匙串中');
    expect(screen.getByText('钥匙串中没有保存服务器密钥。')).toBeInTheDocument();
  });
});
