// DISC-1 in the disclosure view: which file and key (or environment variable) set each option
// that decides the verdict, and the edit that changes it, offered in place to copy.
import { Alert, Code, List, Stack, Text } from '@mantine/core';
import type { DisclosurePlanView } from '../../../../shared/contract';
import { useT } from '../../store-context';

const DECIDING = ['enabled', 'modelWhitelist', 'thresholdPct', 'minDeferCount'];

export function OptionSources({ plan }: { plan: DisclosurePlanView }) {
  const t = useT();
  const rows = (plan.optionTable ?? []).filter((o) => DECIDING.includes(o.key));
  const file = plan.configFile ?? t('disc.noFile');
  return (
    <Stack gap="xs">
      <List size="sm" data-testid="option-sources">
        {rows.map((o) => (
          <List.Item key={o.key} data-option={o.key}>
            <Code>{`${o.key} = ${JSON.stringify(o.value)}`}</Code>{' '}
            {o.origin === 'env' ? t('disc.from.env', { env: o.env }) : o.origin === 'config' ? t('disc.from.config', { key: o.configKey, file: o.file ?? file }) : t('disc.from.default', { key: o.configKey, file, env: o.env })}
          </List.Item>
        ))}
      </List>
      {(plan.edits ?? []).map((e) => (
        <Alert key={e.key} variant="light" color="blue" data-testid="disclosure-edit" title={t('disc.edit', { file: e.file ?? file })}>
          <Code block>{e.yaml}</Code>
          <Text size="sm" mt={4}>
            {t('disc.editEnv', { env: e.env })}
          </Text>
          {e.envSet && <Text size="sm">{t('disc.envWins')}</Text>}
        </Alert>
      ))}
    </Stack>
  );
}
