// One server: a row no taller than 64 px at 1280×800 (issue 14): one line per cell, long text
// elided with the whole of it in a tooltip, paths elided in the middle. A failed server gets a
// second row right under it that explains itself (FailedExplain).
import { Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import type { ServerRow } from '../../../../shared/contract';
import { reasonSentence } from '../../../../shared/i18n/reasons';
import { MiddlePath } from '../../components/MiddlePath';
import { useT } from '../../store-context';
import { FailedExplain } from './FailedExplain';
import { RowActions } from './RowActions';
import classes from './ServersView.module.css';

const STATE_COLOR = { connected: 'teal', failed: 'red', 'needs-auth': 'yellow', pending: 'gray', disabled: 'gray', removed: 'gray' } as const;

export function ServerRowView({ row, columns }: { row: ServerRow; columns: number }) {
  const t = useT();
  const state = row.state.kind;
  const readOnlyWhy = row.readOnly ? t(row.layer === 'project' ? 'servers.readOnlyProject' : 'servers.readOnlyLayer', { path: row.path }) : undefined;
  const hasReason = row.state.code !== 'connected' && row.state.code !== 'not_connected';
  // UI-9: the host sends a code; the sentence is ours, the raw OS/server detail follows.
  const reason = hasReason ? `${reasonSentence(t.locale, row.state)}${row.state.reason ? `: ${row.state.reason}` : ''}` : '';
  const explains = state === 'failed';
  return (
    <>
      <Table.Tr data-server={row.name} data-state={state} className={explains ? classes.explained : undefined}>
        <Table.Th scope="row" className={classes.cell}>
          <Group gap={6} wrap="nowrap" className={classes.line}>
            <Text span fw={600} size="sm" truncate className={classes.name}>
              {row.name}
            </Text>
            {row.deferred && (
              <Badge size="xs" variant="light" color="gray">
                {t('servers.deferred')}
              </Badge>
            )}
            {!row.trusted && (
              <Badge size="xs" variant="light" color="yellow">
                {t('servers.untrusted')}
              </Badge>
            )}
            {row.readOnly && (
              <Tooltip label={readOnlyWhy} multiline maw={420}>
                <Badge size="xs" variant="light" color="gray" title={readOnlyWhy} data-testid="read-only">
                  {t('servers.readOnly')}
                </Badge>
              </Tooltip>
            )}
          </Group>
          {row.target && (
            <Text size="xs" c="dimmed" className={classes.line}>
              <MiddlePath path={row.target} copy={false} />
            </Text>
          )}
        </Table.Th>
        <Table.Td className={classes.cell}>
          <Text size="sm">{row.transport ?? '—'}</Text>
        </Table.Td>
        <Table.Td className={classes.cell}>
          <Badge variant="light" color={STATE_COLOR[state]} data-testid="state" className={`state-${state}`} title={t('servers.since', { time: t.dateTime(row.state.since) })}>
            {t(`state.${state}`)}
          </Badge>
          {hasReason && (
            <Tooltip label={reason} multiline maw={480} disabled={explains}>
              <Text size="xs" c={state === 'needs-auth' || explains ? 'red' : 'dimmed'} truncate role="note" aria-label={t('servers.reason')} data-testid="reason" className={classes.line}>
                {reason}
              </Text>
            </Tooltip>
          )}
        </Table.Td>
        <Table.Td className={classes.cell} data-testid="tools">
          <Text size="sm">{row.toolCount === null ? '—' : t.plural('servers.tools', row.toolCount)}</Text>
        </Table.Td>
        <Table.Td className={classes.cell}>
          <Text size="sm">{row.connectMs === null ? '—' : t('servers.ms', { ms: Math.round(row.connectMs) })}</Text>
          {row.state.kind === 'connected' && row.state.protocolVersion && (
            // PROTO-1: the era this server is spoken to in.
            <Text size="xs" c="dimmed" data-testid="era" className={classes.line}>
              {t('era.row', { version: row.state.protocolVersion, era: t(`era.${row.state.era ?? 'legacy'}`) })}
            </Text>
          )}
        </Table.Td>
        <Table.Td className={classes.cell}>
          <Text size="xs" className={classes.line}>
            <MiddlePath path={row.path} prefix={t('servers.from', { path: '' }).trim()} />
          </Text>
          {row.shadows.length > 0 && (
            <Tooltip label={row.shadows.map((s) => t('servers.shadows', { path: `${s.path} (${t(`layer.${s.layer}`)})` })).join('\n')} multiline maw={520} style={{ whiteSpace: 'pre-line' }}>
              <Text size="xs" c="dimmed" fs="italic" data-testid="shadows" className={classes.line}>
                {t.plural('servers.shadowsCount', row.shadows.length)}
              </Text>
            </Tooltip>
          )}
        </Table.Td>
        <Table.Td className={classes.cell}>
          <RowActions row={row} />
        </Table.Td>
      </Table.Tr>
      {explains && (
        <Table.Tr data-explains={row.name} className={classes.explanation}>
          <Table.Td colSpan={columns}>
            <FailedExplain row={row} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
