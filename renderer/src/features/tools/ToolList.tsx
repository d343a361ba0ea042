// UI-3: the virtualised tool list (@tanstack/react-virtual): only the rows on screen exist in
// the DOM, so 10,000 tools render and scroll like 20. Arrow keys move the selection.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useRef } from 'react';
import type { ToolRow } from '../../../../shared/contract';
import type { Profile } from '../../../../shared/schemas/server';
import { useT } from '../../store-context';
import { toolKey } from '../../stores/tools-slice';

const ROW = 46;
const OTHERS: Record<Profile, Profile[]> = { minimax: ['kimi', 'minara'], kimi: ['minimax', 'minara'], minara: ['minimax', 'kimi'] };

interface RowProps {
  r: ToolRow;
  index: number;
  start: number;
  profile: Profile;
  role: 'winner' | 'loser' | undefined;
  selected: boolean;
  onSelect(key: string): void;
  move(from: number, delta: number): void;
}

/** One row; memoised so a scroll re-renders only the rows that enter the window. */
const Row = memo(function Row({ r, index, start, profile, role, selected, onSelect, move }: RowProps) {
  const t = useT();
  const key = toolKey(r.serverId, r.tool);
  const name = r.names[profile];
  return (
    <div role="listitem" data-index={index} data-tool={r.tool} data-server={r.serverName} className={`tool-row${role ? ` ${role}` : ''}`} style={{ transform: `translateY(${start}px)` }}>
      <button
        type="button"
        aria-pressed={selected}
        onClick={() => onSelect(key)}
        onKeyDown={(e) => {
          const delta = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
          if (delta) {
            e.preventDefault();
            move(index, delta);
          }
        }}
      >
        <span className="line1">
          <span className="qname" data-testid="qualified">
            {name ?? <em>{r.dropped ? t('tools.dropped') : t('tools.hidden')}</em>}
          </span>
          {role === 'loser' && <span className="badge bad">{t('tools.lost', { name: r.collidesWith?.name ?? '' })}</span>}
          {role === 'winner' && <span className="badge ok">{t('tools.won')}</span>}
          {r.deferred && <span className="badge">{t('servers.deferred')}</span>}
        </span>
        <span className="others">
          {OTHERS[profile].map((p) => (
            <span key={p}>
              {p}: {r.names[p] ?? '—'}
            </span>
          ))}
        </span>
        <span className="tokens">{t('tools.tokens', { n: r.tokens })}</span>
      </button>
    </div>
  );
});

interface Props {
  rows: ToolRow[];
  profile: Profile;
  roles: Map<string, 'winner' | 'loser'>;
  selected: string | null;
  onSelect(key: string): void;
}

export function ToolList({ rows, profile, roles, selected, onSelect }: Props) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 4,
    // jsdom and the first frame have no layout yet: assume a window's worth of rows.
    initialRect: { width: 900, height: 520 },
  });
  const moveNow = (from: number, delta: number) => {
    // From the current selection, so keys pressed faster than focus follows still add up.
    const at = selected === null ? -1 : rows.findIndex((r) => toolKey(r.serverId, r.tool) === selected);
    if (at >= 0) from = at;
    const next = Math.max(0, Math.min(rows.length - 1, from + delta));
    const r = rows[next];
    if (!r) return;
    onSelect(toolKey(r.serverId, r.tool));
    v.scrollToIndex(next, { align: 'auto' });
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${next}"] button`)?.focus());
  };
  // A stable callback keeps the memoised rows from re-rendering on every scroll.
  const latest = useRef(moveNow);
  latest.current = moveNow;
  const move = useCallback((from: number, delta: number) => latest.current(from, delta), []);
  return (
    <div ref={scroller} className="tool-scroller" data-testid="tool-scroller" role="list" aria-label={t('tools.listLabel', { n: rows.length })}>
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {v.getVirtualItems().map((item) => {
          const r = rows[item.index]!;
          const key = toolKey(r.serverId, r.tool);
          return <Row key={key} r={r} index={item.index} start={item.start} profile={profile} role={roles.get(key)} selected={selected === key} onSelect={onSelect} move={move} />;
        })}
      </div>
    </div>
  );
}
