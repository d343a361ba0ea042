// With MCP_PANEL_CPU_REPORT=<file>: one line per test file with the CPU seconds it cost, its own
// and its reaped children's (the CLI runs and servers it started), from /proc/self/stat.
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

const out = process.env.MCP_PANEL_CPU_REPORT;
const ticks = (): number => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]); // utime stime cutime cstime
};
if (out) {
  // From here, before the test file is imported: its imports count too.
  const t0 = ticks();
  const w0 = performance.now();
  afterAll(() => {
    const file = expect.getState().testPath ?? '?';
    appendFileSync(out, `${((ticks() - t0) / 100).toFixed(2)} ${((performance.now() - w0) / 1000).toFixed(1)} ${file}\n`);
  });
}
