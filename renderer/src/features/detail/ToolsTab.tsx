// The server's tools (issue 14 item 4): pick one, call it (the tools view's pane: form or JSON,
// progress, cancel), and the calls made to this server in this session.
import { useEffect, useState } from 'react';
import { Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useApp, useT } from '../../store-context';
import { ToolDetailPane } from '../tools/ToolDetailPane';
import { FindingList } from '../tools/Findings';
import { CallHistory } from './CallHistory';

export function ToolsTab({ serverId, connected }: { serverId: string; connected: boolean }) {
  const t = useT();
  const view = useApp((s) => s.tools);
  const loading = useApp((s) => s.toolsLoading);
  const loadTools = useApp((s) => s.loadTools);
  const [tool, setTool] = useState('');
  const has = view !== null;
  useEffect(() => {
    if (!has) void loadTools();
  }, [has, loadTools]);
  const rows = view?.tools.filter((r) => r.serverId === serverId) ?? [];
  const row = rows.find((r) => r.tool === tool) ?? null;
  // CONN-11: what the poisoning checks found in the server's list, every tool at once.
  const findings = view?.servers.find((s) => s.id === serverId)?.findings ?? [];
  return (
    <Stack gap="lg">
      <FindingList findings={findings} showTool testId="server-findings" />
      {!view && loading && <Loader size="sm" role="status" aria-label={t('detail.loading')} />}
      {view && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('detail.tools.empty')}
        </Text>
      )}
      {rows.length > 0 && (
        <NativeSelect
          label={t('detail.tool')}
          value={tool}
          onChange={(e) => setTool(e.currentTarget.value)}
          data={[{ value: '', label: '—' }, ...rows.map((r) => ({ value: r.tool, label: r.tool }))]}
          maw={420}
        />
      )}
      {row && view && <ToolDetailPane key={row.tool} row={row} profile={view.profile} callable={connected} />}
      <CallHistory serverId={serverId} />
    </Stack>
  );
}
