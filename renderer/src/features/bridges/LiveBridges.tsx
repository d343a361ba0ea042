// BRIDGE-4: which agent processes use which server through the bridge right now (agent
// process, server, since, calls, last error). Asks `bridges.list` once, then follows
// `bridges.changed` (the host watches the records folder).
import { useEffect, useState } from 'react';
import { Table, Text, Title } from '@mantine/core';
import type { PanelBridge } from '../../bridge';
import type { LiveBridge } from '../../../../shared/schemas/bridge';
import { useT } from '../../store-context';

export function LiveBridges({ bridge }: { bridge: Pick<PanelBridge, 'call' | 'on'> }) {
  const t = useT();
  const [rows, setRows] = useState<LiveBridge[] | null>(null);
  useEffect(() => {
    let live = true;
    // An event that arrives before the first answer is newer: the answer must not overwrite it.
    let heard = false;
    const off = bridge.on('bridges.changed', (ev) => {
      heard = true;
      setRows(ev.bridges);
    });
    void bridge.call('bridges.list', {}).then((r) => {
      if (live && !heard) setRows(r.ok ? r.value.bridges : []);
    });
    return () => {
      live = false;
      off();
    };
  }, [bridge]);
  if (rows === null) return null;
  return (
    <section aria-labelledby="live-bridges-title" data-testid="live-bridges">
      <Title order={3} size="h5" id="live-bridges-title" mb="xs">
        {t('bridges.title')}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('bridges.none')}
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bridges.col.agent')}</Table.Th>
              <Table.Th>{t('bridges.col.server')}</Table.Th>
              <Table.Th>{t('bridges.col.since')}</Table.Th>
              <Table.Th ta="right">{t('bridges.col.calls')}</Table.Th>
              <Table.Th>{t('bridges.col.error')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((b) => (
              <Table.Tr key={b.pid} data-bridge={b.pid}>
                <Table.Td>{t('bridges.agent', { name: b.agentName ?? t('bridges.unknownAgent'), pid: b.agentPid })}</Table.Td>
                <Table.Td>
                  {b.server}
                  {b.profile && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      {b.profile}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t.dateTime(b.since)}</Table.Td>
                <Table.Td ta="right">{t.number(b.calls)}</Table.Td>
                <Table.Td c={b.lastError ? 'red' : undefined}>{b.lastError ?? t('bridges.noError')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
