// CFG-8 keychain field + SEC-6: config secrets (a token the user moved out of a config file)
// live in the SecretStore, one account per variable, bound to the entry that owns them:
//   config/<profile>/<name>#<ownerKey>:env:<VARIABLE>   the secret
//   config/<profile>/<name>#<ownerKey>:owner            who owns it (JSON, no secret)
// The pool injects them as environment at connect time (CONN-4 host-injected env, which
// `${VAR}` in env and headers also resolve against), only into a spec with the same owner key.
import type { KeychainStatus } from '../../../shared/contract/auth';
import type { ConnectionSpec, Profile } from '../../../shared/schemas/server';
import { describeOwner, secretOwnerKey, type SecretOwner } from '../config/secret-owner';
import type { HostVariables } from '../../../shared/profiles/loading';
import type { SecretStore } from './secret-store';

const ROOT = 'config/';
const ENV_MARK = ':env:';
const OWNER_MARK = ':owner';
/** Before SEC-6 secrets were kept per name: `<profile>/configured%3A<profile>%3A<name>#e3b0c442:env:X`. */
const LEGACY = /^([a-z]+)\/configured%3A\1%3A(.*)#e3b0c442:env:([A-Za-z_][A-Za-z0-9_]*)$/;
export const LEGACY_OWNER = 'legacy';

export interface StoredConfigSecret {
  profile: Profile;
  name: string;
  ownerKey: string;
  /** null for a secret stored before secrets were bound to entries (never injected). */
  owner: SecretOwner | null;
  variable: string;
  account: string;
}

function entryPrefix(profile: Profile, name: string): string {
  return `${ROOT}${profile}/${encodeURIComponent(name)}#`;
}

function accountFor(owner: SecretOwner, key: string, mark: string): string {
  return `${entryPrefix(owner.profile, owner.name)}${key}${mark}`;
}

const VAR = /^[A-Za-z_][A-Za-z0-9_]*$/;
const REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g;

/** Variables a spec will look up at connect time: `${VAR}` in env and headers (where the agent expands them), the token env. */
function referencedVariables(spec: Pick<ConnectionSpec, 'env' | 'headers' | 'bearerTokenEnv' | 'literalVars'>): Set<string> {
  const out = new Set<string>();
  const templates = spec.literalVars ? [] : [...Object.values(spec.env ?? {}), ...Object.values(spec.headers ?? {})];
  for (const v of templates) for (const m of v.matchAll(REF)) out.add(m[1]!);
  if (spec.bearerTokenEnv) out.add(spec.bearerTokenEnv);
  return out;
}

export class KeychainConfigSecrets {
  constructor(
    private readonly store: SecretStore,
    /** The process environment: a variable set there needs no keychain secret. */
    private readonly env: NodeJS.ProcessEnv = {},
  ) {}

  async storeEnvSecret(owner: SecretOwner, variable: string, secret: string): Promise<void> {
    if (!VAR.test(variable)) throw new Error(`"${variable}" is not a variable name (letters, digits and _; not starting with a digit)`);
    const key = secretOwnerKey(owner);
    await this.store.set(accountFor(owner, key, OWNER_MARK), JSON.stringify(owner));
    await this.store.set(`${accountFor(owner, key, ENV_MARK)}${variable}`, secret);
  }

  /** Every config secret (names and owners, never values), optionally of one profile. */
  async list(profile?: Profile): Promise<StoredConfigSecret[]> {
    const out: StoredConfigSecret[] = [];
    const owners = new Map<string, SecretOwner | null>();
    const accounts = await this.store.list(profile ? `${ROOT}${profile}/` : ROOT);
    for (const account of accounts) {
      if (!account.endsWith(OWNER_MARK)) continue;
      owners.set(account.slice(0, -OWNER_MARK.length), await this.readOwner(account));
    }
    for (const account of accounts) {
      const at = account.indexOf(ENV_MARK);
      if (at < 0) continue;
      const head = account.slice(0, at);
      const owner = owners.get(head) ?? null;
      const hash = head.lastIndexOf('#');
      // An account without a readable owner record is not injected anywhere (fail closed).
      if (!owner || hash < 0) continue;
      out.push({ profile: owner.profile, name: owner.name, ownerKey: head.slice(hash + 1), owner, variable: account.slice(at + ENV_MARK.length), account });
    }
    for (const account of await this.store.list(profile ? `${profile}/configured%3A` : '')) {
      const m = LEGACY.exec(account);
      if (!m || (profile && m[1] !== profile)) continue;
      let name: string;
      try {
        name = decodeURIComponent(m[2]!);
      } catch {
        continue;
      }
      out.push({ profile: m[1] as Profile, name, ownerKey: LEGACY_OWNER, owner: null, variable: m[3]!, account });
    }
    return out;
  }

