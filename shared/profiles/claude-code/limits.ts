// CTX-1: Claude Code's tool search, switched by ENABLE_TOOL_SEARCH (code.claude.com/docs/en/
// agent-sdk/tool-search "Configure tool search"): unset or `true`, every MCP tool is deferred
// and found through the search tool; `auto`, only once the definitions pass 10 % of the
// model's context window; `auto:N`, N % (1–99); `false`, none is deferred.
import type { ToolLimit } from '../types';

const SETTING = 'ENABLE_TOOL_SEARCH';

export function toolSearchLimits(env: Readonly<Record<string, string | undefined>>): readonly ToolLimit[] {
  const value = env[SETTING]?.trim().toLowerCase() ?? '';
  if (value === 'false') return [];
  const auto = /^auto(?::(\d{1,2}))?$/.exec(value);
  if (auto) {
    const pct = auto[1] === undefined ? 10 : Number(auto[1]);
    if (pct >= 1) return [{ kind: 'defer-share', share: pct / 100, window: null, setting: `${SETTING}=${value}` }];
  }
  // Unset, `true`, or a value the table does not list: the default, as documented (an unlisted
  // value is named, not echoed: it is the person's environment, shown in views and --json).
  return [{ kind: 'defer-all', ...(value === 'true' ? { setting: `${SETTING}=true` } : value ? { setting: SETTING } : {}) }];
}
