// What a row and a detail both show of an entry (REG-1, REG-4): its status, its verified
// namespace and registry, and the warning for text with hidden characters. Registry text is
// untrusted: React escapes it, and showInvisible turns control and format characters (a bidi
// override, a zero-width mark) into their escapes, so it reads as its bytes say.
import { Alert, Badge, Group, Text } from '@mantine/core';
import type { MessageKey } from '../../../../shared/i18n';
import { showInvisible } from '../../../../shared/text/invisible';
import { useT } from '../../store-context';

export const shown = (text: string | null | undefined): string => showInvisible(text ?? '');

export function StatusBadge({ status }: { status: 'active' | 'deprecated' | 'deleted' }) {
  const t = useT();
  if (status === 'active') return null;
  return (
    <Badge color={status === 'deleted' ? 'red' : 'yellow'} variant="light" data-testid="discover-status" data-status={status}>
      {t(`discover.status.${status}` as MessageKey)}
    </Badge>
  );
}

export function Provenance({ namespace, source }: { namespace: string; source: string }) {
  const t = useT();
  return (
    <Group gap="xs" wrap="wrap">
      {namespace && (
        <Badge variant="outline" color="teal" tt="none" style={{ maxWidth: '100%' }} data-testid="discover-namespace">
          {t('discover.namespace', { namespace: shown(namespace) })}
        </Badge>
      )}
      <Text size="xs" c="dimmed" data-testid="discover-registry">
        {t('discover.from', { source: shown(source) })}
      </Text>
    </Group>
  );
}

export function StatusNote({ status, message }: { status: 'active' | 'deprecated' | 'deleted'; message: string | null }) {
  const t = useT();
  if (status === 'active') return null;
  const text =
    status === 'deleted'
      ? message
        ? t('discover.deleted', { message: shown(message) })
        : t('discover.deletedPlain')
      : message
        ? t('discover.deprecated', { message: shown(message) })
        : t('discover.deprecatedPlain');
  return (
    <Text size="sm" c={status === 'deleted' ? 'var(--mantine-color-red-text)' : 'var(--mantine-color-yellow-text)'} data-testid="discover-status-note">
      {text}
    </Text>
  );
}

export function InvisibleWarning({ fields }: { fields: string[] }) {
  const t = useT();
  if (fields.length === 0) return null;
  return (
    <Alert color="orange" p="xs" data-testid="discover-invisible">
      {t('discover.invisible', { fields: fields.map((f) => t.code('discover.field', { code: f })).join(t.locale === 'zh' ? '、' : ', ') })}
    </Alert>
  );
}
