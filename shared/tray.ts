// UI-8: the tray (and the browser tab's title and favicon) sum up every server. A pure
// function of the server states: Electron's tray and the web page only render it.
import type { AgentServers, ServerRow } from './contract';
import { isLaunchDiagnosis, type ReasonCode, type ReasonParams, type ServerStateKind } from './schemas/server';
import { translator, type Locale } from './i18n';
import { reasonSentence } from './i18n/reasons';
import type { LiveBridge } from './schemas/bridge';
import type { AgentVerdict } from './schemas/agent-view';
import { issueSentence } from './i18n/agent-view';
import { standingLine } from './i18n/limits';
import type { AgentStanding } from './context/limits';
import type { TrayFix, TrayFixAction } from './tray-fixes';

/** One icon per aggregate, in build/ and drawn by the favicon. */
export const AGGREGATES = ['connected', 'needs-auth', 'failed', 'idle'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export interface TrayServerInput {
  id: string;
  name: string;
  /** `unchecked`: another agent's server the panel does not run (issue 24 item 4). */
  state: ServerStateKind | 'unchecked';
  toolCount: number | null;
  /** Why, when it failed: a launch doctor's diagnosis is said in the tooltip. */
  code?: ReasonCode;
  params?: ReasonParams;
  /** Can the selected agent use it as written (the row's verdict)? */
  agent?: AgentVerdict;
  /** Another agent's server: shown, nothing to click (the panel runs the selected agent's only). */
  foreign?: { sharedWith: string | null };
  /**
   * Issue 44: what server this is, whichever agent lists it; rows of one identity are counted
   * once (servers and tools). Absent: a server of its own.
   */
  identity?: string | null;
  /** CONN-11: findings of the poisoning checks on its tool list (the row's count). */
  findings?: number;
  /** CONN-11: its tool list changed since it was approved (UI-10: the tray offers the review). */
  toolsChanged?: boolean;
  /** SKILL-2: its skills changed since they were approved. */
  skillsChanged?: boolean;
}

/** The tray's input from the page's rows: the one mapping for the Electron tray and the tab title. */
export function trayRows(rows: readonly ServerRow[]): TrayServerInput[] {
  return rows.map((s) => ({ id: s.id, name: s.name, state: s.state.kind, toolCount: s.toolCount, code: s.state.code, ...(s.state.params ? { params: s.state.params } : {}), ...(s.agent ? { agent: s.agent } : {}), ...(s.findings ? { findings: s.findings } : {}), ...(s.toolsChanged ? { toolsChanged: true } : {}), ...(s.skillsChanged ? { skillsChanged: true } : {}) }));
}

/** A 401 without OAuth metadata: nothing to log in to (the verdict says it for every agent). */
export function wantsToken(agent: AgentVerdict | undefined): boolean {
  return !!agent?.issues.some((i) => i.code === 'token_required');
}

/** Diagnoses the tooltip spells out; the rest are counted. */
const TOOLTIP_DIAGNOSES = 3;

/** `fix`: UI-10, one problem's fix (tray-fixes.ts). */
export type TrayAction = { type: 'reconnect'; id: string } | { type: 'login'; id: string } | { type: 'open' } | { type: 'quit' } | { type: 'fix'; fix: TrayFixAction };

export type TrayMenuItem =
  | { kind: 'server'; id: string; label: string; state: TrayServerInput['state']; actions: { label: string; action: TrayAction }[] }
  | { kind: 'separator' }
  | { kind: 'action'; label: string; action: TrayAction }
  /** BRIDGE-4: an agent process using a server through the bridge (shown, nothing to click). */
  | { kind: 'bridge'; pid: number; label: string }
  /** One detected agent's heading, its servers below it. */
  | { kind: 'agent'; label: string };

export interface TrayCounts {
  servers: number;
  connected: number;
  needsAuth: number;
  failed: number;
  tools: number;
}

export interface TrayModel {
  aggregate: Aggregate;
  counts: TrayCounts;
  tooltip: string;
  /** CTX-1: one line per agent past one of its tool limits (also in the tooltip). */
  overLimits: string[];
  menu: TrayMenuItem[];
}

/**
 * Issue 44: distinct servers and tools. Rows of one identity (the same server listed by several
 * agents) count once; the state that counts is the best one seen (a server connected for one
 * agent is connected), its tools counted once.
 */
export function countServers(servers: readonly TrayServerInput[]): TrayCounts {
  const rank: Partial<Record<TrayServerInput['state'], number>> = { connected: 5, 'needs-auth': 4, failed: 3, pending: 2, disabled: 1 };
  const distinct = new Map<string, TrayServerInput>();
  for (const s of servers) {
    if (s.state === 'removed') continue;
    const key = s.identity ? `id:${s.identity}` : `row:${s.id}`;
    const seen = distinct.get(key);
    if (!seen || (rank[s.state] ?? 0) > (rank[seen.state] ?? 0)) distinct.set(key, s);
  }
  const live = [...distinct.values()];
  const n = (k: TrayServerInput['state']): number => live.filter((s) => s.state === k).length;
  return {
    servers: live.length,
    connected: n('connected'),
    needsAuth: n('needs-auth'),
    failed: n('failed'),
    // Only connected servers offer tools right now.
    tools: live.reduce((sum, s) => sum + (s.state === 'connected' ? (s.toolCount ?? 0) : 0), 0),
  };
}

/** Worst first: a failure hides behind nothing, a login is the next thing to do. */
export function aggregateOf(c: TrayCounts): Aggregate {
  if (c.failed > 0) return 'failed';
  if (c.needsAuth > 0) return 'needs-auth';
  if (c.connected > 0) return 'connected';
  return 'idle';
}

/** BRIDGE-4: one row per running bridge: agent process → server · calls (· last error). */
function bridgeItems(bridges: readonly LiveBridge[], t: ReturnType<typeof translator>): TrayMenuItem[] {
  return bridges.map((b) => {
    const vars = { agent: t('bridges.agent', { name: b.agentName ?? t('bridges.unknownAgent'), pid: b.agentPid }), server: b.server, calls: t.plural('bridges.tray.calls', b.calls) };
    return { kind: 'bridge', pid: b.pid, label: b.lastError ? t('bridges.tray.rowError', { ...vars, error: b.lastError }) : t('bridges.tray.row', vars) };
  });
}

export function trayModel(servers: readonly TrayServerInput[], locale: Locale = 'en', bridges: readonly LiveBridge[] = []): TrayModel {
  const t = translator(locale);
  const counts = countServers(servers);
  const parts =
    counts.servers === 0
      ? [t('tray.none')]
      : [
          t.plural('tray.servers', counts.servers),
          t('tray.connected', { n: counts.connected }),
          ...(counts.needsAuth ? [t('tray.needsLogin', { n: counts.needsAuth })] : []),
          ...(counts.failed ? [t('tray.failed', { n: counts.failed })] : []),
          t.plural('tray.tools', counts.tools),
        ];
  // One line per failed server the launch doctor explained, with the fix ("use /opt/homebrew/bin/npx").
  const diagnosed = servers.filter((s) => s.state === 'failed' && s.code !== undefined && isLaunchDiagnosis(s.code));
  const why = diagnosed.slice(0, TOOLTIP_DIAGNOSES).map((s) => t('tray.why', { name: s.name, why: reasonSentence(locale, { code: s.code!, ...(s.params ? { params: s.params } : {}) }) }));
  if (diagnosed.length > TOOLTIP_DIAGNOSES) why.push(t('tray.more', { n: diagnosed.length - TOOLTIP_DIAGNOSES }));
  // The agent's-eye view: how many entries the selected agent cannot use as written.
  const unusable = servers.filter((s) => s.state !== 'removed' && s.agent?.status === 'unusable');
  if (unusable.length > 0) why.push(t.plural('agent.tray.unusable', unusable.length, { agent: unusable[0]!.agent!.agent }));
  // CONN-11: servers whose tool texts the poisoning checks flagged, by name.
  const flagged = servers.filter((s) => s.state === 'connected' && s.findings);
  if (flagged.length > 0) why.push(t.plural('tray.findings', flagged.length, { names: flagged.map((s) => s.name).join(', ') }));
  if (bridges.length > 0) why.push(t.plural('bridges.tray.count', bridges.length));
  const bridgeRows = bridgeItems(bridges, t);
  const serverItems: TrayMenuItem[] = servers
    .filter((s) => s.state !== 'removed')
    .map((s) => {
      const actions: { label: string; action: TrayAction }[] = [];
      // A server that wants a token has no login to offer (AUTH-1).
      if (!s.foreign && s.state === 'needs-auth' && !wantsToken(s.agent)) actions.push({ label: t('tray.login'), action: { type: 'login', id: s.id } });
      if (!s.foreign && s.state !== 'disabled') actions.push({ label: t('tray.reconnect'), action: { type: 'reconnect', id: s.id } });
      // The panel's state, then (where the agent cannot use it) what the agent will do.
      const issue = s.agent?.status === 'unusable' ? s.agent.issues[0] : undefined;
      const agent = issue ? ` · ${t('agent.tray.row', { agent: s.agent!.agent, issue: issueSentence(locale, issue) })}` : '';
      const state = s.state === 'unchecked' ? t('tray.unchecked') : t(`state.${s.state}`);
      const shared = s.foreign?.sharedWith ? ` (${t('tray.sharedWith', { name: s.foreign.sharedWith })})` : '';
      const flags = s.state === 'connected' && s.findings ? ` · ${t('tray.findingsRow', { n: s.findings })}` : '';
      return { kind: 'server', id: s.id, label: `${s.name} — ${state}${shared}${flags}${agent}`, state: s.state, actions };
    });
  return {
    aggregate: aggregateOf(counts),
    counts,
    tooltip: [parts.join(' · '), ...why].join('\n'),
    overLimits: [],
    menu: [
      ...serverItems,
      ...(serverItems.length ? [{ kind: 'separator' } as const] : []),
      ...bridgeRows,
      ...(bridgeRows.length ? [{ kind: 'separator' } as const] : []),
      { kind: 'action', label: t('tray.open'), action: { type: 'open' } },
      { kind: 'action', label: t('tray.quit'), action: { type: 'quit' } },
    ],
  };
}

/** Colours of the aggregate icon (tray PNGs in build/ and the page's favicon). */
export const AGGREGATE_COLORS: Record<Aggregate, string> = {
  connected: '#2e9d57',
  'needs-auth': '#d89614',
  failed: '#d0373d',
  idle: '#8a8f98',
};

/** One detected agent and its servers; the first group is the selected agent. */
export interface TrayAgentGroup {
  agent: string;
  servers: TrayServerInput[];
  /** CTX-1: where the tools this agent is offered stand against its limits, where known. */
  limits?: AgentStanding | null;
}

/** CTX-1: "Cursor: 52 tools, ~5,200 tokens: over Cursor's 40 in total by 12; …" for each agent past a limit. */
function overLimitLines(groups: readonly TrayAgentGroup[], locale: Locale): string[] {
  const t = translator(locale);
  return groups.flatMap((g) => {
    const line = g.limits ? standingLine(locale, g.agent, g.limits, { pastOnly: true }) : null;
    return line ? [t('limits.agentLine', { agent: g.agent, line })] : [];
  });
}

/**
 * Issue 24 item 4: the other agents' servers as tray inputs. The panel runs the selected agent's
 * servers only; another agent's server that runs the same thing shares that server's live state and
 * tools, a switched-off one is disabled, and the rest are not checked.
 */
export function otherAgentGroups(selected: readonly TrayServerInput[], others: AgentServers['agents']): TrayAgentGroup[] {
  const live = new Map(selected.map((s) => [s.id, s]));
  return others.map((a) => ({
    agent: a.agent,
    servers: a.servers.map((s) => {
      const twin = s.sharedWith ? live.get(s.sharedWith) : undefined;
      const state: TrayServerInput['state'] = !s.enabled ? 'disabled' : twin ? twin.state : 'unchecked';
      const identity = twin?.identity ?? s.identity;
      return { id: `${a.profile}\u0000${s.name}`, name: s.name, state, toolCount: twin?.toolCount ?? null, foreign: { sharedWith: twin?.name ?? null }, identity };
    }),
  }));
}

/**
 * The selected agent's rows, each with what server it is (AgentServers.selected), then the other
 * agents' groups; `limits`: where the selected agent's offered tools stand (CTX-1, tools.limits).
 */
export function agentGroups(agent: string, selected: readonly TrayServerInput[], servers: AgentServers | null, limits: AgentStanding | null = null): TrayAgentGroup[] {
  const mine = selected.map((s) => ({ ...s, identity: servers?.selected[s.id] ?? null }));
  return [{ agent, servers: mine, limits }, ...otherAgentGroups(mine, servers?.agents ?? [])];
}

/** UI-8 over every detected agent: the sums of all, the menu grouped per agent (one agent: as trayModel). */
export function trayAgentsModel(groups: readonly TrayAgentGroup[], locale: Locale = 'en', bridges: readonly LiveBridge[] = [], fixes: readonly TrayFix[] = []): TrayModel {
  const all = groups.flatMap((g) => g.servers);
  const overLimits = overLimitLines(groups, locale);
  const plain = trayModel(all, locale, bridges);
  // UI-10: the fixes first, each a click that applies it for every agent it names.
  const fixItems: TrayMenuItem[] = fixes.map((f) => ({ kind: 'action', label: f.label, action: { type: 'fix', fix: f.action } }));
  const withFixes = (menu: TrayMenuItem[]): TrayMenuItem[] => (fixItems.length ? [...fixItems, { kind: 'separator' }, ...menu] : menu);
  const base = { ...plain, overLimits, tooltip: [plain.tooltip, ...overLimits].join('\n'), menu: withFixes(plain.menu) };
  if (groups.length <= 1) return base;
  const t = translator(locale);
  const items = new Map(base.menu.flatMap((i) => (i.kind === 'server' ? [[i.id, i] as const] : [])));
  const grouped: TrayMenuItem[] = groups.flatMap((g) => {
    const rows = g.servers.flatMap((s) => items.get(s.id) ?? []);
    return [{ kind: 'agent', label: t('tray.agentRow', { agent: g.agent, servers: t.plural('tray.servers', rows.length) }) } as const, ...rows, { kind: 'separator' } as const];
  });
  const tail = plain.menu.slice(items.size + (items.size ? 1 : 0));
  const [first = '', ...rest] = base.tooltip.split('\n');
  return { ...base, tooltip: [`${t.plural('tray.agents', groups.length)} · ${first}`, ...rest].join('\n'), menu: withFixes([...grouped, ...tail]) };
}
