// CONN-8: minara `include` / `maxTools`, kimi `enabledTools` / `disabledTools`, a file-wide tool
// map (OpenCode's `tools`, matched by its profile), and the plugin caps of seed 000 (128 tools per
// server, 256 per snapshot → the whole server is rejected).
import { limitsMapOff } from '../../../shared/schemas/dialects/tool-map';
import type { ToolDef, ToolLimits } from '../../../shared/schemas/server';

export const PLUGIN_MAX_TOOLS_PER_SERVER = 128;
export const PLUGIN_MAX_TOOLS_PER_SNAPSHOT = 256;

export type LimitOutcome = { ok: true; tools: ToolDef[]; droppedByLimit: number } | { ok: false; error: string };

/**
 * Applies the filters in the order a reader expects: allow-lists, then deny-list, then the
 * count cap. `pluginTotalOthers` = tools already held by other plugin-capped servers.
 */
export function applyLimits(serverName: string, tools: ToolDef[], limits: ToolLimits, pluginTotalOthers = 0): LimitOutcome {
  if (limits.pluginCaps) {
    if (tools.length > PLUGIN_MAX_TOOLS_PER_SERVER) {
      return {
        ok: false,
        error: `plugin server "${serverName}" offers ${tools.length} tools; a plugin server may offer at most ${PLUGIN_MAX_TOOLS_PER_SERVER}, so it is rejected`,
      };
    }
    if (pluginTotalOthers + tools.length > PLUGIN_MAX_TOOLS_PER_SNAPSHOT) {
      return {
        ok: false,
        error: `plugin server "${serverName}" would bring the plugin tool snapshot to ${pluginTotalOthers + tools.length} tools; at most ${PLUGIN_MAX_TOOLS_PER_SNAPSHOT} are allowed, so it is rejected`,
      };
    }
  }
  let out = tools;
  if (limits.include) {
    const allow = new Set(limits.include);
    out = out.filter((t) => allow.has(t.name));
  }
  if (limits.enabledTools) {
    const allow = new Set(limits.enabledTools);
    out = out.filter((t) => allow.has(t.name));
  }
  if (limits.disabledTools) {
    const deny = new Set(limits.disabledTools);
    out = out.filter((t) => !deny.has(t.name));
  }
  const mapOff = limitsMapOff(limits, serverName);
  if (mapOff) out = out.filter((t) => !mapOff(t.name));
  const before = out.length;
  if (limits.maxTools !== undefined && out.length > limits.maxTools) out = out.slice(0, limits.maxTools);
  return { ok: true, tools: out, droppedByLimit: before - out.length };
}
