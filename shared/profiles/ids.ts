// The agents the panel knows, in the order views list them (AGENT-4): each id is a folder here,
// registered in ./index.ts. No imports, so the schemas can take the list without a cycle.
export const PROFILE_IDS = ['minimax', 'kimi', 'minara', 'claude-code', 'claude-desktop', 'cursor', 'vscode', 'codex', 'gemini', 'windsurf', 'goose', 'zed', 'opencode', 'cline', 'copilot', 'qwen', 'antigravity'] as const;
