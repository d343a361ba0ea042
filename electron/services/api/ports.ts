// The seams a test fakes (DESIGN.md keeps a port only there): config and pool, plus the few engine calls the
// handlers make. Every type is derived from what it stands for (the engine's own signatures,
// the contract's schemas), never restated; compose.ts wires the real engines behind them.
import type { z } from 'zod';
import type { ConnectionSpec, EffectiveServer, EffectiveView, LayerKind, Profile, ToolDef } from '../../../shared/schemas/server';
import type { DetectedProfileSchema, EditableLayer, EditorSaveInputSchema, ImportPlan, ImportReportSchema, ImportSourceSchema, SaveOutcomeSchema, Selection, Written } from '../../../shared/contract';
import type { RegistryData } from '../../../shared/profiles/minimax/registry';
import type { ConfigService } from '../config';
import type { CallOptions, ConnectionPool, DisabledServer, PoolOptions, ServerInfo } from '../connections';
import type { LoginService } from '../auth';
import type { KeychainConfigSecrets } from '../auth/config-secrets';
import type { Result } from '../../../shared/result';

export type ImportSource = z.infer<typeof ImportSourceSchema>;
export type ImportReport = z.infer<typeof ImportReportSchema>;
export type EditorSave = z.output<typeof EditorSaveInputSchema>;
export type SaveOutcome = z.infer<typeof SaveOutcomeSchema>;
export type DetectedProfileInfo = z.infer<typeof DetectedProfileSchema>;

export type ConfigPort = Pick<ConfigService, 'load'>;

/** What a row needs of a server's connection (CONN-5); a fake may give the state alone. */
export type PoolInfo = Pick<ServerInfo, 'state'> & Partial<Pick<ServerInfo, 'toolCount' | 'connectMs' | 'lastError' | 'snapshotDiff' | 'findings' | 'skills'>>;

/** What the Logs view and the snapshot diff read of a server's connection (CONN-10, CONN-11). */
export type PoolDetails = Pick<ServerInfo, 'stderrTail' | 'traffic' | 'live' | 'pid' | 'snapshotDiff'>;

/** The connection engine (CONN-*) as the api uses it; compose.ts adapts the ConnectionPool. */
export interface PoolPort extends Pick<ConnectionPool, 'acceptSnapshot' | 'request'> {
  /** `disabled`: the servers that do not run, as records that say why (CONN-5). */
  setServers(specs: ConnectionSpec[], opts?: { disabled?: DisabledServer[] }): unknown;
  discover(): Promise<unknown>;
  /** `fresh`: an attempt under way gives way too (it was started with an era or credentials that changed since). */
  reconnect(id: string, fresh?: boolean): Promise<unknown>;
  info(id: string): PoolInfo | undefined;
  details(id: string): PoolDetails | undefined;
  onStateChanged(listener: (id: string, info: PoolInfo) => void): () => void;
  /** The discovered tools of a connected server (never connects on its own: CONN-2 lazy). */
  tools(id: string): Promise<ToolDef[]>;
  /** CONN-8: the same server's tools before the agent's per-tool filter (the tool filter's offer). */
  rawTools(id: string): Promise<ToolDef[]>;
  callTool(id: string, tool: string, args: Record<string, unknown>, opts?: CallOptions): ReturnType<ConnectionPool['callTool']>;
  /** CONN-11: a recorded tool list by its sha (tools.snapshotDiff); absent in fakes. */
  readSnapshot?(sha: string): Promise<ToolDef[] | null>;
  /** SKILL-2: the server's skills were approved: its rows (and its twins') stop saying they changed. */
  skillsAccepted?(id: string): void;
  /** CONN-11: the entries, in every agent, that one approval of this server's list covers (pins.ts). */
  snapshotSharing?(id: string): Promise<Array<{ profile: Profile; name: string }>>;
  /** CONN-11: the latest list recorded for the server and the one accepted (null: none recorded); absent in fakes. */
  snapshotStatus?(id: string): Promise<{ latest: string; accepted: string | null } | null>;
  dispose(): Promise<void> | void;
}

/** What the api hands every pool it makes: PROTO-3, the person answers what a server asks (inputs/desk.ts). */
export interface PoolHooks {
  serverInput: NonNullable<PoolOptions['serverInput']>;
}

/** A pool per workspace: CONN-7's roots answer and project cwd follow the workspace. */
export type PoolFactory = (sel: Selection, hooks: PoolHooks) => PoolPort;

export interface TrustWritten {
  workspace: string;
  trustedAt: string | null;
  changed: boolean;
  file: string;
}

/** CFG-10: trust decisions per workspace. */
export interface TrustPort {
  /** What was written: the workspace by its real path, since when it is trusted (null: not), whether the record changed, the file. */
  setTrusted(workspace: string, trusted: boolean): Promise<TrustWritten>;
  /** CFG-10: absent (test fakes) = nothing is trusted, fail closed. */
  isTrusted?: (workspace: string) => Promise<boolean>;
}

/**
 * CFG-7/AGENT-5: turn the entry `name` of a layer on or off with the agent's own switch; answers
 * every file written, a refusal is the writer's in the contract's terms.
 */
export interface WriterPort {
  setEnabled(sel: Selection, entry: Pick<EffectiveServer, 'layer' | 'name'>, enabled: boolean): Promise<Result<Written[]>>;
}

/**
 * CFG-9: external edits; returns a disposer. The watcher loads through `refresh` (the read
 * model, which loads only when a file changed) and calls `onChange` when the view differs.
 */
export interface WatchPort {
  watch(refresh: () => Promise<EffectiveView>, onChange: () => void): () => void;
  /**
   * The other detected agents' files (issue 34: Across agents, the tray's sum and the other agents'
   * rows were stale after a CLI install into them); `onChange` when one of their views differs.
   */
  watchAgents?(profiles: readonly Profile[], workspace: string | null, onChange: () => void): () => void;
}

export type DetectPort = () => Promise<DetectedProfileInfo[]> | DetectedProfileInfo[];

export interface RecentPort {
  list(): string[];
  add(workspace: string): void;
}

/** UI-2 writes (CFG-7/CFG-8) through the config writer. Refusals throw AppError with data. */
export interface EditorPort {
  layers(sel: Selection, view: EffectiveView): Promise<EditableLayer[]>;
  save(sel: Selection, input: EditorSave, original: EffectiveServer | null): Promise<SaveOutcome>;
  remove(sel: Selection, layer: LayerKind, name: string, baseHash: string | null): Promise<SaveOutcome>;
  rename(sel: Selection, layer: LayerKind, name: string, to: string, baseHash: string | null): Promise<SaveOutcome>;
  importPreview(sel: Selection, from: ImportSource, layer: LayerKind, replace: boolean): Promise<ImportPlan>;
  /** `only` 'default': what an import picks unasked (config/import importServers without `only`). */
  importFrom(sel: Selection, from: ImportSource, layer: LayerKind, only: readonly string[] | 'default', replace: boolean): Promise<ImportReport>;
}

/** Session servers: in memory, on top of every file. */
export type SessionPort = Pick<ConfigService, 'getSessionServers' | 'setSessionServers'>;

/** CFG-8 keychain field: config secrets kept in the SecretStore, injected at connect time. */
export type SecretsPort = Pick<KeychainConfigSecrets, 'storeEnvSecret' | 'status'>;

/** UI-6 over the auth engine. Never returns a secret. */
export type AuthPort = Pick<LoginService, 'status' | 'login' | 'logout'>;

/** minimax's name registry, read without claiming (a preview never changes the agent's file). */
export type RegistryPort = () => Promise<RegistryData | undefined>;
