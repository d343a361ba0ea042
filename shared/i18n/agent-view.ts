// The agent's-eye verdict in words, for every front door (row, tray, `status`): one issue, one
// fix. A `fails` issue carries the panel's own reason code, said with the reason catalogue.
import type { AgentFix, AgentIssue, AgentVerdict } from '../schemas/agent-view';
import { type Locale, type MessageKey, translate } from './index';
import { reasonSentence } from './reasons';

export function issueSentence(locale: Locale, issue: Pick<AgentIssue, 'code' | 'params' | 'why'>): string {
  const text = translate(locale, `agent.issue.${issue.code}` satisfies MessageKey, issue.params);
  return issue.why ? `${text}: ${reasonSentence(locale, { code: issue.why, params: issue.params })}` : text;
}

export function fixSentence(locale: Locale, fix: AgentFix): string {
  return translate(locale, `agent.fix.${fix.kind}` satisfies MessageKey, fix.params);
}

export function statusLabel(locale: Locale, verdict: Pick<AgentVerdict, 'status'>): string {
  return translate(locale, `agent.status.${verdict.status}` satisfies MessageKey);
}
