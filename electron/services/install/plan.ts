// AGENT-3: what installing one server into each target agent would do, computed without writing:
// the agent's entry (or the bridge line where it cannot use the entry as written), what it cannot
// express, the file diff, the tool names it will show and the ones it will reject. `apply.ts`
// writes exactly this plan, so the preview the user saw and the write cannot disagree.
import { isDeepStrictEqual } from 'node:util';
import { profileFacts } from '../../../shared/profiles';
import { spellAs } from '../../../shared/install/canonical';
import { assignNames } from '../../../shared/naming/assign';
import type { InstallLoss, InstallTarget, InstallToolName } from '../../../shared/schemas/install';
import type { LayerKind, Profile } from '../../../shared/schemas/server';
import { compactDiff, lineDiff, type DiffLine } from '../../../shared/text/line-diff';
import { entrySecretValues, findInlineSecrets } from '../../../shared/secrets/secret-rules';
import { translate } from '../../../shared/i18n';
import { SECRET_MASK } from '../../../shared/contract';
import { bridgeLine } from '../bridge/install';
import type { BridgeCommand } from '../bridge/install-command';
import type { ConfigService } from '../config/config-service';
import { serverId } from '../config/spec';
import { SnapshotStore } from '../connections/snapshots';
import { applyServerOps, dialectValidator, type ServerOp, type WriteError } from '../config/writer';
import { agentInputs, withInputs } from './agent-inputs';
import type { ConfigWriter, WriteTarget } from '../config/writer/config-writer';
import type { FileSnapshot } from '../config/writer/snapshot';
import { spanEditor } from '../config/writer/span-editor';
import type { ResolvedSource } from './source';
import { isRecord } from '../../../shared/is-record';

export interface PlanDeps {
  config: ConfigService;
  writer: ConfigWriter;
  dataDir: string;
  /** Null when no mcp-panel command can be found for a bridge line (install-command.ts). */
  command: BridgeCommand | null;
  /** The tools a running server offers now (the panel's pool); else the cached snapshots answer. */
  liveTools?: (serverId: string) => readonly { name: string }[] | null;
}

export interface PlanRequest {
  source: ResolvedSource;
  targets: readonly Profile[];
  /** `user` (default) or `project`; an agent without that layer is refused for it. */
  layer?: LayerKind;
  workspace: string | null;
  /** Overwrite a server of the same name that says something else. */
  replace?: boolean;
  /** `auto`: the bridge line where the agent cannot use the entry; `never`; `always` (remote servers). */
  bridge?: 'auto' | 'never' | 'always';
}

/** A target with what apply needs: its ops, the file as read, the text it will write. */
export interface PlannedTarget {
  view: InstallTarget;
  /** `whole`: the planned text is written as it is (it holds more than the ops: the agent's own inputs). */
  write: { target: WriteTarget; ops: ServerOp[]; base: FileSnapshot; after: string; original: unknown; whole: boolean; inputsAdded: string[] } | null;
}

const PROJECT_LAYERS: readonly LayerKind[] = ['project', 'project-local'];

function refusalOf(e: WriteError): InstallTarget['refusal'] {
  return { code: e.code, message: e.message, ...(e.text ? { text: { key: e.text.key, params: e.text.params as Record<string, string | number> } } : {}) };
}

/** The tools of a server: live from the pool, else the last list the panel recorded for it. */
async function toolsOf(deps: PlanDeps, store: SnapshotStore, id: string): Promise<readonly { name: string }[] | null> {
  const live = deps.liveTools?.(id);
  if (live) return live;
  const st = await store.status(id);
  return st ? await store.read(st.latest) : null;
}

/** NAME-4 per agent: the names the new server's tools get beside the agent's other servers' tools. */
async function namesFor(deps: PlanDeps, store: SnapshotStore, target: Profile, server: string, tools: readonly { name: string }[], workspace: string | null): Promise<InstallToolName[]> {
  const view = await deps.config.load(target, workspace);
  const others = [];
  for (const s of view.servers) {
    if (s.name === server || !s.enabled) continue;
    const t = await toolsOf(deps, store, serverId(target, s.layer, s.name));
    if (t) others.push({ serverId: serverId(target, s.layer, s.name), serverName: s.name, tools: t });
  }
  const mine = { serverId: `install:${server}`, serverName: server, tools };
  const report = assignNames(target, [...others, mine]);
  return report.tools
    .filter((t) => t.serverId === mine.serverId && !t.synthetic)
    .map((t) => ({
      tool: t.tool,
      name: t.name,
      rejected: t.dropped ? ('collision' as const) : t.tooLong ? ('too_long' as const) : null,
      collidesWith: t.collidesWith ? `${t.collidesWith.serverName}/${t.collidesWith.tool}` : null,
    }));
}

