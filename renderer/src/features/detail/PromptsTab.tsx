// Prompts (issue 14 item 4): the list, one prompt's arguments as a form, and the messages
// prompts/get answered (each part shown as a tool result part is).
import { useState } from 'react';
import { Badge, Button, Group, Loader, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { InspectPrompt } from '../../../../shared/contract';
import { useT } from '../../store-context';
import { Part } from '../tools/ResultView';
import { InspectError } from './InspectError';
import type { MethodInputOf } from './types';
import { useInspect, usePaged } from './use-inspect';
import { ListFreshness } from './ListFreshness';

function PromptForm({ serverId, prompt }: { serverId: string; prompt: InspectPrompt }) {
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [asked, setAsked] = useState<MethodInputOf<'inspect.getPrompt'> | null>(null);
  const got = useInspect('inspect.getPrompt', asked);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const gaps = prompt.arguments.filter((a) => a.required && !values[a.name]?.trim()).map((a) => a.name);
    setMissing(gaps);
    if (gaps.length) return;
    // Empty optional arguments are left out, as the tool form does.
    const args = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    setAsked({ id: serverId, name: prompt.name, arguments: args });
  };
  return (
    <Stack gap="sm">
      <form onSubmit={submit} aria-label={prompt.title ?? prompt.name} noValidate>
        <Stack gap="xs">
          {prompt.description && <Text size="sm">{prompt.description}</Text>}
          {prompt.arguments.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('detail.prompt.noArgs')}
            </Text>
          )}
          {prompt.arguments.map((a) => (
            <TextInput
              key={a.name}
              label={a.name}
              withAsterisk={a.required}
              description={a.description}
              value={values[a.name] ?? ''}
              onChange={(e) => setValues({ ...values, [a.name]: e.currentTarget.value })}
              error={missing.includes(a.name) && <span role="alert">{t('detail.prompt.required')}</span>}
            />
          ))}
          <Group>
            <Button type="submit">{t('detail.prompt.get')}</Button>
          </Group>
        </Stack>
      </form>
      {got.error && <InspectError error={got.error} serverId={serverId} onRetry={got.reload} />}
      {asked && got.loading && <Loader size="sm" role="status" aria-label={t('detail.loading')} />}
      {got.data && !got.loading && (
        <Stack gap="xs" component="section" aria-label={t('detail.prompt.messages')} data-testid="prompt-messages">
          <Title order={4} size="h6">
            {t('detail.prompt.messages')}
          </Title>
          {got.data.description && (
            <Text size="sm" c="dimmed">
              {got.data.description}
            </Text>
          )}
          {got.data.messages.map((m, i) => (
            <Paper key={i} withBorder p="xs">
              <Badge variant="light" mb={4}>
                {m.role}
              </Badge>
              <Part part={m.content} />
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function PromptsTab({ serverId }: { serverId: string }) {
  const t = useT();
  const [refreshed, setRefreshed] = useState(0);
  const prompts = usePaged('inspect.prompts', serverId, 'prompts', refreshed);
  const [name, setName] = useState('');
  const chosen = prompts.items.find((p) => p.name === name) ?? null;
  if (prompts.error) return <InspectError error={prompts.error} serverId={serverId} onRetry={prompts.reload} />;
  if (prompts.loading && prompts.items.length === 0) return <Loader size="sm" role="status" aria-label={t('detail.loading')} />;
  if (prompts.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('detail.prompts.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <ListFreshness serverId={serverId} cached={prompts.cached} onRefreshed={() => setRefreshed((n) => n + 1)} />
      <Group align="flex-end" gap="xs">
        <NativeSelect
          label={t('detail.prompt')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data={[{ value: '', label: '—' }, ...prompts.items.map((p) => ({ value: p.name, label: p.title ?? p.name }))]}
          miw={260}
        />
        {prompts.hasMore && (
          <Button variant="default" size="sm" onClick={prompts.more} loading={prompts.loading}>
            {t('detail.more')}
          </Button>
        )}
      </Group>
      {chosen && <PromptForm key={chosen.name} serverId={serverId} prompt={chosen} />}
    </Stack>
  );
}
