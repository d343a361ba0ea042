// What the api needs from the engines, as narrow interfaces: the real ConfigService and
// ConnectionPool satisfy them (wired in lifecycle.ts); tests can pass small real stand-ins.
import type { ConnectionSpec, EffectiveServer, EffectiveView, LayerKind, Profile, ServerState, ToolDef } from '../../../shared/schemas/server';
import type { EditableLayer, Selection } from '../../../shared/contract';
import type { RegistryData } from '../../../shared/naming/minimax-registry';
import type { z } from 'zod';
import type { ImportReportSchema, ImportSourceSchema } from '../../../shared/contract/editor';
import type { KeychainConfigSecrets } from '../auth/config-secrets';

export type ImportSource = z.infer<typeof ImportSourceSchema>;
export type ImportReport = z.infer<typeof ImportReportSchema>;

export interface ConfigPort {
  load(profile: Profile, workspace?: string | null): Promise<EffectiveView> | EffectiveView;
}

export interface PoolInfo {
  state: ServerState;
  toolCount?: number | null;
  connectMs?: number | null;
  lastError?: string | null;
}

/** The connection engine (CONN-*), seen from the api. */
export interface PoolPort {
  setServers(specs: ConnectionSpec[]): unknown;
  discover(): Promise<unknown>;
  reconnect(id: string): Promise<unknown>;
  info(id: string): PoolInfo | undefined;
  onStateChanged(listener: (id: string, info: PoolInfo) => void): () => void;
  dispose(): Promise<void> | void;
}

/** CFG-10: trust decisions per workspace. */
export interface TrustPort {
  setTrusted(workspace: string, trusted: boolean): Promise<void> | void;
}

/** CFG-7: flip `enabled` in the file of the server's layer. */
export interface WriterPort {
  setEnabled(sel: Selection, server: EffectiveServer, enabled: boolean): Promise<void> | void;
}

/** CFG-9: external edits; returns a disposer. */
export interface WatchPort {
  watch(sel: Selection, onChange: () => void): () => void;
}

/** A pool per workspace: CONN-7's roots answer and project cwd follow the workspace. */
export type PoolFactory = (sel: Selection) => PoolPort;

export interface DetectedProfileInfo {
  profile: Profile;
  detected: boolean;
  evidence: string[];
}

export type DetectPort = () => Promise<DetectedProfileInfo[]> | DetectedProfileInfo[];

export interface RecentPort {
  list(): string[];
  add(workspace: string): void;
}

// ---- issue 7 views: optional ports, so a host (or a test) without an engine still answers
// ---- every other method; a missing port answers `unavailable` with what to do.

export interface PoolDetails {
  stderr: string[];
  traffic: { at: number; dir: 'out' | 'in'; kind: string; method?: string; text: string }[];
  live: boolean;
  pid: number | null;
  diff: { acceptedSha: string | null; currentSha: string; added: string[]; removed: string[]; changed: { name: string; fields: string[] }[] } | null;
}

/** What the Tools, Disclosure and Logs views need from the connection engine. */
export interface ToolsPort {
  /** The discovered tools of a connected server (never connects on its own). */
  tools(id: string): Promise<ToolDef[]>;
  callTool(id: string, tool: string, args: Record<string, unknown>): Promise<ConvertedCall>;
  acceptSnapshot(id: string): Promise<string | null>;
  details(id: string): PoolDetails | undefined;
}

export interface ConvertedCall {
  isError: boolean;
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  error?: { code: string; message: string };
  retried?: 'after-ping' | 'after-reconnect';
}

/** UI-2 writes (CFG-7/CFG-8) through the config writer. Refusals throw AppError with data. */
export interface EditorPort {
  layers(sel: Selection, view: EffectiveView): Promise<EditableLayer[]>;
  save(sel: Selection, input: EditorSave, original: EffectiveServer | null): Promise<SaveOutcome>;
  remove(sel: Selection, layer: LayerKind, name: string, baseHash: string | null): Promise<SaveOutcome>;
  importFrom(sel: Selection, from: ImportSource, layer: LayerKind, replace: boolean): Promise<ImportReport>;
}

export interface EditorSave {
  layer: LayerKind;
  name: string;
  originalName: string | null;
  entry: Record<string, unknown>;
  baseHash: string | null;
  overwrite: boolean;
}

export interface SaveOutcome {
  path: string;
  changed: boolean;
  created: boolean;
  hash: string | null;
}

/** Session servers (ConfigService.setSessionServers): in memory, on top of every file. */
export interface SessionPort {
  get(profile: Profile): Record<string, unknown>;
  set(profile: Profile, servers: Record<string, unknown>): void;
}

export interface KeychainStatus {
  available: boolean;
  backend: 'keychain' | 'memory';
  reason: string | null;
  fix: string | null;
}

/** CFG-8 keychain field: config secrets kept in the SecretStore, injected at connect time. */
export type SecretsPort = Pick<KeychainConfigSecrets, 'storeEnvSecret' | 'status'>;

export interface LoginOpener {
  /** True when the host opened the browser itself (Electron); false: the page must. */
  open(url: string): Promise<boolean>;
}

/** UI-6 over the auth engine (LoginService). Never returns a secret. */
export interface AuthPort {
  status(spec: ConnectionSpec): Promise<AuthStatusRow>;
  login(spec: ConnectionSpec, opts: { signal: AbortSignal; onEvent: (e: LoginProgressEvent) => void; opener: (url: string) => Promise<void> }): Promise<LoginProgressEvent>;
  logout(spec: ConnectionSpec): Promise<{ removed: number; revoked: boolean; revokeError?: string }>;
}

export type AuthStatusRow = {
  state: 'not-applicable' | 'static' | 'logged-out' | 'logged-in' | 'expired' | 'needs-auth';
  tokenStored: boolean;
  expiresAt: string | null;
  scopes: string[];
  issuer: string | null;
  lastRefresh: string | null;
};

export type LoginProgressEvent =
  | { type: 'discovering'; server: string }
  | { type: 'waiting-for-browser'; url: string; redirectUri: string }
  | { type: 'exchanging' }
  | { type: 'done'; scopes: string[]; expiresAt: number | null; keychain: boolean }
  | { type: 'failed'; reason: string; code: string };

/** minimax's name registry, read without claiming (a preview never changes the agent's file). */
export type RegistryPort = () => Promise<RegistryData | undefined>;
