// The profile registry (AGENT-1): one module per agent, keyed by profile id. Views, the CLI
// and the engine ask `profileFacts(p)` instead of testing an agent's name.
import type { Profile } from '../schemas/server';
import { CLAUDE_CODE } from './claude-code';
import { CLAUDE_DESKTOP } from './claude-desktop';
import { CODEX } from './codex';
import { CURSOR } from './cursor';
import { GEMINI } from './gemini';
import { KIMI } from './kimi';
import { MINARA } from './minara';
import { MINIMAX } from './minimax';
import { VSCODE } from './vscode';
import { WINDSURF } from './windsurf';
import { GOOSE } from './goose';
import { ZED } from './zed';
import { OPENCODE } from './opencode';
import { CLINE } from './cline';
import type { ProfileFacts } from './types';

const REGISTRY: Record<Profile, ProfileFacts> = {
  minimax: MINIMAX,
  kimi: KIMI,
  minara: MINARA,
  'claude-code': CLAUDE_CODE,
  'claude-desktop': CLAUDE_DESKTOP,
  cursor: CURSOR,
  vscode: VSCODE,
  codex: CODEX,
  gemini: GEMINI,
  windsurf: WINDSURF,
  goose: GOOSE,
  zed: ZED,
  opencode: OPENCODE,
  cline: CLINE,
};

export function profileFacts(profile: Profile): ProfileFacts {
  return REGISTRY[profile];
}
