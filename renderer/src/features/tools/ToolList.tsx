// UI-3: the virtualised tool list (@tanstack/react-virtual): only the rows on screen exist in
// the DOM, so 10,000 tools render and scroll like 20. Arrow keys move the selection.
// Scrolling stays under a frame (bench:ui) because each scroll step does as little as possible:
// - a row's text is computed once, the first time it is shown (listItems), then cached;
// - fixed row height (no measureElement), transform positioning, `contain: strict` rows;
// - rows are keyed by slot, so a row leaving the window hands its DOM to the one entering
//   (React updates a few text nodes instead of creating and styling new elements);
// - Row is memoised on (item, index, selected) and has no hooks and no per-row closures:
//   clicks and keys are handled once, on the list, by the row's data-index.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef } from 'react';
import { Badge } from '@mantine/core';
import type { ToolRow } from '../../../../shared/contract';
import type { Profile } from '../../../../shared/schemas/server';
import { translator, type Translator } from '../../../../shared/i18n';
import { useT } from '../../store-context';
import { toolKey } from '../../stores/tools-slice';
import classes from './ToolList.module.css';

/** Three one-line rows: the agent's name, the server and raw tool name, the other agents' names. */
const ROW = 62;
const OVERSCAN = 2;
/** Slot keys repeat every SLOTS rows; the window (≈12 rows + overscan) is always smaller. */
const MIN_SLOTS = 64;

/** What one row shows, as plain strings: computed once per (rows, profile, roles, locale). */
export interface ListItem {
  key: string;
  tool: string;
  server: string;
  /** "server {server}, tool {tool}" for the row's accessible name and tooltip. */
  origin: string;
  name: string | null;
  /** Shown in place of a missing name (dropped / not shown). */
  missing: string;
  role: 'winner' | 'loser' | undefined;
  badge: string | null;
  deferred: string | null;
  /** CONN-11: "2 poisoning findings", null when the checks found nothing. */
  findings: string | null;
  others: string;
  tokens: string;
}

/** A row's strings, built the first time the row is shown and kept for the list's lifetime: the
 *  first render pays for ≈20 rows, not 10,000, and scrolling back costs nothing. */
export function listItems(rows: readonly ToolRow[], profile: Profile, named: readonly Profile[], roles: Map<string, 'winner' | 'loser'>, t: Translator): { length: number; at(i: number): ListItem | undefined; indexOf(key: string): number } {
  // The other agents the host named the tools for (the detected ones): an agent not named has no name to show.
  const others = named.filter((p) => p !== profile);
  const won = t('tools.won');
  const deferred = t('servers.deferred');
  const dropped = t('tools.dropped');
  const hidden = t('tools.hidden');
  const late = t('tools.late');
  const cache: (ListItem | undefined)[] = new Array<ListItem | undefined>(rows.length);
  const build = (r: ToolRow): ListItem => {
    const key = toolKey(r.serverId, r.tool);
    const role = roles.get(key);
    return {
      key,
      tool: r.tool,
      server: r.serverName,
      origin: t('tools.rowOrigin', { server: r.serverName, tool: r.tool }),
      name: r.names[profile] ?? null,
      missing: r.dropped ? dropped : r.late ? late : hidden,
      role,
      // A tool the agent makes up (kimi authenticate, minara query) says so where a collision would.
      badge: role === 'loser' ? t('tools.lost', { name: r.collidesWith?.name ?? '' }) : role === 'winner' ? won : r.synthetic ? t(`tools.synthetic.${r.synthetic}`) : null,
      deferred: r.deferred ? deferred : null,
      findings: r.findings?.length ? t.plural('trust.findings', r.findings.length) : null,
      others: others.map((p) => `${p}: ${r.names[p] ?? '—'}`).join('   '),
      tokens: t.plural('tools.tokens', r.tokens),
    };
  };
  return {
    length: rows.length,
    at(i) {
      const r = rows[i];
      if (!r) return undefined;
      return (cache[i] ??= build(r));
    },
    indexOf: (key) => rows.findIndex((r) => toolKey(r.serverId, r.tool) === key),
  };
}

/** One row; re-renders only when it shows another tool or its selection flips. Badges are `dot` /
 *  `default`: their text keeps the body colour, so it reads on the row in both schemes (axe). */
