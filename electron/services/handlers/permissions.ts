// UI-4 permission simulator: PERM-4 runs here, in the host, over the names the selected
// profile gives the discovered tools (the same catalog the Tools view shows), with the rules
// of the agent's own files (../permissions/rule-files.ts) unless the caller gives them.
import type { AppContract } from '../../../shared/contract';
import type { Handlers } from '../../../shared/rpc';
import { simulate, type Simulation } from '../../../shared/permissions/simulate';
import { mergeLayers, sourceOf, type LayerRules, type MergedRules } from '../../../shared/permissions/layers';
import type { ApiCore } from '../api/core';
import { defKey, qualified, type Catalog, type CatalogCache } from '../api/tool-catalog';
import type { KnownTool, ToolHints } from '../../../shared/permissions/syntax';
import type { Decision, RuleRef } from '../../../shared/permissions/rules';
import type { Profile } from '../../../shared/schemas/server';
import { catalogFor } from '../naming/given-catalog';
import { ConfigWriter } from '../config/writer';
import { RuleFiles } from '../permissions/rule-files';

type PermissionHandlers = Pick<Handlers<AppContract>, 'permissions.simulate' | 'permissions.read' | 'permissions.save'>;

export interface PermissionDeps {
  catalog: CatalogCache;
  env: Record<string, string | undefined>;
  /** CFG-10: project layers are read into the simulation, and written, only when trusted. */
  isTrusted?: (workspace: string) => Promise<boolean>;
}

/**
 * An agent's own rules over a catalogue's names (PERM-4): the selected agent's by default, or
 * `profile`'s (another agent the catalogue is named for: its rule files in the same workspace).
 * Also the context plan's "denied" (CTX-2) and what a `denyHides` agent is not offered (CTX-1).
 */
export interface AgentRules {
  files: RuleFiles;
  simulate(cat: Catalog, opts?: { defaultDecision?: Decision; profile?: Profile }): Promise<Simulation & { merged: MergedRules }>;
  /**
   * The names the agent's deny rules refuse, each with the rule's text: the plan's "denied"
   * (CTX-2) and what a `denyHides` agent is not offered (CTX-1). Without a deny rule in its files
   * nothing is simulated (tools.list asks on every call: ~50 ms a simulation at 10,000 tools).
   */
  denied(cat: Catalog, profile?: Profile): Promise<Map<string, string>>;
}

export function agentRules(core: Pick<ApiCore, 'selection'>, deps: Pick<PermissionDeps, 'env' | 'isTrusted'>): AgentRules {
  const env = deps.env as NodeJS.ProcessEnv;
  const files = new RuleFiles({ writer: new ConfigWriter({ env }), env, isTrusted: deps.isTrusted });
  const run = (cat: Catalog, profile: Profile, given: LayerRules[], defaultDecision: Decision = 'ask') => {
    const merged = mergeLayers(given);
    const sim = simulate({ profile, rules: merged.rules, tools: qualified(cat, profile).map((x) => x.name), defaultDecision, known: knownTools(cat, profile), precedence: precedenceOf(given, merged) });
    return { ...sim, merged };
  };
  return {
    files,
    async simulate(cat, opts = {}) {
      const sel = core.selection();
      const profile = opts.profile ?? sel.profile;
      return run(cat, profile, await files.effective({ ...sel, profile }), opts.defaultDecision);
    },
    async denied(cat, profile) {
      const sel = core.selection();
      const p = profile ?? sel.profile;
      const given = await files.effective({ ...sel, profile: p });
      if (!given.some((l) => l.rules.deny.length > 0)) return new Map();
      return new Map(run(cat, p, given).tools.filter((t) => t.decision === 'deny' && t.rule).map((t) => [t.name, t.rule!.rule]));
    },
  };
}

/**
 * What the catalog knows of each name `profile` gives (server as configured, raw tool,
 * annotations): Codex decides by annotations, Gemini by the server a tool came from.
 */
function knownTools(cat: Catalog, profile: Profile = cat.view.profile): Map<string, KnownTool> {
  const known = new Map<string, KnownTool>();
  for (const { row, name } of qualified(cat, profile).filter((x) => !x.row.synthetic)) known.set(name, { server: row.serverName, tool: row.tool, hints: (cat.defs.get(defKey(row.serverId, row.tool))?.annotations as ToolHints | undefined) ?? null });
  return known;
}

/** Most local first: a more local file's setting wins where the agent ranks rules itself. */
function precedenceOf(given: readonly LayerRules[] | null, merged: MergedRules | null): (r: RuleRef) => number {
  const rank = new Map((given ?? []).map((l, i, all) => [l.path, all.length - 1 - i]));
  return (r) => rank.get(sourceOf(merged, r.list, r.index)?.path ?? '') ?? 0;
}

export function permissionHandlers(core: ApiCore, deps: PermissionDeps, rules = agentRules(core, deps)): PermissionHandlers {
  const { files } = rules;
  return {
    'permissions.read': async () => ({ layers: await files.read(core.selection()) }),
    'permissions.save': async ({ layer, rules, baseHash, overwrite }) => {
      const out = await files.save(core.selection(), layer, rules, baseHash, overwrite);
      if (out.changed) core.log(`permissions of the ${layer} layer saved to ${out.path}`);
      return out;
    },
    'permissions.simulate': async ({ rules: given, layers, tools, defaultDecision, ...input }) => {
      if (!tools && !given && !layers) {
        const sim = await rules.simulate(await catalogFor(core, deps.catalog, input), { defaultDecision });
        const { merged, ...rest } = sim;
        return { ...rest, rules: rest.rules.map((r) => ({ ...r, source: sourceOf(merged, r.list, r.index) })) };
      }
      let known = new Map<string, KnownTool>();
      let names = tools;
      if (!names) {
        const cat = await catalogFor(core, deps.catalog, input);
        known = knownTools(cat);
        names = qualified(cat).map((x) => x.name);
      }
      const layered = layers ?? (given ? null : await files.effective(core.selection()));
      const merged: MergedRules | null = given ? null : mergeLayers(layered!);
      const sim = simulate({ profile: core.selection().profile, rules: given ?? merged!.rules, tools: names, defaultDecision, known, precedence: precedenceOf(layered, merged) });
      return { ...sim, rules: sim.rules.map((r) => ({ ...r, source: sourceOf(merged, r.list, r.index) })) };
    },
  };
}
