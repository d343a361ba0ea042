// What the agent's-eye verdict needs of an agent beyond its profile facts, with the seed's words.
import { join } from 'node:path';
import type { Profile } from '../../../shared/schemas/server';
import { minimaxDataDir } from '../config/layers';
import type { AgentRules } from './rules';

export const OVERRIDES: Partial<Record<Profile, Partial<AgentRules>>> = {
  minimax: {
    // Seed 000: "环境变量优先于 config.yaml 的 mcpToolSearch 段": the data folder's config.yaml.
    disclosureConfig: (home) => join(minimaxDataDir(home), 'config.yaml'),
  },
  kimi: {
    // Seed 002: "两层项目配置只在工作区被信任后才读（includeProject: this.trust.isTrusted()）".
    projectTrust: true,
    // Seed 002: its startup timeout (30 s unless `startupTimeoutMs`, the `mcp` section or
    // KIMI_MCP_* say otherwise) is what it waits for every server: raising it gives a slow one its turn.
    budgetField: 'startupTimeoutMs',
  },
};
