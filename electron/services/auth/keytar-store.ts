// AUTH-3 keychain adapter (keytar, service `mcp-panel`) and the AUTH-5 fallback: when the
// keychain cannot be reached (keytar not built, no D-Bus, locked collection) the store says
// so in plain words and keeps secrets in memory for this process only — never in a file.
import type { KeychainCode } from '../../../shared/contract/auth';
import { catalogueTranslator } from '../../../shared/i18n/core';
import { keychain } from '../../../shared/i18n/messages/keychain';
import { type KeychainSerializer, keychainSerializer } from './keychain-lock';
import { MemorySecretStore, type KeychainProblem, type SecretStore, type SecretStoreStatus } from './secret-store';

export const KEYCHAIN_SERVICE = 'mcp-panel';

/** The part of keytar this adapter uses (injectable so tests can fail it on purpose). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

/** Loads the optional keytar addon; undefined plus the error text when it is not there. */
export async function loadKeytar(): Promise<{ keytar?: KeytarLike; error?: string }> {
  try {
    const mod = (await import('keytar')) as unknown as KeytarLike & { default?: KeytarLike };
    const k = mod.default && typeof mod.default.getPassword === 'function' ? mod.default : mod;
    if (typeof k.getPassword !== 'function') return { error: 'keytar loaded but has no getPassword' };
    return { keytar: k };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

const english = catalogueTranslator(keychain, 'en');

/** Turns keytar/libsecret errors into what the user should read and do (AUTH-5). */
export function explainKeychainError(message: string): KeychainProblem {
  const m = message.toLowerCase();
  const code: KeychainCode = m.includes('libsecret')
    ? 'library-missing'
    : m.includes('cannot find module') || m.includes('err_module_not_found') || m.includes('not built')
      ? 'module-missing'
      : m.includes('d-bus') || m.includes('dbus') || m.includes('$display') || m.includes('org.freedesktop.secrets') || m.includes('could not connect')
        ? 'no-secret-service'
        : m.includes('locked') || m.includes('object does not exist') || m.includes('dismissed') || m.includes('denied')
          ? 'locked'
          : 'failed';
  return { code, detail: message, reason: english(`keychain.${code}.reason`, { detail: message }), fix: english(`keychain.${code}.fix`) };
}

// BRIDGE-2: bridges start by the half-dozen. The probe item is per process (concurrent writes
// and deletes of one item fail), and lives under its own service so another process's
// `findCredentials` never enumerates an item that is deleted under it (libsecret then returns
// an item without a value, and that process would fall back to memory).
const PROBE_PREFIX = '__mcp-panel-probe__';
const PROBE_ACCOUNT = `${PROBE_PREFIX}:${process.pid}`;
const probeService = (service: string) => `${service}.probe`;

/**
 * Keychain first; on the first failure (at probe or later) it switches to memory for the rest
 * of the process and `status()` reports why. Secrets already written to memory stay readable.
 */
export class KeytarSecretStore implements SecretStore {
  private readonly memory: MemorySecretStore;
  private failure: KeychainProblem | undefined;
  private probed: Promise<void> | undefined;

  /** Deletes and enumerations of this service, one at a time on the keyring (keychain-lock.ts). */
  private readonly serialize: KeychainSerializer;

  constructor(
    private readonly keytar: KeytarLike | undefined,
    loadError?: string,
    private readonly service = KEYCHAIN_SERVICE,
    serialize?: KeychainSerializer,
  ) {
    if (!keytar) this.failure = explainKeychainError(loadError ?? 'keytar is not installed (Cannot find module keytar)');
    this.memory = new MemorySecretStore(this.failure);
    this.serialize = serialize ?? keychainSerializer(service);
  }

  private async probe(): Promise<void> {
    // A write+delete shows a locked collection too, which a read alone would not.
    this.probed ??= (async () => {
      if (this.failure || !this.keytar) return;
      try {
        await this.keytar.setPassword(probeService(this.service), PROBE_ACCOUNT, 'probe');
        await this.keytar.deletePassword(probeService(this.service), PROBE_ACCOUNT);
      } catch (e) {
        this.fail(e);
      }
    })();
    await this.probed;
  }

  private fail(e: unknown): void {
    this.failure = explainKeychainError(e instanceof Error ? e.message : String(e));
    Object.assign(this.memory, { why: this.failure });
  }

  /**
   * Only status() probes: an operation that fails switches to memory by itself, and a bridge
   * start (which only reads, and which agents wait for) is spared two keychain writes.
   */
  private async use<T>(keychain: (k: KeytarLike) => Promise<T>, memory: () => Promise<T>): Promise<T> {
    if (this.failure || !this.keytar) return memory();
    try {
      return await keychain(this.keytar);
    } catch (e) {
      this.fail(e);
      return memory();
    }
  }

  get(account: string): Promise<string | undefined> {
    return this.use(async (k) => (await k.getPassword(this.service, account)) ?? undefined, () => this.memory.get(account));
  }
  set(account: string, secret: string): Promise<void> {
    return this.use((k) => k.setPassword(this.service, account, secret), () => this.memory.set(account, secret));
  }
  async delete(account: string): Promise<boolean> {
    const mem = await this.memory.delete(account);
    const kc = await this.use((k) => this.serialize(() => k.deletePassword(this.service, account)), async () => false);
    return mem || kc;
  }
  list(prefix: string): Promise<string[]> {
    return this.use(
      async (k) => (await this.serialize(() => k.findCredentials(this.service))).map((c) => c.account).filter((a) => a.startsWith(prefix) && !a.startsWith(PROBE_PREFIX)).sort(),
      () => this.memory.list(prefix),
    );
  }
  async status(): Promise<SecretStoreStatus> {
    await this.probe();
    if (this.failure) return { available: false, backend: 'memory', ...this.failure };
    return { available: true, backend: 'keychain' };
  }
}

/**
 * The store the app and CLI use: the OS keychain when it works, memory otherwise (AUTH-5).
 * `MCP_PANEL_KEYCHAIN_SERVICE` names another keychain service (tests isolate their secrets so;
 * every process of one run must see the same value to share a login).
 */
export async function openSecretStore(opts: { service?: string; env?: NodeJS.ProcessEnv } = {}): Promise<KeytarSecretStore> {
  const { keytar, error } = await loadKeytar();
  return new KeytarSecretStore(keytar, error, opts.service ?? ((opts.env ?? process.env).MCP_PANEL_KEYCHAIN_SERVICE || KEYCHAIN_SERVICE));
}
