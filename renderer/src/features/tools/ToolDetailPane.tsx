// UI-3 detail of the selected tool: the list ships only names and costs, so the description,
// warnings and input schema are fetched here on selection (tools.describe) and cached per tool.
// The server detail view (issue 14) shows the same pane for its tools.
import { useEffect } from 'react';
import { Accordion, Alert, Button, Code, List, Stack, Text, Title } from '@mantine/core';
import type { ToolRow } from '../../../../shared/contract';
import type { Profile } from '../../../../shared/schemas/server';
import { useApp, useT } from '../../store-context';
import { toolKey } from '../../stores/tools-slice';
import { CallForm } from './CallForm';
import { FindingList } from './Findings';
import { showHidden } from '../../../../shared/text/invisible';
import { errorText } from '../../../../shared/i18n/write-errors';

export function ToolDetailPane({ row, profile, callable }: { row: ToolRow; profile: Profile; callable: boolean }) {
  const t = useT();
  const key = toolKey(row.serverId, row.tool);
  const entry = useApp((s) => s.details[key]);
  const describe = useApp((s) => s.describeTool);
  // Asked again whenever the cache lost this tool's entry: a list reload clears the cache, and
  // a description that was in flight across it is dropped, so "Loading…" must not wait for it.
  const cached = entry !== undefined;
  useEffect(() => {
    if (!cached) void describe(row.serverId, row.tool);
  }, [cached, describe, row.serverId, row.tool]);
  const detail = entry?.detail ?? null;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4" style={{ wordBreak: 'break-word' }}>
        {row.names[profile] ?? row.tool}{' '}
        <Text span size="sm" c="dimmed">
          {row.serverName}
        </Text>
      </Title>
      {detail?.title && <Text>{detail.title}</Text>}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {/* SEC-9: what hides in the text (zero-width, bidi, tag characters) is shown escaped. */}
        {showHidden(detail ? detail.description || t('tools.noDescription') : row.summary)}
      </Text>
      <Text size="sm" c="dimmed">
        {t.plural('tools.tokens', row.tokens)}
      </Text>
      {entry?.error && (
        <Alert color="red" role="alert">
          {errorText(t.locale, entry.error)}{' '}
          <Button size="xs" variant="default" onClick={() => void describe(row.serverId, row.tool)}>
            {t('servers.retry')}
          </Button>
        </Alert>
      )}
      {!detail && !entry?.error && (
        <Text size="sm" c="dimmed" data-testid="tool-describing">
          {t('tools.loadingDetail')}
        </Text>
      )}
      {detail && (
        <>
          <FindingList findings={detail.findings ?? row.findings ?? []} />
          {detail.warnings.length > 0 && (
            <List size="sm">
              {detail.warnings.map((w, i) => (
                <List.Item key={i}>{t.code('naming.warn', w)}</List.Item>
              ))}
            </List>
          )}
          <Accordion variant="contained">
            <Accordion.Item value="schema">
              <Accordion.Control>{t('tools.inputSchema')}</Accordion.Control>
              <Accordion.Panel>
                <Code block data-testid="input-schema">
                  {JSON.stringify(detail.inputSchema, null, 2)}
                </Code>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          <CallForm key={key} tool={detail} callable={callable} />
        </>
      )}
    </Stack>
  );
}
