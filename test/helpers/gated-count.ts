// A `count` call (the v1-full and v2 fixtures) whose result waits on a gate the test opens once
// every progress step has arrived. An SDK client drops progress it reads in the same chunk as the
// result (its notification handlers run a tick after the response has ended the request), which
// a busy machine makes likely; with the gate, "progress reaches the caller" is a state, not a race.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function gatedCount<T>(n: number, call: (args: { n: number; gate: string }, onprogress: (p: { progress: number }) => void) => Promise<T>): Promise<{ result: T; steps: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-gate-'));
  const gate = join(dir, 'open');
  const steps: number[] = [];
  let allIn!: () => void;
  const arrived = new Promise<void>((resolve) => (allIn = resolve));
  try {
    const pending = call({ n, gate }, (p) => {
      steps.push(p.progress);
      if (steps.length === n) allIn();
    });
    // A call that fails before its steps ends the wait too.
    await Promise.race([arrived, pending]);
    writeFileSync(gate, '');
    return { result: await pending, steps };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
