// AGENT-8: one entry of an agent's answer in words, for the CLI and the page alike.
import type { EntryComparison } from '../profiles/agent-answer';
import type { Translator } from './index';

export function sayEntry(t: Translator, agent: string, e: EntryComparison): string {
  const target = e.verdict === 'target';
  const panel = e.panel ? (target ? (e.panel.target ?? '') : t(`ask.state.${e.panel.state}`)) : '';
  const theirs = e.agent ? (target ? (e.agent.target ?? '') : `${t(`ask.state.${e.agent.state}`)} (${e.agent.detail})`) : '';
  return t(`ask.verdict.${e.verdict}`, { agent, panel, theirs });
}
