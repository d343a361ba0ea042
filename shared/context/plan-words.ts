// CTX-2 in words: one wording of the plan for the tools view and the CLI.
import type { Translator } from '../i18n';
import type { PlanSuggestion, PlanView } from '../contract/plan';

export function suggestionReason(t: Translator, s: Pick<PlanSuggestion, 'kind' | 'params'>, agent: string): string {
  return t(`plan.kind.${s.kind}`, { ...s.params, agent });
}

export function blockedReason(t: Translator, s: Pick<PlanSuggestion, 'blocked'>, agent: string): string | null {
  return s.blocked ? t(`plan.blocked.${s.blocked}`, { agent }) : null;
}

export function planTotals(t: Translator, v: Pick<PlanView, 'before' | 'after'>, agent: string): string {
  const cut = v.before.tokens > 0 ? (v.before.tokens - v.after.tokens) / v.before.tokens : 0;
  return t('plan.totals', { agent, before: t.number(v.before.tools), tokensBefore: t.number(v.before.tokens), after: t.number(v.after.tools), tokensAfter: t.number(v.after.tokens), pct: t.percent(cut) });
}

/** Null without a target. */
export function targetLine(t: Translator, v: Pick<PlanView, 'after' | 'targetTokens'>): string | null {
  if (v.targetTokens === null) return null;
  const over = v.after.tokens - v.targetTokens;
  return t('plan.target', { target: t.number(v.targetTokens), state: over <= 0 ? t('plan.target.met') : t('plan.target.short', { over: t.number(over) }) });
}
