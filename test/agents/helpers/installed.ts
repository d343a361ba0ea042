// The agents the contract suite runs (SPEC AGENT-7), as scripts/agents/install.mjs left them in
// its cache: a test that needs one that is not there fails and says how to install it.
import pins from '../../../scripts/agents/pins.json';
import { readMarker } from '../../../scripts/agents/cache.mjs';

export type AgentId = 'claude-code' | 'gemini' | 'codex' | 'opencode' | 'copilot' | 'qwen';

export interface InstalledAgent {
  id: AgentId;
  package: string;
  version: string;
  /** What to spawn, and the arguments before the agent's own. */
  command: string;
  prefix: string[];
}

export function installedAgent(id: AgentId): InstalledAgent {
  const pin = pins.agents.find((a) => a.id === id);
  if (!pin) throw new Error(`${id} is not pinned in scripts/agents/pins.json`);
  const m = readMarker(pin.package, pin.version);
  if (!m) throw new Error(`${pin.package}@${pin.version} is not installed: run \`node scripts/agents/install.mjs\` (it installs into $MCP_PANEL_AGENTS_CACHE or ~/.cache/mcp-panel-agents)`);
  const runtime = m.runtime === 'current' ? process.execPath : m.runtime;
  return { id, package: pin.package, version: pin.version, command: runtime ?? m.bin, prefix: runtime ? [m.bin] : [] };
}
