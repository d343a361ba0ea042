// Deleting and listing the same keychain service from two processes at once (a login's PKCE
// verifier, a logout or a secret removal in one; a bridge, the CLI or the panel listing in
// the other). keytar's findCredentials crashes its whole process with SIGSEGV when an item is
// deleted while it enumerates (electron/services/auth/keychain-lock.ts); before the lock, 600
// rounds crashed the lister every time. Needs the real keychain, so it fails in CI without one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runTs } from '../../helpers/run-cli';

const SERVICE = `mcp-panel-race-${process.pid}`;
const ROUNDS = 300;
let dir: string;
let script: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-panel-kc-race-'));
  script = join(dir, 'race.mts');
  // One store per process, as each bridge and CLI run has; the deleter also writes, so there
  // is always something to delete.
  await writeFile(
    script,
    `import { openSecretStore } from ${JSON.stringify(join(ROOT, 'electron/services/auth/index.ts'))};
     const [role, rounds] = [process.argv[2], Number(process.argv[3])];
     const s = await openSecretStore({ service: ${JSON.stringify(SERVICE)} });
     let seen = 0;
     for (let i = 0; i < rounds; i++) {
       if (role === 'delete') { await s.set('race/' + (i % 4) + ':tokens', 'x'); await s.delete('race/' + (i % 4) + ':tokens'); }
       else seen += (await s.list('race/')).length;
     }
     console.log(JSON.stringify({ role, rounds, seen, status: await s.status() }));`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the keychain under concurrent delete and list', () => {
  it('neither process crashes nor gives up the keychain', async () => {
    const [deleter, lister] = await Promise.all(['delete', 'list'].map((role) => runTs(script, [role, String(ROUNDS)], { cwd: ROOT, timeoutMs: 240_000 })));
    for (const r of [deleter!, lister!]) {
      expect([r.code, r.signal], r.stderr).toEqual([0, null]);
      const doc = JSON.parse(r.stdout) as { rounds: number; status: { available: boolean; backend: string; reason?: string } };
      expect(doc.rounds).toBe(ROUNDS);
      if (process.env.CI) expect(doc.status, 'the OS keychain must be reachable in CI (dbus-run-session + gnome-keyring)').toMatchObject({ available: true, backend: 'keychain' });
    }
  }, 300_000);
});
