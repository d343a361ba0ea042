// REG-1/REG-2: one registry entry (registry.show): what it is, its versions, the ways to install
// it (packages and remotes, with the runtime each needs on this machine), the form of the way
// chosen, then the install preview of AGENT-3 into one or several agents, with its apply and
// undo (the install panel itself, given the registry entry as its source). A deleted entry is
// shown as deleted and offers no install (REG-4).
import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Code, Group, NativeSelect, Radio, Stack, Text, Title } from '@mantine/core';
import type { InstallFrom, RegistryEntry } from '../../../../shared/contract';
import type { RpcError } from '../../../../shared/errors';
import { errorText } from '../../../../shared/i18n/write-errors';
import { hashOfDiscover } from '../../route';
import { useApp, useT } from '../../store-context';
import { InstallPanel } from '../install/InstallPanel';
import { InvisibleWarning, Provenance, shown, StatusBadge, StatusNote } from './EntryBadges';
import { RegistryForm, type FieldProblems, type FormValues } from './RegistryForm';
import classes from './discover.module.css';

type Way = RegistryEntry['ways'][number];

const usable = (w: Way) => w.problem === null && w.runtimeProblem === null;

/** Each field's problem code from a failed preview (install.preview's `data.problems`). */
export function problemsOf(error: RpcError | null): FieldProblems {
  const out: FieldProblems = {};
  for (const p of error?.data?.problems ?? []) out[p.key] ??= p.code;
  return out;
}

function WayLine({ w }: { w: Way }) {
  const t = useT();
  const note = w.problem ?? w.runtimeProblem ?? (w.runtime ? t('discover.way.needs', { runtime: w.runtime }) : t('discover.way.remote'));
  return <Radio value={String(w.choice.kind === 'package' ? w.choice.index : 1000 + w.choice.index)} label={<span className={classes.wrap}>{shown(w.label)}</span>} description={note} disabled={!usable(w)} data-testid={`discover-way-${w.choice.kind}-${w.choice.index}`} />;
}

const wayKey = (w: Way) => String(w.choice.kind === 'package' ? w.choice.index : 1000 + w.choice.index);

function Versions({ entry, onPick }: { entry: RegistryEntry; onPick: (v: string) => void }) {
  const t = useT();
  if (!entry.versions) return entry.versionsError ? <Text size="sm" c="dimmed">{t('discover.versionsError', { message: entry.versionsError })}</Text> : null;
  const data = entry.versions.map((v) => ({
    value: v.version,
    label: [shown(v.version), v.isLatest ? t('discover.latest') : null, v.status !== 'active' ? t(`discover.status.${v.status}`) : null].filter(Boolean).join(' · '),
    disabled: v.status === 'deleted',
  }));
  return <NativeSelect label={t('discover.version')} value={entry.server.version} onChange={(e) => onPick(e.currentTarget.value)} data={data} data-testid="discover-version" style={{ maxWidth: 320 }} />;
}

export function EntryDetail({ name }: { name: string }) {
  const t = useT();
  const bridge = useApp((s) => s.editorBridge);
  const [version, setVersion] = useState<string | undefined>(undefined);
  const [entry, setEntry] = useState<RegistryEntry | null>(null);
  const [error, setError] = useState<RpcError | null>(null);
  const [way, setWay] = useState<string | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [problems, setProblems] = useState<FieldProblems>({});

  useEffect(() => {
    let live = true;
    void bridge.call('registry.show', { name, ...(version ? { version } : {}) }).then((r) => {
      if (!live) return;
      setEntry(r.ok ? r.value : null);
      setError(r.ok ? null : r.error);
      const first = r.ok ? r.value.ways.find(usable) : undefined;
      setWay(first ? wayKey(first) : null);
      setValues({});
      setProblems({});
    });
    return () => {
      live = false;
    };
  }, [bridge, name, version]);

  const chosen = entry?.ways.find((w) => wayKey(w) === way) ?? null;
  const from = useMemo<InstallFrom | null>(
    () => (entry && chosen ? { kind: 'registry', registry: entry.server.name, version: entry.server.version, source: entry.registry, choice: chosen.choice, values } : null),
    [entry, chosen, values],
  );
  const back = (
    <Anchor href={hashOfDiscover(null)} size="sm" data-testid="discover-back">
      {t('discover.back')}
    </Anchor>
  );

  if (!entry) {
    return (
      <Stack gap="sm" aria-busy={!error} data-testid="discover-detail">
        {back}
        {error ? (
          <Alert color="red" role="alert">
            {error.code === 'not-found' ? t('discover.notFound', { name: shown(name) }) : errorText(t.locale, error)}
          </Alert>
        ) : (
          <Text className="progress">{t('discover.loading')}</Text>
        )}
      </Stack>
    );
  }
  const s = entry.server;
  const status = entry.meta.status ?? 'active';
  const short = s.name.slice(s.name.lastIndexOf('/') + 1);
  return (
    <Stack gap="md" className={classes.detail} data-testid="discover-detail" data-name={s.name} data-status={status}>
      {back}
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          {entry.icon && <img src={entry.icon} alt="" width={32} height={32} data-testid="discover-icon" />}
          <Title order={3} className={classes.wrap}>
            {shown(s.title ?? s.name)}
          </Title>
          <StatusBadge status={status} />
        </Group>
        <Code className={classes.wrap}>{shown(s.name)}</Code>
        <Text size="sm" className={classes.wrap}>
          {shown(s.description)}
        </Text>
        <StatusNote status={status} message={entry.meta.statusMessage ?? null} />
        <InvisibleWarning fields={entry.invisible} />
        <Provenance namespace={entry.namespace} source={entry.source} />
        {entry.repository && (
          <Text size="sm" className={classes.wrap}>
            {t('discover.repository')}: <Code>{shown(entry.repository)}</Code>
          </Text>
        )}
        {entry.website && (
          <Text size="sm" className={classes.wrap}>
            {t('discover.website')}: <Code>{shown(entry.website)}</Code>
          </Text>
        )}
      </Stack>
      <Versions entry={entry} onPick={setVersion} />
      {status !== 'deleted' && (
        <>
          {entry.ways.length === 0 ? (
            <Text size="sm">{t('discover.noWay')}</Text>
          ) : (
            <Radio.Group label={t('discover.ways')} value={way} onChange={(v) => (setWay(v), setValues({}), setProblems({}))}>
              <Stack gap={6} mt={4}>
                {entry.ways.map((w) => (
                  <WayLine key={wayKey(w)} w={w} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {chosen && from && (
            <>
              <Title order={4} size="h5">
                {t('discover.form')}
              </Title>
              <RegistryForm fields={chosen.fields} values={values} problems={problems} onChange={(key, v) => (setValues((old) => ({ ...old, [key]: v })), setProblems(({ [key]: _gone, ...rest }) => rest))} />
              <InstallPanel from={from} server={short} sourceProfile={null} onError={(e) => setProblems(problemsOf(e))} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
