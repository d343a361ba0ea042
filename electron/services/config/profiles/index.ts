// The engine's profile registry (AGENT-1): one module per agent. The config service, the
// writer, detection and the secret scan ask it; none of them tests an agent's name.
import type { Profile } from '../../../../shared/schemas/server';
import type { LayerEnv, LayerLocation } from '../layers';
import { CLAUDE_CODE_ENGINE } from './claude-code';
import { CLAUDE_DESKTOP_ENGINE } from './claude-desktop';
import { CODEX_ENGINE } from './codex';
import { CURSOR_ENGINE } from './cursor';
import { GEMINI_ENGINE } from './gemini';
import { KIMI_ENGINE } from './kimi';
import { MINARA_ENGINE } from './minara';
import { MINIMAX_ENGINE } from './minimax';
import { VSCODE_ENGINE } from './vscode';
import { WINDSURF_ENGINE } from './windsurf';
import { GOOSE_ENGINE } from './goose';
import { ZED_ENGINE } from './zed';
import { OPENCODE_ENGINE } from './opencode';
import { CLINE_ENGINE } from './cline';
import type { EngineProfile } from './types';

const ENGINES: Record<Profile, EngineProfile> = {
  minimax: MINIMAX_ENGINE,
  kimi: KIMI_ENGINE,
  minara: MINARA_ENGINE,
  'claude-code': CLAUDE_CODE_ENGINE,
  'claude-desktop': CLAUDE_DESKTOP_ENGINE,
  cursor: CURSOR_ENGINE,
  vscode: VSCODE_ENGINE,
  codex: CODEX_ENGINE,
  gemini: GEMINI_ENGINE,
  windsurf: WINDSURF_ENGINE,
  goose: GOOSE_ENGINE,
  zed: ZED_ENGINE,
  opencode: OPENCODE_ENGINE,
  cline: CLINE_ENGINE,
};

export function engineProfile(profile: Profile): EngineProfile {
  return ENGINES[profile];
}

/** The file layers of a profile, lowest precedence first (session/plugin/env are not files). */
export function resolveLayerPaths(profile: Profile, where: LayerEnv): Promise<LayerLocation[]> {
  return ENGINES[profile].layerPaths(where);
}
