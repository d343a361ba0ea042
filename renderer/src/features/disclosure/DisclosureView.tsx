// UI-5 / DISC-4: token cost per server, the total against a chosen model's context window,
// whether deferred disclosure would kick in and why, and a tool_search box (DISC-2, Chinese
// queries included).
import { useEffect, useState } from 'react';
import { useApp, useT } from '../../store-context';

const MODELS: [string, number][] = [
  ['minimax/MiniMax-M2', 200_000],
  ['anthropic/claude-sonnet-4', 200_000],
  ['openai/gpt-4.1', 1_000_000],
  ['moonshot/kimi-k2', 128_000],
];

export function DisclosureView() {
  const t = useT();
  const plan = useApp((s) => s.plan);
  const planError = useApp((s) => s.planError);
  const model = useApp((s) => s.model);
  const win = useApp((s) => s.contextWindow);
  const setModel = useApp((s) => s.setModel);
  const loadPlan = useApp((s) => s.loadPlan);
  const search = useApp((s) => s.search);
  const runSearch = useApp((s) => s.runSearch);
  const [query, setQuery] = useState(search.query);
  const [mode, setMode] = useState(search.mode);
  // The field may be empty while typing; the plan follows only whole positive numbers.
  const [winText, setWinText] = useState(String(win));
  useEffect(() => setWinText((t) => (Number(t) === win ? t : String(win))), [win]);

  useEffect(() => void loadPlan(), [model, win, loadPlan]);
  const pct = plan ? Math.min(100, plan.contextShare * 100) : 0;
  const thresholdPct = plan ? (plan.thresholdTokens / Math.max(1, plan.contextWindow)) * 100 : 0;

  return (
    <section aria-labelledby="disc-title" className="disclosure">
      <h2 id="disc-title">{t('nav.disclosure')}</h2>
      <div className="toolbar">
        <label>
          {t('disc.model')}{' '}
          <input list="models" value={model} onChange={(e) => setModel(e.target.value, MODELS.find(([m]) => m === e.target.value)?.[1] ?? win)} />
          <datalist id="models">
            {MODELS.map(([m]) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </label>
        <label>
          {t('disc.window')} <input
            type="number"
            min={1}
            value={winText}
            onChange={(e) => {
              setWinText(e.target.value);
              const n = Number(e.target.value);
              if (Number.isInteger(n) && n > 0) setModel(model, n);
            }}
          />
        </label>
      </div>
      {planError && (
        <div className="banner error" role="alert">
          {planError.message}
        </div>
      )}
      {plan && (
        <>
          <div className={`banner ${plan.deferred ? 'warning' : 'ok'}`} role="status" data-testid="disclosure-verdict" data-deferred={plan.deferred}>
            {/* UI-9: the host's code in our language; its English only from a host that sent none. */}
            <strong>{plan.deferred ? t('disc.kicksIn') : t('disc.inline')}</strong> {plan.why ? t.code('disc.why', plan.why) : plan.explanation}
            {plan.addedTools.length > 0 && <div>{t('disc.added', { tools: plan.addedTools.join(', ') })}</div>}
          </div>
          {plan.profileNote && <p className="muted">{plan.profileNoteCode ? t.code('disc.profile', { code: plan.profileNoteCode }) : plan.profileNote}</p>}
          <div className="meter" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)} aria-label={t('disc.share')}>
            <div className="meter-fill" style={{ width: `${pct}%` }} />
            <div className="meter-threshold" style={{ left: `${Math.min(100, thresholdPct)}%` }} title={t('disc.threshold')} />
          </div>
          <p>{t('disc.total', { tokens: plan.totalTokens, window: plan.contextWindow, pct: (plan.contextShare * 100).toFixed(2), threshold: Math.round(plan.thresholdTokens) })}</p>
          {plan.perServer.length === 0 ? (
            <p className="empty">{t('disc.empty')}</p>
          ) : (
            <table className="grid" data-testid="cost-table">
              <thead>
                <tr>
                  <th scope="col">{t('disc.server')}</th>
                  <th scope="col">{t('disc.tools')}</th>
                  <th scope="col">{t('disc.tokens')}</th>
                  <th scope="col">{t('disc.deferrable')}</th>
                </tr>
              </thead>
              <tbody>
                {plan.perServer.map((s) => (
                  <tr key={s.server} data-server={s.server}>
                    <td>{s.server}</td>
                    <td>{s.tools}</td>
                    <td>{s.tokens}</td>
                    <td>{s.deferrable ? t('disc.yes') : t('disc.no')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <details>
            <summary>{t('disc.options')}</summary>
            <ul>
              <li>enabled = {String(plan.options.enabled)} ({plan.options.origins.enabled})</li>
              <li>thresholdPct = {plan.options.thresholdPct} ({plan.options.origins.thresholdPct})</li>
              <li>minDeferCount = {plan.options.minDeferCount} ({plan.options.origins.minDeferCount})</li>
              <li>
                modelWhitelist = [{plan.options.modelWhitelist.join(', ')}] ({plan.options.origins.modelWhitelist})
              </li>
            </ul>
          </details>
        </>
      )}
      <h3>tool_search</h3>
      <form
        className="toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void runSearch(query, mode);
        }}
      >
        <input type="search" aria-label={t('disc.query')} placeholder={t('disc.queryPlaceholder')} value={query} onChange={(e) => setQuery(e.target.value)} />
        <select aria-label={t('disc.mode')} value={mode} onChange={(e) => setMode(e.target.value as 'keyword' | 'regex')}>
          <option value="keyword">{t('disc.keyword')}</option>
          <option value="regex">{t('disc.regex')}</option>
        </select>
        <button type="submit" disabled={search.busy}>
          {search.busy ? t('disc.searching') : t('disc.search')}
        </button>
      </form>
      {search.error && (
        <p className="error" role="alert">
          {search.error}
        </p>
      )}
      {search.query && !search.busy && !search.error && search.results.length === 0 && <p className="empty">{t('disc.noResults')}</p>}
      <ol className="search-results" data-testid="search-results">
        {search.results.map((r) => (
          <li key={r.name}>
            <code>{r.name}</code> <span className="muted small">{t('disc.score', { score: r.score.toFixed(2) })}</span>
            <div>{r.description}</div>
          </li>
        ))}
      </ol>
    </section>
  );
}
