// UI-5 disclosure and tool_search (DISC-1, DISC-2, DISC-4) over the selection's catalog.
import { join } from 'node:path';
import type { AppContract } from '../../../shared/contract';
import type { Handlers } from '../../../shared/rpc';
import { resolveDisclosureOptions } from '../../../shared/disclosure/options';
import { planDisclosure } from '../../../shared/disclosure/plan';
import { translateCode } from '../../../shared/i18n';
import { profileFacts } from '../../../shared/profiles';
import type { ProfileNoteCode } from '../../../shared/schemas/notes';
import type { ApiCore } from '../api/core';
import { defKey, qualified, type CatalogCache } from '../api/tool-catalog';
import { catalogFor } from '../naming/given-catalog';
import { rulesFor } from '../agent-view/registry';
import { readToolSearchConfig } from '../naming/tool-search-config';
import { disclosureEdits } from '../naming/disclosure-edits';
import { homeDir } from '../paths';
import { engineProfile } from '../config/profiles';

type DisclosureHandlers = Pick<Handlers<AppContract>, 'disclosure.plan' | 'disclosure.search'>;

interface DisclosureDeps {
  catalog: CatalogCache;
  /** DISC-1: `MAVIS_MCP_TOOL_SEARCH_*` come from the host's environment. */
  env: Record<string, string | undefined>;
}

export function disclosureHandlers(core: ApiCore, deps: DisclosureDeps): DisclosureHandlers {
  return {
    'disclosure.plan': async ({ model, contextWindow, config, ...input }) => {
      const c = await catalogFor(core, deps.catalog, input);
      const profile = c.view.profile;
      const rules = rulesFor(profile);
      // DISC-1: the options given with the call, else the agent's own file (never written here).
      const dataDir = engineProfile(profile).dataDir;
      const file = rules.disclosureConfig && dataDir ? join(await dataDir({ env: deps.env, home: homeDir(deps.env) }), ...rules.disclosureConfig) : null;
      const read = config !== undefined ? { file: null, config, problem: null } : await readToolSearchConfig(file);
      const resolved = resolveDisclosureOptions({ env: deps.env, config: read.config });
      const plan = planDisclosure({
        tools: qualified(c).map(({ row, name }) => ({
          name,
          server: row.serverName,
          source: c.view.servers.find((s) => s.id === row.serverId)?.source ?? 'configured',
          definition: c.defs.get(defKey(row.serverId, row.tool)) ?? { name: row.tool },
          deferred: row.deferred,
        })),
        model,
        contextWindow,
        options: resolved.options,
        deferral: rules.disclosure,
      });
      // UI-9: a code for the renderer, its English (same catalogue) for the CLI and --json.
      const profileNoteCode: ProfileNoteCode | null = profileFacts(profile).disclosureNote(plan.deferred);
      const profileNote = profileNoteCode && translateCode('en', 'disc.profile', { code: profileNoteCode });
      return {
        ...plan,
        options: {
          enabled: resolved.options.enabled,
          thresholdPct: resolved.options.thresholdPct,
          minDeferCount: resolved.options.minDeferCount,
          modelWhitelist: [...resolved.options.modelWhitelist],
          origins: Object.fromEntries(resolved.table.map((r) => [r.key, r.origin])),
        },
        profileNote,
        profileNoteCode,
        optionTable: resolved.table.map(({ key, env, configKey, default: d, value, origin }) => ({ key, env, configKey, default: d, value, origin, file: origin === 'config' ? read.file : null })),
        configFile: read.file,
        edits: rules.disclosure === 'threshold' ? disclosureEdits(plan, resolved, read.file) : [],
        problems: [...resolved.problems, ...(read.problem ? [read.problem] : [])],
      };
    },
    'disclosure.search': async ({ query, mode, topK, config, ...input }) => {
      const c = await catalogFor(core, deps.catalog, input);
      const resolved = resolveDisclosureOptions({ env: deps.env, config }).options;
      // The BM25 index (and its tokenizer) loads with the first search, not with the host.
      const { ToolSearchIndex } = await import('../../../shared/disclosure/search');
      const index = new ToolSearchIndex(
        qualified(c).map(({ row, name }) => {
          const def = c.defs.get(defKey(row.serverId, row.tool));
          return { name, description: def?.description ?? '', inputSchema: def?.inputSchema ?? {} };
        }),
        { topKDefault: resolved.topKDefault, topKMax: resolved.topKMax, maxSchemaTextLen: resolved.maxSchemaTextLen },
      );
      const r = index.search(query, { mode, topK });
      if (!r.ok) return { ok: false, mode, results: [], error: r.error };
      // DISC-2: the full definition, as tool_search hands it to the model.
      return { ok: true, mode: r.mode, results: r.results.map((x) => ({ score: x.score, ...x.definition })), error: null };
    },
  };
}
