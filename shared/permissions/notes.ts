// UI-9 / PERM-4: what the simulator says about a rule or a tool crosses the boundary as a code
// and params; the renderer and the CLI say it through `perm.note.<code>` (en + zh).
export type PermNoteCode =
  | 'content-not-simulated'
  | 'not-mcp'
  | 'minimax-no-wildcards'
  | 'minimax-empty-segment'
  | 'minimax-no-prefix'
  | 'minimax-segments'
  | 'minimax-tool-unmatchable'
  | 'kimi-whole-name'
  | 'minara-not-mcp'
  | 'claude-parens'
  | 'claude-allow-glob'
  | 'no-rule-syntax'
  | 'gemini-form'
  | 'gemini-wildcard'
  | 'gemini-modes'
  | 'gemini-headless'
  | 'gemini-subagent'
  | 'gemini-annotations'
  | 'gemini-syntax'
  | 'codex-form'
  | 'codex-policy'
  | 'codex-hidden'
  | 'codex-syntax'
  | 'cline-form'
  | 'cline-syntax';


export interface PermNote {
  code: PermNoteCode;
  params?: Record<string, string | number>;
}

export const permNote = (code: PermNoteCode, params?: PermNote['params']): PermNote => (params ? { code, params } : { code });
