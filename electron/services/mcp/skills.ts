// SKILL-1/SKILL-2 (SEP-2640, the Skills extension): a server's skills through the SDK's own host
// side (SkillsClient), which walks every page, refuses invalid entries (we keep them, with the
// reason) and verifies every file it reads against the entry's size and SHA-256 digest. Both
// eras: the SDK sends skills/list on a 2025-11-25 connection too; a 2026-07-28 page carries
// `ttlMs`. Plain data out: the seam keeps the SDK's types to itself.
import type { Client } from '@modelcontextprotocol/client';
import { SkillsClient, SkillVerificationError, type Skill } from '@modelcontextprotocol/client/ext/skills';

export interface SkillEntry {
  uri: string;
  name: string;
  description: string;
  /** Every file with its size and digest, or `dynamic` (the server publishes none: nothing can be verified). */
  files: Array<{ uri: string; size: number; digest: string }> | 'dynamic';
}

export interface SkillListing {
  supported: boolean;
  skills: SkillEntry[];
  invalid: Array<{ uri: string | null; reason: string }>;
  ttlMs: number | null;
}

export interface SkillRead {
  uri: string;
  text: string | null;
  size: number;
  /** Size and digest checked against the entry (false only for a `dynamic` skill). */
  verified: boolean;
}

/** Why a file was not shown: the SDK's verification reasons, or the server's own error. */
export class SkillReadError extends Error {
  constructor(readonly reason: 'unlisted' | 'size' | 'digest' | 'frontmatter' | 'not-found', message: string) {
    super(message);
  }
}

const entryOf = (s: Skill): SkillEntry => ({
  uri: s.uri,
  name: s.frontmatter.name,
  description: s.frontmatter.description,
  files: s.resources === 'dynamic' ? 'dynamic' : s.resources.map((r) => ({ uri: r.uri, size: r.size, digest: r.digest })),
});

/** `now`: the clock the server's `ttlMs` is counted on (PROTO-2: a listing may be kept that long). */
export function skillsOf(client: Client, now: () => number = Date.now) {
  const sdk = new SkillsClient(client, { skipInvalid: true });
  let kept: { until: number; listing: SkillListing } | null = null;
  return {
    get supported(): boolean {
      return sdk.supported;
    },
    /** Served from the last listing while the server's `ttlMs` allows, unless `fresh`. */
    async list(timeoutMs: number, fresh = false): Promise<SkillListing> {
      if (!sdk.supported) return { supported: false, skills: [], invalid: [], ttlMs: null };
      if (!fresh && kept && now() < kept.until) return kept.listing;
      const l = await sdk.list({}, { timeout: timeoutMs });
      const listing = { supported: true, skills: l.skills.map(entryOf), invalid: l.invalid.map((i) => ({ uri: i.uri ?? null, reason: i.reason })), ttlMs: l.ttlMs ?? null };
      kept = listing.ttlMs ? { until: now() + listing.ttlMs, listing } : null;
      return listing;
    },
    /** One file of the skill at `uri` (its SKILL.md when `ref` is absent), verified. */
    async read(uri: string, ref: string | undefined, timeoutMs: number): Promise<SkillRead> {
      const { skill } = await sdk.get(uri, { timeout: timeoutMs });
      try {
        const f = await sdk.read(skill, ref, { timeout: timeoutMs });
        return { uri: f.uri, text: f.text ?? null, size: f.bytes.byteLength, verified: f.verified };
      } catch (err) {
        if (err instanceof SkillVerificationError) throw new SkillReadError(err.reason, err.message);
        throw err;
      }
    },
  };
}
