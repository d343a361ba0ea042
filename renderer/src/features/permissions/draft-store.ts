// Unsaved rule edits survive a reload of the page (issue 14 item 6). Kept in sessionStorage,
// one entry per profile + workspace + file: it survives a reload of this window (Electron's
// webContents.reload, a browser refresh) and goes away with the window, so a draft never
// resurfaces days later against a file that has moved on, and two windows never share (and
// clobber) one draft as the host's settings store would. The base hash is kept with the text:
// a file changed on disk meanwhile makes the save a conflict, never a silent overwrite.
import type { Decision } from '../../../../shared/permissions/rules';
import type { Profile } from '../../../../shared/schemas/server';

export type RuleTexts = Record<Decision, string>;

export interface RuleDraft {
  texts: RuleTexts;
  /** The file content the draft was edited from (null: the file did not exist). */
  baseHash: string | null;
}

const PREFIX = 'mcp-panel.rules-draft:';

export const draftKey = (profile: Profile, workspace: string | null, path: string): string => `${PREFIX}${JSON.stringify([profile, workspace ?? '', path])}`;

/** The store the page has (sessionStorage), or none (a sandboxed page without storage). */
function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

const isTexts = (v: unknown): v is RuleTexts =>
  typeof v === 'object' && v !== null && (['allow', 'ask', 'deny'] as const).every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

export function loadDraft(key: string): RuleDraft | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const v = JSON.parse(raw) as { texts?: unknown; baseHash?: unknown };
    if (!isTexts(v.texts) || !(typeof v.baseHash === 'string' || v.baseHash === null)) return null;
    return { texts: v.texts, baseHash: v.baseHash };
  } catch {
    return null;
  }
}

export function storeDraft(key: string, draft: RuleDraft | null): void {
  try {
    if (draft) storage()?.setItem(key, JSON.stringify(draft));
    else storage()?.removeItem(key);
  } catch {
    // Full or refused storage: the draft lives in memory only (lost on reload, never wrong).
  }
}
