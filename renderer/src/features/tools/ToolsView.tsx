// UI-3: per server, the qualified names under the chosen profile and the other schemes side by
// side (NAME-4), collisions with who won and why, token cost, input schema, a call form, and
// changed tool lists since the last accepted snapshot (CONN-11).
import { useEffect, useMemo, useState } from 'react';
import { useApp, useT } from '../../store-context';
import { toolKey } from '../../stores/tools-slice';
import { collisionRoles, filterTools } from './filter';
import { ToolDetailPane } from './ToolDetailPane';
import { ToolList } from './ToolList';

export function ToolsView() {
  const t = useT();
  const view = useApp((s) => s.tools);
  const loading = useApp((s) => s.toolsLoading);
  const error = useApp((s) => s.toolsError);
  const load = useApp((s) => s.loadTools);
  const selected = useApp((s) => s.selectedTool);
  const select = useApp((s) => s.selectTool);
  const accept = useApp((s) => s.acceptSnapshot);
  const setSection = useApp((s) => s.setSection);
  const [filter, setFilter] = useState('');
  const server = useApp((s) => s.toolsServer);
  const setServer = useApp((s) => s.setToolsServer);

  useEffect(() => void load(), [load]);
  // A remembered server that is gone from the list (removed, other profile) means all servers.
  const active = server && view?.servers.some((s) => s.id === server) ? server : '';
  const rows = useMemo(() => filterTools(view?.tools.filter((r) => !active || r.serverId === active) ?? [], filter), [view, filter, active]);
  const roles = useMemo(() => (view ? collisionRoles(view) : new Map<string, 'winner' | 'loser'>()), [view]);
  const current = view?.tools.find((r) => toolKey(r.serverId, r.tool) === selected) ?? null;

  if (!view) {
    return (
      <section aria-labelledby="tools-title" aria-busy={loading}>
        <h2 id="tools-title">{t('nav.tools')}</h2>
        {error ? (
          <div className="banner error" role="alert">
            {error.message} <button onClick={() => void load()}>{t('servers.retry')}</button>
          </div>
        ) : (
          <p className="progress">{t('tools.loading')}</p>
        )}
      </section>
    );
  }
  const mine = view.collisions.filter((c) => c.profile === view.profile);
  const others = view.collisions.filter((c) => c.profile !== view.profile);
  const changed = view.servers.filter((s) => s.diff);
  return (
    <section aria-labelledby="tools-title" className="tools" aria-busy={loading}>
      <div className="toolbar">
        <h2 id="tools-title">{t('nav.tools')}</h2>
        <input type="search" aria-label={t('tools.filter')} placeholder={t('tools.filterPlaceholder')} value={filter} onChange={(e) => setFilter(e.target.value)} />
        <select aria-label={t('tools.server')} value={active} onChange={(e) => setServer(e.target.value)}>
          <option value="">{t('tools.allServers')}</option>
          {view.servers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.toolCount})
            </option>
          ))}
        </select>
        <button type="button" onClick={() => void load()} disabled={loading}>
          {loading ? t('tools.refreshing') : t('tools.refresh')}
        </button>
      </div>
      <p className="muted">{t('tools.summary', { tools: t.plural('tools.listLabel', view.tools.length), servers: t.plural('tools.connectedServers', view.servers.filter((s) => s.state === 'connected').length), profile: view.profile })}</p>
      {changed.map((s) => (
        <div key={s.id} className="banner warning" role="status" data-testid="snapshot-diff">
          {t('tools.changed', { server: s.name, added: s.diff!.added.length, removed: s.diff!.removed.length, changed: s.diff!.changed.length })}{' '}
          {s.diff!.added.slice(0, 5).map((n) => (
            <code key={`a${n}`}>+{n} </code>
          ))}
          {s.diff!.removed.slice(0, 5).map((n) => (
            <code key={`r${n}`}>−{n} </code>
          ))}
          {s.diff!.changed.slice(0, 5).map((c) => (
            <code key={`c${c.name}`}>~{c.name} ({c.fields.join(', ')}) </code>
          ))}
          <button type="button" onClick={() => void accept(s.id)}>
            {t('tools.accept')}
          </button>
        </div>
      ))}
      {mine.length > 0 && (
        <details className="collisions" data-testid="collisions" open={mine.length <= 3}>
          <summary>
            <strong>{t.plural('tools.collisions', mine.length, { profile: view.profile })}</strong>
          </summary>
          <ul>
            {mine.map((c, i) => (
              <li key={i}>
                <code>{c.name}</code>: {t('tools.collisionWinner', { winner: `${c.winner.serverName}/${c.winner.tool}`, loser: `${c.loser.serverName}/${c.loser.tool}` })}{' '}
                {c.assigned ? t('tools.suffixed', { name: c.assigned }) : t('tools.droppedLoser')}
                <div className="muted small">{t(`tools.why.${c.profile}`, { winner: `${c.winner.serverName}/${c.winner.tool}`, loser: `${c.loser.serverName}/${c.loser.tool}` })}</div>
              </li>
            ))}
          </ul>
        </details>
      )}
      {others.length > 0 && (
        <details className="collisions-other">
          <summary>{t.plural('tools.otherCollisions', others.length)}</summary>
          <ul>
            {others.map((c, i) => (
              <li key={i}>
                <span className="badge">{c.profile}</span> <code>{c.name}</code>: {t(`tools.why.${c.profile}`, { winner: `${c.winner.serverName}/${c.winner.tool}`, loser: `${c.loser.serverName}/${c.loser.tool}` })}
              </li>
            ))}
          </ul>
        </details>
      )}
      {view.tools.length === 0 ? (
        <div className="empty">
          <p>{t('tools.empty')}</p>
          <button type="button" onClick={() => setSection('servers')}>
            {t('tools.goServers')}
          </button>
        </div>
      ) : (
        <div className="tools-split">
          <ToolList rows={rows} profile={view.profile} roles={roles} selected={selected} onSelect={select} />
          <aside className="tool-detail" aria-label={t('tools.detail')}>
            {current ? (
              <ToolDetailPane key={selected} row={current} profile={view.profile} callable={view.servers.find((s) => s.id === current.serverId)?.state === 'connected'} />
            ) : (
              <p className="muted">{t('tools.pick')}</p>
            )}
          </aside>
        </div>
      )}
    </section>
  );
}
