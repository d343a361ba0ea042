// Issue 24 item 4: the servers view covers every detected agent. Below the selected agent's
// tables, each other detected agent with its servers: the panel runs the selected agent's only, so
// a server that runs the same thing (same command and package, or URL origin) shows that server's
// live state, a switched-off one is off, and the rest are not checked here.
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ServersView } from '../../../../shared/contract';
import { otherAgentGroups, trayRows } from '../../../../shared/tray';
import { profileFacts } from '../../../../shared/profiles';
import { useApp, useT } from '../../store-context';

export function OtherAgents({ view }: { view: ServersView }) {
  const t = useT();
  // Read by the store for the whole page (the tab's title sums them up too).
  const others = useApp((s) => s.others);
  const error = useApp((s) => s.othersError);
  const loading = useApp((s) => s.othersLoading);
  const loadOthers = useApp((s) => s.loadOthers);
  const agents = others?.agents ?? [];
  if (!error && agents.length === 0) return null;
  const groups = otherAgentGroups(trayRows(view.servers), agents);
  // AGENT-6: the same program as one of the selected agent's servers, not shared because the agents
  // declare different client capabilities (a server may offer that agent other tools): say so.
  const twinName = new Map(Object.entries(others?.selected ?? {}).flatMap(([id, identity]) => {
    const row = view.servers.find((r) => r.id === id);
    return identity && row ? [[identity, row.name] as const] : [];
  }));
  return (
    <Stack gap="xs" component="section" aria-labelledby="other-agents" data-testid="other-agents">
      <Text fw={600} id="other-agents">
        {t('servers.others.title')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('servers.others.help', { agent: profileFacts(view.profile).label })}
      </Text>
      {error && (
        // The alert stays while the question is asked again: only the button shows it is under way.
        <Alert color="red" role="alert" data-testid="other-agents-error">
          {t('servers.others.failed', { message: error.message })}{' '}
          <Button size="compact-sm" variant="default" loading={loading} onClick={() => void loadOthers()}>
            {t('servers.retry')}
          </Button>
        </Alert>
      )}
      {groups.map((g) => (
        <Table key={g.agent} layout="fixed" withTableBorder verticalSpacing={4} horizontalSpacing="sm" captionSide="top" data-agent={g.agent}>
          <Table.Caption style={{ textAlign: 'left', fontWeight: 600 }}>{g.agent}</Table.Caption>
          <Table.Tbody>
            {g.servers.map((s) => (
              <Table.Tr key={s.id} data-server={s.name}>
                <Table.Td style={{ wordBreak: 'break-word' }}>{s.name}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    <Badge size="sm" tt="none" variant="light" color={s.state === 'connected' ? 'green' : s.state === 'failed' ? 'red' : 'gray'} data-testid="state">
                      {s.state === 'unchecked' ? t('servers.others.unchecked') : t(`state.${s.state}`)}
                    </Badge>
                    {s.foreign?.sharedWith && <Text size="xs" c="dimmed">{t('tray.sharedWith', { name: s.foreign.sharedWith })}</Text>}
                    {s.state === 'unchecked' && s.identity && twinName.has(s.identity) && (
                      <Text size="xs" c="dimmed" data-testid="other-capabilities">
                        {t('servers.others.capabilities', { name: twinName.get(s.identity)!, agent: g.agent, selected: profileFacts(view.profile).label })}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ))}
    </Stack>
  );
}
