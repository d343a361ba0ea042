// CONN-9 parts as the page shows them: text, image, audio, embedded resource, resource link.
// The detail view shows prompt messages with the same Part (issue 14).
import { Alert, Badge, Code, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { CallResult, ResultPart } from '../../../../shared/contract';
import { useT } from '../../store-context';

export function Part({ part }: { part: ResultPart }) {
  const t = useT();
  switch (part.type) {
    case 'text':
      return (
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {part.text}
        </Code>
      );
    case 'image':
      return <Image maw={480} fit="contain" alt={t('tools.imageAlt', { mime: part.mimeType })} src={`data:${part.mimeType};base64,${part.data}`} />;
    case 'audio':
      return <audio controls aria-label={t('tools.audioLabel', { mime: part.mimeType })} src={`data:${part.mimeType};base64,${part.data}`} />;
    case 'resource':
      return (
        <Paper withBorder p="xs">
          <Group gap="xs" wrap="wrap">
            <Code style={{ wordBreak: 'break-all' }}>{part.resource.uri}</Code>
            {part.resource.mimeType && <Badge variant="light">{part.resource.mimeType}</Badge>}
          </Group>
          {part.resource.text !== undefined ? (
            <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {part.resource.text}
            </Code>
          ) : (
            <Text size="sm" c="dimmed">
              {t('tools.binaryResource')}
            </Text>
          )}
        </Paper>
      );
    case 'resource_link':
      return (
        <Text size="sm">
          {t('tools.resourceLink')} <Code style={{ wordBreak: 'break-all' }}>{part.uri}</Code> ({part.title ?? part.name})
        </Text>
      );
  }
}

export function ResultView({ result }: { result: CallResult }) {
  const t = useT();
  const cancelled = result.error?.code === 'cancelled';
  return (
    <Stack gap="xs" component="section" aria-label={t('tools.result')} data-testid="call-result" data-error={result.isError || undefined}>
      <Text size="sm" c={result.isError ? 'red' : 'dimmed'}>
        {cancelled ? t('call.cancelled') : result.isError ? t('tools.resultError') : t('tools.resultOk')} · {t('tools.resultMs', { ms: t.number(result.ms) })}
        {result.retried && ` · ${t('tools.retried', { how: result.retried })}`}
      </Text>
      {result.error && !cancelled && (
        <Alert color="red" p="xs">
          {result.error.message}
        </Alert>
      )}
      {!cancelled && result.content.map((p, i) => <Part key={i} part={p} />)}
      {result.structuredContent && (
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(result.structuredContent, null, 2)}
        </Code>
      )}
    </Stack>
  );
}
