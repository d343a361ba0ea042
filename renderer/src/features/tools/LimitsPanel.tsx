// CTX-1: how the selected agent's offered tools stand against its own limits ("52 tools, ~5,200
// tokens: over Cursor's 40 in total by 12; …"), then each other agent named that is past one.
import { Stack, Text } from '@mantine/core';
import type { ToolsView } from '../../../../shared/contract';
import { standingLine } from '../../../../shared/i18n/limits';
import { profileFacts } from '../../../../shared/profiles';
import { useT } from '../../store-context';

export function LimitsPanel({ view }: { view: ToolsView }) {
  const t = useT();
  const mine = view.limits.find((s) => s.profile === view.profile);
  const others = view.limits.flatMap((s) => {
    if (s.profile === view.profile) return [];
    const label = profileFacts(s.profile).label;
    const line = standingLine(t.locale, label, s, { pastOnly: true });
    return line ? [{ profile: s.profile, text: t('limits.agentLine', { agent: label, line }) }] : [];
  });
  if (!mine && others.length === 0) return null;
  return (
    <Stack gap={2} mb="xs" data-testid="tool-limits" aria-label={t('limits.heading')} role="group">
      {mine && (
        <Text size="sm" data-testid="tool-limits-selected">
          {standingLine(t.locale, profileFacts(mine.profile).label, mine)}
        </Text>
      )}
      {others.map((o) => (
        <Text key={o.profile} size="sm" c="dimmed" data-testid={`tool-limits-${o.profile}`}>
          {o.text}
        </Text>
      ))}
    </Stack>
  );
}
