// Antigravity CLI (`agy`; AGENT-1). Not published on npm, so no run of it here: README.md beside
// this file names the source of every fact (its docs, the google-antigravity/antigravity-cli
// repository, and others' measurements of agy 1.1.25 and 1.1.27, marked as such).
// Entry: `command`, `args` (strings), `env` (string values), or a remote `serverUrl` (SSE and
// streamable HTTP alike; it wins over `command`), `url` (+ `type`) being the older spelling;
// `headers`, `disabled` (the switch), `disabledTools`, `authProviderType` ("google_credentials"),
// `oauth` { clientId, clientSecret }. A server of the wrong shape is dropped without a word while
// the rest of the file loads; a file that is not strict JSON (a comment, a trailing comma) stops
// it at start. So the panel writes no entry its schema refuses (the writer validates against it),
// and a hand-written one says, in status, that Antigravity drops it.
import { z } from 'zod';
import { WHOLE_NAME_RULES } from '../../permissions/syntax';
import type { Transport } from '../../schemas/server';
import { listLimits, PLAIN, PLAIN_SPELLING, sanitizeApiName } from '../kit';
import type { ProfileFacts } from '../types';

const DROPS = 'Antigravity drops this server without a word';
const strings = (what: string) => z.array(z.string({ error: `every ${what} must be a string: ${DROPS}` }), { error: `"${what}" must be an array of strings: ${DROPS}` });
const stringMap = (what: string) => z.record(z.string(), z.string({ error: `every "${what}" value must be a string: ${DROPS}` }), { error: `"${what}" must be an object of strings: ${DROPS}` });

function transportOf(e: Record<string, unknown>): Transport | null {
  if (typeof e.serverUrl === 'string') return 'http';
  if (typeof e.url === 'string') return e.type === 'sse' ? 'sse' : 'http';
  return typeof e.command === 'string' ? 'stdio' : null;
}

export const AntigravityEntrySchema = z
  .looseObject({
    command: z.string({ error: `"command" must be a string: ${DROPS}` }).min(1).optional(),
    args: strings('args').optional(),
    env: stringMap('env').optional(),
    serverUrl: z.string({ error: `"serverUrl" must be a string: ${DROPS}` }).min(1).optional(),
    url: z.string().min(1).optional(),
    type: z.string().optional(),
    headers: stringMap('headers').optional(),
    disabled: z.boolean({ error: `"disabled" must be true or false: ${DROPS}` }).optional(),
    disabledTools: strings('disabledTools').optional(),
    authProviderType: z.literal('google_credentials', { error: `"authProviderType" can only be "google_credentials": ${DROPS}` }).optional(),
    oauth: z.looseObject({ clientId: z.string().optional(), clientSecret: z.string().optional() }, { error: `"oauth" must be an object: ${DROPS}` }).optional(),
  })
  .superRefine((e, ctx) => {
    // It loads a server naming no transport and then has nothing to start: the panel says so.
    if (transportOf(e) === null) ctx.addIssue({ code: 'custom', path: [], message: 'needs "command" (stdio) or "serverUrl" (remote): Antigravity starts nothing for it' });
  });

/** What status says of a hand-written entry Antigravity would drop: the schema's first complaint, which says so. */
function dropped(entry: Record<string, unknown>): { field: string; message: string }[] {
  const r = AntigravityEntrySchema.safeParse(entry);
  if (r.success) return [];
  const issue = r.error.issues.find((i) => i.message.includes(DROPS));
  return issue ? [{ field: String(issue.path[0] ?? ''), message: issue.message }] : [];
}

/** Not documented; shown as `mcp_<server>_<tool>`, API-safe (unverified). */
const namer = (server: string) => (tool: string) => `mcp_${sanitizeApiName(server)}_${sanitizeApiName(tool)}`;

export const ANTIGRAVITY: ProfileFacts = {
  ...PLAIN,
  id: 'antigravity',
  label: 'Antigravity',
  shortLabel: 'Antigravity',
  // Go's encoding/json: a comment or a trailing comma is a startup error.
  format: 'json',
  fileLayers: ['user', 'project'],
  serversKey: 'mcpServers',
  entrySchema: AntigravityEntrySchema,
  fileSchema: z.looseObject({}),
  transportKeys: ['type'],
  transports: ['stdio', 'http', 'sse'],
  transportOf,
  normalize: (e) => (e.url === undefined && typeof e.serverUrl === 'string' ? { ...e, url: e.serverUrl } : e),
  // No substitution in mcp_config.json is documented.
  expansion: () => 'none',
  expansionWhere: { en: 'nowhere in mcp_config.json', zh: '在 mcp_config.json 中一律不展开' },
  missingVar: 'keep',
  form: { fields: [] },
  serverSwitch: true,
  toolFilter: { allow: null, deny: 'disabledTools' },
  naming: { prefix: 'mcp_', sep: '_', namer, untruncated: (s, t) => namer(s)(t), collisions: 'first-wins', whyKey: 'tools.why.firstWins', collisionEvent: false },
  rules: WHOLE_NAME_RULES,
  oauth: true,
  // It reads a workspace's `.agents/` only for a folder attached to the session (files.ts); no trust file of its own is known.
  trust: 'panel',
  budgetField: null,
  // CTX-1: "adding this instance with N enabled tools would exceed max limit of 100": the server
  // is refused (Antigravity's own error, quoted in public issues; README).
  limits: () => [{ kind: 'cap', max: 100, per: 'total', past: 'refused' }],
  era: 'unknown',
  clientCapabilities: null,
  ignoredFields: dropped,
  spelling: { ...PLAIN_SPELLING, typeKey: null, typeWords: {}, urlKey: { http: 'serverUrl', sse: 'serverUrl' }, switchKey: 'disabled' },
  stdioEntry: (command, args) => ({ command, args: [...args] }),
  connection: (e) => ({ limits: listLimits(undefined, e.disabledTools) }),
};
