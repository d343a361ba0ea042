// AUTH-3: one keychain account family per server identity. The identity includes a short hash
// of the URL so tokens issued for one endpoint are never sent to another one that later
// takes the same name.
import { createHash } from 'node:crypto';
import type { ConnectionSpec } from '../../../shared/schemas/server';

export function serverIdentity(spec: Pick<ConnectionSpec, 'profile' | 'id' | 'url'>): string {
  const urlHash = createHash('sha256').update(spec.url ?? '').digest('hex').slice(0, 8);
  // encodeURIComponent escapes ':' so `<identity>:` is an unambiguous prefix.
  return `${spec.profile}/${encodeURIComponent(spec.id)}#${urlHash}`;
}
