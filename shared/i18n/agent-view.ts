// The agent's-eye verdict in words, for every front door (row, tray, `status`): one issue, one
// fix. A `fails` issue carries the panel's own reason code, said with the reason catalogue.
// Through the agent catalogue alone (core.ts): `tools` and `status` say a verdict without
// loading every view's sentences.
import type { AgentFix, AgentIssue, AgentVerdict } from '../schemas/agent-view';
import { catalogueTranslator, type Locale } from './core';
import { agent } from './messages/agent';
import { reasonSentence } from './reasons';

const say = { en: catalogueTranslator(agent, 'en'), zh: catalogueTranslator(agent, 'zh') };

export function issueSentence(locale: Locale, issue: Pick<AgentIssue, 'code' | 'params' | 'why'>): string {
  const text = say[locale](`agent.issue.${issue.code}`, issue.params);
  return issue.why ? `${text}: ${reasonSentence(locale, { code: issue.why, params: issue.params })}` : text;
}

export function fixSentence(locale: Locale, fix: AgentFix): string {
  return say[locale](`agent.fix.${fix.kind}`, fix.params);
}

export function statusLabel(locale: Locale, verdict: Pick<AgentVerdict, 'status'>): string {
  return say[locale](`agent.status.${verdict.status}`);
}
