// One server: one line per cell, long text elided with the whole of it in a tooltip, paths
// elided in the middle (issue 14). The state is never elided: its column fits its longest
// label (issue 22). With little room (ServersView's compact layout) transport, connect time
// and provenance move to a line under the name. Beside the panel's state, what the selected
// agent does with the entry (AgentVerdict: a short badge that opens the reasons and fixes, and
// its first reason under it). A failed server gets a second row right under it that explains
// itself (FailedExplain).
import { Badge, Group, Table, Text } from '@mantine/core';
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
import classes from './ServersView.module.css';

const STATE_COLOR = { connected: 'teal', failed: 'red', 'needs-auth': 'yellow', pending: 'gray', disabled: 'gray', removed: 'gray' } as const;

/** A flag on the row that opens what it is about (the tool diff, the flagged tools): its reason is its tooltip and its name. */
function FlagButton({ label, why, color, testId, onClick }: { label: string; why: string; color: string; testId: string; onClick: () => void }) {
  return (
    <HoverTip label={why} multiline maw={420}>
      <Badge size="xs" variant="light" color={color} component="button" type="button" className={`${classes.label} ${classes.flag}`} data-testid={testId} aria-label={`${label}: ${why}`} onClick={onClick}>
        {label}
      </Badge>
    </HoverTip>
  );
}

/**
 * Memoised: a state change replaces only its own row object (servers-slice), so one server
 * connecting draws one row, not all of them (issue 40: 50 rows redrawn took ~200 ms).
 */
