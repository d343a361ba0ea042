// UI-3: the virtualised tool list (@tanstack/react-virtual): only the rows on screen exist in
// the DOM, so 10,000 tools render and scroll like 20. Arrow keys move the selection.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { ToolRow } from '../../../../shared/contract';
import type { Profile } from '../../../../shared/schemas/server';
import { useT } from '../../store-context';
import { toolKey } from '../../stores/tools-slice';

const ROW = 46;
const OTHERS: Record<Profile, Profile[]> = { minimax: ['kimi', 'minara'], kimi: ['minimax', 'minara'], minara: ['minimax', 'kimi'] };

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
    overscan: 8,
    // jsdom and the first frame have no layout yet: assume a window's worth of rows.
    initialRect: { width: 900, height: 520 },
  });
  const move = (from: number, delta: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, from + delta));
    const r = rows[next];
    if (!r) return;
    onSelect(toolKey(r.serverId, r.tool));
    v.scrollToIndex(next, { align: 'auto' });
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${next}"] button`)?.focus());
  };
  return (
    <div ref={scroller} className="tool-scroller" data-testid="tool-scroller" role="list" aria-label={t('tools.listLabel', { n: rows.length })}>
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {v.getVirtualItems().map((item) => {
          const r = rows[item.index]!;
          const key = toolKey(r.serverId, r.tool);
          const role = roles.get(key);
          const name = r.names[profile];
          return (
            <div key={key} role="listitem" data-index={item.index} data-tool={r.tool} data-server={r.serverName} className={`tool-row${role ? ` ${role}` : ''}`} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW, transform: `translateY(${item.start}px)` }}>
              <button
                type="button"
                aria-pressed={selected === key}
                onClick={() => onSelect(key)}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowDown') (e.preventDefault(), move(item.index, 1));
                  if (e.key === 'ArrowUp') (e.preventDefault(), move(item.index, -1));
                }}
              >
                <span className="qname" data-testid="qualified">
                  {name ?? <em>{r.dropped ? t('tools.dropped') : t('tools.hidden')}</em>}
                </span>
                {role === 'loser' && <span className="badge bad">{t('tools.lost', { name: r.collidesWith?.name ?? '' })}</span>}
                {role === 'winner' && <span className="badge ok">{t('tools.won')}</span>}
                {r.deferred && <span className="badge">{t('servers.deferred')}</span>}
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
        })}
      </div>
    </div>
  );
}
