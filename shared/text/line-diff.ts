// CFG-7 "show both" and AGENT-3's preview: a small line diff (LCS) of the file on disk against what we would write.
export type DiffLine = { op: 'same' | 'add' | 'del'; text: string };

export function lineDiff(a: string, b: string): DiffLine[] {
  const x = a.split('\n');
  const y = b.split('\n');
  // Config files are small (CFG-4 caps project files at 1 MiB); past 2,000 lines show both whole.
  if (x.length * y.length > 4_000_000) return [...x.map((text) => ({ op: 'del' as const, text })), ...y.map((text) => ({ op: 'add' as const, text }))];
  const n = x.length;
  const m = y.length;
  const L: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) L[i]![j] = x[i] === y[j] ? L[i + 1]![j + 1]! + 1 : Math.max(L[i + 1]![j]!, L[i]![j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (x[i] === y[j]) {
      out.push({ op: 'same', text: x[i]! });
      i++;
      j++;
    } else if (L[i + 1]![j]! >= L[i]![j + 1]!) out.push({ op: 'del', text: x[i++]! });
    else out.push({ op: 'add', text: y[j++]! });
  }
  while (i < n) out.push({ op: 'del', text: x[i++]! });
  while (j < m) out.push({ op: 'add', text: y[j++]! });
  return out;
}

/**
 * AGENT-3's preview: the changed lines with `context` unchanged lines around each change; a
 * longer unchanged run is one `same` line reading `…` (the page and the CLI show it as a gap).
 */
export function compactDiff(lines: readonly DiffLine[], context = 2): DiffLine[] {
  const near = lines.map((l, i) => l.op !== 'same' || lines.slice(Math.max(0, i - context), i + context + 1).some((x) => x.op !== 'same'));
  const out: DiffLine[] = [];
  lines.forEach((l, i) => {
    if (near[i]) out.push(l);
    else if (near[i - 1] !== false || i === 0) out.push({ op: 'same', text: '…' });
  });
  return out;
}
