// Resources (issue 14 item 4): the list page by page, the templates with a field per parameter,
// and what a read answered.
import { useState } from 'react';
import { Button, Code, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { InspectTemplate, MethodInputOf } from './types';
import { TEMPLATE_MAX_CHARS } from '../../../../shared/contract';

/** SEC-4: how much of a template's own text the form shows (the whole is in the request). */
const SHOWN_TEMPLATE_CHARS = 2_000;
import { useT } from '../../store-context';
import { ContentsView } from './ContentsView';
import { InspectError } from './InspectError';
import { useInspect, usePaged } from './use-inspect';
import { ListFreshness } from './ListFreshness';

function TemplateForm({ tpl, onRead }: { tpl: InspectTemplate; onRead: (values: Record<string, string>) => void }) {
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>({});
  const tooLong = tpl.uriTemplate.length > TEMPLATE_MAX_CHARS;
  return (
    <Paper withBorder p="sm" component="form" aria-label={tpl.name} onSubmit={(e: React.FormEvent) => (e.preventDefault(), onRead(values))} data-template={tpl.uriTemplate}>
      <Text fw={600} size="sm">
        {tpl.title ?? tpl.name}
      </Text>
      <Code style={{ wordBreak: 'break-all' }}>{tpl.uriTemplate.length > SHOWN_TEMPLATE_CHARS ? `${tpl.uriTemplate.slice(0, SHOWN_TEMPLATE_CHARS)}…` : tpl.uriTemplate}</Code>
      {tpl.description && (
        <Text size="sm" c="dimmed">
          {tpl.description}
        </Text>
      )}
      {tpl.paramCount !== undefined && (
        <Text size="sm" data-testid="template-capped">
          {t('detail.tooManyParams', { count: t.number(tpl.paramCount), shown: t.number(tpl.params.length) })}
        </Text>
      )}
      {tooLong ? (
        <Text size="sm" data-testid="template-capped">
          {t('detail.templateTooLong')}
        </Text>
      ) : (
      <Group align="flex-end" gap="xs" mt="xs">
        {tpl.params.map((p) => (
          <TextInput key={p} label={p} size="xs" value={values[p] ?? ''} onChange={(e) => setValues({ ...values, [p]: e.currentTarget.value })} />
        ))}
        <Button type="submit" size="xs">
          {t('detail.read')}
        </Button>
      </Group>
      )}
    </Paper>
  );
}

export function ResourcesTab({ serverId }: { serverId: string }) {
  const t = useT();
  const [refreshed, setRefreshed] = useState(0);
  const resources = usePaged('inspect.resources', serverId, 'resources', refreshed);
  const templates = usePaged('inspect.templates', serverId, 'templates', refreshed);
  const [asked, setAsked] = useState<MethodInputOf<'inspect.read'> | null>(null);
  const read = useInspect('inspect.read', asked);
  // Shown under what asked for it: the list, or the template that was filled in.
  const readView = (
    <>
      {read.error && <InspectError error={read.error} serverId={serverId} onRetry={read.reload} />}
      {read.loading && <Loader size="sm" role="status" aria-label={t('detail.loading')} />}
      {read.data && !read.loading && <ContentsView uri={read.data.uri} contents={read.data.contents} />}
    </>
  );
  if (resources.error?.data?.reason === 'capability') {
    return <InspectError error={resources.error} serverId={serverId} />;
  }
  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        {t('detail.resources')}{' '}
        <Text span size="sm" c="dimmed">
          {t.plural('detail.resources.count', resources.items.length)}
        </Text>
      </Title>
      {!resources.loading && !resources.error && <ListFreshness serverId={serverId} cached={resources.cached} onRefreshed={() => setRefreshed((n) => n + 1)} />}
      {resources.error && <InspectError error={resources.error} serverId={serverId} onRetry={resources.reload} />}
      {!resources.loading && !resources.error && resources.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('detail.resources.empty')}
        </Text>
      )}
      {resources.items.length > 0 && (
        <Table layout="fixed" striped highlightOnHover data-testid="resource-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="28%">{t('detail.col.name')}</Table.Th>
              <Table.Th>{t('detail.col.uri')}</Table.Th>
              <Table.Th w={150}>{t('detail.col.mime')}</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {resources.items.map((r) => (
              <Table.Tr key={r.uri} data-uri={r.uri}>
                <Table.Td style={{ wordBreak: 'break-word' }}>{r.title ?? r.name}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  <Code>{r.uri}</Code>
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{r.mimeType ?? ''}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="default" aria-label={t('detail.readName', { name: r.name })} onClick={() => setAsked({ id: serverId, uri: r.uri })}>
                    {t('detail.read')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {resources.loading && <Loader size="sm" role="status" aria-label={t('detail.loading')} />}
      {resources.hasMore && !resources.loading && (
        <Group>
          <Button variant="default" size="xs" onClick={resources.more}>
            {t('detail.more')}
          </Button>
        </Group>
      )}
      {asked && 'uri' in asked && readView}
      <Title order={3} size="h5">
        {t('detail.templates')}
      </Title>
      {templates.error && <InspectError error={templates.error} serverId={serverId} onRetry={templates.reload} />}
      {!templates.loading && !templates.error && templates.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('detail.templates.empty')}
        </Text>
      )}
      {templates.items.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('detail.templates.fill')}
        </Text>
      )}
      {templates.items.map((tpl) => (
        <Stack key={tpl.uriTemplate} gap="xs">
          <TemplateForm tpl={tpl} onRead={(values) => setAsked({ id: serverId, template: tpl.uriTemplate, values })} />
          {asked && 'template' in asked && asked.template === tpl.uriTemplate && readView}
        </Stack>
      ))}
      {templates.hasMore && !templates.loading && (
        <Group>
          <Button variant="default" size="xs" onClick={templates.more}>
            {t('detail.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
