// SEC-6: a keychain-held config secret belongs to the entry that owns it, never to a bare
// server name. The owner is the profile, the layer, the file, the name, and what the entry
// starts or reaches (the command line, or the URL's origin): a repository's `github` server
// in a project file is a different owner from the user's `github`, so it gets nothing.
import { createHash } from 'node:crypto';
import type { LayerKind, Profile } from '../../../shared/schemas/server';

export interface SecretOwner {
  profile: Profile;
  layer: LayerKind;
  /** The layer's file as the config engine names it (`(session)` for session servers). */
  path: string;
  name: string;
  /** `ownerTarget(entry)`: the command line, or the URL's origin. */
  target: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * What the entry starts or reaches, as written (before `${VAR}` expansion, so a variable's
 * value never decides ownership): `command arg…` for stdio, the URL's origin for remote
 * servers (a path change on the same origin keeps the secret; another host does not).
 */
export function ownerTarget(entry: Record<string, unknown>): string {
  const command = str(entry.command);
  if (command !== undefined) {
    const args = Array.isArray(entry.args) ? entry.args.filter((a): a is string => typeof a === 'string') : [];
    return JSON.stringify([command, ...args]);
  }
  const url = str(entry.url) ?? '';
  try {
    const u = new URL(url);
    // `new URL('file:…').origin` is "null": keep the whole thing so two such URLs differ.
    return u.origin === 'null' ? url : u.origin;
  } catch {
    return url;
  }
}

/** 16 hex digits of sha256 over the owner: the part of a keychain account that binds it. */
export function secretOwnerKey(o: SecretOwner): string {
  return createHash('sha256').update(JSON.stringify([o.profile, o.layer, o.path, o.name, o.target])).digest('hex').slice(0, 16);
}

export function describeOwner(o: Pick<SecretOwner, 'layer' | 'path'>): string {
  return o.layer === 'session' ? 'a session server' : `the ${o.layer} layer (${o.path})`;
}