export const ServerRowView = memo(function ServerRowView({ row, columns }: { row: ServerRow; columns: readonly ServerColumn[] }) {
  const t = useT();
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
      <Text size="xs" c="dimmed" data-testid="era" className={`${classes.line} ${classes.text}`} title={t('era.row', { version: row.state.protocolVersion, era: t(`era.${row.state.era ?? 'legacy'}`) })}>
        {row.state.protocolVersion}
      </Text>
    ) : null;
  const provenance = (
    <>
      <Text size="xs" className={classes.line}>
        <MiddlePath path={row.path} prefix={t('servers.from', { path: '' }).trim()} />
      </Text>
      {row.contributedBy && (
        <Text size="xs" c="dimmed" data-testid="contributed" className={classes.wraps}>
          {t(`servers.contributed.${row.contributedBy.kind}`, { name: row.contributedBy.name })}
        </Text>
      )}
      {row.shadows.length > 0 && (
        <HoverTip label={row.shadows.map((s) => t('servers.shadows', { path: `${s.path} (${t(`layer.${s.layer}`)})` })).join('\n')} multiline maw={520} style={{ whiteSpace: 'pre-line' }}>
          <Text size="xs" c="dimmed" fs="italic" data-testid="shadows" className={`${classes.line} ${classes.text}`}>
            {t.plural('servers.shadowsCount', row.shadows.length)}
          </Text>
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
        <Badge size="xs" variant="light" color="gray" className={classes.label}>
          {t('servers.deferred')}
        </Badge>
      )}
      {!row.trusted && (
        <Badge size="xs" variant="light" color="yellow" className={classes.label}>
          {t('servers.untrusted')}
        </Badge>
      )}
      {row.toolsChanged && (
        <FlagButton label={t('servers.toolsChanged')} why={t('servers.toolsChangedOpen', { server: row.name })} color="orange" testId="tools-changed" onClick={() => void openDiff(row.id)} />
      )}
      {!!row.findings && (
        <FlagButton
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
          <Badge size="xs" variant="light" color="gray" title={readOnlyWhy} data-testid="read-only" className={classes.label}>
            {t('servers.readOnly')}
          </Badge>
        </HoverTip>
      )}
    </>
  );
  const cells: Record<ServerColumn, () => ReactNode> = {
    name: () => (
      <Table.Th scope="row" className={classes.cell} key="name">
        {row.contributedBy ? (
          <Text fw={600} size="sm" className={classes.wraps} title={row.name} data-testid="server-name">
            {row.name.split(':').map((part, i) => (i === 0 ? part : [':', <wbr key={i} />, part]))}
          </Text>
        ) : (
          <Group gap={6} wrap="nowrap" className={classes.line}>
            <Text span fw={600} size="sm" truncate className={classes.name} title={row.name} data-testid="server-name">
              {row.name}
            </Text>
            {!flagsBelow && badges}
          </Group>
        )}
        {/* With little room the flags take their own line (wrapping when they do not fit one): the name stays readable (issue 22). */}
        {flagsBelow && hasBadges && (
          <Group gap={4} data-testid="row-flags">
            {badges}
          </Group>
        )}
        {row.target && (
          <Text size="xs" c="dimmed" className={classes.line}>
            <MiddlePath path={row.target} copy={false} />
          </Text>
        )}
        {compact && (
          <div data-testid="row-meta">
            <Text size="xs" c="dimmed" className={classes.line}>
              <span className={classes.label}>{row.transport ?? '—'}</span>
              {row.connectMs !== null && <span className={classes.label}>{`\u00a0·\u00a0${connect}`}</span>}
            </Text>
            {era}
            {provenance}
          </div>
        )}
      </Table.Th>
    ),
    transport: () => (
      <Table.Td className={classes.cell} key="transport">
        <Text size="sm" className={classes.label}>
          {row.transport ?? '—'}
        </Text>
      </Table.Td>
    ),
    state: () => (
      <Table.Td className={classes.cell} key="state">
        <Badge variant="light" color={STATE_COLOR[state]} data-testid="state" className={`state-${state} ${classes.state}`} title={t('servers.since', { time: t.dateTime(row.state.since) })}>
          {t(`state.${state}`)}
        </Badge>
        {(hasReason || token) && (
          <HoverTip label={reason} multiline maw={480} disabled={explains}>
            <Text size="xs" c={state === 'needs-auth' || explains ? 'red' : 'dimmed'} truncate role="note" aria-label={t('servers.reason')} data-testid="reason" className={`${classes.line} ${classes.text}`}>
              {reason}
            </Text>
          </HoverTip>
        )}
      </Table.Td>
    ),
    agent: () => (
      <Table.Td className={classes.cell} key="agent">
        <AgentBadge row={row} />
        {agentSays && (
          <HoverTip label={agentSays} multiline maw={480}>
            <Text size="xs" c="red" truncate role="note" aria-label={t('agent.title', { agent: row.agent!.agent })} data-testid="agent-reason" className={`${classes.line} ${classes.text}`}>
              {agentSays}
            </Text>
          </HoverTip>
        )}
      </Table.Td>
    ),
    tools: () => (
      <Table.Td className={classes.cell} data-testid="tools" key="tools">
        <Text size="sm" className={classes.label}>
          {row.toolCount === null ? '—' : t.plural('servers.tools', row.toolCount)}
        </Text>
      </Table.Td>
    ),
    connect: () => (
      <Table.Td className={classes.cell} key="connect">
        <Text size="sm" className={classes.label}>
          {connect}
        </Text>
        {era}
      </Table.Td>
    ),
    provenance: () => (
      <Table.Td className={classes.cell} key="provenance">
        {provenance}
      </Table.Td>
    ),
    actions: () => (
      <Table.Td className={classes.cell} key="actions">
        <RowActions row={row} />
      </Table.Td>
    ),
  };
  return (
    <>
      <Table.Tr data-server={row.name} data-state={state} className={explains ? classes.explained : undefined}>
        {columns.map((c) => cells[c]())}
      </Table.Tr>
      {explains && (
        <Table.Tr data-explains={row.name} className={classes.explanation}>
          <Table.Td colSpan={columns.length}>
            <FailedExplain row={row} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
});
