// keytar's findCredentials on libsecret (Linux, BSD) searches the service's items and then
// loads their secrets; an item another process deletes in between comes back without a
// secret, and keytar passes that NULL to strdup: the whole process dies with SIGSEGV (or,
// when the delete lands a moment earlier, the search rejects with "No such secret item").
// atom/node-keytar#477 and #476, unfixed (the repository is archived); reproduced here with
// one process deleting and one listing: 3 crashes in 3 runs of 600 rounds.
// Tokens are deleted by every login (the PKCE verifier), logout and secret removal, while
// bridges, the CLI and the panel list, so every delete and every enumeration of one service
// on one keyring runs under one lock. Reads and writes need none (a replaced item keeps its
// secret: no crash in the same test with writes only).
import { createHash } from 'node:crypto';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ownFolder } from '../own-folder';
import { withCrossProcessLock } from './cross-process';

/** Runs `fn` so that no other delete or enumeration of the same keyring service overlaps it. */
export type KeychainSerializer = <T>(fn: () => Promise<T>) => Promise<T>;

const direct: KeychainSerializer = (fn) => fn();

/** macOS and Windows enumerate without that crash; only libsecret needs the lock. */
const NEEDS_LOCK = process.platform !== 'darwin' && process.platform !== 'win32';

/**
 * The folder every process of this user agrees on without a data dir (tests and users may
 * give each process another one, yet they share the keyring): the session's runtime dir, or a
 * private folder in the temp dir that must be ours and not a link.
 */
function lockDir(env: NodeJS.ProcessEnv): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : userInfo().username;
  const dir = env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'mcp-panel') : join(tmpdir(), `mcp-panel-${uid}`);
  // SEC-8's one check: ours, private, not a link (throws with the fix otherwise).
  return ownFolder(dir);
}

/**
 * One serializer per keyring (the D-Bus session the Secret Service is reached through) and
 * service: in this process a queue, across processes a lock file. If the lock cannot be had
 * (no private folder, a holder stuck past `waitMs`) the operation runs anyway: the lock only
 * narrows a race that the keychain itself leaves open.
 */
export function keychainSerializer(service: string, env: NodeJS.ProcessEnv = process.env, waitMs = 30_000): KeychainSerializer {
  if (!NEEDS_LOCK) return direct;
  const key = createHash('sha256').update(`${env.DBUS_SESSION_BUS_ADDRESS ?? ''}\n${service}`).digest('hex').slice(0, 32);
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = async (): Promise<T> => {
      let dir: string;
      try {
        dir = lockDir(env);
      } catch {
        return fn();
      }
      let ran = false;
      const once = () => {
        ran = true;
        return fn();
      };
      try {
        return await withCrossProcessLock(join(dir, `keychain-${key}`), { dir, waitMs }, once);
      } catch (e) {
        if (ran) throw e;
        return fn();
      }
    };
    const result = tail.then(run, run);
    tail = result.catch(() => undefined);
    return result;
  };
}
