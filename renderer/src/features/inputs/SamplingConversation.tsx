// PROTO-3 sampling: what the server wants a model to answer, shown to the person who answers in
// its place: the system prompt, the length asked for, and each message (text as sent; other
// content named by its type, never rendered).
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { InputRequest } from '../../../../shared/contract';
import { useT } from '../../store-context';

type Sampling = Extract<InputRequest, { kind: 'sampling' }>;

/** A message's content (one part or several, MCP 2025-11-25) as text to show. */
function textOf(content: unknown, other: (type: string) => string): string {
  const parts = Array.isArray(content) ? content : [content];
  return parts
    .map((p) => {
      if (!p || typeof p !== 'object') return String(p ?? '');
      const part = p as { type?: unknown; text?: unknown };
      return part.type === 'text' && typeof part.text === 'string' ? part.text : other(typeof part.type === 'string' ? part.type : '?');
    })
    .join('\n');
}

export function SamplingConversation({ req }: { req: Sampling }) {
  const t = useT();
  const role = (r: string) => (r === 'user' || r === 'assistant' ? t(`inputs.sampling.role.${r}`) : r);
  return (
    <Stack gap="xs">
      {req.systemPrompt && (
        <Text size="sm">
          <Text span fw={600}>
            {t('inputs.sampling.system')}:
          </Text>{' '}
          {req.systemPrompt}
        </Text>
      )}
      {req.maxTokens !== undefined && <Text size="sm">{t('inputs.sampling.limit', { count: t.number(req.maxTokens) })}</Text>}
      <Title order={3} size="h6">
        {t('inputs.sampling.messages')}
      </Title>
      <Stack gap={4} data-testid="sampling-messages" mah={240} style={{ overflowY: 'auto' }} tabIndex={0} aria-label={t('inputs.sampling.messages')}>
        {req.messages.map((m, i) => (
          <Paper key={i} withBorder p="xs">
            <Text size="xs" fw={600}>
              {role(m.role)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {textOf(m.content, (type) => t('inputs.sampling.nonText', { type }))}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
