// REG-1 search results as rows: title (or name), the name, its description, status, verified
// namespace and registry. Each row's title is a link to `#/discover/<name>` (route.ts), so a
// detail opens the way a deep link does and can be opened in a new tab or copied.
import { Anchor, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { RegistryHit } from '../../../../shared/contract';
import { hashOfDiscover } from '../../route';
import { useT } from '../../store-context';
import { InvisibleWarning, Provenance, shown, StatusBadge, StatusNote } from './EntryBadges';
import classes from './discover.module.css';

function Row({ hit }: { hit: RegistryHit }) {
  const t = useT();
  const name = shown(hit.name);
  const title = hit.title ? shown(hit.title) : name;
  return (
    <Paper component="li" withBorder p="sm" className={classes.row} data-testid="discover-row" data-name={hit.name} data-status={hit.status}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Group gap="xs" wrap="wrap" className={classes.shrink}>
            {hit.icon && <img src={hit.icon} alt="" width={20} height={20} data-testid="discover-icon" />}
            {/* The accessible name starts with the visible text (WCAG 2.5.3), then says whose details open. */}
            <Anchor href={hashOfDiscover(hit.name)} fw={600} className={classes.wrap} aria-label={t('discover.open', { title, name })}>
              {title}
            </Anchor>
            <StatusBadge status={hit.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {shown(hit.version)}
          </Text>
        </Group>
        {hit.title && <Code className={classes.wrap}>{name}</Code>}
        <Text size="sm" className={classes.wrap} lineClamp={3}>
          {shown(hit.description)}
        </Text>
        <StatusNote status={hit.status} message={hit.statusMessage} />
        <InvisibleWarning fields={hit.invisible} />
        <Provenance namespace={hit.namespace} source={hit.source} />
      </Stack>
    </Paper>
  );
}

export function ResultList({ results, label }: { results: RegistryHit[]; label: string }) {
  return (
    <Stack component="ul" gap="xs" aria-label={label} className={classes.list} data-testid="discover-results">
      {results.map((h) => (
        <Row key={`${h.registry}\n${h.name}`} hit={h} />
      ))}
    </Stack>
  );
}
