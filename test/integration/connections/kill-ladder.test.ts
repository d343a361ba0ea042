// The SIGTERM → SIGKILL ladder (kill-ladder.ts) on real process groups: a server that leaves on
// SIGTERM is not killed harder; one that ignores it gets SIGKILL after the grace period, and on
// a clock that never moves (a test's manual clock) the real-time backstop still ends it.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { realClock } from '../../../electron/services/connections';
import { ManualClock } from '../../helpers/manual-clock';
import { killLadder } from '../../../electron/services/connections/kill-ladder';
import { pidAlive } from './helpers';

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
  it('a child that leaves on SIGTERM ends with SIGTERM, before the grace period', async () => {
    const { child, exited, group } = await leader(false);
    const t0 = Date.now();
    await killLadder(group, exited, realClock, 5_000);
    expect(child.signalCode).toBe('SIGTERM');
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('a child that ignores SIGTERM gets SIGKILL after the grace period', async () => {
    const { child, exited, group } = await leader(true);
    const t0 = Date.now();
    await killLadder(group, exited, realClock, 300);
    expect(child.signalCode).toBe('SIGKILL');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
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
