// UI-7 / CONN-10: per-server stderr and JSON-RPC traffic (bounded by the host), searchable and
// copyable. Polled while on screen: logs are not worth an event per line.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Code, List, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorText } from '../../../../shared/i18n/write-errors';
import { PageHeader } from '../../components/PageHeader';
import { useApp, useT } from '../../store-context';
import { selectServers } from '../../stores/servers-slice';
import classes from './logs.module.css';

const POLL_MS = 2000;

export function LogsView() {
  const t = useT();
  const servers = useApp(selectServers);
  const logsFor = useApp((s) => s.logsFor);
  const logs = useApp((s) => s.logs);
  const error = useApp((s) => s.logsError);
  const show = useApp((s) => s.showLogs);
  const [q, setQ] = useState('');
  const [copied, setCopied] = useState(false);
  const id = logsFor ?? servers.find((s) => s.state.kind === 'connected')?.id ?? servers[0]?.id ?? null;

  useEffect(() => {
    if (!id) return;
    void show(id);
    const h = setInterval(() => void show(id), POLL_MS);
    return () => clearInterval(h);
  }, [id, show]);

  const needle = q.toLowerCase();
  const stderr = useMemo(() => (logs?.stderr ?? []).filter((l) => l.toLowerCase().includes(needle)), [logs, needle]);
  const traffic = useMemo(() => (logs?.traffic ?? []).filter((m) => `${m.method ?? ''} ${m.text}`.toLowerCase().includes(needle)), [logs, needle]);
  const text = [...stderr.map((l) => `[stderr] ${l}`), ...traffic.map((m) => `[${new Date(m.at).toISOString()}] ${m.dir === 'out' ? '→' : '←'} ${m.text}`)].join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard permission (plain http page): select the text so Ctrl+C works.
      const el = document.getElementById('log-all');
      if (el) window.getSelection()?.selectAllChildren(el);
    }
    setTimeout(() => setCopied(false), 1500);
  };

  if (servers.length === 0) {
    return (
      <Stack component="section" aria-labelledby="logs-title" gap="sm">
        <PageHeader titleId="logs-title" title={t('nav.logs')} />
        <Text>{t('logs.empty')}</Text>
      </Stack>
    );
  }
  return (
    <Stack component="section" aria-labelledby="logs-title" className={`logs ${classes.page}`} gap="sm">
      <PageHeader
        titleId="logs-title"
        title={t('nav.logs')}
        actions={
          <>
            <NativeSelect aria-label={t('logs.server')} value={id ?? ''} onChange={(e) => void show(e.currentTarget.value)} miw={0} style={{ flex: '0 1 220px' }}
              data={servers.map((s) => ({ value: s.id, label: `${s.name} (${t(`state.${s.state.kind}`)})` }))}
            />
            <TextInput type="search" aria-label={t('logs.search')} placeholder={t('logs.searchPlaceholder')} value={q} onChange={(e) => setQ(e.currentTarget.value)} miw={0} style={{ flex: '0 1 260px' }} />
            <Button variant="default" color={copied ? 'teal' : undefined} onClick={() => void copy()}>
              {copied ? t('logs.copied') : t('logs.copy')}
            </Button>
          </>
        }
      />
      {error && (
        <Alert color="red" variant="light" role="alert" className={classes.wrap}>
          {errorText(t.locale, error)}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('logs.bounded')}
      </Text>
      <Stack id="log-all" gap="xs" className={classes.body}>
        <Title order={3} size="h5" id="logs-stderr">
          {t.plural('logs.stderr', stderr.length)}
        </Title>
        {stderr.length === 0 ? (
          <Text size="sm">{t('logs.noStderr')}</Text>
        ) : (
          // UI-9 / axe scrollable-region-focusable: a scrolling box is reachable by keyboard.
          <div role="region" aria-labelledby="logs-stderr" tabIndex={0} className={`${classes.scroll} ${classes.stderr}`}>
            <Code block className={classes.log} data-testid="stderr">
              {stderr.join('\n')}
            </Code>
          </div>
        )}
        <Title order={3} size="h5" id="logs-traffic">
          {t.plural('logs.traffic', traffic.length)}
        </Title>
        {traffic.length === 0 ? (
          <Text size="sm">{t('logs.noTraffic')}</Text>
        ) : (
          <div role="region" aria-labelledby="logs-traffic" tabIndex={0} className={`${classes.scroll} ${classes.traffic}`} data-testid="traffic-scroll">
          <List type="ordered" listStyleType="none" spacing={2} className={classes.log} data-testid="traffic">
            {traffic.map((m, i) => (
              <List.Item key={i} className={`dir-${m.dir} kind-${m.kind}`}>
                <Text span size="xs" c="dimmed">
                  {t.time(m.at)}
                </Text>{' '}
                {m.dir === 'out' ? '→' : '←'} <strong>{m.method ?? m.kind}</strong> <Code className={classes.wrap}>{m.text}</Code>
              </List.Item>
            ))}
          </List>
          </div>
        )}
      </Stack>
    </Stack>
  );
}
