// Which processes still run below this one (Linux /proc; null elsewhere). The stand-in
// reports them as app.exit runs: a host that disposed its services has none left by then,
// whereas a last-moment 'exit' hook killing them would hide a missing dispose from the test.
import { readdirSync, readFileSync } from 'node:fs';

function stat(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

export function liveDescendants(root = process.pid) {
  if (process.platform !== 'linux') return null;
  const byParent = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const s = stat(d);
    if (s && s.state !== 'Z') byParent.set(s.ppid, [...(byParent.get(s.ppid) ?? []), Number(d)]);
  }
  const out = [];
  const queue = [root];
  while (queue.length) {
    for (const child of byParent.get(queue.shift()) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}
