import { describe, expect, it } from 'vitest';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { TrustStore } from '../../../electron/services/config/trust-store';
import { useSandbox } from './helpers';

const sb = useSandbox();

describe('CFG-10 trust store', () => {
  it('records the time from the injected clock and lists decisions', async () => {
    const store = new TrustStore(join(sb.root, 'data'), () => Date.UTC(2026, 0, 2, 3, 4, 5));
    const e = await store.trust(sb.ws);
    expect(e.trustedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(await store.list()).toEqual([{ workspace: sb.ws, trustedAt: '2026-01-02T03:04:05.000Z' }]);
  });
  it('a symlinked path to a trusted workspace is the same workspace', async () => {
    const store = new TrustStore(join(sb.root, 'data'));
    const link = join(sb.root, 'link');
    await symlink(sb.ws, link);
    await store.trust(link);
    expect(await store.isTrusted(sb.ws)).toBe(true);
    expect(await store.isTrusted(join(sb.ws, 'sub'))).toBe(false);
  });
});
