// Permission rules as they live in the agent's own files, layer by layer.
//
// Where (seeds): the seeds give the rule syntax and semantics (000 §权限与 OAuth: the key is
// the `mcp__` name, `mcp__<server>` covers a server; 002 §按需加载与权限: picomatch globs)
// but name no file of their own for the rules. The panel therefore keeps them in the layer
// files the seeds do name (minimax: user `<dataDir>/mcp.json`, project `.mcp.json`, read-only;
// kimi: user, git-root `.mcp.json`, `.kimi-code/mcp.json`; minara: user and `.minara/`
// servers.json), under `"permissions": {"allow", "ask", "deny"}`, the shape `simulate --rules`
// already reads. Resolving through the config layers keeps trust (CFG-10) and read-only
// (CFG-7) exactly as for servers.
//
// Precedence: for servers a later (more local) layer wins (seed 000 "会话 > 项目 > 用户",
// seed 002 "同名以后者为准"). Rules do not override one another by name: every layer's rules
// count, the lists are checked deny, ask, allow (PERM-4), and inside a list the most local
// layer's rules come first, so the "decided by" rule is the most local one.
import type { LayerKind } from '../schemas/server';
import { LISTS_BY_STRENGTH, type Decision, type RuleLists } from './rules';

export interface LayerRules {
  layer: LayerKind;
  path: string;
  rules: RuleLists;
}

/** Where a merged rule came from: the file, its layer, and its 0-based place in that file's list. */
export interface RuleSource {
  layer: LayerKind;
  path: string;
  position: number;
}

export interface MergedRules {
  rules: RuleLists;
  sources: Record<Decision, RuleSource[]>;
}

/** `layers` lowest precedence first (as the loader lists them); see the precedence note above. */
export function mergeLayers(layers: readonly LayerRules[]): MergedRules {
  const rules: RuleLists = { allow: [], ask: [], deny: [] };
  const sources: MergedRules['sources'] = { allow: [], ask: [], deny: [] };
  for (const l of [...layers].reverse()) {
    for (const list of LISTS_BY_STRENGTH) {
      l.rules[list].forEach((rule, position) => {
        rules[list].push(rule);
        sources[list].push({ layer: l.layer, path: l.path, position });
      });
    }
  }
  return { rules, sources };
}

/** The source of the merged rule `list[index]`, or null (rules typed by hand). */
export function sourceOf(merged: MergedRules | null, list: Decision, index: number): RuleSource | null {
  return merged?.sources[list][index] ?? null;
}
