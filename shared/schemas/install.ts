// AGENT-3: one server into several agents, as data the host sends and the renderer and the CLI
// word (shared/i18n/messages/install.ts). The per-agent "what it cannot express" uses the codes
// of the agent's-eye verdict where they mean the same (`transport`, `var_literal`, `no_oauth`),
// so that verdict's issues can be shown here unchanged once it covers every agent.
import { z } from 'zod';
import { LayerKindSchema, ProfileSchema, TransportSchema } from './server';

export const InstallLossCodeSchema = z.enum([
  'transport', // the agent cannot use this transport (Claude Desktop's file: stdio only; Codex: no SSE)
  'var_literal', // `${VAR}` where the agent does not expand it: it would send the text as written
  'var_default', // `${VAR:-default}` where the agent knows no default: written as `${VAR}`
  'no_oauth', // a remote server without a token, and the agent has no OAuth login of its own
  'no_switch', // the entry is disabled, and the agent has no per-server switch
  'no_tool_filter', // tools are filtered, and the agent has no per-tool field
  'era_legacy', // the agent speaks only the 2025-06-18 protocol (a modern-only server needs the bridge)
  'agent_trust', // the agent reads this project file only once it trusts the workspace itself
  'name_policy', // Gemini: `_` in a server name breaks its policy rules
  'exists_differs', // the file has a server of this name that says something else (use replace)
  'invalid_entry', // the written entry would not be a valid entry of this agent
]);

const Params = z.record(z.string(), z.union([z.string(), z.number()]));

export const InstallLossSchema = z.object({
  code: InstallLossCodeSchema,
  params: Params,
  /** The agent cannot use the entry as written: the bridge line (or nothing) is written instead. */
  blocking: z.boolean(),
});
export type InstallLoss = z.infer<typeof InstallLossSchema>;

/** One tool as this agent will show it: its name, or why the agent will not. */
export const InstallToolNameSchema = z.object({
  tool: z.string(),
  name: z.string().nullable(),
  /** too_long: the agent sends it and the model API refuses (Claude Code, > 64); collision: another tool has the name. */
  rejected: z.enum(['too_long', 'collision']).nullable(),
  /** The tool that keeps the name, `server/tool`, on a collision. */
  collidesWith: z.string().nullable(),
});
export type InstallToolName = z.infer<typeof InstallToolNameSchema>;

export const BridgeLineValueSchema = z.object({ command: z.string(), args: z.array(z.string()) });

/** What is written into one agent's file, or why nothing is. */
export const InstallActionSchema = z.enum(['add', 'replace', 'bridge', 'same', 'skip']);

export const InstallDiffLineSchema = z.object({ op: z.enum(['same', 'add', 'del']), text: z.string() });

export const InstallTargetSchema = z.object({
  profile: ProfileSchema,
  /** The agent's product name (never translated). */
  agent: z.string(),
  layer: LayerKindSchema,
  path: z.string().nullable(),
  action: InstallActionSchema,
  /** The entry written (the bridge line's for `bridge`), null when nothing is. */
  entry: z.record(z.string(), z.unknown()).nullable(),
  losses: z.array(InstallLossSchema),
  /** The bridge line offered where the entry cannot be used as written (null: the bridge cannot help). */
  bridge: BridgeLineValueSchema.nullable(),
  /** The file's lines around the change (unchanged runs shortened). */
  diff: z.array(InstallDiffLineSchema),
  /** The tool names this agent will show; null when the panel has not seen the server's tools. */
  tools: z.array(InstallToolNameSchema).nullable(),
  /** Why nothing can be written here: the writer's refusal (code + English + words), or an untrusted workspace. */
  refusal: z.object({ code: z.string(), message: z.string(), text: z.object({ key: z.string(), params: Params }).optional() }).nullable(),
  /** The sha256 of the file as the preview read it (a write refuses if it changed since). */
  baseHash: z.string().nullable(),
});
export type InstallTarget = z.infer<typeof InstallTargetSchema>;

export const CanonicalEntrySchema = z.object({
  transport: TransportSchema,
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  enabled: z.boolean(),
  enabledTools: z.array(z.string()).optional(),
  disabledTools: z.array(z.string()).optional(),
});

export const InstallSourceSchema = z.union([
  z.object({ kind: z.literal('profile'), profile: ProfileSchema, layer: LayerKindSchema, name: z.string() }),
  z.object({ kind: z.literal('file'), path: z.string() }),
  // REG-2: one version of one entry of a registry (its base URL).
  z.object({ kind: z.literal('registry'), registry: z.string(), name: z.string(), version: z.string() }),
  z.object({ kind: z.literal('entry') }),
]);
export type InstallSource = z.infer<typeof InstallSourceSchema>;

export const InstallPreviewSchema = z.object({
  server: z.string(),
  source: InstallSourceSchema,
  canonical: CanonicalEntrySchema,
  targets: z.array(InstallTargetSchema),
});
export type InstallPreview = z.infer<typeof InstallPreviewSchema>;

export const InstallFileSchema = z.object({ profile: ProfileSchema, layer: LayerKindSchema, path: z.string(), action: InstallActionSchema });

/** One install as kept for undo: every file it changed. */
export const InstallSummarySchema = z.object({ id: z.string(), server: z.string(), installedAt: z.number(), files: z.array(InstallFileSchema) });
export type InstallSummary = z.infer<typeof InstallSummarySchema>;

export const InstallResultSchema = z.object({
  /** The undo id (null when nothing was written). */
  id: z.string().nullable(),
  written: z.array(InstallFileSchema),
  failed: z.array(z.object({ profile: ProfileSchema, path: z.string().nullable(), code: z.string(), message: z.string() })),
});
export type InstallResult = z.infer<typeof InstallResultSchema>;

export const UndoResultSchema = z.object({
  id: z.string(),
  restored: z.array(z.object({ profile: ProfileSchema, path: z.string(), how: z.enum(['exact', 'entry', 'removed']) })),
  failed: z.array(z.object({ profile: ProfileSchema, path: z.string(), code: z.string(), message: z.string() })),
});
export type UndoResult = z.infer<typeof UndoResultSchema>;
