// The agent's-eye verdict on the command line (`status`): the status, each issue, and the fix
// with the command that makes it where there is one. Words from the same catalogue as the page.
import type { AgentFix, AgentIssue, AgentVerdict } from '../../../shared/schemas/agent-view';
import { fixSentence, issueSentence, statusLabel } from '../../../shared/i18n/agent-view';

interface Where {
  server: string;
  layer: string;
  profile: AgentVerdict['profile'];
  workspace: string | null;
}

/** The command that applies a fix, where the CLI has one. */
function fixCommand(fix: AgentFix, w: Where): string | null {
  // Only a project layer's entry needs its workspace named (the user file is found from HOME).
  const ws = w.workspace && w.layer.startsWith('project') ? ` --workspace ${w.workspace}` : '';
  switch (fix.kind) {
    case 'bridge':
      return `mcp-panel bridge install ${w.server} --agent ${w.profile}${ws}`;
    case 'keychain':
      return `mcp-panel secrets set ${w.server} ${String(fix.params.vars).split(', ')[0]} --profile ${w.profile} --layer ${w.layer}${ws}`;
    case 'trust':
      return `mcp-panel trust${w.workspace ? ` --workspace ${w.workspace}` : ''}`;
    default:
      return null;
  }
}

export function agentLines(verdict: AgentVerdict, w: Where): string[] {
  const agent = verdict.agent;
  const [first, ...rest] = verdict.issues;
  // A server that failed has its reason on its own line just above: "it fails for X too" is enough.
  const sentence = (issue: AgentIssue) => issueSentence('en', issue.code === 'fails' ? { ...issue, why: undefined } : issue);
  const head = `      ${agent}: ${statusLabel('en', verdict)}${first ? ` — ${sentence(first)}` : ''}`;
  const lines = [head];
  for (const issue of rest) lines.push(`        also: ${sentence(issue)}`);
  for (const fix of verdict.issues.flatMap((i) => i.fixes).filter((f, i, all) => all.findIndex((g) => g.kind === f.kind) === i)) {
    const cmd = fixCommand(fix, w);
    lines.push(`        fix: ${fixSentence('en', fix)}${cmd ? `: ${cmd}` : ''}`);
  }
  return lines;
}
