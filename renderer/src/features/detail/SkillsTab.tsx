// SKILL-1/SKILL-2 in the server detail: the skills a server offers (SEP-2640) with each file's
// size and digest, who loads them into context over this connection and at what cost, a file's
// text on request (verified against its digest, checked like a tool description), and a change
// since the approval (CONN-11 pins) to read and accept.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { SkillView } from '../../../../shared/contract';
import { profileFacts } from '../../../../shared/profiles';
import { useApp, useT } from '../../store-context';
import { FindingList } from '../tools/Findings';
import { InspectError } from './InspectError';
import { useInspect } from './use-inspect';

function SkillFile({ serverId, uri, ref }: { serverId: string; uri: string; ref?: string }) {
  const t = useT();
  const file = useInspect('skills.read', { serverId, uri, ...(ref ? { ref } : {}) });
  if (file.error) return <InspectError error={file.error} serverId={serverId} onRetry={file.reload} />;
  if (!file.data) return <Loader size="sm" role="status" aria-label={t('detail.loading')} />;
  return (
    <Stack gap={4} data-testid="skill-text">
      <Badge variant="light" color={file.data.verified ? 'teal' : 'gray'}>
        {t(file.data.verified ? 'detail.skills.verified' : 'detail.skills.unverified')}
      </Badge>
      <FindingList findings={file.data.findings} testId="skill-findings" />
      <pre tabIndex={0} style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
        {file.data.text}
      </pre>
    </Stack>
  );
}

function Skill({ serverId, skill }: { serverId: string; skill: SkillView }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder p="sm" data-skill={skill.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Title order={4} size="h6">
              {skill.name}
            </Title>
            <Text size="sm">{skill.description}</Text>
          </div>
          <Button variant="default" size="compact-sm" onClick={() => setOpen(!open)} aria-expanded={open}>
            {t('detail.skills.read')}
          </Button>
        </Group>
        <FindingList findings={skill.findings} testId={`skill-findings-${skill.name}`} />
        {skill.files === 'dynamic' ? (
          <Text size="xs" c="dimmed">
            {t('detail.skills.dynamic')}
          </Text>
        ) : (
          <Table fz="xs" aria-label={`${skill.name}: ${t('detail.skills.files')}`}>
            <Table.Tbody>
              {skill.files.map((f) => (
                <Table.Tr key={f.uri}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{f.uri}</Table.Td>
                  <Table.Td>{t.number(f.size)} B</Table.Td>
                  <Table.Td ff="monospace" title={f.digest}>
                    {f.digest.slice(0, 19)}…
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {open && <SkillFile serverId={serverId} uri={skill.uri} />}
      </Stack>
    </Paper>
  );
}

export function SkillsTab({ serverId }: { serverId: string }) {
  const t = useT();
  const inspect = useApp((s) => s.inspect);
  const skills = useInspect('skills.list', { serverId });
  if (skills.error) return <InspectError error={skills.error} serverId={serverId} onRetry={skills.reload} />;
  if (!skills.data) return <Loader size="sm" role="status" aria-label={t('detail.loading')} />;
  const v = skills.data;
  if (!v.supported) return <Text size="sm" c="dimmed">{t('detail.skills.none')}</Text>;
  const tokens = v.skills.reduce((n, s) => n + s.tokens, 0);
  const accept = async () => {
    const r = await inspect('skills.accept', { serverId });
    if (r.ok) skills.reload();
  };
  const changed = v.changed ? [...v.changed.added.map((u) => `+${u}`), ...v.changed.removed.map((u) => `−${u}`), ...v.changed.changed.map((u) => `~${u}`)] : [];
  return (
    <Stack gap="sm" data-testid="skills">
      {v.changed && (
        <Alert color="yellow" role="status" data-testid="skills-changed">
          <Stack gap={6} align="flex-start">
            <Text size="sm">{t('detail.skills.changed', { list: changed.join(', ') })}</Text>
            <Button size="compact-sm" onClick={() => void accept()}>
              {t('detail.skills.accept')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Text size="sm" data-testid="skills-loaded-by">
        {v.loadedBy.length ? t('detail.skills.loadedBy', { agents: v.loadedBy.map((p) => profileFacts(p).label).join(', '), tokens: t.number(tokens) }) : t('detail.skills.loadedByNone', { era: v.era === 'modern' ? '2026-07-28' : '2025-11-25' })}
      </Text>
      {v.skills.length === 0 && <Text size="sm" c="dimmed">{t('detail.skills.empty')}</Text>}
      {v.skills.map((s) => (
        <Skill key={s.uri} serverId={serverId} skill={s} />
      ))}
      {v.invalid.map((i, n) => (
        <Text key={n} size="xs" c="red">
          {t('detail.skills.invalid', { uri: i.uri ?? '?', reason: i.reason })}
        </Text>
      ))}
    </Stack>
  );
}
