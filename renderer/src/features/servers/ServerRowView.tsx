// One server: one line per cell, long text elided with the whole of it in a tooltip, paths
// elided in the middle (issue 14). The state is never elided: its column fits its longest
// label (issue 22). With little room (ServersView's compact layout) transport, connect time
// and provenance move to a line under the name. Beside the panel's state, what the selected
// agent does with the entry (AgentVerdict: a short badge that opens the reasons and fixes, and
// its first reason under it). A failed server gets a second row right under it that explains
// itself (FailedExplain). Its cells are Mantine's markup written out (markup.ts), its tooltips
// and menu mount on first use (HoverTip, MoreMenu): a table of 50 rows paints at once (issue 40).
import { useMantineTheme, type MantineTheme } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import type { ServerRow } from '../../../../shared/contract';
import { rowReason } from './row-reason';
import { MiddlePath } from '../../components/MiddlePath';
import { HoverTip } from '../../components/HoverTip';
import { useApp, useT } from '../../store-context';
import { FailedExplain } from './FailedExplain';
import { RowActions } from './RowActions';
import type { ServerColumn } from './ServersView';
import { AgentBadge, agentLine } from './AgentVerdict';
import { wantsToken } from '../../../../shared/tray';
import { issueSentence } from '../../../../shared/i18n/agent-view';
import { badge, badgeLabel, group, tableCell, tableRow, text } from '../../components/markup';
import classes from './ServersView.module.css';

const STATE_COLOR = { connected: 'teal', failed: 'red', 'needs-auth': 'yellow', pending: 'gray', disabled: 'gray', removed: 'gray' } as const;

/** A flag on the row that opens what it is about (the tool diff, the flagged tools): its reason is its tooltip and its name. */
function FlagButton({ theme, label, why, color, testId, onClick }: { theme: MantineTheme; label: string; why: string; color: string; testId: string; onClick: () => void }) {
  return (
    <HoverTip label={why} multiline maw={420}>
      <button type="button" {...badge(theme, { size: 'xs', variant: 'light', color, className: `${classes.label} ${classes.flag}` })} data-testid={testId} aria-label={`${label}: ${why}`} onClick={onClick}>
        <span {...badgeLabel}>{label}</span>
      </button>
    </HoverTip>
  );
}

/**
 * Memoised: a state change replaces only its own row object (servers-slice), so one server
 * connecting draws one row, not all of them (issue 40: 50 rows redrawn took ~200 ms).
 */
