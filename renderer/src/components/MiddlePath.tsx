// Long paths (config files, workspaces, commands) elided in the middle so the file name stays
// readable (issue 14), the whole path in a tooltip, and a copy button. The DOM keeps the whole
// path, so a screen reader or a search of the page finds it. Its tooltips mount on first hover
// (HoverTip): a table of 50 rows draws 100 of them. The copy button is ActionIcon's markup
// (markup.ts): one per server row.
import { CopyButton, useMantineTheme } from '@mantine/core';
import { HoverTip } from './HoverTip';
import { actionIcon, actionIconIcon } from './markup';
import { useT } from '../store-context';
import classes from './MiddlePath.module.css';

/** The head keeps the separator, the tail is the last segment (a trailing separator stays with it). */
export function splitPath(path: string): [head: string, tail: string] {
  const trimmed = path.replace(/[\\/]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  if (cut <= 0) return ['', path];
  return [path.slice(0, cut + 1), path.slice(cut + 1)];
}

export interface MiddlePathProps {
  path: string;
  /** Off where a row has no room for the button (the tooltip still shows the whole path). */
  copy?: boolean;
  /** Words before the path, inside the same line ("from", "shadows"). */
  prefix?: string;
}

function CopyIcon({ copied }: { copied: boolean }) {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      {copied ? <path d="M5 12l5 5L20 7" /> : <><rect x="9" y="9" width="11" height="11" rx="2" /><path d="M5 15V5a2 2 0 0 1 2-2h10" /></>}
    </svg>
  );
}

export function MiddlePath({ path, copy = true, prefix }: MiddlePathProps) {
  const t = useT();
  const theme = useMantineTheme();
  const [head, tail] = splitPath(path);
  return (
    <span className={classes.root} data-path={path}>
      {prefix && <span style={{ whiteSpace: 'nowrap' }}>{prefix} </span>}
      <HoverTip label={path} openDelay={300} multiline maw={560} style={{ wordBreak: 'break-all' }}>
        <span className={classes.text}>
          {head && <span className={classes.head}>{head}</span>}
          <span className={classes.tail}>{tail}</span>
        </span>
      </HoverTip>
      {copy && (
        <CopyButton value={path} timeout={1500}>
          {({ copied, copy: doCopy }) => (
            <HoverTip label={copied ? t('path.copied') : path} withArrow multiline maw={560} style={{ wordBreak: 'break-all' }}>
              <button {...actionIcon(theme, { variant: 'subtle', color: copied ? 'teal' : 'gray', size: 'sm' })} onClick={doCopy} aria-label={`${t('path.copy')}: ${path}`}>
                <span {...actionIconIcon}>
                  <CopyIcon copied={copied} />
                </span>
              </button>
            </HoverTip>
          )}
        </CopyButton>
      )}
    </span>
  );
}
