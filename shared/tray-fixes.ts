// UI-10: each problem the tray (and the page header in browser mode) shows carries its fix,
// applied for every agent at once. Pure: from the tray's groups (the selected agent's rows with
// what server each is, then the other agents' servers) to the fixes, each naming every agent it
// helps. The host runs them (electron/host/tray-fixes.ts); the page offers the same list.
import { isLaunchDiagnosis } from './schemas/server';
import { translator, type Locale } from './i18n';
import type { TrayAgentGroup, TrayServerInput } from './tray';
import { wantsToken } from './tray';

/**
 * login: one OAuth login (tokens are per server URL: every agent and bridge using it recovers);
 * review: the approval of a changed tool list (it covers every entry running the server);
 * skills: the same for its skills (SKILL-2: instructions for the model);
 * bridge: the bridge line for the selected agent, which cannot use the entry as written;
 * trust: the workspace, after the list of what it starts (every agent's project layers);
 * doctor: why a server does not start, and the launch doctor's fix.
 */
export type TrayFixKind = 'login' | 'review' | 'skills' | 'bridge' | 'trust' | 'doctor';

export type TrayFixAction = { kind: Exclude<TrayFixKind, 'trust'>; id: string } | { kind: 'trust' };

export interface TrayFix {
  kind: TrayFixKind;
  /** The server (its name in the selected agent's file), or null for the workspace. */
  server: string | null;
  /** Every agent the fix helps (the selected one first). */
  agents: string[];
  /** trust: what the workspace will start once trusted. */
  starts?: string[];
  label: string;
  action: TrayFixAction;
}

/** The agents listing the same server as `s` (the selected agent first): its identity across files. */
function agentsOf(s: TrayServerInput, groups: readonly TrayAgentGroup[]): string[] {
  const [mine, ...others] = groups;
  if (!mine) return [];
  const sharing = s.identity ? others.filter((g) => g.servers.some((o) => o.identity === s.identity && o.state !== 'disabled')).map((g) => g.agent) : [];
  return [mine.agent, ...sharing];
}

export interface FixInputs {
  groups: readonly TrayAgentGroup[];
  /** The selected agent's rows that the workspace's trust would start (untrusted project servers). */
  untrusted: readonly string[];
}

export function trayFixes({ groups, untrusted }: FixInputs, locale: Locale = 'en'): TrayFix[] {
  const t = translator(locale);
  const mine = groups[0]?.servers ?? [];
  const fixes: TrayFix[] = [];
  const add = (kind: Exclude<TrayFixKind, 'trust'>, s: TrayServerInput) => {
    const agents = agentsOf(s, groups);
    fixes.push({ kind, server: s.name, agents, label: t(`tray.fix.${kind}`, { server: s.name, agents: agents.join(', ') }), action: { kind, id: s.id } });
  };
  for (const s of mine) {
    if (s.foreign || s.state === 'removed' || s.state === 'disabled') continue;
    if (s.state === 'needs-auth' && !wantsToken(s.agent)) add('login', s);
    if (s.toolsChanged) add('review', s);
    if (s.skillsChanged) add('skills', s);
    if (s.agent?.status === 'unusable' && s.agent.issues.some((i) => i.fixes.some((f) => f.kind === 'bridge'))) add('bridge', s);
    if (s.state === 'failed' && s.code !== undefined && isLaunchDiagnosis(s.code)) add('doctor', s);
  }
  if (untrusted.length > 0) {
    fixes.push({ kind: 'trust', server: null, agents: groups.map((g) => g.agent), starts: [...untrusted], label: t('tray.fix.trust', { servers: untrusted.join(', ') }), action: { kind: 'trust' } });
  }
  return fixes;
}
