// UI-4 / PERM-4: type allow / ask / deny rules; the host simulates them against the discovered
// tools (or hand-typed names): per tool the decision and the deciding rule, rules that match
// nothing, rules shadowed by earlier/stronger ones, rules the profile can never match.
import { useEffect } from 'react';
import { useApp, useT } from '../../store-context';
import type { Decision } from '../../stores/rules-slice';

const LISTS: Decision[] = ['deny', 'ask', 'allow'];
const DEBOUNCE_MS = 250;

export function PermissionsView() {
  const t = useT();
  const rules = useApp((s) => s.rules);
  const handTools = useApp((s) => s.handTools);
  const defaultDecision = useApp((s) => s.defaultDecision);
  const sim = useApp((s) => s.simulation);
  const busy = useApp((s) => s.simulating);
  const error = useApp((s) => s.simulationError);
  const setRules = useApp((s) => s.setRules);
  const setHandTools = useApp((s) => s.setHandTools);
  const setDefault = useApp((s) => s.setDefaultDecision);
  const run = useApp((s) => s.runSimulation);
  const profile = useApp((s) => s.view?.profile ?? 'minimax');

  // Simulate as you type (debounced): the answer follows the rules without a button.
  useEffect(() => {
    const h = setTimeout(() => void run(), DEBOUNCE_MS);
    return () => clearTimeout(h);
  }, [rules, handTools, defaultDecision, run]);

  const ruleLabel = (r: { list: string; index: number; rule: string }) => `${r.list}[${r.index}] ${r.rule}`;
  return (
    <section aria-labelledby="perm-title" className="permissions" aria-busy={busy}>
      <h2 id="perm-title">{t('nav.permissions')}</h2>
      <p className="muted">{t('perm.help', { profile })}</p>
      <div className="rule-lists">
        {LISTS.map((l) => (
          <div className="field" key={l}>
            <label htmlFor={`rules-${l}`}>{t(`perm.list.${l}`)}</label>
            <textarea id={`rules-${l}`} rows={5} spellCheck={false} value={rules[l]} placeholder={profile === 'kimi' ? 'mcp__github__*' : 'mcp__github'} onChange={(e) => setRules(l, e.target.value)} />
          </div>
        ))}
        <div className="field">
          <label htmlFor="rules-tools">{t('perm.handTools')}</label>
          <textarea id="rules-tools" rows={5} spellCheck={false} value={handTools} placeholder={t('perm.handToolsPlaceholder')} onChange={(e) => setHandTools(e.target.value)} />
          <label htmlFor="rules-default">{t('perm.default')}</label>
          <select id="rules-default" value={defaultDecision} onChange={(e) => setDefault(e.target.value as Decision)}>
            {LISTS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <div className="banner error" role="alert">
          {error.message}
        </div>
      )}
      {sim && (
        <>
          {sim.warnings.map((w) => (
            <p key={w} className="banner warning">
              {w}
            </p>
          ))}
          <h3>{t('perm.rules')}</h3>
          {sim.rules.length === 0 ? (
            <p className="empty">{t('perm.noRules')}</p>
          ) : (
            <table className="grid" data-testid="rule-table">
              <thead>
                <tr>
                  <th scope="col">{t('perm.rule')}</th>
                  <th scope="col">{t('perm.matches')}</th>
                  <th scope="col">{t('perm.notes')}</th>
                </tr>
              </thead>
              <tbody>
                {sim.rules.map((r) => (
                  <tr key={`${r.list}-${r.index}`} data-rule={r.rule}>
                    <td>
                      <span className={`decision d-${r.list}`}>{r.list}</span> <code>{r.rule}</code>
                    </td>
                    <td>{r.matches}</td>
                    <td>
                      {r.unmatchable && <div className="error">{t('perm.neverMatch', { why: r.unmatchable })}</div>}
                      {!r.unmatchable && r.neverMatches && <div className="warn">{t('perm.matchesNothing')}</div>}
                      {r.shadowedBy && <div className="warn">{t('perm.shadowed', { by: ruleLabel(r.shadowedBy) })}</div>}
                      {r.warnings.map((w) => (
                        <div key={w} className="muted small">
                          {w}
                        </div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h3>{t.plural('perm.tools', sim.tools.length)}</h3>
          {sim.tools.length === 0 ? (
            <p className="empty">{t('perm.noTools')}</p>
          ) : (
            <table className="grid" data-testid="decision-table">
              <thead>
                <tr>
                  <th scope="col">{t('perm.tool')}</th>
                  <th scope="col">{t('perm.decision')}</th>
                  <th scope="col">{t('perm.decidedBy')}</th>
                </tr>
              </thead>
              <tbody>
                {sim.tools.slice(0, 2000).map((d) => (
                  <tr key={d.name} data-tool={d.name}>
                    <td>
                      <code>{d.name}</code>
                    </td>
                    <td>
                      <span className={`decision d-${d.decision}`} data-testid="decision">
                        {d.decision}
                      </span>
                    </td>
                    <td>
                      {d.rule ? <code>{ruleLabel(d.rule)}</code> : <span className="muted">{t('perm.byDefault')}</span>}
                      {d.note && <div className="muted small">{d.note}</div>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
