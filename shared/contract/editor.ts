// UI-2 editor methods: write servers through the config writer (CFG-7), keep secrets out of
// files (CFG-8), try a server in the session layer before writing it anywhere.
import { z } from 'zod';
import { LayerKindSchema, ProfileSchema } from '../schemas/server';
import { method, ACTION, READ, SERVED, SERVED_WRITE } from '../rpc';
import { WRITE_REFUSALS } from '../errors';
import { deeperThan, MAX_ENTRY_DEPTH } from '../schemas/depth';
import { KeychainStatusSchema } from './auth';
import { AgentVerdictSchema } from '../schemas/agent-view';

const Empty = z.object({});
// CFG-5: an entry nested deeper than the loader accepts is refused at the door, so a
// trySession record can never break later servers.list calls (shared/schemas/depth.ts).
const Entry = z.record(z.string(), z.unknown()).refine((e) => !deeperThan(e, MAX_ENTRY_DEPTH), { message: `the entry is nested more than ${MAX_ENTRY_DEPTH} levels deep; flatten it` });
const Name = z.string().min(1).max(200);

export const EditableLayerSchema = z.object({
  layer: LayerKindSchema,
  path: z.string(),
  dialect: ProfileSchema,
  /** Why the panel may not write it (minimax project files, env, plugin…); null = writable. */
  readOnly: z.string().nullable(),
  /** CFG-3: where the agent expands `${VAR}` in this file; "Move to keychain" is offered only where it reads the reference. */
  expansion: z.enum(['entry', 'headers', 'none']),
  /** sha256 of the file as read now: pass it back as `baseHash` (CFG-7 conflict check). */
  hash: z.string().nullable(),
});
export type EditableLayer = z.infer<typeof EditableLayerSchema>;

export const EditorSaveInputSchema = z.object({
  layer: LayerKindSchema,
  name: Name,
  /** Set when editing: the name the entry had (a rename when it differs). */
  originalName: Name.nullable().default(null),
  entry: Entry,
  /** The hash `editor.layers` answered; null = check only changes during the write. */
  baseHash: z.string().nullable().default(null),
  /** After the user saw the diff: apply the edit onto the file as it is on disk now. */
  overwrite: z.boolean().default(false),
});

/** One file a write touched: where, whether its text changed, whether the write created it. */
export const WrittenSchema = z.object({ path: z.string(), changed: z.boolean(), created: z.boolean() });
export type Written = z.infer<typeof WrittenSchema>;
export const SaveOutcomeSchema = WrittenSchema.extend({ hash: z.string().nullable() });

/** Where a secret sits in the draft entry. */
export const SecretSlotSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('env'), key: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('header'), key: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('authToken') }),
]);
export type SecretSlot = z.infer<typeof SecretSlotSchema>;

export const StoreSecretOutputSchema = z.object({
  /** The environment variable the host injects at connect time (CONN-4 host-injected env). */
  variable: z.string(),
  /** What to write in the draft instead of the value (`${VAR}`, `Bearer ${VAR}`, authTokenEnv). */
  replacement: z.string(),
  backend: z.enum(['keychain', 'memory']),
  /** AUTH-5: why the secret will not survive a restart; null when the keychain holds it. */
  keychain: KeychainStatusSchema.nullable(),
});

export const ImportSourceSchema = z.enum(['claude-code', 'claude-desktop', 'cursor', 'vscode']);
export type ImportSource = z.infer<typeof ImportSourceSchema>;

export const ImportSourceFileSchema = z.object({ path: z.string(), state: z.enum(['ok', 'missing', 'invalid']), error: z.string().nullable() });
export const ImportSkipCodeSchema = z.enum(['inline_secret', 'unsupported_transport', 'invalid_source', 'invalid_entry', 'exists', 'not_found']);
/** UI-9: a coded sentence (why a server is skipped, a conversion note) and its params; the English rides beside it. */
const ImportWhySchema = z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) });

/** One server of the source as the import would treat it; nothing is written to build it. */
export const ImportPlanItemSchema = z.object({
  name: z.string(),
  /** `<source file>#<JSON pointer>` */
  from: z.string(),
  path: z.string(),
  pointer: z.string(),
  /**
   * `project`: the source tool uses it only in this workspace (the workspace's .mcp.json,
   * .cursor/mcp.json, .vscode/mcp.json, or Claude Code's per-project block in ~/.claude.json).
   */
  scope: z.enum(['user', 'project']),
  verdict: z.enum(['import', 'replace', 'skip']),
  /** Conversion notes (rewritten references, dropped fields), in English. */
  notes: z.array(z.string()),
  /** UI-9: the same notes as `editor.importNote.<code>` and params. */
  noteCodes: z.array(ImportWhySchema).optional(),
  skip: z.object({ code: ImportSkipCodeSchema, reason: z.string(), why: ImportWhySchema.optional() }).nullable(),
  /** Ticked by default: importable, and not a project server headed for the user layer. */
  selected: z.boolean(),
  /** What the target agent will make of the entry as it would be written (`${VAR}` it sends as text, a transport it lacks…), with the fix. */
  agent: AgentVerdictSchema.optional(),
});
export type ImportPlanItem = z.infer<typeof ImportPlanItemSchema>;

