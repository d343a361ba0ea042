// Tool calls to one server in this page session, newest first (issue 14 item 4): arguments,
// status, duration and result, and a Replay that makes the same call again.
import { Fragment, useState } from 'react';
import { Alert, Badge, Button, Code, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useApp, useT } from '../../store-context';
import type { CallStatus } from '../../stores/detail-slice';
import { ResultView } from '../tools/ResultView';
import { errorText } from '../../../../shared/i18n/write-errors';

const NOWRAP = { whiteSpace: 'nowrap', wordBreak: 'keep-all' } as const;

const COLOR: Record<CallStatus, string> = { running: 'blue', ok: 'teal', error: 'red', cancelled: 'gray', failed: 'red' };

export function CallHistory({ serverId }: { serverId: string }) {
  const t = useT();
  const all = useApp((s) => s.callHistory);
  const runCall = useApp((s) => s.runCall);
  const [open, setOpen] = useState<string | null>(null);
  const calls = all.filter((c) => c.serverId === serverId);
  return (
    <section aria-labelledby="call-history-title">
      <Title order={3} size="h5" id="call-history-title" mb="xs">
        {t('detail.history')}
      </Title>
      {calls.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.history.empty')}
        </Text>
      ) : (
        // Sized by content (issue 22: fixed widths clipped the buttons at 900 px): the short
        // cells keep to one line, the arguments take what is left and wrap anywhere.
        <Table layout="auto" data-testid="call-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={NOWRAP}>{t('detail.history.when')}</Table.Th>
              <Table.Th>{t('detail.history.tool')}</Table.Th>
              <Table.Th style={NOWRAP}>{t('detail.history.status')}</Table.Th>
              <Table.Th style={NOWRAP}>{t('detail.history.duration')}</Table.Th>
              <Table.Th w="100%">{t('detail.history.args')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('detail.history.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {calls.map((c) => (
              <Fragment key={c.callId}>
                <Table.Tr data-call={c.callId} data-status={c.status}>
                  <Table.Td style={NOWRAP}>{t.time(c.startedAt)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word', minWidth: '6em' }}>{c.tool}</Table.Td>
                  <Table.Td style={NOWRAP}>
                    {/* Never narrower than its word: the table once squeezed "成功" to "成". */}
                    <Badge color={COLOR[c.status]} variant="light" miw="max-content">
                      {t(`detail.status.${c.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={NOWRAP}>{c.result ? t('tools.resultMs', { ms: t.number(c.result.ms) }) : ''}</Table.Td>
                  <Table.Td>
                    <Code style={{ overflowWrap: 'anywhere' }}>{JSON.stringify(c.args)}</Code>
                  </Table.Td>
                  <Table.Td style={NOWRAP}>
                    <Group gap={4} wrap="nowrap" data-testid="call-actions">
                      <Button size="xs" variant="default" disabled={c.status === 'running'} aria-label={t('detail.history.replayName', { tool: c.tool })} onClick={() => void runCall(c.serverId, c.tool, c.args)}>
                        {t('detail.history.replay')}
                      </Button>
                      {(c.result || c.error) && (
                        <Button size="xs" variant="subtle" aria-expanded={open === c.callId} onClick={() => setOpen(open === c.callId ? null : c.callId)}>
                          {t('detail.history.show')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {open === c.callId && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      {c.error ? <Alert color="red">{errorText(t.locale, c.error)}</Alert> : c.result && <ResultView result={c.result} />}
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
