// UI-6: log in / out per OAuth server with progress (waiting for the browser, exchanging the
// code), cancel, errors that say what to do; token status without any secret (SEC-2). In the
// browser the page itself opens the sign-in page (the host cannot reach this browser).
// A login belongs to the server URL, not to the profile: the view says so, and logging out says
// it ended the login for every profile. Servers that need no login get no Log in button, and
// where tokens are kept is said once per row, as it really is (keychain or this session).
import { useEffect } from 'react';
import type { AuthRow, LoginProgress } from '../../../../shared/contract';
import { useApp, useT } from '../../store-context';

function Progress({ p, onCancel }: { p: LoginProgress; onCancel(): void }) {
  const t = useT();
  switch (p.type) {
    case 'discovering':
      return (
        <span className="progress" role="status">
          {t('login.discovering')} <button onClick={onCancel}>{t('login.cancel')}</button>
        </span>
      );
    case 'waiting-for-browser':
      return (
        <span className="progress" role="status">
          {p.opened ? t('login.waitingOpened') : t('login.waiting')}{' '}
          {!p.opened && (
            <a href={p.url} target="_blank" rel="noopener noreferrer" data-testid="login-link">
              {t('login.openPage')}
            </a>
          )}{' '}
          <button onClick={onCancel}>{t('login.cancel')}</button>
        </span>
      );
    case 'exchanging':
      return (
        <span className="progress" role="status">
          {t('login.exchanging')}
        </span>
      );
    case 'done':
      return (
        <span className="ok" role="status">
          {t('login.done')}
        </span>
      );
    case 'failed':
      return (
        <span className="error" role="alert">
          {t('login.failed', { reason: p.reason })}
        </span>
      );
  }
}

/** Only these can be logged in to: the others need no login, or use a static token. */
const CAN_LOG_IN: ReadonlySet<AuthRow['state']> = new Set(['unknown', 'logged-out', 'logged-in', 'expired', 'needs-auth']);

function Row({ row, keychain }: { row: AuthRow; keychain: boolean }) {
  const t = useT();
  const p = useApp((s) => s.progress[row.id]);
  const loggedOutUrl = useApp((s) => s.loggedOut[row.id]);
  const login = useApp((s) => s.login);
  const cancel = useApp((s) => s.cancelLogin);
  const logout = useApp((s) => s.logout);
  const running = p && (p.type === 'discovering' || p.type === 'waiting-for-browser' || p.type === 'exchanging');
  const oauth = CAN_LOG_IN.has(row.state);
  return (
    <tr data-server={row.name} data-auth={row.state}>
      <th scope="row">
        {row.name}
        <div className="muted small">{row.url}</div>
      </th>
      <td data-testid="auth-state">{t(`login.state.${row.state}`)}</td>
      <td data-testid="auth-token">
        {row.tokenStored ? (keychain ? t('login.storedKeychain') : t('login.storedSession')) : oauth ? t('login.notStored') : ''}
        {row.expiresAt && <div className="small">{t('login.expires', { at: t.dateTime(Date.parse(row.expiresAt)) })}</div>}
        {row.scopes.length > 0 && <div className="small">{t('login.scopes', { scopes: row.scopes.join(' ') })}</div>}
        {row.issuer && <div className="small">{t('login.issuer', { issuer: row.issuer })}</div>}
      </td>
      <td className="actions">
        {oauth && (
          <button type="button" disabled={running} onClick={() => void login(row.id)} aria-label={`${t('login.login')} ${row.name}`}>
            {t('login.login')}
          </button>
        )}
        {row.tokenStored && (
          <button
            type="button"
            disabled={running}
            onClick={() => void logout(row.id)}
            aria-label={`${t('login.logout')} ${row.name}`}
            title={t('login.logoutTitle', { url: row.url ?? row.name })}
          >
            {t('login.logout')}
          </button>
        )}
        {!oauth && <span className="muted small">{row.state === 'static' ? t('login.staticHelp') : ''}</span>}
        <div>
          {p ? (
            <Progress p={p} onCancel={() => void cancel(row.id)} />
          ) : (
            loggedOutUrl !== undefined && (
              <span className="ok" role="status">
                {t('login.loggedOutAll', { url: loggedOutUrl })}
              </span>
            )
          )}
        </div>
      </td>
    </tr>
  );
}

export function LoginView() {
  const t = useT();
  const auth = useApp((s) => s.auth);
  const error = useApp((s) => s.authError);
  const load = useApp((s) => s.loadAuth);
  const progress = useApp((s) => s.progress);
  const setSection = useApp((s) => s.setSection);
  useEffect(() => void load(), [load]);
  // Browser mode: open the sign-in page in a new tab as soon as the host has the URL.
  useEffect(() => {
    for (const p of Object.values(progress)) {
      if (p.type === 'waiting-for-browser' && !p.opened && !opened.has(p.url)) {
        opened.add(p.url);
        window.open(p.url, '_blank', 'noopener');
      }
    }
  }, [progress]);
  return (
    <section aria-labelledby="login-title" className="login">
      <h2 id="login-title">{t('nav.login')}</h2>
      {auth && !auth.keychain.available && (
        <div className="banner warning" role="status" data-testid="keychain-warning">
          {t('login.noKeychain', { reason: auth.keychain.reason ?? '' })} {auth.keychain.fix}
        </div>
      )}
      {error && (
        <div className="banner error" role="alert">
          {error.message}
        </div>
      )}
      {!auth ? (
        <p className="progress">{t('login.loading')}</p>
      ) : !auth.servers.some((r) => r.url !== null) ? (
        <div className="empty">
          <p>{t('login.empty')}</p>
          <button type="button" onClick={() => setSection('editor')}>
            {t('login.addRemote')}
          </button>
        </div>
      ) : (
        <table className="grid" data-testid="auth-table">
          <thead>
            <tr>
              <th scope="col">{t('servers.col.name')}</th>
              <th scope="col">{t('login.col.state')}</th>
              <th scope="col">{t('login.col.token')}</th>
              <th scope="col">{t('servers.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {auth.servers.map((r) => (
              <Row key={r.id} row={r} keychain={auth.keychain.available} />
            ))}
          </tbody>
        </table>
      )}
      {auth?.servers.some((r) => r.url !== null) && (
        <p className="muted small" data-testid="login-shared">
          {t('login.shared')}
        </p>
      )}
    </section>
  );
}

/** URLs already opened in this page (a progress event can be re-applied). */
const opened = new Set<string>();
