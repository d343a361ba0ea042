import type { ServerRow, TryLaunchOutcome } from '../../../../shared/contract';
import type { Translator } from '../../../../shared/i18n';
import { describeReason, reasonSentence } from '../../../../shared/i18n/reasons';
import { isLaunchDiagnosis } from '../../../../shared/schemas/server';
import { useApp, useT } from '../../store-context';

/** What one start outside the pool printed, and the doctor's word on it. */
function TryOutput({ name, out, t, close }: { name: string; out: TryLaunchOutcome; t: Translator; close: () => void }) {
  const exit = out.exit ? (out.exit.code ?? out.exit.signal ?? '?') : '?';
  const outcome = out.answered ? t('doctor.answered', { ms: out.ms }) : out.timedOut ? t('doctor.timedOut', { ms: out.ms }) : out.started && out.exit ? t('doctor.exited', { exit, ms: out.ms }) : t('doctor.notStarted');
  return (
    <div className="try-output" role="region" aria-label={t('doctor.output', { name })} data-testid="try-output">
      <div className={out.answered ? 'small' : 'error'}>{outcome}</div>
      {out.diagnosis && <div className="error" data-testid="try-diagnosis">{describeReason(t.locale, out.diagnosis)}</div>}
      {out.started &&
        ([
          ['stdout', t('doctor.stdout'), out.stdout],
          ['stderr', t('doctor.stderr'), out.stderr],
        ] as const).map(([key, label, lines]) => (
          <div key={key}>
            <div className="small muted">{label}</div>
            <pre className="log" data-testid={`try-${key}`}>
              {lines.length ? lines.join('\n') : t('doctor.nothing')}
            </pre>
          </div>
        ))}
      <button type="button" onClick={close}>
        {t('doctor.close')}
      </button>
    </div>
  );
}

export function ServerRowView({ row }: { row: ServerRow }) {
  const t = useT();
  const busy = useApp((s) => !!s.busy[row.id]);
  const reconnect = useApp((s) => s.reconnect);
  const setEnabled = useApp((s) => s.setEnabled);
  const openEditor = useApp((s) => s.openEditor);
  const setSection = useApp((s) => s.setSection);
  const showLogs = useApp((s) => s.showLogs);
  const login = useApp((s) => s.login);
  const tried = useApp((s) => s.tries[row.id]);
  const tryLaunch = useApp((s) => s.tryLaunch);
  const closeTry = useApp((s) => s.closeTry);
  const canTry = row.transport === 'stdio' && row.state.kind === 'failed' && row.trusted;
  const state = row.state.kind;
  const canReconnect = row.runnable;
  const readOnlyWhy = row.readOnly ? t(row.layer === 'project' ? 'servers.readOnlyProject' : 'servers.readOnlyLayer', { path: row.path }) : undefined;
  return (
    <tr data-server={row.name} data-state={state}>
      <th scope="row">
        <span className="name">{row.name}</span>
        {row.deferred && <span className="badge">{t('servers.deferred')}</span>}
        {!row.trusted && <span className="badge warn">{t('servers.untrusted')}</span>}
        {row.readOnly && (
          <span className="badge" title={readOnlyWhy}>
            {t('servers.readOnly')}
          </span>
        )}
        {row.target && <div className="target">{row.target}</div>}
      </th>
      <td>{row.transport ?? '—'}</td>
      <td>
        <span className={`state state-${state}`} data-testid="state" title={t('servers.since', { time: t.dateTime(row.state.since) })}>
          {t(`state.${state}`)}
        </span>
        {/* UI-9: the host sends a code; the sentence is ours, the raw OS/server detail follows. */}
        {row.state.code !== 'connected' && row.state.code !== 'not_connected' && (
          <div className={state === 'failed' || state === 'needs-auth' ? 'error' : 'small muted'} role="note" aria-label={t('servers.reason')} data-testid="reason">
            {reasonSentence(t.locale, row.state)}
            {row.state.reason && <span className="detail">: {row.state.reason}</span>}
          </div>
        )}
        {tried && !tried.running && tried.result && <TryOutput name={row.name} out={tried.result} t={t} close={() => closeTry(row.id)} />}
        {tried?.error && (
          <div className="error" role="alert">
            {tried.error.message}
          </div>
        )}
        {row.state.kind === 'failed' && row.state.retryAt !== null && (
          <div className="small muted" data-testid="retry">
            {t('servers.retryAt', { time: t.time(row.state.retryAt) })}
          </div>
        )}
      </td>
      <td data-testid="tools">{row.toolCount === null ? '—' : t.plural('servers.tools', row.toolCount)}</td>
      <td>{row.connectMs === null ? '—' : t('servers.connectedIn', { ms: Math.round(row.connectMs) })}</td>
      <td className="provenance">
        <div title={row.pointer}>{t('servers.from', { path: row.path })}</div>
        {row.shadows.map((s) => (
          <div key={`${s.layer}:${s.path}`} className="shadow">
            {t('servers.shadows', { path: `${s.path} (${t(`layer.${s.layer}`)})` })}
          </div>
        ))}
      </td>
      <td className="actions">
        <button type="button" disabled={busy || !canReconnect} onClick={() => void reconnect(row.id)} aria-label={`${t('servers.reconnect')} ${row.name}`}>
          {t('servers.reconnect')}
        </button>
        {row.readOnly ? (
          <span className="muted readonly-note" title={readOnlyWhy}>
            {t('servers.readOnlyShort')}
          </span>
        ) : (
          <>
            <button type="button" disabled={busy} onClick={() => void setEnabled(row.id, !row.enabled)} aria-label={`${row.enabled ? t('servers.disable') : t('servers.enable')} ${row.name}`}>
              {row.enabled ? t('servers.disable') : t('servers.enable')}
            </button>
            <button type="button" onClick={() => openEditor({ mode: 'edit', id: row.id })} aria-label={`${t('servers.edit')} ${row.name}`}>
              {t('servers.edit')}
            </button>
          </>
        )}
        <button
          type="button"
          onClick={() => {
            void showLogs(row.id);
            setSection('logs');
          }}
          aria-label={`${t('nav.logs')} ${row.name}`}
        >
          {t('nav.logs')}
        </button>
        {canTry && (
          <button
            type="button"
            className={isLaunchDiagnosis(row.state.code) ? 'primary' : undefined}
            disabled={tried?.running}
            onClick={() => void tryLaunch(row.id)}
            aria-label={`${t('doctor.try')} ${row.name}`}
          >
            {tried?.running ? t('doctor.trying') : t('doctor.try')}
          </button>
        )}
        {state === 'needs-auth' && (
          <button
            type="button"
            className="primary"
            onClick={() => {
              setSection('login');
              void login(row.id);
            }}
            aria-label={`${t('login.login')} ${row.name}`}
          >
            {t('login.login')}
          </button>
        )}
      </td>
    </tr>
  );
}
