// CTX-2 in words: one wording of the plan for the tools view and the CLI.
import type { Translator } from '../i18n';
import type { PlanSuggestion, PlanView } from '../contract/plan';

export function suggestionReason(t: Translator, s: Pick<PlanSuggestion, 'kind' | 'params'>, agent: string): string {
  return t(`plan.kind.${s.kind}`, { ...s.params, agent });
}

/** What a suggestion is about: one tool (its name, server and tool), or for `defer` a whole server. */
export function suggestionSubject(t: Translator, s: Pick<PlanSuggestion, 'kind' | 'params' | 'serverName' | 'tool' | 'name'>): { name: string; origin: string } {
  if (s.kind === 'defer') return { name: s.serverName, origin: t.plural('plan.defer.subject', Number(s.params.tools)) };
  return { name: s.name ?? s.tool, origin: t('tools.rowOrigin', { server: s.serverName, tool: s.tool }) };
}

/** Seed 002: Kimi keeps a deferred server's tools out only when its model and its tool-select switch allow; null for any other suggestion. */
export function deferCondition(t: Translator, s: Pick<PlanSuggestion, 'kind' | 'params'>, agent: string): string | null {
  return s.kind === 'defer' && s.params.mechanism === 'select_tools' ? t('plan.defer.select_tools', { agent }) : null;
}

export function blockedReason(t: Translator, s: Pick<PlanSuggestion, 'blocked'>, agent: string): string | null {
  return s.blocked ? t(`plan.blocked.${s.blocked}`, { agent }) : null;
}

export function planTotals(t: Translator, v: Pick<PlanView, 'before' | 'after' | 'upFront'>, agent: string): string {
  const { before, after } = v.upFront;
  const cut = before.tokens > 0 ? (before.tokens - after.tokens) / before.tokens : 0;
  const line = t('plan.totals', { agent, before: t.number(v.before.tools), tokensBefore: t.number(before.tokens), after: t.number(v.after.tools), tokensAfter: t.number(after.tokens), pct: t.percent(cut) });
  return after.deferred > 0 ? `${line}${t('plan.totals.deferred', { n: t.number(after.deferred) })}` : line;
}

/** Null without a target. */
export function targetLine(t: Translator, v: Pick<PlanView, 'upFront' | 'targetTokens'>): string | null {
  if (v.targetTokens === null) return null;
  const over = v.upFront.after.tokens - v.targetTokens;
  return t('plan.target', { target: t.number(v.targetTokens), state: over <= 0 ? t('plan.target.met') : t('plan.target.short', { over: t.number(over) }) });
}
