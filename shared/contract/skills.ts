// SKILL-1/SKILL-2 over the api: a server's skills (SEP-2640) with their files and digests, the
// text of one file verified against its digest, and the approval of its skills (CONN-11 pins).
// What servers say is server content (SEC-2: masked of known secrets only).
import { z } from 'zod';
import { method, ACTION, READ, serverContent } from '../rpc';
import { ProfileSchema } from '../schemas/server';
import { FindingSchema } from '../trust/finding';

export const SkillSchema = z.object({
  uri: z.string(),
  name: z.string(),
  description: z.string(),
  files: z.union([z.array(z.object({ uri: z.string(), size: z.number().int(), digest: z.string() })), z.literal('dynamic')]),
  /** DISC-1 estimate of what an agent that loads it keeps in context (its name and description). */
  tokens: z.number().int(),
  /** CONN-11 checks on its name and description. */
  findings: z.array(FindingSchema),
});
export type SkillView = z.infer<typeof SkillSchema>;

export const SkillsViewSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  /** The server declares the skills extension. */
  supported: z.boolean(),
  era: z.enum(['legacy', 'modern']),
  skills: z.array(SkillSchema),
  /** Entries the SDK refused (SKILL-1: shown with why, never loaded). */
  invalid: z.array(z.object({ uri: z.string().nullable(), reason: z.string() })),
  ttlMs: z.number().nullable(),
  /** Since the approved skills (first sight is approved); null when nothing changed. */
  changed: z.object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) }).nullable(),
  /** The agents whose context these skills enter over this connection (their profiles' `mcpSkills`). */
  loadedBy: z.array(ProfileSchema),
});
export type SkillsView = z.infer<typeof SkillsViewSchema>;

export const SkillFileSchema = z.object({
  uri: z.string(),
  text: z.string().nullable(),
  size: z.number().int(),
  verified: z.boolean(),
  /** CONN-11 checks on the text (instructions for the model, as a tool description is). */
  findings: z.array(FindingSchema),
});

export const skillsMethods = {
  /** Kept while the server's `ttlMs` allows (PROTO-2); `refresh` asks the server now. */
  'skills.list': method(z.object({ serverId: z.string().min(1).max(512), refresh: z.boolean().default(false) }), SkillsViewSchema, serverContent(READ), ['not-found', 'refused', 'unavailable']),
  /** One file of a skill (its SKILL.md when `ref` is absent); a file whose size or digest differs from the entry is refused. */
  'skills.read': method(z.object({ serverId: z.string().min(1).max(512), uri: z.string().min(1).max(2048), ref: z.string().max(2048).optional() }), SkillFileSchema, serverContent(READ), ['not-found', 'refused', 'unavailable']),
  /** Approves the server's skills as they are now, for every entry running that server. */
  'skills.accept': method(z.object({ serverId: z.string().min(1).max(512) }), z.object({ accepted: z.number().int() }), ACTION, ['not-found', 'unavailable']),
};
