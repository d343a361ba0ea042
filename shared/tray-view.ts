// UI-8/UI-10: the tray's model and its fixes from what the panel knows (the servers view, the
// other agents' servers, the selected agent's limits, the running bridges): one function for the
// Electron tray (electron/main/index.ts) and the page's title, favicon and header (renderer).
import type { AgentServers, ServersView } from './contract';
import type { AgentStanding } from './context/limits';
import type { Locale } from './i18n';
import { profileFacts } from './profiles';
import type { LiveBridge } from './schemas/bridge';
import { agentGroups, trayAgentsModel, trayRows, type TrayModel } from './tray';
import { trayFixes, type TrayFix } from './tray-fixes';

export function viewTray(view: ServersView | null, locale: Locale, others: AgentServers | null = null, limits: AgentStanding | null = null, bridges: readonly LiveBridge[] = []): { model: TrayModel; fixes: TrayFix[] } {
  const rows = view?.servers ?? [];
  const groups = agentGroups(view ? profileFacts(view.profile).label : '', trayRows(rows), others, limits);
  // CFG-10: what trusting the workspace would start (its project servers, switched on).
  const untrusted = rows.filter((s) => !s.trusted && s.enabled && s.state.kind !== 'removed').map((s) => s.name);
  const fixes = trayFixes({ groups, untrusted }, locale);
  return { model: trayAgentsModel(groups, locale, bridges, fixes), fixes };
}
