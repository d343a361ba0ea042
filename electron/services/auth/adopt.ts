// AUTH-3 upgrade path: earlier versions kept a server's secrets per profile and entry
// (`<profile>/<id>#<sha256(url)[:8]>:<kind>`). Those logins are adopted, not thrown away, the
// first time this process touches the server's URL:
//  1. find the old families that belong to this URL: by their `meta.serverUrl` (written with
//     every token save), or, for a family without meta, by the 8-hex hash of a raw URL an entry
//     uses now;
//  2. keep the family with the newest tokens (the current key's own tokens count too: a login
//     made after the upgrade is newer than any old one);
//  3. if that is an old family, copy it to the new key and read every value back;
//  4. only then delete the old families. Any failure before step 4 leaves them where they were,
//     so the next start tries again: a token is never lost on the way.
// Old families that lose in step 2 are duplicate logins to the same server (one per profile);
// the newest one serves every profile from now on.
import { legacyUrlHash, parseLegacyAccount, serverIdentity } from './identity';
import { SECRET_KINDS, secretAccount, type SecretKind, type SecretStore } from './secret-store';
import { readSecret } from './stored';

/** The secrets carried over; a PKCE verifier only lives for one login and is just deleted. */
const CARRIED: readonly SecretKind[] = SECRET_KINDS.filter((k) => k !== 'verifier');

export interface AdoptResult {
  /** The old identity whose secrets now live under the new key, if any. */
  adopted: string | null;
  /** Old accounts deleted (after the copy was verified). */
  removed: string[];
}

export async function adoptLegacySecrets(store: SecretStore, identity: string, rawUrls: readonly string[]): Promise<AdoptResult> {
  const hashes = new Set(rawUrls.map(legacyUrlHash));
  const families = new Map<string, { urlHash: string; accounts: string[] }>();
  for (const account of await store.list('')) {
    const p = parseLegacyAccount(account);
    if (!p) continue;
    const f = families.get(p.identity) ?? { urlHash: p.urlHash, accounts: [] };
    f.accounts.push(account);
    families.set(p.identity, f);
  }
  const mine: string[] = [];
  for (const [old, f] of families) {
    const meta = await readSecret(store, old, 'meta');
    const belongs = meta?.serverUrl ? serverIdentity({ url: meta.serverUrl }) === identity : hashes.has(f.urlHash);
    if (belongs) mine.push(old);
  }
  if (mine.length === 0) return { adopted: null, removed: [] };

  const obtained = async (id: string) => (await readSecret(store, id, 'tokens'))?.obtainedAt ?? -1;
  let best: string | null = null;
  let bestAt = await obtained(identity);
  const hasOwn = bestAt >= 0 || (await store.get(secretAccount(identity, 'client'))) !== undefined;
  for (const old of mine) {
    const at = await obtained(old);
    // Without tokens anywhere, an old client registration is still worth keeping.
    const clientOnly = at < 0 && best === null && !hasOwn && (await store.get(secretAccount(old, 'client'))) !== undefined;
    if (at > bestAt || clientOnly) {
      best = old;
      bestAt = at;
    }
  }

  if (best !== null) {
    // The family moves as a whole: tokens refreshed with another registration's client fail.
    for (const kind of CARRIED) {
      const value = await store.get(secretAccount(best, kind));
      if (value === undefined) await store.delete(secretAccount(identity, kind));
      else await store.set(secretAccount(identity, kind), value);
    }
    for (const kind of CARRIED) {
      const want = await store.get(secretAccount(best, kind));
      if (want !== undefined && (await store.get(secretAccount(identity, kind))) !== want) {
        throw new Error(`copying the stored login of ${best} to ${identity} could not be verified; the old entry is kept`);
      }
    }
  }
  const removed: string[] = [];
  for (const old of mine) for (const a of families.get(old)?.accounts ?? []) if (await store.delete(a)) removed.push(a);
  return { adopted: best, removed };
}
