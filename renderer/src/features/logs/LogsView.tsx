// UI-7 / CONN-10: per-server stderr and JSON-RPC traffic (bounded by the host), searchable and
// copyable. Polled while on screen: logs are not worth an event per line.
import { useEffect, useMemo, useState } from 'react';
import { useApp, useT } from '../../store-context';

const POLL_MS = 2000;

export function LogsView() {
  const t = useT();
  const servers = useApp((s) => s.view?.servers ?? []);
  const logsFor = useApp((s) => s.logsFor);
  const logs = useApp((s) => s.logs);
  const error = useApp((s) => s.logsError);
  const show = useApp((s) => s.showLogs);
  const [q, setQ] = useState('');
  const [copied, setCopied] = useState(false);
  const id = logsFor ?? servers.find((s) => s.state.kind === 'connected')?.id ?? servers[0]?.id ?? null;

  useEffect(() => {
    if (!id) return;
    void show(id);
    const h = setInterval(() => void show(id), POLL_MS);
    return () => clearInterval(h);
  }, [id, show]);

  const needle = q.toLowerCase();
  const stderr = useMemo(() => (logs?.stderr ?? []).filter((l) => l.toLowerCase().includes(needle)), [logs, needle]);
  const traffic = useMemo(() => (logs?.traffic ?? []).filter((m) => `${m.method ?? ''} ${m.text}`.toLowerCase().includes(needle)), [logs, needle]);
  const text = [...stderr.map((l) => `[stderr] ${l}`), ...traffic.map((m) => `[${new Date(m.at).toISOString()}] ${m.dir === 'out' ? '→' : '←'} ${m.text}`)].join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard permission (plain http page): select the text so Ctrl+C works.
      const el = document.getElementById('log-all');
      if (el) window.getSelection()?.selectAllChildren(el);
    }
    setTimeout(() => setCopied(false), 1500);
  };

  if (servers.length === 0) return <p className="empty">{t('logs.empty')}</p>;
  return (
    <section aria-labelledby="logs-title" className="logs">
      <div className="toolbar">
        <h2 id="logs-title">{t('nav.logs')}</h2>
        <select aria-label={t('logs.server')} value={id ?? ''} onChange={(e) => void show(e.target.value)}>
          {servers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({t(`state.${s.state.kind}`)})
            </option>
          ))}
        </select>
        <input type="search" aria-label={t('logs.search')} placeholder={t('logs.searchPlaceholder')} value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="button" onClick={() => void copy()}>
          {copied ? t('logs.copied') : t('logs.copy')}
        </button>
      </div>
      {error && (
        <div className="banner error" role="alert">
          {error.message}
        </div>
      )}
      <p className="muted">{t('logs.bounded')}</p>
      <div id="log-all">
        <h3>{t.plural('logs.stderr', stderr.length)}</h3>
        {stderr.length === 0 ? <p className="empty">{t('logs.noStderr')}</p> : <pre className="log" data-testid="stderr">{stderr.join('\n')}</pre>}
        <h3>{t.plural('logs.traffic', traffic.length)}</h3>
        {traffic.length === 0 ? (
          <p className="empty">{t('logs.noTraffic')}</p>
        ) : (
          <ol className="log traffic" data-testid="traffic">
            {traffic.map((m, i) => (
              <li key={i} className={`dir-${m.dir} kind-${m.kind}`}>
                <span className="muted">{t.time(m.at)}</span> {m.dir === 'out' ? '→' : '←'} <strong>{m.method ?? m.kind}</strong> <code>{m.text}</code>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
