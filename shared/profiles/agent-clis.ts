// The agents whose own CLI the panel can ask for their view of their servers (AGENT-8): one
// `cli` per agent folder (its agent-cli.ts). An agent without one here has no reading command
// the panel knows (no CLI, or none that lists without writing).
import type { AgentCli } from './agent-cli';
import type { Profile } from '../schemas/server';
import { cli as claudeCode } from './claude-code/agent-cli';
import { cli as codex } from './codex/agent-cli';
import { cli as copilot } from './copilot/agent-cli';
import { cli as gemini } from './gemini/agent-cli';
import { cli as opencode } from './opencode/agent-cli';
import { cli as qwen } from './qwen/agent-cli';

export const AGENT_CLIS: Partial<Record<Profile, AgentCli>> = { 'claude-code': claudeCode, codex, copilot, gemini, opencode, qwen };
