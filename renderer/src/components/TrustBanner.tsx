// CFG-10: an untrusted kimi workspace's project servers are shown, never started.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useApp, useT } from '../store-context';
import { MiddlePath } from './MiddlePath';

export function TrustBanner() {
  const t = useT();
  const view = useApp((s) => s.view);
  const trust = useApp((s) => s.trustWorkspace);
  if (!view || !view.needsTrust || !view.workspace) return null;
  const workspace = view.workspace;
  return (
    <Alert color="yellow" role="status" mb="sm" p="xs">
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Text size="sm" style={{ minWidth: 0 }}>
          {t('trust.banner')} <MiddlePath path={workspace} copy={false} />
        </Text>
        <Button size="xs" variant="filled" onClick={() => void trust(workspace)} style={{ flexShrink: 0 }}>
          {t('trust.action')}
        </Button>
      </Group>
    </Alert>
  );
}