export const ServerRowView = memo(function ServerRowView({ row, columns }: { row: ServerRow; columns: readonly ServerColumn[] }) {
  const t = useT();
  const theme = useMantineTheme();
  const openDiff = useApp((s) => s.openSnapshotDiff);
  const setToolsFilter = useApp((s) => s.setToolsFilter);
  const setSection = useApp((s) => s.setSection);
  const state = row.state.kind;
  const compact = !columns.includes('provenance');
  const readOnlyWhy = row.readOnly ? t(row.layer === 'project' ? 'servers.readOnlyProject' : 'servers.readOnlyLayer', { path: row.path }) : undefined;
  const hasReason = row.state.code !== 'connected' && row.state.code !== 'not_connected';
  // UI-9: the host sends a code; the sentence is ours, the raw OS/server detail follows.
  // A 401 without OAuth metadata: the sentence says it wants a token, not a login (AUTH-1).
  const token = wantsToken(row.agent) ? row.agent!.issues.find((i) => i.code === 'token_required') : undefined;
  const reason = token ? issueSentence(t.locale, token) : hasReason ? rowReason(t.locale, row) : '';
  // What the agent will do, when it differs from what the panel sees.
  const agentSays = hasReason || token ? null : agentLine(t.locale, row.agent);
  const explains = state === 'failed';
  const connect = row.connectMs === null ? '—' : t('servers.ms', { ms: Math.round(row.connectMs) });
  // PROTO-1: the era this server is spoken to in.
  const era =
    row.state.kind === 'connected' && row.state.protocolVersion ? (
      // The version alone fits the column ("MCP 2025-11-25, legacy" was cut to "MCP 2025-1"); the whole line is its title.
      <p {...text({ size: 'xs', c: 'dimmed', className: `${classes.line} ${classes.text}` })} data-testid="era" title={t('era.row', { version: row.state.protocolVersion, era: t(`era.${row.state.era ?? 'legacy'}`) })}>
        {row.state.protocolVersion}
      </p>
    ) : null;
  const provenance = (
    <>
      <p {...text({ size: 'xs', className: classes.line })}>
        <MiddlePath path={row.path} prefix={t('servers.from', { path: '' }).trim()} />
      </p>
      {row.contributedBy && (
        <p {...text({ size: 'xs', c: 'dimmed', className: classes.wraps })} data-testid="contributed">
          {t(`servers.contributed.${row.contributedBy.kind}`, { name: row.contributedBy.name })}
        </p>
      )}
      {row.shadows.length > 0 && (
        <HoverTip label={row.shadows.map((s) => t('servers.shadows', { path: `${s.path} (${t(`layer.${s.layer}`)})` })).join('\n')} multiline maw={520} style={{ whiteSpace: 'pre-line' }}>
          <p {...text({ size: 'xs', c: 'dimmed', fs: 'italic', className: `${classes.line} ${classes.text}` })} data-testid="shadows">
            {t.plural('servers.shadowsCount', row.shadows.length)}
          </p>
        </HoverTip>
      )}
    </>
  );
  const flagCount = [row.deferred, !row.trusted, row.toolsChanged, row.readOnly, row.findings].filter(Boolean).length;
  const hasBadges = flagCount > 0;
  // Two flags and the name do not share the name column's one line (at 1280 px "UNTRUSTED" and
  // "READ ONLY" left the name no room at all): they take a line of their own, as with little room.
  // A plugin's server (AGENT-9) has a long name of its own, and a findings count is wide: their
  // flags go below too (seen: "poisoned" cut to "poiso…" beside "12 findings").
  const flagsBelow = compact || flagCount > 1 || !!row.contributedBy || !!row.findings;
  const badges = (
    <>
      {row.deferred && (
        <div {...badge(theme, { size: 'xs', variant: 'light', color: 'gray', className: classes.label })}>
          <span {...badgeLabel}>{t('servers.deferred')}</span>
        </div>
      )}
      {!row.trusted && (
        <div {...badge(theme, { size: 'xs', variant: 'light', color: 'yellow', className: classes.label })}>
          <span {...badgeLabel}>{t('servers.untrusted')}</span>
        </div>
      )}
      {row.toolsChanged && (
        <FlagButton theme={theme} label={t('servers.toolsChanged')} why={t('servers.toolsChangedOpen', { server: row.name })} color="orange" testId="tools-changed" onClick={() => void openDiff(row.id)} />
      )}
      {!!row.findings && (
        <FlagButton
          theme={theme}
          label={t.plural('servers.findings', row.findings)}
          why={t('servers.findingsOpen', { server: row.name })}
          color="red"
          testId="server-findings"
          onClick={() => {
            setToolsFilter(row.name);
            setSection('tools');
          }}
        />
      )}
      {row.readOnly && (
        <HoverTip label={readOnlyWhy} multiline maw={420}>
          <div {...badge(theme, { size: 'xs', variant: 'light', color: 'gray', className: classes.label })} title={readOnlyWhy} data-testid="read-only">
            <span {...badgeLabel}>{t('servers.readOnly')}</span>
          </div>
        </HoverTip>
      )}
    </>
  );
  const cells: Record<ServerColumn, () => ReactNode> = {
    name: () => (
      <th {...tableCell('th', classes.cell)} scope="row" key="name">
        {row.contributedBy ? (
          <p {...text({ size: 'sm', fw: 600, className: classes.wraps })} title={row.name} data-testid="server-name">
            {row.name.split(':').map((part, i) => (i === 0 ? part : [':', <wbr key={i} />, part]))}
          </p>
        ) : (
          <div {...group({ gap: 6, wrap: 'nowrap', className: classes.line })}>
            <span {...text({ size: 'sm', fw: 600, truncate: true, className: classes.name })} title={row.name} data-testid="server-name">
              {row.name}
            </span>
            {!flagsBelow && badges}
          </div>
        )}
        {/* With little room the flags take their own line (wrapping when they do not fit one): the name stays readable (issue 22). */}
        {flagsBelow && hasBadges && (
          <div {...group({ gap: 4 })} data-testid="row-flags">
            {badges}
          </div>
        )}
        {row.target && (
          <p {...text({ size: 'xs', c: 'dimmed', className: classes.line })}>
            <MiddlePath path={row.target} copy={false} />
          </p>
        )}
        {compact && (
          <div data-testid="row-meta">
            <p {...text({ size: 'xs', c: 'dimmed', className: classes.line })}>
              <span className={classes.label}>{row.transport ?? '—'}</span>
              {row.connectMs !== null && <span className={classes.label}>{`\u00a0·\u00a0${connect}`}</span>}
            </p>
            {era}
            {provenance}
          </div>
        )}
      </th>
    ),
    transport: () => (
      <td {...tableCell('td', classes.cell)} key="transport">
        <p {...text({ size: 'sm', className: classes.label })}>{row.transport ?? '—'}</p>
      </td>
    ),
    state: () => (
      <td {...tableCell('td', classes.cell)} key="state">
        <div {...badge(theme, { variant: 'light', color: STATE_COLOR[state], className: `state-${state} ${classes.state}` })} data-testid="state" title={t('servers.since', { time: t.dateTime(row.state.since) })}>
          <span {...badgeLabel}>{t(`state.${state}`)}</span>
        </div>
        {(hasReason || token) && (
          <HoverTip label={reason} multiline maw={480} disabled={explains}>
            <p {...text({ size: 'xs', c: state === 'needs-auth' || explains ? 'red' : 'dimmed', truncate: true, className: `${classes.line} ${classes.text}` })} role="note" aria-label={t('servers.reason')} data-testid="reason">
              {reason}
            </p>
          </HoverTip>
        )}
      </td>
    ),
    agent: () => (
      <td {...tableCell('td', classes.cell)} key="agent">
        <AgentBadge row={row} theme={theme} />
        {agentSays && (
          <HoverTip label={agentSays} multiline maw={480}>
            <p {...text({ size: 'xs', c: 'red', truncate: true, className: `${classes.line} ${classes.text}` })} role="note" aria-label={t('agent.title', { agent: row.agent!.agent })} data-testid="agent-reason">
              {agentSays}
            </p>
          </HoverTip>
        )}
      </td>
    ),
    tools: () => (
      <td {...tableCell('td', classes.cell)} data-testid="tools" key="tools">
        <p {...text({ size: 'sm', className: classes.label })}>{row.toolCount === null ? '—' : t.plural('servers.tools', row.toolCount)}</p>
      </td>
    ),
    connect: () => (
      <td {...tableCell('td', classes.cell)} key="connect">
        <p {...text({ size: 'sm', className: classes.label })}>{connect}</p>
        {era}
      </td>
    ),
    provenance: () => (
      <td {...tableCell('td', classes.cell)} key="provenance">
        {provenance}
      </td>
    ),
    actions: () => (
      <td {...tableCell('td', classes.cell)} key="actions">
        <RowActions row={row} />
      </td>
    ),
  };
  return (
    <>
      <tr {...tableRow(explains ? classes.explained : undefined)} data-server={row.name} data-state={state}>
        {columns.map((c) => cells[c]())}
      </tr>
      {explains && (
        <tr {...tableRow(classes.explanation)} data-explains={row.name}>
          <td {...tableCell('td')} colSpan={columns.length}>
            <FailedExplain row={row} />
          </td>
        </tr>
      )}
    </>
  );
});
