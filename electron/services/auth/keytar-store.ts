// AUTH-3 keychain adapter (keytar, service `mcp-panel`) and the AUTH-5 fallback: when the
// keychain cannot be reached (keytar not built, no D-Bus, locked collection) the store says
// so in plain words and keeps secrets in memory for this process only — never in a file.
import { MemorySecretStore, type SecretStore, type SecretStoreStatus } from './secret-store';

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

/** Turns keytar/libsecret errors into what the user should read and do (AUTH-5). */
export function explainKeychainError(message: string): { reason: string; fix: string } {
  const m = message.toLowerCase();
  if (m.includes('libsecret')) {
    return { reason: `the keychain library could not be loaded (${message})`, fix: 'install libsecret (Debian/Ubuntu: apt-get install libsecret-1-0) and restart the panel' };
  }
  if (m.includes('cannot find module') || m.includes('err_module_not_found') || m.includes('not built')) {
    return { reason: 'the keychain module (keytar) is not installed in this build', fix: 'reinstall the panel with its optional dependency keytar (needs libsecret-1-dev to build)' };
  }
  if (m.includes('d-bus') || m.includes('dbus') || m.includes('$display') || m.includes('org.freedesktop.secrets') || m.includes('could not connect')) {
    return {
      reason: `no Secret Service is reachable over D-Bus (${message})`,
      fix: 'run a Secret Service such as gnome-keyring (apt-get install gnome-keyring) in your desktop session, or start one with dbus-run-session',
    };
  }
  if (m.includes('locked') || m.includes('object does not exist') || m.includes('dismissed') || m.includes('denied')) {
    return { reason: `the keychain is locked or refused access (${message})`, fix: 'unlock your login keyring (e.g. in Seahorse / "Passwords and Keys") and try again' };
  }
  return { reason: `the keychain failed (${message})`, fix: 'check that a Secret Service (gnome-keyring, KWallet) is running and unlocked' };
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
  private failure: { reason: string; fix: string } | undefined;
  private probed: Promise<void> | undefined;

  constructor(
    private readonly keytar: KeytarLike | undefined,
    loadError?: string,
    private readonly service = KEYCHAIN_SERVICE,
  ) {
    if (!keytar) this.failure = explainKeychainError(loadError ?? 'keytar is not installed (Cannot find module keytar)');
    this.memory = new MemorySecretStore(this.failure);
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

  private async use<T>(keychain: (k: KeytarLike) => Promise<T>, memory: () => Promise<T>): Promise<T> {
    await this.probe();
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
    const kc = await this.use((k) => k.deletePassword(this.service, account), async () => false);
    return mem || kc;
  }
  list(prefix: string): Promise<string[]> {
    return this.use(
      async (k) => (await k.findCredentials(this.service)).map((c) => c.account).filter((a) => a.startsWith(prefix) && !a.startsWith(PROBE_PREFIX)).sort(),
      () => this.memory.list(prefix),
    );
  }
  async status(): Promise<SecretStoreStatus> {
    await this.probe();
    if (this.failure) return { available: false, backend: 'memory', reason: this.failure.reason, fix: this.failure.fix };
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
