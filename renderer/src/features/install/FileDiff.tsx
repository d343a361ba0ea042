// A file change as the previews show it (AGENT-3 install, CTX-2 plan): changed lines coloured,
// unchanged runs already shortened by the host (shared/text/line-diff.ts compactDiff).
import type { DiffLine } from '../../../../shared/text/line-diff';

export function FileDiff({ diff, testId }: { diff: readonly DiffLine[]; testId: string }) {
  if (diff.length === 0) return null;
  return (
    // Focusable: a scrolled region must be reachable by keyboard (axe scrollable-region-focusable).
    <pre data-testid={testId} tabIndex={0} style={{ margin: 0, fontSize: 12, overflowX: 'auto', background: 'var(--mantine-color-default-hover)', padding: 8 }}>
      {diff.map((d, i) => (
        <div key={i} style={{ color: d.op === 'add' ? 'var(--mantine-color-green-text)' : d.op === 'del' ? 'var(--mantine-color-red-text)' : undefined }}>
          {d.op === 'add' ? '+ ' : d.op === 'del' ? '- ' : '  '}
          {d.text}
        </div>
      ))}
    </pre>
  );
}
