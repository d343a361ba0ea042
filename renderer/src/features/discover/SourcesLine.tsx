// REG-1 offline: each registry's catalogue with its time; a registry that could not be reached
// says so, and that the catalogue kept from its last good refresh still answers.
import { Alert, Stack, Text } from '@mantine/core';
import { useT } from '../../store-context';
import type { SourceState } from './use-search';

export function SourcesLine({ sources }: { sources: SourceState[] }) {
  const t = useT();
  if (sources.length === 0) return null;
  return (
    <Stack gap={4} data-testid="discover-sources">
      {sources.map((s) => {
        const at = s.fetchedAt ? t.dateTime(Date.parse(s.fetchedAt)) : null;
        const source = s.source.name;
        if (s.error) {
          const reason = t.code('discover.error', { code: s.error.code });
          return (
            <Alert key={s.source.id} color="yellow" p="xs" role="status" data-testid="discover-offline" data-source={s.source.id}>
              {at ? t('discover.source.offline', { source, reason, at }) : t('discover.source.offlineEmpty', { source, reason })}
            </Alert>
          );
        }
        return (
          <Text key={s.source.id} size="sm" c="dimmed" data-testid="discover-source" data-source={s.source.id}>
            {at ? t(s.partial ? 'discover.source.partial' : 'discover.source.fresh', { source, n: s.entries, at }) : t('discover.source.never', { source })}
          </Text>
        );
      })}
    </Stack>
  );
}
