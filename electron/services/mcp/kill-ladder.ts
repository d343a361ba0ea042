// Ending a stdio server (CONN-4, SEC-7): SIGTERM to its process group, SIGKILL after the grace
// period. The grace timer runs on the pool clock (tests may hold it still), so a real-time
// backstop also sends SIGKILL, and stops waiting if a grandchild keeps the pipes open after the
// server itself is gone: closing a session never hangs on a process we cannot see.
import type { Clock } from './clock';
import type { GroupStdioTransport } from './group-transport';

/** Real time after the grace period before the backstop SIGKILL, and again before giving up. */
const BACKSTOP_MS = 1_000;
const GIVE_UP_MS = 2_000;

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `exited` does, or once the backstop gave up on the pipes. */
export async function killLadder(group: Pick<GroupStdioTransport, 'kill'>, exited: Promise<void>, clock: Pick<Clock, 'setTimeout'>, graceMs: number): Promise<void> {
  group.kill('SIGTERM');
  const grace = clock.setTimeout(() => group.kill('SIGKILL'), graceMs);
  let backstop: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    exited,
    new Promise<void>((resolve) => {
      backstop = setTimeout(() => {
        group.kill('SIGKILL');
        backstop = setTimeout(resolve, GIVE_UP_MS);
      }, graceMs + BACKSTOP_MS);
    }),
  ]);
  grace.cancel();
  clearTimeout(backstop);
}