  private async readOwner(account: string): Promise<SecretOwner | null> {
    try {
      const v = JSON.parse((await this.store.get(account)) ?? 'null') as SecretOwner | null;
      return v && typeof v.name === 'string' && typeof v.path === 'string' ? v : null;
    } catch {
      return null;
    }
  }

  /** ConfigServiceOptions.hostVariables (CFG-3): per owner key and per name, the variables kept. */
  async variableNames(profile: Profile): Promise<HostVariables> {
    const byOwner = new Map<string, Set<string>>();
    const byName = new Map<string, Set<string>>();
    for (const s of await this.list(profile)) {
      if (s.owner) byOwner.set(s.ownerKey, (byOwner.get(s.ownerKey) ?? new Set()).add(s.variable));
      byName.set(s.name, (byName.get(s.name) ?? new Set()).add(s.variable));
    }
    return { byOwner, byName };
  }

  /**
   * PoolOptions.injectEnv: the variables held for exactly this spec's owner. A variable the
   * spec needs that is held only for another entry of the same name fails the connect with
   * what to do, rather than a bare "not set" (SEC-6: never handed over silently either).
   */
  async envFor(spec: Pick<ConnectionSpec, 'profile' | 'name' | 'layer' | 'secretOwner' | 'env' | 'headers' | 'bearerTokenEnv' | 'literalVars'>): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    const held = (await this.list(spec.profile)).filter((s) => s.name === spec.name);
    for (const s of held) {
      if (spec.secretOwner === undefined || s.ownerKey !== spec.secretOwner) continue;
      const v = await this.store.get(s.account);
      if (v !== undefined) out[s.variable] = v;
    }
    for (const variable of referencedVariables(spec)) {
      if (out[variable] !== undefined || this.env[variable]) continue;
      const other = held.find((s) => s.variable === variable);
      if (!other) continue;
      const where = other.owner ? describeOwner(other.owner) : 'this server name before secrets were bound to entries';
      throw new Error(
        `${variable} is kept in the keychain for another entry named "${spec.name}" (${where}), not for this one; ` +
          `store its own with \`mcp-panel secrets set ${spec.name} ${variable} --layer ${spec.layer}\`, or move it with \`mcp-panel secrets rebind ${spec.name} --layer ${spec.layer}\``,
      );
    }
    return out;
  }

  /**
   * Moves every secret of `name` held for other owners (another layer, file, command line or
   * origin, or the pre-binding scheme) to `to`. Callers ask the user first: this is the only
   * way a secret follows an entry to a new place. Returns the variables moved.
   */
  async rebind(to: SecretOwner, fromKeys?: readonly string[]): Promise<string[]> {
    const key = secretOwnerKey(to);
    const moved: string[] = [];
    for (const s of await this.list(to.profile)) {
      if (s.name !== to.name || s.ownerKey === key || (fromKeys && !fromKeys.includes(s.ownerKey))) continue;
      const v = await this.store.get(s.account);
      if (v === undefined) continue;
      await this.storeEnvSecret(to, s.variable, v);
      await this.store.delete(s.account);
      moved.push(s.variable);
    }
    await this.pruneOwners(to.profile);
    return moved;
  }

  /** Deletes the named variables (all when none are given) held for one owner key. */
  async remove(profile: Profile, name: string, ownerKey: string, variables?: readonly string[]): Promise<string[]> {
    const removed: string[] = [];
    for (const s of await this.list(profile)) {
      if (s.name !== name || s.ownerKey !== ownerKey || (variables && !variables.includes(s.variable))) continue;
      if (await this.store.delete(s.account)) removed.push(s.variable);
    }
    await this.pruneOwners(profile);
    return removed;
  }

  /** Owner records with no secret left under them. */
  private async pruneOwners(profile: Profile): Promise<void> {
    const accounts = await this.store.list(`${ROOT}${profile}/`);
    for (const a of accounts) {
      if (!a.endsWith(OWNER_MARK)) continue;
      const head = a.slice(0, -OWNER_MARK.length);
      if (!accounts.some((x) => x.startsWith(`${head}${ENV_MARK}`))) await this.store.delete(a);
    }
  }

  async status(): Promise<KeychainStatus> {
    const s = await this.store.status();
    return { available: s.available, backend: s.backend, code: s.code ?? null, detail: s.detail ?? null, reason: s.reason ?? null, fix: s.fix ?? null };
  }
}
