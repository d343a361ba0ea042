// CONN-11 extended (issue 38 item 1): a tool list is approved for what a server IS, not for the
// name one agent's file gives it. Renaming an entry, or copying it into another agent, keeps the
// approval; one approval applies to every entry that runs that server, in every agent.
// What a server is: for stdio the program it starts (the command's file name, its arguments
// without a launcher's "do not ask" flag, its folder), for a URL its origin and path (the
// keychain's server identity: a query or user info is hashed, never kept in clear). Environment
// values are left out: they are logins and tenants of one program, whose tools are the same.
import { basename } from 'node:path';
import type { ConnectionSpec, Profile } from '../../../shared/schemas/server';
import { serverIdentity } from '../auth/identity';

const NOISE = new Set(['-y', '--yes']);

/** The entry a list was recorded for, and what it runs. */
export interface PinOwner {
  identity: string;
  profile: Profile;
  name: string;
}

export function pinOf(spec: Pick<ConnectionSpec, 'transport' | 'command' | 'args' | 'cwd' | 'url' | 'profile' | 'name'>): PinOwner | undefined {
  if (spec.transport === 'stdio') {
    if (!spec.command) return undefined;
    const args = (spec.args ?? []).filter((a) => !NOISE.has(a));
    return { identity: `stdio:${JSON.stringify([basename(spec.command), ...args, spec.cwd ?? ''])}`, profile: spec.profile, name: spec.name };
  }
  return spec.url ? { identity: serverIdentity(spec), profile: spec.profile, name: spec.name } : undefined;
}

/** One pin: the list approved for a server identity, and the entries (by server id) seen running it. */
export interface Pin {
  accepted: string;
  entries: Array<{ id: string; profile: Profile; name: string }>;
}

/** How many entries one pin names (a machine with every agent lists a server a few times). */
const MAX_ENTRIES = 64;

export function withEntry(pin: Pin, id: string, owner: PinOwner): boolean {
  const at = pin.entries.findIndex((e) => e.id === id);
  if (at >= 0 && pin.entries[at]!.name === owner.name) return false;
  const next = { id, profile: owner.profile, name: owner.name };
  if (at >= 0) pin.entries[at] = next;
  else pin.entries = [...pin.entries, next].slice(-MAX_ENTRIES);
  return true;
}
