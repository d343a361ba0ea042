// AUTH-3: logins stored by older versions per profile and entry are moved to the server's
// identity (adopt.ts) before anything reads that identity: every read and write of an
// identity's secrets waits for its adoption, so nothing reads a half-moved login.
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { adoptLegacySecrets } from './adopt';
import { canonicalServerUrl, serverIdentity } from './identity';
import type { SecretStore } from './secret-store';

export class AdoptionGate {
  private readonly ready = new Map<string, Promise<void>>();
  /** Raw URLs already checked for old secrets in this process, per identity. */
  private readonly checked = new Map<string, Set<string>>();

  constructor(
    private readonly store: SecretStore,
    private readonly log?: (line: string) => void,
  ) {}

  /** The identity of a server, once its old per-profile secrets (if any) were adopted. */
  async prepare(spec: Pick<ConnectionSpec, 'url'>): Promise<string> {
    const identity = serverIdentity(spec);
    const raw = spec.url ?? '';
    let seen = this.checked.get(identity);
    if (!seen) this.checked.set(identity, (seen = new Set()));
    if (!seen.has(raw)) {
      seen.add(raw);
      const prev = this.whenReady(identity);
      this.ready.set(
        identity,
        prev.then(() =>
          adoptLegacySecrets(this.store, identity, [raw]).then(
            () => undefined,
            (e: unknown) => this.log?.(`keeping old stored login for ${canonicalServerUrl(raw)}: ${e instanceof Error ? e.message : String(e)}`),
          ),
        ),
      );
    }
    await this.whenReady(identity);
    return identity;
  }

  whenReady(identity: string): Promise<void> {
    return this.ready.get(identity) ?? Promise.resolve();
  }

  /** A store whose reads and writes wait for the adoption of this identity's old secrets. */
  gated(identity: string): SecretStore {
    const s = this.store;
    const wait = () => this.whenReady(identity);
    return {
      get: async (a) => (await wait(), s.get(a)),
      set: async (a, v) => (await wait(), s.set(a, v)),
      delete: async (a) => (await wait(), s.delete(a)),
      list: async (p) => (await wait(), s.list(p)),
      status: () => s.status(),
    };
  }
}
