// What the api needs from the engines, as narrow interfaces: the real ConfigService and
// ConnectionPool satisfy them (wired in lifecycle.ts); tests can pass small real stand-ins.
import type { ConnectionSpec, EffectiveServer, EffectiveView, Profile, ServerState } from '../../../shared/schemas/server';
import type { Selection } from '../../../shared/contract';

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
