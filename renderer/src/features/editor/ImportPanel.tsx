// CFG-1 import with a preview: pick a source, see what each server would become and where it
// would be written, tick the ones wanted, then import. Nothing is written before the click.
// Project servers headed for the user layer arrive unticked (the host's `selected`).
import { useEffect, useState } from 'react';
import type { ImportPlanItem, ImportSource } from '../../../../shared/contract';
import { useApp, useT } from '../../store-context';

const SOURCES = ['claude-code', 'claude-desktop', 'cursor', 'vscode'] as const satisfies readonly ImportSource[];

function Verdict({ item }: { item: ImportPlanItem }) {
  const t = useT();
  if (item.skip) {
    return (
      <span className="warn">
        {t(`editor.importSkip.${item.skip.code}`)} <span className="small">{item.skip.reason}</span>
      </span>
    );
  }
  return (
    <span>
      {t(item.verdict === 'replace' ? 'editor.importVerdict.replace' : 'editor.importVerdict.import')}
      {item.notes.length > 0 && <span className="muted small"> {item.notes.join('; ')}</span>}
    </span>
  );
}

export function ImportPanel() {
  const t = useT();
  const layer = useApp((s) => s.draftLayer);
  const plan = useApp((s) => s.importPlan);
  const report = useApp((s) => s.importReport);
  const busy = useApp((s) => s.importBusy);
  const previewImport = useApp((s) => s.previewImport);
  const importFrom = useApp((s) => s.importFrom);
  const [source, setSource] = useState<ImportSource | null>(null);
  const [replace, setReplace] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());

  // A new source, target layer or replace choice is a new plan: ask again (reads only).
  useEffect(() => {
    if (source) void previewImport(source, replace);
  }, [source, layer, replace, previewImport]);
  useEffect(() => setPicked(new Set(plan?.servers.filter((s) => s.selected).map((s) => s.name))), [plan]);

  const toggle = (name: string, on: boolean) =>
    setPicked((p) => {
      const next = new Set(p);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const found = plan?.sourceFiles.filter((f) => f.state !== 'missing') ?? [];
  const projectUnticked = plan?.layer === 'user' && plan.servers.some((s) => s.scope === 'project' && !s.skip);
  const only = plan?.servers.filter((s) => picked.has(s.name) && !s.skip).map((s) => s.name) ?? [];

  return (
    <details className="import">
      <summary>{t('editor.import')}</summary>
      <p className="muted">{t('editor.importHelp')}</p>
      <div role="group" aria-label={t('editor.importSource')}>
        {SOURCES.map((src) => (
          <button key={src} type="button" aria-pressed={source === src} onClick={() => setSource(src)}>
            {src}
          </button>
        ))}
      </div>
      {plan && plan.source === source && (
        <div data-testid="import-plan">
          <p>{t('editor.importTarget', { path: plan.path, layer: plan.layer })}</p>
          {found.map((f) => (
            <p key={f.path} className={`small ${f.state === 'ok' ? 'muted' : 'warn'}`}>
              {t('editor.importSourceFile', { path: f.path })}
              {f.error ? `: ${f.error}` : ''}
            </p>
          ))}
          {plan.servers.length === 0 ? (
            <p className="empty">{t('editor.importNone', { source: plan.source })}</p>
          ) : (
            <table className="server-table">
              <thead>
                <tr>
                  <th>{t('editor.importPick')}</th>
                  <th>{t('editor.name')}</th>
                  <th>{t('editor.importFrom')}</th>
                  <th>{t('editor.importWhat')}</th>
                </tr>
              </thead>
              <tbody>
                {plan.servers.map((s) => (
                  <tr key={s.name} data-import={s.name}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('editor.importPickOne', { name: s.name })}
                        checked={picked.has(s.name) && !s.skip}
                        disabled={!!s.skip}
                        onChange={(e) => toggle(s.name, e.target.checked)}
                      />
                    </td>
                    <td>
                      {s.name}
                      {s.scope === 'project' && <span className="badge warn">{t('editor.importProject')}</span>}
                    </td>
                    <td className="provenance">{s.from}</td>
                    <td>
                      <Verdict item={s} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {projectUnticked && <p className="warn small">{t('editor.importProjectHelp')}</p>}
          <label>
            <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} /> {t('editor.importReplace')}
          </label>
          <div className="actions">
            <button type="button" className="primary" disabled={busy || only.length === 0} onClick={() => void importFrom(only)}>
              {t.plural('editor.importPicked', only.length)}
            </button>
          </div>
        </div>
      )}
      {report && (
        <div role="status">
          <p>{t('editor.imported', { n: report.imported.length, path: report.path })}</p>
          <ul>
            {report.imported.map((i) => (
              <li key={i.name}>
                {i.name} {i.notes.join('; ')}
              </li>
            ))}
            {report.skipped.map((i) => (
              <li key={i.name} className="warn">
                {i.name}: {i.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </details>
  );
}
