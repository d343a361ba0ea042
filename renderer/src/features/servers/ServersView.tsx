// UI-1: every server of the chosen profile and workspace, grouped by layer; a broken file's
// error (file, line, column) beside the good servers (CFG-5).
import { useApp, useT } from '../../store-context';
import { groupByLayer, matchesFilter } from './filter';
import { ServerRowView } from './ServerRowView';

const COLUMNS = ['name', 'transport', 'state', 'tools', 'connect', 'provenance', 'actions'] as const;

export function ServersView() {
  const t = useT();
  const view = useApp((s) => s.view);
  const loading = useApp((s) => s.loading);
  const loadError = useApp((s) => s.loadError);
  const actionError = useApp((s) => s.actionError);
  const filter = useApp((s) => s.filter);
  const setFilter = useApp((s) => s.setFilter);
  const load = useApp((s) => s.loadServers);
  const openEditor = useApp((s) => s.openEditor);

  if (!view) {
    if (loadError)
      return (
        <div className="banner error" role="alert">
          {t('servers.loadFailed', { message: loadError.message })}{' '}
          <button type="button" onClick={() => void load()}>
            {t('servers.retry')}
          </button>
        </div>
      );
    return <p aria-busy="true">{loading ? t('servers.loading') : ''}</p>;
  }
  const rows = view.servers.filter((r) => matchesFilter(r, filter));
  const groups = groupByLayer(rows, view.layers.map((l) => l.layer));
  const userLayer = view.layers[0];
  const broken = view.layers.filter((l) => l.error);

  return (
    <section aria-labelledby="servers-title" className="servers">
      <div className="toolbar">
        <h2 id="servers-title">{t('nav.servers')}</h2>
        <input
          type="search"
          aria-label={t('servers.filter')}
          placeholder={t('servers.filterPlaceholder')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <button type="button" className="primary" onClick={() => openEditor({ mode: 'add' })}>
          {t('servers.add')}
        </button>
      </div>
      {actionError && (
        <div className="banner error" role="alert">
          {actionError.message}
        </div>
      )}
      {(view.problems.length > 0 || broken.length > 0) && (
        <section className="problems" aria-labelledby="problems-title">
          <h3 id="problems-title">{t('servers.problems')}</h3>
          <ul>
            {view.problems.map((p, i) => (
              <li key={`p${i}`} className={p.severity} data-testid="problem">
                <code>{p.line !== undefined ? t('servers.problemAt', { path: p.path, line: p.line, column: p.column ?? 1 }) : p.path}</code>
                {p.pointer && <code className="pointer">{p.pointer}</code>} {p.message}
              </li>
            ))}
            {broken
              .filter((l) => !view.problems.some((p) => p.path === l.path))
              .map((l) => (
                <li key={`l${l.path}`} className="error" data-testid="problem">
                  <code>{l.path}</code> {l.note ? t.code('layer.note', l.note) : l.error}
                </li>
              ))}
          </ul>
        </section>
      )}
      {view.servers.length === 0 && <p className="empty">{t('servers.empty', { path: userLayer?.path ?? '' })}</p>}
      {view.servers.length > 0 && rows.length === 0 && <p className="empty">{t('servers.noMatch', { filter })}</p>}
      {groups.map((g) => (
        <table key={g.layer} className="server-table" data-layer={g.layer}>
          <caption>{t('servers.layer', { layer: t(`layer.${g.layer}`) })}</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {t(`servers.col.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {g.rows.map((r) => (
              <ServerRowView key={r.id} row={r} />
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}
