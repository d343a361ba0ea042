// PROTO-2: a list the server let the panel keep (2026-07-28 `ttlMs`) is served from the panel's
// cache until it expires; the page says so, with when the server sent it, and offers Refresh
// (servers.refreshLists drops what is kept, then the lists are asked for again).
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useApp, useT } from '../../store-context';

export function ListFreshness({ serverId, cached, onRefreshed }: { serverId: string; cached: { at: number; expiresAt: number } | null; onRefreshed: () => void }) {
  const t = useT();
  const refreshLists = useApp((s) => s.refreshLists);
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    await refreshLists(serverId);
    setBusy(false);
    onRefreshed();
  };
  return (
    <Group gap="sm" wrap="wrap" data-testid="list-freshness" data-cached={cached ? 'yes' : 'no'}>
      <Text size="sm" c="dimmed" role="status">
        {cached ? t('detail.cache.kept', { at: t.time(cached.at), until: t.time(cached.expiresAt) }) : t('detail.cache.fresh')}
      </Text>
      <Button size="xs" variant="default" onClick={() => void refresh()} loading={busy}>
        {t('detail.cache.refresh')}
      </Button>
    </Group>
  );
}