const Row = memo(function Row({ item, index, selected }: { item: ListItem; index: number; selected: boolean }) {
  return (
    <div role="listitem" data-index={index} data-tool={item.tool} data-server={item.server} data-role={item.role} className={item.role ? `${classes.row} ${classes[item.role]}` : classes.row} style={{ height: ROW, transform: `translateY(${index * ROW}px)` }}>
      <button type="button" className={classes.button} aria-pressed={selected} title={`${item.name ?? item.missing}\n${item.origin}\n${item.others}`}>
        <span className={classes.line}>
          <span className={classes.qname} data-testid="qualified">
            {item.name ?? <em>{item.missing}</em>}
          </span>
          {item.badge && (
            <Badge className={classes.badge} size="sm" variant="dot" color={item.role === 'loser' ? 'red' : 'teal'}>
              {item.badge}
            </Badge>
          )}
          {item.deferred && (
            <Badge className={classes.badge} size="sm" variant="default">
              {item.deferred}
            </Badge>
          )}
          {item.findings && (
            <Badge className={classes.badge} size="sm" variant="dot" color="orange" data-testid="row-findings">
              {item.findings}
            </Badge>
          )}
        </span>
        <span className={classes.origin} data-testid="origin">
          <b>{item.server}</b> · {item.tool}
        </span>
        <span className={classes.others}>{item.others}</span>
        <span className={classes.tokens}>{item.tokens}</span>
      </button>
    </div>
  );
});

interface Props {
  rows: ToolRow[];
  profile: Profile;
  /** The agents the rows carry names for (ToolsView.agents). */
  named: readonly Profile[];
  roles: Map<string, 'winner' | 'loser'>;
  selected: string | null;
  onSelect(key: string): void;
}

const rowIndex = (target: EventTarget): number | null => {
  const el = (target as HTMLElement).closest?.('[data-index]');
  return el ? Number(el.getAttribute('data-index')) : null;
};

export function ToolList({ rows, profile, named, roles, selected, onSelect }: Props) {
  const t = useT();
  // Keyed on the locale, not on `t` (a new function every render, i.e. every scroll step).
  const locale = t.locale;
  const items = useMemo(() => listItems(rows, profile, named, roles, translator(locale)), [rows, profile, named, roles, locale]);
  const scroller = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: OVERSCAN,
    // jsdom and the first frame have no layout yet: assume a window's worth of rows.
    initialRect: { width: 900, height: 520 },
  });
  const move = (from: number, delta: number) => {
    // From the current selection, so keys pressed faster than focus follows still add up.
    const at = selected === null ? -1 : items.indexOf(selected);
    if (at >= 0) from = at;
    const next = Math.max(0, Math.min(items.length - 1, from + delta));
    const r = items.at(next);
    if (!r) return;
    onSelect(r.key);
    v.scrollToIndex(next, { align: 'auto' });
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${next}"] button`)?.focus());
  };
  // One handler pair for the whole list, read through a ref so they never change identity.
  const latest = useRef({ items, move, onSelect });
  latest.current = { items, move, onSelect };
  const onClick = useCallback((e: React.MouseEvent) => {
    const i = rowIndex(e.target);
    const item = i === null ? undefined : latest.current.items.at(i);
    if (item) latest.current.onSelect(item.key);
  }, []);
  const onKeyDown = useCallback((e: React.KeyboardEvent) => {
    const delta = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    const i = delta ? rowIndex(e.target) : null;
    if (i === null) return;
    e.preventDefault();
    latest.current.move(i, delta);
  }, []);
  const virtual = v.getVirtualItems();
  const slots = Math.max(MIN_SLOTS, virtual.length + 1);
  // `tool-scroller`: bench:ui finds the scroller by it.
  return (
    <div ref={scroller} className={`${classes.scroller} tool-scroller`} data-testid="tool-scroller" role="list" aria-label={t.plural('tools.listLabel', items.length)} onClick={onClick} onKeyDown={onKeyDown}>
      <div className={classes.rows} style={{ height: v.getTotalSize() }}>
        {virtual.map(({ index }) => {
          const item = items.at(index)!;
          return <Row key={index % slots} item={item} index={index} selected={selected === item.key} />;
        })}
      </div>
    </div>
  );
}
