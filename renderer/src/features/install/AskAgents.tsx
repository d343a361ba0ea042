// AGENT-8 in the page: for each agent of Across agents whose command line the panel knows, a
// button that asks it (the command shown first), and its last word beside the panel's, per
// entry. Nothing runs until the person asks; the host refuses an untrusted workspace.
import { useCallback, useEffect, useId, useState } from 'react';
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { AGENT_CLIS } from '../../../../shared/profiles/agent-clis';
import type { AgentAnswer } from '../../../../shared/profiles/agent-answer';
import type { RpcError } from '../../../../shared/errors';
import type { Profile } from '../../../../shared/schemas/server';
import { errorText } from '../../../../shared/i18n/write-errors';
import { sayEntry } from '../../../../shared/i18n/ask';
import { useApp, useT } from '../../store-context';

export function AskAgents({ agents }: { agents: ReadonlyArray<{ profile: Profile; agent: string }> }) {
  const t = useT();
  const bridge = useApp((s) => s.editorBridge);
  const [answers, setAnswers] = useState<Partial<Record<Profile, AgentAnswer>>>({});
  const [busy, setBusy] = useState<Profile | null>(null);
  const [error, setError] = useState<{ profile: Profile; error: RpcError } | null>(null);
  // Ids of its own: the section shows under Across agents and again after an install.
  const id = useId();
  useEffect(() => {
    void bridge.call('agents.answers', {}).then((r) => r.ok && setAnswers(Object.fromEntries(r.value.answers.map((a) => [a.profile, a]))));
  }, [bridge]);
  const ask = useCallback(
    async (profile: Profile) => {
      setBusy(profile);
      setError(null);
      const r = await bridge.call('agents.ask', { profile });
      setBusy(null);
      if (r.ok) setAnswers((a) => ({ ...a, [profile]: r.value }));
      else setError({ profile, error: r.error });
    },
    [bridge],
  );
  const askable = agents.filter((a) => AGENT_CLIS[a.profile]);
  if (askable.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={`${id}-title`}>
      <Title order={3} size="h5" id={`${id}-title`}>
        {t('ask.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('ask.intro')}
      </Text>
      {askable.map(({ profile, agent }) => {
        const cli = AGENT_CLIS[profile]!;
        const answer = answers[profile];
        const differs = answer?.entries.filter((e) => e.verdict !== 'agrees') ?? [];
        return (
          <Stack key={profile} gap={4} data-ask={profile}>
            <Group gap="sm" wrap="wrap">
              <Button size="compact-sm" variant="default" loading={busy === profile} onClick={() => void ask(profile)} aria-describedby={`${id}-${profile}`}>
                {t('ask.button', { agent })}
              </Button>
              <Text size="xs" c="dimmed" id={`${id}-${profile}`}>
                {t('ask.command', { command: [cli.bin, ...cli.list].join(' ') })}
                {cli.startsServers ? ` ${t('ask.starts')}` : ''}
              </Text>
            </Group>
            {error?.profile === profile && (
              <Alert color="red" p="xs" role="alert">
                {errorText(t.locale, error.error)}
              </Alert>
            )}
            {answer && (
              <Text size="sm" data-testid="ask-answer">
                {t('ask.answer', { agent, version: answer.version, agree: answer.entries.length - differs.length, total: answer.entries.length })} · {new Date(answer.at).toLocaleString(t.locale)}
              </Text>
            )}
            {differs.length > 0 && (
              <List size="sm" spacing={2}>
                {differs.map((e) => (
                  <List.Item key={e.name} data-verdict={e.verdict}>
                    {e.name}: {sayEntry(t, agent, e)}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