/** What the agent's file holds under its servers key now. */
function serversIn(profile: Profile, text: string | null, container: readonly string[] | undefined): Record<string, unknown> {
  if (text === null) return {};
  const parsed = spanEditor(profileFacts(profile).format, text)?.parse(text);
  if (!parsed?.ok) return {};
  let cur: unknown = parsed.value;
  for (const k of container ?? [profileFacts(profile).serversKey]) cur = isRecord(cur) ? cur[k] : undefined;
  return isRecord(cur) ? cur : {};
}

/**
 * A file change as the previews show it (AGENT-3, CTX-2): the changed lines with some context.
 * SEC-2: the context lines are the agent's file: a literal secret any entry holds there is masked.
 */
export function fileDiff(profile: Profile, before: string | null, after: string, container: readonly string[] | undefined): DiffLine[] {
  const secrets = Object.values(serversIn(profile, before, container)).flatMap((e) => entrySecretValues(e)).filter((v) => v.length >= 4);
  const mask = (text: string) => secrets.reduce((acc, v) => acc.split(v).join(SECRET_MASK), text);
  return compactDiff(lineDiff(before ?? '', after)).map((d) => ({ ...d, text: mask(d.text) }));
}

/** Things to know that do not stop the agent from using the entry (era, its own trust, name rules). */
function notes(target: Profile, layer: LayerKind, server: string, remote: boolean, hasToken: boolean): InstallLoss[] {
  const facts = profileFacts(target);
  const agent = facts.label;
  const out: InstallLoss[] = [];
  // An agent that cannot reach the server at all gets the bridge, which logs in for it.
  if (remote && !facts.oauth && !hasToken && facts.transports.some((t) => t !== 'stdio')) out.push({ code: 'no_oauth', params: { agent }, blocking: false });
  if (remote && facts.era === 'legacy') out.push({ code: 'era_legacy', params: { agent }, blocking: false });
  if (PROJECT_LAYERS.includes(layer) && facts.trust !== 'panel') out.push({ code: 'agent_trust', params: { agent }, blocking: false });
  if (server.includes('_') && facts.naming.collisions === 'last-wins' && facts.naming.prefix === 'mcp_') out.push({ code: 'name_policy', params: { agent, server }, blocking: false });
  return out;
}

