// The engine half of an agent profile (AGENT-1): which files its layers are on this machine,
// how they load, and how the agent is detected. The pure facts (format, fields, expansion,
// naming, rules) are shared/profiles/; `facts` points there.
import type { ProfileFacts } from '../../../../shared/profiles/types';
import type { LayerEnv, LayerLocation } from '../layers';
import type { LoadContext, LoadedLayer } from '../types';
import type { ReadRules } from '../../permissions/agent-rules';

/** CFG-12: the folder or file whose presence says the agent is installed, and its config files. */
export interface Detection {
  marker: string;
  configFiles: string[];
}

export interface EngineProfile {
  facts: ProfileFacts;
  /** The file layers, lowest precedence first (session, plugin and env are not files). */
  layerPaths(where: LayerEnv): Promise<LayerLocation[]>;
  /** Every file (and env) layer, lowest precedence first. */
  loadLayers(ctx: LoadContext): Promise<LoadedLayer[]>;
  /** The context in-memory layers (session, plugin) load with: the same defaults the files get. */
  memoryContext?(ctx: LoadContext): Promise<LoadContext>;
  detection(home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Detection;
  /** PERM-4: where the agent keeps its permission rules, when not in its MCP files (Claude Code's settings.json); lowest precedence first. */
  ruleFiles?(where: LayerEnv): Promise<LayerLocation[]>;
  /** PERM-4: the rules a rule file's text holds, when not `permissions` lists (Codex's TOML, Gemini's policies). */
  readRuleText?(text: string | null, path: string): ReadRules;
}
