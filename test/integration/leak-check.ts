// The leak check every integration suite runs (DESIGN.md "Disposables"): what a suite opened
// (child processes of the connection engine, listening sockets, child process handles, file
// watchers) is closed by the time its last hook has run. Counted against the suite's own start,
// so the test runner's handles do not count.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { liveChildPids } from '../../electron/services/connections';

const KINDS = ['TCPServerWrap', 'ProcessWrap', 'FSEventWrap', 'StatWatcher'] as const;

function handles(): Record<string, number> {
  const info = process.getActiveResourcesInfo();
  return Object.fromEntries(KINDS.map((k) => [k, info.filter((r) => r === k).length]));
}

/** What a left-behind child runs (Linux /proc; elsewhere only its pid is known). */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 300);
  } catch {
    return '(command unknown)';
  }
}

let before: Record<string, number> = {};
beforeAll(() => {
  before = handles();
});

afterAll(async () => {
  // A child's exit and a server's close land a few ticks after the dispose that caused them
  // (30 s: a margin for a machine at load 10, spent only when something is really left open).
  const deadline = Date.now() + 30_000;
  const leaked = () => liveChildPids().length > 0 || KINDS.some((k) => handles()[k]! > before[k]!);
  while (leaked() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  // Each child's command line in the message: a process left behind names the suite that started it.
  const commands = liveChildPids().map((pid) => `${pid}: ${commandOf(pid)}`);
  expect({ children: liveChildPids(), handles: handles() }, `left open by this suite${commands.length ? ` (${commands.join('; ')})` : ''}`).toEqual({ children: [], handles: before });
});
