// AUTH-3/AUTH-5: the one port through which OAuth secrets are kept. Implementations: the OS
// keychain (keytar-store.ts) and an in-memory map that lives only as long as this process.
// There is deliberately no file-backed implementation (AUTH-5: never a plain file).
import type { KeychainCode } from '../../../shared/contract/auth';

/** What the secrets of one server are split into; account = `<serverIdentity>:<kind>`. */
export type SecretKind = 'tokens' | 'client' | 'verifier' | 'discovery' | 'meta';
export const SECRET_KINDS: readonly SecretKind[] = ['tokens', 'client', 'verifier', 'discovery', 'meta'];

export interface SecretStoreStatus {
  /** True when secrets survive a restart (a reachable, unlocked OS keychain). */
  available: boolean;
  /** 'keychain' | 'memory': where secrets go right now. */
  backend: 'keychain' | 'memory';
  /** Why not, as a code the page translates (AUTH-5, UI-9); absent for a plain memory store. */
  code?: KeychainCode;
  /** The keychain library's own words. */
  detail?: string;
  /** Plain English words for the user when not available (CLI, logs). */
  reason?: string;
  /** What the user can do about it. */
  fix?: string;
}

/** Why a keychain was given up: the code and its English sentences. */
export type KeychainProblem = Required<Pick<SecretStoreStatus, 'code' | 'detail' | 'reason' | 'fix'>>;

export interface SecretStore {
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  /** True when something was deleted. */
  delete(account: string): Promise<boolean>;
  /** Accounts (never the secrets) starting with `prefix`. */
  list(prefix: string): Promise<string[]>;
  status(): Promise<SecretStoreStatus>;
}

export function secretAccount(identity: string, kind: SecretKind): string {
  return `${identity}:${kind}`;
}

/** Process-lifetime store: used in tests and as the AUTH-5 fallback when no keychain exists. */
export class MemorySecretStore implements SecretStore {
  private readonly map = new Map<string, string>();
  constructor(private readonly why?: KeychainProblem) {}
  async get(account: string): Promise<string | undefined> {
    return this.map.get(account);
  }
  async set(account: string, secret: string): Promise<void> {
    this.map.set(account, secret);
  }
  async delete(account: string): Promise<boolean> {
    return this.map.delete(account);
  }
  async list(prefix: string): Promise<string[]> {
    return [...this.map.keys()].filter((k) => k.startsWith(prefix)).sort();
  }
  async status(): Promise<SecretStoreStatus> {
    return {
      available: false,
      backend: 'memory',
      ...(this.why ?? { reason: 'secrets are kept in memory only for this process' }),
    };
  }
}

/** Deletes every secret of one server (logout, AUTH-3). Returns the accounts removed. */
export async function deleteAllSecrets(store: SecretStore, identity: string): Promise<string[]> {
  const accounts = await store.list(`${identity}:`);
  const removed: string[] = [];
  for (const a of accounts) if (await store.delete(a)) removed.push(a);
  return removed;
}
