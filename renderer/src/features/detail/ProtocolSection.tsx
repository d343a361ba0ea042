// Server details, protocol (PROTO-1, PROTO-4): the era and version the server speaks now, the
// person's era choice for it (legacy / automatic / modern, in the panel's own settings through
// servers.setEraMode, the method `mcp-panel era` uses), and the server log level where the era
// has one: the 2026-07-28 revision dropped logging/setLevel, and the view says so instead.
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { LOG_LEVELS, type LogLevel } from '../../../../shared/contract';
import type { RpcError } from '../../../../shared/errors';
import type { EraMode, ProtocolEra } from '../../../../shared/schemas/server';
import { errorText } from '../../../../shared/i18n/write-errors';
import { useApp, useT } from '../../store-context';
import { InspectError } from './InspectError';

const MODES: EraMode[] = ['auto', 'legacy', 'modern'];

function EraChoice({ serverId, onChanged }: { serverId: string; onChanged: () => void }) {
  const t = useT();
  const eraMode = useApp((s) => s.eraMode);
  const setEraMode = useApp((s) => s.setEraMode);
  const [mode, setMode] = useState<EraMode | null>(null);
  const [state, setState] = useState<{ busy: boolean; saved: boolean; error: RpcError | null }>({ busy: false, saved: false, error: null });
  useEffect(() => {
    let live = true;
    void eraMode(serverId).then((r) => live && (r.ok ? setMode(r.value.mode) : setState((s) => ({ ...s, error: r.error }))));
    return () => {
      live = false;
    };
  }, [eraMode, serverId]);
  const choose = async (next: EraMode) => {
    setMode(next);
    setState({ busy: true, saved: false, error: null });
    const r = await setEraMode(serverId, next);
    setState({ busy: false, saved: r.ok, error: r.ok ? null : r.error });
    onChanged();
  };
  if (mode === null && !state.error) return <Loader size="xs" role="status" aria-label={t('detail.loading')} />;
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end">
        <NativeSelect
          label={t('detail.era.choice')}
          description={t('detail.era.help')}
          value={mode ?? 'auto'}
          disabled={state.busy}
          onChange={(e) => void choose(e.currentTarget.value as EraMode)}
          data={MODES.map((m) => ({ value: m, label: t(`era.mode.${m}`) }))}
          maw={520}
          data-testid="era-choice"
        />
      </Group>
      {state.busy && (
        <Text size="sm" role="status">
          {t('detail.era.saving')}
        </Text>
      )}
      {state.saved && (
        <Text size="sm" c="teal" role="status" data-testid="era-saved">
          {t('detail.era.saved')}
        </Text>
      )}
      {state.error && (
        <Alert color="red" role="alert">
          {errorText(t.locale, state.error)}
        </Alert>
      )}
    </Stack>
  );
}

function LogLevelControl({ serverId, era, offered }: { serverId: string; era: ProtocolEra; offered: boolean }) {
  const t = useT();
  const inspect = useApp((s) => s.inspect);
  const [level, setLevel] = useState<LogLevel>('info');
  const [state, setState] = useState<{ busy: boolean; saved: LogLevel | null; error: RpcError | null }>({ busy: false, saved: null, error: null });
  if (era === 'modern')
    return (
      <Text size="sm" data-testid="log-level-note">
        {t('detail.log.modern')}
      </Text>
    );
  if (!offered)
    return (
      <Text size="sm" c="dimmed" data-testid="log-level-note">
        {t('detail.log.none')}
      </Text>
    );
  const set = async () => {
    setState({ busy: true, saved: null, error: null });
    const r = await inspect('inspect.setLogLevel', { id: serverId, level });
    setState({ busy: false, saved: r.ok ? level : null, error: r.ok ? null : r.error });
  };
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end">
        <NativeSelect label={t('detail.log.level')} value={level} onChange={(e) => setLevel(e.currentTarget.value as LogLevel)} data={LOG_LEVELS.map((l) => ({ value: l, label: t(`detail.log.${l}`) }))} />
        <Button variant="default" onClick={() => void set()} loading={state.busy}>
          {t('detail.log.set')}
        </Button>
      </Group>
      {state.saved && (
        <Text size="sm" c="teal" role="status">
          {t('detail.log.saved', { level: t(`detail.log.${state.saved}`) })}
        </Text>
      )}
      {state.error && <InspectError error={state.error} serverId={serverId} onRetry={() => void set()} />}
    </Stack>
  );
}

export function ProtocolSection({ serverId, era, version, logging, onChanged }: { serverId: string; era: ProtocolEra; version: string | null; logging: boolean; onChanged: () => void }) {
  const t = useT();
  return (
    <Stack gap="sm" data-testid="protocol-section">
      <Title order={3} size="h5">
        {t('detail.era.title')}
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={180}>{t('detail.era.now')}</Table.Th>
            <Table.Td data-testid="protocol-era" data-era={era}>
              {t('era.row', { version: version ?? t('detail.info.unknown'), era: t(`era.${era}`) })}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <EraChoice serverId={serverId} onChanged={onChanged} />
      <Title order={3} size="h5">
        {t('detail.log.title')}
      </Title>
      <LogLevelControl key={era} serverId={serverId} era={era} offered={logging} />
    </Stack>
  );
}
