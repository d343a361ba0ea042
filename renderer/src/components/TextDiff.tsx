// Old → new text, line by line (lineDiff, the editor's LCS): removed lines struck through and
// marked "−", added ones "+", for a screen reader too (<del>/<ins>). Long texts scroll inside
// a box that takes keyboard focus.
import { lineDiff } from '../../../shared/text/line-diff';
import classes from './TextDiff.module.css';

export function TextDiff({ before, after, label, empty }: { before: string | null; after: string | null; label: string; empty: string }) {
  // A text that is new (or gone) is all added (or all removed), not a diff against "".
  const whole = (text: string, op: 'add' | 'del') => text.split('\n').map((line) => ({ op, text: line }));
  const lines = before === null ? whole(after ?? '', 'add') : after === null ? whole(before, 'del') : lineDiff(before, after);
  return (
    <div role="region" aria-label={label} tabIndex={0} className={classes.box} data-testid="text-diff">
      <pre className={classes.diff}>
        {before === null && after === null ? (
          <span className={classes.same}>{empty}</span>
        ) : (
          lines.map((l, i) =>
            l.op === 'add' ? (
              <ins key={i} className={`diff-add ${classes.add}`}>{`+ ${l.text}\n`}</ins>
            ) : l.op === 'del' ? (
              <del key={i} className={`diff-del ${classes.del}`}>{`− ${l.text}\n`}</del>
            ) : (
              <span key={i} className={classes.same}>{`  ${l.text}\n`}</span>
            ),
          )
        )}
      </pre>
    </div>
  );
}
