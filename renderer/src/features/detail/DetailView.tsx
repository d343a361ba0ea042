// Issue 14 item 4: one server at MCP Inspector level: info, resources, prompts, tools with call
// history, and ping. Opened from a Servers row (openDetail) or from the navigation.
import { useState } from 'react';
import { Badge, Button, Group, NativeSelect, Stack, Tabs, Text } from '@mantine/core';
import type { RpcError } from '../../../../shared/errors';
import { PageHeader } from '../../components/PageHeader';
import { useApp, useT } from '../../store-context';
import { InfoTab } from './InfoTab';
import { InspectError } from './InspectError';
import { PromptsTab } from './PromptsTab';
import { ResourcesTab } from './ResourcesTab';
import { ToolsTab } from './ToolsTab';
import { SkillsTab } from './SkillsTab';

function Ping({ serverId }: { serverId: string }) {
  const t = useT();
  const inspect = useApp((s) => s.inspect);
  const [state, setState] = useState<{ busy: boolean; ms: number | null; error: RpcError | null }>({ busy: false, ms: null, error: null });
  const ping = async () => {
    setState((s) => ({ ...s, busy: true }));
    const r = await inspect('inspect.ping', { id: serverId });
    setState(r.ok ? { busy: false, ms: r.value.ms, error: null } : { busy: false, ms: null, error: r.error });
  };
  return (
    <>
      <Button variant="default" onClick={() => void ping()} loading={state.busy}>
        {state.busy ? t('detail.pinging') : t('detail.ping')}
      </Button>
      {state.ms !== null && (
        <Badge variant="light" size="lg" tt="none" role="status" data-testid="ping-ms">
          {t('detail.pingMs', { ms: t.number(state.ms) })}
        </Badge>
      )}
      {state.error && <InspectError error={state.error} serverId={serverId} onRetry={() => void ping()} />}
    </>
  );
}

export function DetailView() {
  const t = useT();
  const view = useApp((s) => s.view);
  const selected = useApp((s) => s.detailServer);
  const openDetail = useApp((s) => s.openDetail);
  const setSection = useApp((s) => s.setSection);
  const tab = useApp((s) => s.detailTab);
  const setDetailTab = useApp((s) => s.setDetailTab);
  const setTab = (v: string | null) => setDetailTab(v ?? 'info');
  const servers = view?.servers.filter((s) => s.runnable) ?? [];
  const row = view?.servers.find((s) => s.id === selected) ?? null;
  const picker = (
    <NativeSelect
      aria-label={t('detail.server')}
      value={row?.id ?? ''}
      onChange={(e) => openDetail(e.currentTarget.value || null)}
      data={[{ value: '', label: t('detail.pickServer') }, ...servers.map((s) => ({ value: s.id, label: s.name }))]}
      miw={200}
      maw={320}
    />
  );
  return (
    <section aria-labelledby="detail-title" data-testid="detail-view">
      <PageHeader title={t('detail.title')} titleId="detail-title" actions={picker} />
      {view && servers.length === 0 && (
        <Stack gap="xs" align="flex-start">
          <Text>{t('detail.none')}</Text>
          <Button variant="default" onClick={() => setSection('servers')}>
            {t('detail.goServers')}
          </Button>
        </Stack>
      )}
      {!row && servers.length > 0 && <Text c="dimmed">{t('detail.choose')}</Text>}
      {row && (
        <Stack gap="md" key={row.id}>
          <Group gap="sm" wrap="wrap">
            <Text fw={600} style={{ wordBreak: 'break-word' }}>
              {row.name}
            </Text>
            <Badge variant="light" color={row.state.kind === 'connected' ? 'teal' : 'gray'}>
              {t(`state.${row.state.kind}`)}
            </Badge>
            {row.state.kind === 'connected' && row.state.era === 'modern' ? (
              <Text size="sm" c="dimmed" data-testid="ping-modern">
                {t('detail.ping.modern')}
              </Text>
            ) : (
              <Ping serverId={row.id} />
            )}
          </Group>
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List aria-label={t('detail.tabs')}>
              <Tabs.Tab value="info">{t('detail.tab.info')}</Tabs.Tab>
              <Tabs.Tab value="resources">{t('detail.tab.resources')}</Tabs.Tab>
              <Tabs.Tab value="prompts">{t('detail.tab.prompts')}</Tabs.Tab>
              <Tabs.Tab value="tools">{t('detail.tab.tools')}</Tabs.Tab>
              <Tabs.Tab value="skills">{t('detail.tab.skills')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="info" pt="md">
              <InfoTab serverId={row.id} />
            </Tabs.Panel>
            <Tabs.Panel value="resources" pt="md">
              <ResourcesTab serverId={row.id} />
            </Tabs.Panel>
            <Tabs.Panel value="prompts" pt="md">
              <PromptsTab serverId={row.id} />
            </Tabs.Panel>
            <Tabs.Panel value="tools" pt="md">
              <ToolsTab serverId={row.id} connected={row.state.kind === 'connected'} />
            </Tabs.Panel>
            <Tabs.Panel value="skills" pt="md">
              <SkillsTab serverId={row.id} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </section>
  );
}
