// Qwen Code's `qwen mcp list` (text, on stdout; checked on 0.24.4), Gemini CLI's format with its own
// words: `GLYPH NAME: DESCRIPTION (stdio|http|sse) - Connected|Disconnected|Pending approval|…`.
// Its list connects to every server it would start (a health check) and names no scope.
import { type AgentCli, forVersion, stripAnsi, type AgentServer, type AgentState } from '../agent-cli';
import { parseGeminiStyleLines } from '../gemini/agent-cli';

const STATES: Record<string, AgentState> = { Connected: 'connected', Connecting: 'unknown', Disconnected: 'failed', Disabled: 'disabled', Blocked: 'blocked', 'Pending approval': 'pending', Rejected: 'disabled' };

const parseList024 = (output: string): AgentServer[] => parseGeminiStyleLines(stripAnsi(output), STATES);

export const parseQwenList = (output: string, version: string) => forVersion('qwen', version, { '0.24': parseList024 })(output);

/** AGENT-8: how the panel asks this agent for its own view of its servers (its list connects to every server it would start (a health check)). */
export const cli: AgentCli = { bin: 'qwen', list: ['mcp', 'list'], startsServers: true, stream: 'both', parse: parseQwenList };
