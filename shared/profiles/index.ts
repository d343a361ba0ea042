// The agent registry (AGENT-4): one folder per agent (shared/profiles/<id>/: profile.ts the
// facts, files.ts its files per layer and OS, README.md the sources), its id in ids.ts and one
// line each here (a missing one is a type error).
// Views, the CLI and the engine ask `profileFacts(p)` / `agentFiles(p)`; none tests an agent's name.
import type { Profile } from '../schemas/server';
import type { AgentFiles } from './loading';
import type { ProfileFacts } from './types';
import { ANTIGRAVITY } from './antigravity/profile';
import { ANTIGRAVITY_FILES } from './antigravity/files';
import { CLAUDE_CODE } from './claude-code/profile';
import { CLAUDE_CODE_FILES } from './claude-code/files';
import { CLAUDE_DESKTOP } from './claude-desktop/profile';
import { CLAUDE_DESKTOP_FILES } from './claude-desktop/files';
import { CLINE } from './cline/profile';
import { CLINE_FILES } from './cline/files';
import { CODEX } from './codex/profile';
import { CODEX_FILES } from './codex/files';
import { COPILOT } from './copilot/profile';
import { COPILOT_FILES } from './copilot/files';
import { CURSOR } from './cursor/profile';
import { CURSOR_FILES } from './cursor/files';
import { GEMINI } from './gemini/profile';
import { GEMINI_FILES } from './gemini/files';
import { GOOSE } from './goose/profile';
import { GOOSE_FILES } from './goose/files';
import { KIMI } from './kimi/profile';
import { KIMI_FILES } from './kimi/files';
import { MINARA } from './minara/profile';
import { MINARA_FILES } from './minara/files';
import { MINIMAX } from './minimax/profile';
import { MINIMAX_FILES } from './minimax/files';
import { OPENCODE } from './opencode/profile';
import { OPENCODE_FILES } from './opencode/files';
import { QWEN } from './qwen/profile';
import { QWEN_FILES } from './qwen/files';
import { VSCODE } from './vscode/profile';
import { VSCODE_FILES } from './vscode/files';
import { WINDSURF } from './windsurf/profile';
import { WINDSURF_FILES } from './windsurf/files';
import { ZED } from './zed/profile';
import { ZED_FILES } from './zed/files';

interface Agent {
  facts: ProfileFacts;
  files: AgentFiles;
}

const REGISTRY: Record<Profile, Agent> = {
  minimax: { facts: MINIMAX, files: MINIMAX_FILES },
  kimi: { facts: KIMI, files: KIMI_FILES },
  minara: { facts: MINARA, files: MINARA_FILES },
  'claude-code': { facts: CLAUDE_CODE, files: CLAUDE_CODE_FILES },
  'claude-desktop': { facts: CLAUDE_DESKTOP, files: CLAUDE_DESKTOP_FILES },
  cursor: { facts: CURSOR, files: CURSOR_FILES },
  vscode: { facts: VSCODE, files: VSCODE_FILES },
  codex: { facts: CODEX, files: CODEX_FILES },
  gemini: { facts: GEMINI, files: GEMINI_FILES },
  windsurf: { facts: WINDSURF, files: WINDSURF_FILES },
  goose: { facts: GOOSE, files: GOOSE_FILES },
  zed: { facts: ZED, files: ZED_FILES },
  opencode: { facts: OPENCODE, files: OPENCODE_FILES },
  cline: { facts: CLINE, files: CLINE_FILES },
  copilot: { facts: COPILOT, files: COPILOT_FILES },
  qwen: { facts: QWEN, files: QWEN_FILES },
  antigravity: { facts: ANTIGRAVITY, files: ANTIGRAVITY_FILES },
};

export function profileFacts(profile: Profile): ProfileFacts {
  return REGISTRY[profile].facts;
}

export function agentFiles(profile: Profile): AgentFiles {
  return REGISTRY[profile].files;
}
