// The SIGTERM → SIGKILL ladder (kill-ladder.ts) on real process groups: a server that leaves on
// SIGTERM is not killed harder; one that ignores it gets SIGKILL after the grace period, and on
// a clock that never moves (a test's manual clock) the real-time backstop still ends it.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../helpers/manual-clock';
import { killLadder } from '../../../electron/services/mcp/kill-ladder';
import { pidAlive } from '../connections/helpers';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, 'SIGKILL');
});

/** A group leader that prints `ready` once its SIGTERM handler (if any) is in place. */
async function leader(ignoreTerm: boolean): Promise<{ child: ChildProcess; exited: Promise<void>; group: { kill(s: NodeJS.Signals): void } }> {
  const code = `${ignoreTerm ? "process.on('SIGTERM', () => {});" : ''} setInterval(() => {}, 1 << 30); console.log('ready');`;
  const child = spawn(process.execPath, ['-e', code], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  const exited = once(child, 'exit').then(() => undefined);
  await once(child.stdout!, 'data');
  return { child, exited, group: { kill: (s) => process.kill(-child.pid!, s) } };
}

describe('kill ladder', () => {
  // The grace period runs on a manual clock: long enough (60 s) that the real-time backstop
  // (grace + 1 s) cannot be what ends a child within the test's own timeout.
  it('a child that leaves on SIGTERM ends with SIGTERM, before the grace period', async () => {
    const { child, exited, group } = await leader(false);
    const clock = new ManualClock();
    await killLadder(group, exited, clock, 60_000);
    expect(child.signalCode).toBe('SIGTERM');
    expect(clock.pending).toBe(0); // the grace timer was cancelled, never fired
  });

  it('a child that ignores SIGTERM gets SIGKILL after the grace period', async () => {
    const { child, exited, group } = await leader(true);
    const clock = new ManualClock();
    let done = false;
    const ladder = killLadder(group, exited, clock, 60_000).then(() => (done = true));
    await clock.timerAt(clock.now() + 60_000);
    // SIGTERM is ignored: still running, and the ladder still waiting, until the grace is over.
    await new Promise((r) => setImmediate(r));
    expect(pidAlive(child.pid!)).toBe(true);
    expect(done).toBe(false);
    clock.advance(60_000);
    await ladder;
    expect(child.signalCode).toBe('SIGKILL');
    expect(pidAlive(child.pid!)).toBe(false);
  });

  it('on a clock that never moves, the real-time backstop sends SIGKILL', async () => {
    const { child, exited, group } = await leader(true);
    const clock = new ManualClock();
    await killLadder(group, exited, clock, 200);
    expect(child.signalCode).toBe('SIGKILL');
    expect(clock.pending).toBe(0);
  });
});
