// A server row's actions in one line (issue 14: rows ≤ 64 px): Reconnect (or Log in when the
// server waits for a login) as a button, everything else in a menu. Labels name the server, so
// a screen reader's list of buttons says which row each belongs to.
import { Button, Menu } from '@mantine/core';
import type { ServerRow } from '../../../../shared/contract';
import { notify } from '../../components/notify';
import { useApp, useT } from '../../store-context';
import { wantsToken } from '../../../../shared/tray';
import { rowReason } from './row-reason';
import { MoreMenu } from './MoreMenu';
import { group } from '../../components/markup';

/** Reconnect, with its outcome as a notification: the row changes too, but may be off screen. */
export function useReconnect(row: ServerRow): () => Promise<void> {
  const t = useT();
  const locale = useApp((s) => s.locale);
  const reconnect = useApp((s) => s.reconnect);
  return async () => {
    const r = await reconnect(row.id);
    if (!r.ok) return notify(t, { tone: 'error', message: t('servers.actionFailed', { name: row.name, message: r.error.message }) });
    // The outcome the host answered: connected with its tools, or the new state's reason.
    const { server } = r.value;
    if (server.state.kind === 'connected') notify(t, { tone: 'ok', message: t('servers.reconnectDone', { name: row.name, count: server.state.toolCount }) });
    else notify(t, { tone: server.state.kind === 'failed' ? 'error' : 'info', message: t('servers.actionFailed', { name: row.name, message: rowReason(locale, server) }) });
  };
}

/** Enable or disable; a refusal (a read-only file, a locked write) is said with what to do. */
function useSetEnabled(row: ServerRow): (enabled: boolean) => Promise<void> {
  const t = useT();
  const setEnabled = useApp((s) => s.setEnabled);
  return async (enabled) => {
    const r = await setEnabled(row.id, enabled);
    if (!r.ok) notify(t, { tone: 'error', message: t('servers.actionFailed', { name: row.name, message: r.error.message }) });
  };
}

/** Shows the server's stderr and traffic in the logs view. */
export function useShowLogs(row: ServerRow): () => void {
  const showLogs = useApp((s) => s.showLogs);
  const setSection = useApp((s) => s.setSection);
  return () => {
    void showLogs(row.id);
    setSection('logs');
  };
}

export function RowActions({ row }: { row: ServerRow }) {
  const t = useT();
  const busy = useApp((s) => !!s.busy[row.id]);
  const setEnabled = useSetEnabled(row);
  const openEditor = useApp((s) => s.openEditor);
  const openDetail = useApp((s) => s.openDetail);
  const setSection = useApp((s) => s.setSection);
  const login = useApp((s) => s.login);
  const reconnect = useReconnect(row);
  const logs = useShowLogs(row);
  const name = row.name;
  // AUTH-1: a server that answered 401 without OAuth metadata wants a token: no Log in to offer.
  const needsLogin = row.state.kind === 'needs-auth' && !wantsToken(row.agent);
  // A disabled server's next step is to enable it: that is its button, not a Reconnect it cannot do.
  const enableFirst = !row.enabled && !row.readOnly;
  return (
    <div {...group({ gap: 4, wrap: 'nowrap', justify: 'flex-end' })}>
      {needsLogin ? (
        <Button
          size="compact-sm"
          onClick={() => {
            setSection('login');
            void login(row.id);
          }}
          aria-label={`${t('login.login')} ${name}`}
        >
          {t('login.login')}
        </Button>
      ) : row.state.kind === 'failed' ? null /* the explanation row below has Reconnect, beside the reason */ : enableFirst ? (
        <Button size="compact-sm" variant="default" loading={busy} onClick={() => void setEnabled(true)} aria-label={`${t('servers.enable')} ${name}`}>
          {t('servers.enable')}
        </Button>
      ) : (
        <Button size="compact-sm" variant="default" loading={busy} disabled={!row.runnable} onClick={() => void reconnect()} aria-label={`${t('servers.reconnect')} ${name}`}>
          {t('servers.reconnect')}
        </Button>
      )}
      <MoreMenu label={t('servers.more', { name })}>
        {row.state.kind === 'connected' && (
          <Menu.Item onClick={() => openDetail(row.id)} aria-label={`${t('servers.details')} ${name}`}>
            {t('servers.details')}
          </Menu.Item>
        )}
        {needsLogin && (
          <Menu.Item disabled={busy || !row.runnable} onClick={() => void reconnect()} aria-label={`${t('servers.reconnect')} ${name}`}>
            {t('servers.reconnect')}
          </Menu.Item>
        )}
        <Menu.Item onClick={logs} aria-label={`${t('nav.logs')} ${name}`}>
          {t('nav.logs')}
        </Menu.Item>
        {!row.readOnly && (
          <>
            <Menu.Item onClick={() => openEditor({ mode: 'edit', id: row.id })} aria-label={`${t('servers.edit')} ${name}`}>
              {t('servers.edit')}
            </Menu.Item>
            {!enableFirst && (
            <Menu.Item disabled={busy} onClick={() => void setEnabled(!row.enabled)} aria-label={`${row.enabled ? t('servers.disable') : t('servers.enable')} ${name}`}>
              {row.enabled ? t('servers.disable') : t('servers.enable')}
            </Menu.Item>
            )}
          </>
        )}
      </MoreMenu>
    </div>
  );
}