export const ImportPlanSchema = z.object({
  source: ImportSourceSchema,
  layer: LayerKindSchema,
  /** The file the import writes. */
  path: z.string(),
  sourceFiles: z.array(ImportSourceFileSchema),
  servers: z.array(ImportPlanItemSchema),
  /** Other agents that read the file the import writes (kimi's git-root .mcp.json is MiniMax's project file). */
  sharedWith: z.array(z.object({ profile: ProfileSchema, layer: LayerKindSchema, agent: z.string() })).optional(),
});
export type ImportPlan = z.infer<typeof ImportPlanSchema>;

export const ImportReportSchema = z.object({
  source: ImportSourceSchema,
  path: z.string(),
  imported: z.array(z.object({ name: z.string(), from: z.string(), notes: z.array(z.string()), noteCodes: z.array(ImportWhySchema).optional() })),
  /** Picked servers that were not written, with why. */
  skipped: z.array(z.object({ name: z.string(), from: z.string(), code: ImportSkipCodeSchema, reason: z.string(), why: ImportWhySchema.optional() })),
  /** Servers of the source that were not picked (project servers left out of the user layer among them). */
  notPicked: z.array(z.object({ name: z.string(), scope: z.enum(['user', 'project']) })),
  sourceFiles: z.array(ImportSourceFileSchema),
  changed: z.boolean(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const editorMethods = {
  /** The layers of the current selection with their files and whether they are writable. */
  'editor.layers': method(Empty, z.object({ layers: z.array(EditableLayerSchema) }), READ),
  // The entry writes are served on the panel's socket too (issue 36 item 3): `server add|set|remove|
  // rename|enable|disable` and `import` from the CLI go through these handlers (their refusals, the
  // writer's lock, the panel's reload) whether a panel runs or not.
  'editor.save': method(EditorSaveInputSchema, SaveOutcomeSchema, SERVED_WRITE, WRITE_REFUSALS),
  'editor.remove': method(z.object({ layer: LayerKindSchema, name: Name, baseHash: z.string().nullable().default(null) }), SaveOutcomeSchema, SERVED_WRITE, WRITE_REFUSALS),
  /** Renames the entry `name` of a layer to `to`, keeping the entry as written (secrets included: the page never holds them). */
  'editor.rename': method(z.object({ layer: LayerKindSchema, name: Name, to: Name, baseHash: z.string().nullable().default(null) }), SaveOutcomeSchema, SERVED_WRITE, WRITE_REFUSALS),
  /**
   * AGENT-5: turns the entry `name` of a layer on or off with the agent's own switch (servers.setEnabled
   * does it for a row of the view; this one reaches an entry another layer shadows too). Answers every
   * file written (Claude Code's per-project list lives outside the entry's file).
   */
  'editor.setEnabled': method(z.object({ layer: LayerKindSchema, name: Name, enabled: z.boolean() }), z.object({ written: z.array(WrittenSchema).min(1) }), SERVED_WRITE, WRITE_REFUSALS),
  /**
   * CFG-8 keychain field: the page sends the value once; the host stores it in the SecretStore
   * bound to the draft entry (SEC-6) and answers the reference to write instead. Nothing comes back.
   */
  'editor.storeSecret': method(
    z.object({
      name: Name,
      /** SEC-6: the secret belongs to this entry (layer, file, command line or URL origin) only. */
      layer: LayerKindSchema,
      entry: Entry,
      slot: SecretSlotSchema,
      secret: z.string().min(1).max(16384),
      variable: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
    }),
    StoreSecretOutputSchema, ACTION,
    ['refused'],
  ),
  /** Session-only server (in memory, on top of every file): connect it before writing it. */
  'editor.trySession': method(z.object({ name: Name, entry: Entry }), z.object({ id: z.string() }), ACTION),
  /** Answers the session servers cleared and those left. */
  'editor.clearSession': method(z.object({ name: Name.optional() }), z.object({ cleared: z.array(z.string()), left: z.array(z.string()) }), ACTION),
  /** What an import would do, per server; reads the source and the target, writes nothing. */
  'editor.importPreview': method(z.object({ from: ImportSourceSchema, layer: LayerKindSchema, replace: z.boolean().default(false) }), ImportPlanSchema, SERVED, WRITE_REFUSALS),
  /**
   * Writes the servers named in `only` (the ones the user ticked in the preview). `'default'`
   * (`import` without --only): what an import picks unasked, every server but a project server
   * headed for the user layer (one the source refuses is reported as skipped).
   */
  'editor.import': method(z.object({ from: ImportSourceSchema, layer: LayerKindSchema, only: z.union([z.array(Name).min(1).max(1000), z.literal('default')]), replace: z.boolean().default(false) }), ImportReportSchema, SERVED_WRITE, WRITE_REFUSALS),
};
