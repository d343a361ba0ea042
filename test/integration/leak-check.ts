// The leak check every integration suite runs (DESIGN.md "Disposables"): what a suite opened
// (child processes of the connection engine, listening sockets, child process handles, file
// watchers) is closed by the time its last hook has run. Counted against the suite's own start,
// so the test runner's handles do not count.
import { afterAll, beforeAll, expect } from 'vitest';
import { liveChildPids } from '../../electron/services/connections';

const KINDS = ['TCPServerWrap', 'ProcessWrap', 'FSEventWrap', 'StatWatcher'] as const;

function handles(): Record<string, number> {
  const info = process.getActiveResourcesInfo();
  return Object.fromEntries(KINDS.map((k) => [k, info.filter((r) => r === k).length]));
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
  expect({ children: liveChildPids(), handles: handles() }, 'left open by this suite').toEqual({ children: [], handles: before });
});
