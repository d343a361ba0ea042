// The engine's view of an agent (AGENT-4): its facts and files (shared/profiles/<id>/) turned
// into loading, detection and rule reading over the real file system (engine.ts).
import type { ProfileFacts } from '../../../../shared/profiles/types';
import type { Detection, LayerEnv, LayerLocation, LoadContext, LoadedLayer, ReadRules } from '../../../../shared/profiles/loading';

export type { Detection };

export interface EngineProfile {
  facts: ProfileFacts;
  /** The file layers, lowest precedence first (session, plugin and env are not files). */
  layerPaths(where: LayerEnv): Promise<LayerLocation[]>;
  /** Every file (and env) layer, lowest precedence first. */
  loadLayers(ctx: LoadContext): Promise<LoadedLayer[]>;
  /** The context in-memory layers (session, plugin) load with: the same defaults the files get. */
  memoryContext(ctx: LoadContext): Promise<LoadContext>;
  detection(home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Detection;
  /** The agent's data folder (shared/profiles/<id>/files.ts dataDir), when it keeps files of its own there. */
  dataDir?(where: Omit<LayerEnv, 'workspace'>): Promise<string>;
  /** PERM-4: where the agent keeps its permission rules, when not in its MCP files (Claude Code's settings.json); lowest precedence first. */
  ruleFiles?(where: LayerEnv): Promise<LayerLocation[]>;
  /** PERM-4: the rules a rule file's text holds, when not `permissions` lists (Codex's TOML, Gemini's policies). */
  readRuleText?(text: string | null, path: string): ReadRules;
}
