// Issue 14 item 8: a failed row explains itself where it is. The launch doctor's diagnosis with
// its fix (the reason code's sentence), the last line the server wrote on stderr, and the
// actions that follow from them: Reconnect, Logs, and Try launch (one start outside the pool,
// what it printed shown here).
import { useEffect, useState } from 'react';
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import type { ServerRow, TryLaunchOutcome } from '../../../../shared/contract';
import type { Translator } from '../../../../shared/i18n';
import { describeReason } from '../../../../shared/i18n/reasons';
import { rowReason } from './row-reason';
import { isLaunchDiagnosis } from '../../../../shared/schemas/server';
import { useApp, useBridge, useT } from '../../store-context';
import { useReconnect, useShowLogs } from './RowActions';

/** The last non-empty stderr line the pool kept (CONN-10), asked again when the state changes. */
function useLastStderrLine(row: ServerRow): string | null {
  const bridge = useBridge();
  const [line, setLine] = useState<string | null>(null);
  useEffect(() => {
    if (!bridge || row.transport !== 'stdio') return;
    let live = true;
    void bridge.call('logs.get', { id: row.id }).then((r) => {
      if (!live || !r.ok) return;
      const last = [...r.value.stderr].reverse().find((l) => l.trim());
      setLine(last ?? null);
    });
    return () => {
      live = false;
    };
  }, [bridge, row.id, row.transport, row.state.since]);
  return line;
}

/** What one start outside the pool printed, and the doctor's word on it. */
function TryOutput({ name, out, t, close }: { name: string; out: TryLaunchOutcome; t: Translator; close: () => void }) {
  const exit = out.exit ? (out.exit.code ?? out.exit.signal ?? '?') : '?';
  const outcome = out.answered ? t('doctor.answered', { ms: out.ms }) : out.timedOut ? t('doctor.timedOut', { ms: out.ms }) : out.started && out.exit ? t('doctor.exited', { exit, ms: out.ms }) : t('doctor.notStarted');
  return (
    <Alert color={out.answered ? 'teal' : 'red'} variant="light" p="xs" role="region" aria-label={t('doctor.output', { name })} data-testid="try-output">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {outcome}
        </Text>
        {out.diagnosis && (
          <Text size="sm" data-testid="try-diagnosis">
            {describeReason(t.locale, out.diagnosis)}
          </Text>
        )}
        {out.started &&
          ([
            ['stdout', t('doctor.stdout'), out.stdout],
            ['stderr', t('doctor.stderr'), out.stderr],
          ] as const).map(([key, label, lines]) => (
            <div key={key}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Code block data-testid={`try-${key}`} style={{ maxHeight: 200, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {lines.length ? lines.join('\n') : t('doctor.nothing')}
              </Code>
            </div>
          ))}
        <Group>
          <Button size="compact-sm" variant="default" onClick={close}>
            {t('doctor.close')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function FailedExplain({ row }: { row: ServerRow }) {
  const t = useT();
  const tried = useApp((s) => s.tries[row.id]);
  const tryLaunch = useApp((s) => s.tryLaunch);
  const closeTry = useApp((s) => s.closeTry);
  const busy = useApp((s) => !!s.busy[row.id]);
  const reconnect = useReconnect(row);
  const logs = useShowLogs(row);
  const stderr = useLastStderrLine(row);
  const canTry = row.transport === 'stdio' && row.trusted;
  const diagnosed = isLaunchDiagnosis(row.state.code);
  return (
    <Stack gap={6} data-testid="explain" py={4}>
      <Text size="sm" c="red" data-testid="diagnosis" style={{ wordBreak: 'break-word' }}>
        <Text span fw={600}>
          {t('servers.diagnosis')}:{' '}
        </Text>
        {rowReason(t.locale, row)}
      </Text>
      {stderr && (
        <Text size="sm" data-testid="last-stderr" style={{ wordBreak: 'break-word' }}>
          <Text span c="dimmed">
            {t('servers.lastStderr')}:{' '}
          </Text>
          <Code>{stderr}</Code>
        </Text>
      )}
      {row.state.kind === 'failed' && row.state.retryAt !== null && (
        <Text size="xs" c="dimmed" data-testid="retry">
          {t('servers.retryAt', { time: t.time(row.state.retryAt) })}
        </Text>
      )}
      <Group gap="xs">
        <Button size="compact-sm" variant={diagnosed ? 'default' : 'filled'} loading={busy} disabled={!row.runnable} onClick={() => void reconnect()} aria-label={`${t('servers.reconnect')} ${row.name}`}>
          {t('servers.reconnect')}
        </Button>
        <Button size="compact-sm" variant="default" onClick={logs} aria-label={`${t('nav.logs')} ${row.name}`}>
          {t('nav.logs')}
        </Button>
        {canTry && (
          <Button size="compact-sm" variant={diagnosed ? 'filled' : 'default'} loading={tried?.running} onClick={() => void tryLaunch(row.id)} aria-label={`${t('doctor.try')} ${row.name}`}>
            {t('doctor.try')}
          </Button>
        )}
      </Group>
      {tried && !tried.running && tried.result && <TryOutput name={row.name} out={tried.result} t={t} close={() => closeTry(row.id)} />}
      {tried?.error && (
        <Alert color="red" p="xs" role="alert">
          {tried.error.message}
        </Alert>
      )}
    </Stack>
  );
}
