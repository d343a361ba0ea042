// The JSON shapes kept under each secret kind, parsed defensively: a damaged keychain entry
// reads as "nothing stored" rather than crashing a connect.
import type { OAuthClientInformationMixed, OAuthTokens, OAuthDiscoveryState } from '../mcp/oauth';
import { secretAccount, type SecretKind, type SecretStore } from './secret-store';

export interface StoredTokens {
  tokens: OAuthTokens & { issuer?: string };
  /** Epoch ms when the tokens were received; expires_in counts from here. */
  obtainedAt: number;
}

/** Non-secret facts shown by `auth status` (kept next to the secrets so logout removes them). */
export interface StoredMeta {
  serverUrl: string;
  issuer?: string;
  resource?: string;
  lastRefresh?: number;
  lastLogin?: number;
}

export interface StoredShapes {
  tokens: StoredTokens;
  client: OAuthClientInformationMixed & { issuer?: string };
  verifier: { verifier: string };
  discovery: OAuthDiscoveryState;
  meta: StoredMeta;
}

export async function readSecret<K extends SecretKind>(store: SecretStore, identity: string, kind: K): Promise<StoredShapes[K] | undefined> {
  const raw = await store.get(secretAccount(identity, kind));
  if (raw === undefined) return undefined;
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' ? (v as StoredShapes[K]) : undefined;
  } catch {
    return undefined;
  }
}

export async function writeSecret<K extends SecretKind>(store: SecretStore, identity: string, kind: K, value: StoredShapes[K]): Promise<void> {
  await store.set(secretAccount(identity, kind), JSON.stringify(value));
}

export function expiresAt(t: StoredTokens | undefined): number | null {
  const s = t?.tokens.expires_in;
  return t && typeof s === 'number' ? t.obtainedAt + s * 1000 : null;
}
