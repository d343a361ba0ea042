// An inspector error in plain words with what to do (issue 14): the host sends a code and a
// `reason` (electron/services/handlers/inspect.ts); the sentence is the page's, in its language.
import { Alert, Button, Group, Text } from '@mantine/core';
import type { RpcError } from '../../../../shared/errors';
import { useApp, useT } from '../../store-context';

const REASONS = ['capability', 'not-running', 'disconnected', 'method-not-found', 'server-error', 'modern-dropped'] as const;
type Reason = (typeof REASONS)[number];

function reasonOf(e: RpcError): { reason: Reason | null; capability: string; method: string } {
  const d = (e.data ?? {}) as { reason?: unknown; capability?: unknown; method?: unknown };
  const reason = REASONS.find((r) => r === d.reason) ?? null;
  return { reason, capability: typeof d.capability === 'string' ? d.capability : '', method: typeof d.method === 'string' ? d.method : '' };
}

export function InspectError({ error, serverId, onRetry }: { error: RpcError; serverId: string; onRetry?: () => void }) {
  const t = useT();
  const setSection = useApp((s) => s.setSection);
  const reconnect = useApp((s) => s.reconnect);
  const { reason, capability, method } = reasonOf(error);
  // An absent capability (or a method the server's protocol era dropped) is a fact about the server, not a failure: said quietly.
  const quiet = reason === 'capability' || reason === 'method-not-found' || reason === 'modern-dropped';
  return (
    <Alert color={quiet ? 'gray' : 'red'} role={quiet ? 'status' : 'alert'} data-testid="inspect-error" data-reason={reason ?? error.code}>
      <Text size="sm">{reason ? t(`detail.err.${reason}`, { capability, method }) : error.message}</Text>
      {(reason === 'server-error' || reason === 'disconnected') && (
        <Text size="xs" c="dimmed" mt={4} style={{ wordBreak: 'break-word' }}>
          {error.message}
        </Text>
      )}
      <Group gap="xs" mt="xs">
        {reason === 'disconnected' && (
          <Button size="xs" onClick={() => void reconnect(serverId).then(() => onRetry?.())}>
            {t('detail.reconnect')}
          </Button>
        )}
        {reason === 'not-running' && (
          <Button size="xs" variant="default" onClick={() => setSection('servers')}>
            {t('detail.goServers')}
          </Button>
        )}
        {!quiet && reason !== 'not-running' && onRetry && (
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('detail.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
