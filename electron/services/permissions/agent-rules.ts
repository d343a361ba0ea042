// PERM-4: the permission rules of agents that keep them in a format of their own, read out of a
// rule file's text into the simulator's lists (what each rule means: shared/permissions/
// codex-approval.ts and gemini-policy.ts). The panel reads these files; it does not write them.
import { codexRules } from '../../../shared/permissions/codex-approval';
import { clineRules } from '../../../shared/permissions/cline-approve';
import { geminiPolicyRules, geminiSettingsRules, USER_TIER } from '../../../shared/permissions/gemini-policy';
import type { RuleLists } from '../../../shared/permissions/rules';
import { parseTomlDoc } from '../config/toml-doc';
import { parseConfigText } from '../config/writer';

export interface ReadRules {
  rules: RuleLists;
  problem: { code: string; params?: Record<string, string | number> } | null;
}

const EMPTY: RuleLists = { allow: [], ask: [], deny: [] };
const blank = (text: string | null): text is null => text === null || text.trim() === '';

function toml(text: string, read: (value: unknown) => ReadRules): ReadRules {
  const parsed = parseTomlDoc(text);
  if (!parsed.ok) return { rules: EMPTY, problem: { code: 'parse', params: { line: parsed.line, column: parsed.column } } };
  return read(parsed.doc.value);
}

/** Codex: one config.toml's approval settings. */
export function readCodexRules(text: string | null): ReadRules {
  if (blank(text)) return { rules: EMPTY, problem: null };
  return toml(text, (value) => ({ rules: codexRules(value), problem: null }));
}

/** Gemini CLI: a policy `.toml` (user tier; Gemini skips a file whose schema fails, whole) or a settings.json. */
export function readGeminiRules(text: string | null, path: string): ReadRules {
  if (blank(text)) return { rules: EMPTY, problem: null };
  if (path.endsWith('.toml')) {
    return toml(text, (value) => {
      const r = geminiPolicyRules(value, USER_TIER);
      return { rules: r.rules, problem: r.problem === null ? null : { code: 'gemini-skipped', params: { error: r.problem } } };
    });
  }
  const parsed = parseConfigText(text, true);
  if (!parsed.ok) return { rules: EMPTY, problem: { code: 'parse', params: { line: parsed.error.line, column: parsed.error.column } } };
  return { rules: geminiSettingsRules(parsed.value), problem: null };
}

/** Cline: each server's `autoApprove` in cline_mcp_settings.json (plain JSON, as Cline parses it). */
export function readClineRules(text: string | null): ReadRules {
  if (blank(text)) return { rules: EMPTY, problem: null };
  const parsed = parseConfigText(text, false);
  if (!parsed.ok) return { rules: EMPTY, problem: { code: 'parse', params: { line: parsed.error.line, column: parsed.error.column } } };
  return { rules: clineRules(parsed.value), problem: null };
}
