// Server info (issue 14 item 4): what the server said when it connected: name, version, protocol
// version, declared capabilities and instructions; then its protocol (era, the person's era choice,
// the log level where the era has one: ProtocolSection).
import { Badge, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useT } from '../../store-context';
import { InspectError } from './InspectError';
import { useInspect } from './use-inspect';
import { ProtocolSection } from './ProtocolSection';

export function InfoTab({ serverId }: { serverId: string }) {
  const t = useT();
  const info = useInspect('inspect.server', { id: serverId });
  if (info.error) return <InspectError error={info.error} serverId={serverId} onRetry={info.reload} />;
  if (!info.data) return <Loader size="sm" role="status" aria-label={t('detail.loading')} />;
  const d = info.data;
  const unknown = (v: string | null) => v || t('detail.info.unknown');
  return (
    <Stack gap="md" data-testid="detail-info">
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={180}>{t('detail.info.name')}</Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              {unknown(d.name)}
              {d.title ? ` (${d.title})` : ''}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('detail.info.version')}</Table.Th>
            <Table.Td>{unknown(d.version)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('detail.info.protocol')}</Table.Th>
            <Table.Td data-testid="protocol-version">{unknown(d.protocolVersion)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('detail.info.capabilities')}</Table.Th>
            <Table.Td>
              <Group gap={4}>
                {Object.keys(d.capabilities).map((c) => (
                  <Badge key={c} variant="light" tt="none">
                    {c}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Code block style={{ whiteSpace: 'pre-wrap' }}>
        {JSON.stringify(d.capabilities, null, 2)}
      </Code>
      <ProtocolSection serverId={serverId} era={d.era} version={d.protocolVersion} logging={'logging' in d.capabilities} onChanged={info.reload} />
      <Title order={3} size="h5">
        {t('detail.info.instructions')}
      </Title>
      {d.instructions ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="instructions">
          {d.instructions}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('detail.info.noInstructions')}
        </Text>
      )}
    </Stack>
  );
}