export async function planInstall(deps: PlanDeps, req: PlanRequest): Promise<PlannedTarget[]> {
  const { source, workspace } = req;
  const c = source.canonical;
  const server = source.server;
  const store = new SnapshotStore(deps.dataDir);
  const srcId = source.from ? serverId(source.from.profile, source.from.server.layer, source.from.server.name) : null;
  const tools = srcId ? await toolsOf(deps, store, srcId) : null;
  const remote = c.transport !== 'stdio';
  const hasToken = Object.keys(c.headers ?? {}).some((h) => h.toLowerCase() === 'authorization');
  const panelTrusted = workspace ? await deps.config.trust.isTrusted(workspace) : false;
  const planned = new Map<string, { profile: Profile; entry: unknown }>();
  const out: PlannedTarget[] = [];

  for (const target of req.targets) {
    const facts = profileFacts(target);
    const layer = req.layer ?? 'user';
    const base: InstallTarget = { profile: target, agent: facts.label, layer, path: null, action: 'skip', entry: null, losses: [], bridge: null, diff: [], tools: null, refusal: null, baseHash: null };
    const resolved = await deps.writer.resolve({ profile: target, layer, workspace });
    if (!resolved.ok) {
      out.push({ view: { ...base, refusal: refusalOf(resolved.error) }, write: null });
      continue;
    }
    const file = resolved.value;
    base.path = file.path;
    // BRIDGE-5 / CFG-10: never into a project file of a workspace the user has not trusted.
    if (PROJECT_LAYERS.includes(layer) && !panelTrusted) {
      out.push({ view: { ...base, refusal: { code: 'untrusted_workspace', message: `${workspace} is not trusted; trust it first (mcp-panel trust ${workspace})`, text: { key: 'install.refusal.untrusted', params: { workspace: workspace ?? '' } } } }, write: null });
      continue;
    }
    // The source's own entry is already in this agent.
    if (source.from?.profile === target && source.from.server.path === file.path) {
      out.push({ view: { ...base, action: 'same' }, write: null });
      continue;
    }
    const spelled = spellAs(target, layer, c, server);
    const losses = [...spelled.losses, ...notes(target, layer, server, remote, hasToken)];
    const issues = dialectValidator(target, spelled.entry);
    if (issues.length > 0 && !losses.some((l) => l.blocking)) losses.push({ code: 'invalid_entry', params: { agent: facts.label, issues: issues.map((i) => `${i.pointer || '/'}: ${i.message}`).join('; ') }, blocking: true });
    // BRIDGE-4: the bridge carries a remote server to any agent that can start a process.
    const canBridge = remote && facts.transports.includes('stdio') && deps.command !== null;
    let bridge: InstallTarget['bridge'] = null;
    if (canBridge && deps.command) {
      if (source.from) bridge = bridgeLine(deps.command, source.from.profile, source.from.server.name, source.from.server.layer, workspace, source.from.server.path);
      else if (!c.headers && c.url) bridge = { command: deps.command.command, args: [...deps.command.prefix, 'bridge', '--url', c.url, ...(c.transport === 'sse' ? ['--sse'] : [])] };
    }
    const blocked = losses.some((l) => l.blocking);
    const useBridge = bridge !== null && (req.bridge === 'always' || (blocked && req.bridge !== 'never'));
    // The bridge line in the agent's own spelling (Goose's `cmd` and `name` too).
    const spelledEntry = useBridge && bridge ? spellAs(target, layer, { transport: 'stdio', command: bridge.command, args: bridge.args, enabled: true }, server).entry : spelled.entry;
    // REG-2: an agent that keeps secrets itself (VS Code `inputs`) gets them as its own inputs.
    const own = useBridge ? null : agentInputs(target, server, spelledEntry, Object.keys(source.secrets ?? {}));
    const entry = own?.entry ?? spelledEntry;
    const snap = await deps.writer.read({ profile: target, layer, workspace });
    if (!snap.ok) {
      out.push({ view: { ...base, losses, bridge, refusal: refusalOf(snap.error) }, write: null });
      continue;
    }
    const before = snap.value;
    const view: InstallTarget = { ...base, losses, bridge, entry, baseHash: before.hash };
    if (tools) view.tools = await namesFor(deps, store, target, server, tools, workspace);
    if (blocked && !useBridge) {
      out.push({ view: { ...view, entry: null }, write: null });
      continue;
    }
    const shared = planned.get(file.path);
    if (shared) {
      // Two agents read one file (Claude Code's and Kimi's <ws>/.mcp.json): written once.
      out.push({ view: { ...view, action: isDeepStrictEqual(shared.entry, entry) ? 'same' : 'skip', ...(isDeepStrictEqual(shared.entry, entry) ? {} : { refusal: { code: 'shared_file', message: `${file.path} is also ${profileFacts(shared.profile).label}'s file, written for it with another entry`, text: { key: 'install.refusal.shared', params: { agent: profileFacts(shared.profile).label } } } }) }, write: null });
      continue;
    }
    const existing = serversIn(target, before.text, file.container);
    const has = Object.hasOwn(existing, server);
    if (has && isDeepStrictEqual(existing[server], entry)) {
      out.push({ view: { ...view, action: 'same' }, write: null });
      continue;
    }
    if (has && !req.replace) {
      losses.push({ code: 'exists_differs', params: { agent: facts.label, server }, blocking: true });
      out.push({ view: { ...view, losses }, write: null });
      continue;
    }
    // SEC-9: the install record keeps the entry it replaces (for undo): never a literal secret.
    const held = has ? findInlineSecrets(existing[server]).map((f) => f.pointer) : [];
    if (held.length > 0) {
      const params = { server, pointers: held.join(', ') };
      const text = { key: 'install.refusal.inline_secret', params };
      out.push({ view: { ...view, refusal: { code: 'inline_secret', message: translate('en', 'install.refusal.inline_secret', params), text } }, write: null });
      continue;
    }
    const ops: ServerOp[] = [has ? { op: 'set', name: server, entry } : { op: 'add', name: server, entry }];
    const served = applyServerOps(before.text, target, ops, dialectValidator, file.container);
    const withOwn = served.ok && own ? withInputs(served.value, facts.format, own.inputs) : null;
    const after = withOwn ? (withOwn.ok ? { ok: true as const, value: withOwn.value.text } : withOwn) : served;
    if (!after.ok || after.value === null) {
      out.push({ view: { ...view, refusal: after.ok ? null : refusalOf(after.error) }, write: null });
      continue;
    }
    planned.set(file.path, { profile: target, entry });
    view.action = useBridge ? 'bridge' : has ? 'replace' : 'add';
    view.diff = fileDiff(target, before.text, after.value, file.container);
    out.push({ view, write: { target: { profile: target, layer, workspace }, ops, base: before, after: after.value, original: has ? existing[server] : undefined, whole: own !== null, inputsAdded: withOwn?.ok ? withOwn.value.added : [] } });
  }
  return out;
}
