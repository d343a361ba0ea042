// UI-3 "call tool" form built from the input schema; issue 14: schema defaults filled in, the
// same arguments as raw JSON (both checked before a call), and a long call shows its progress
// and a Cancel button. Calls go through the detail slice's runCall (one call path, history).
import { useMemo, useState } from 'react';
import { Alert, Button, Group, Progress, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import type { ToolDetail } from '../../../../shared/contract';
import { useApp, useT } from '../../store-context';
import { lastCall, type CallEntry } from '../../stores/detail-slice';
import { ResultView } from './ResultView';
import { defaultValues, fieldsOf, fromArguments, parseJsonArguments, toArguments, type FormValues } from '../../../../shared/forms/schema-form';
import { SchemaField } from '../../components/SchemaField';
import { errorText } from '../../../../shared/i18n/write-errors';

type Mode = 'form' | 'json';

/** A call in flight: determinate when the server tells a total, and always cancellable. */
function Running({ call }: { call: CallEntry }) {
  const t = useT();
  const cancel = useApp((s) => s.cancelCall);
  const p = call.progress;
  const label = !p ? t('tools.calling') : p.total ? t('call.progress', { progress: t.number(p.progress), total: t.number(p.total) }) : t('call.progressOpen', { progress: t.number(p.progress) });
  return (
    <Stack gap={4} data-testid="call-running">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" role="status">
          {label}
          {p?.message ? ` · ${p.message}` : ''}
        </Text>
        <Button size="xs" variant="default" onClick={() => void cancel(call.callId)} loading={call.cancelling} disabled={call.cancelling}>
          {call.cancelling ? t('call.cancelling') : t('call.cancel')}
        </Button>
      </Group>
      <Progress value={p?.total ? (100 * p.progress) / p.total : 100} animated={!p?.total} striped={!p?.total} aria-label={label} />
    </Stack>
  );
}

export function CallForm({ tool, callable }: { tool: ToolDetail; callable: boolean }) {
  const t = useT();
  const fields = useMemo(() => fieldsOf(tool.inputSchema), [tool.inputSchema]);
  const [mode, setMode] = useState<Mode>('form');
  const [values, setValues] = useState<FormValues>(() => defaultValues(fields));
  const [json, setJson] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [jsonError, setJsonError] = useState<string | null>(null);
  const call = useApp((s) => lastCall(s.callHistory, tool.serverId, tool.tool));
  const runCall = useApp((s) => s.runCall);
  const running = call?.status === 'running';

  /** The arguments of the current mode, checked; null (with the errors shown) when they do not pass. */
  const checked = (): Record<string, unknown> | null => {
    if (mode === 'form') {
      const r = toArguments(fields, values);
      setErrors(r.errors);
      return Object.keys(r.errors).length ? null : r.args;
    }
    const r = parseJsonArguments(fields, json);
    setErrors({});
    if (r.invalid) {
      setJsonError(r.invalid === 'not-object' ? t('call.jsonNotObject') : t('call.jsonInvalid', { detail: r.invalid.detail }));
      return null;
    }
    const bad = Object.entries(r.errors);
    setJsonError(bad.length ? bad.map(([field, kind]) => t('call.jsonField', { field, kind })).join(' ') : null);
    return bad.length ? null : r.args;
  };
  const switchMode = (next: Mode) => {
    if (next === mode) return;
    if (next === 'json') {
      setJson(JSON.stringify(toArguments(fields, values).args, null, 2));
      setJsonError(null);
      return setMode('json');
    }
    const r = parseJsonArguments(fields, json);
    if (r.invalid) return setJsonError(r.invalid === 'not-object' ? t('call.jsonNotObject') : t('call.jsonInvalid', { detail: r.invalid.detail }));
    setValues(fromArguments(fields, r.args));
    setMode('form');
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const args = checked();
    if (args) void runCall(tool.serverId, tool.tool, args);
  };
  const id = (name: string) => `arg-${tool.serverId}-${tool.tool}-${name}`;
  const title = t('tools.callTitle', { tool: tool.tool });
  return (
    <form className="call-form" onSubmit={submit} aria-label={title} noValidate>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4} size="h5">
            {title}
          </Title>
          {fields.length > 0 && (
            <SegmentedControl
              size="xs"
              aria-label={t('call.mode')}
              value={mode}
              onChange={(v) => switchMode(v as Mode)}
              data={[
                { value: 'form', label: t('call.form') },
                { value: 'json', label: t('call.json') },
              ]}
            />
          )}
        </Group>
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('tools.noArguments')}
          </Text>
        )}
        {mode === 'form' &&
          fields.map((f) => (
            <SchemaField
              key={f.name}
              f={f}
              id={id(f.name)}
              value={values[f.name]}
              onChange={(v) => setValues({ ...values, [f.name]: v })}
              error={errors[f.name] && <span role="alert">{t('tools.fieldError', { kind: errors[f.name]! })}</span>}
            />
          ))}
        {mode === 'json' && (
          <Textarea
            label={t('call.jsonLabel')}
            rows={8}
            resize="vertical"
            ff="monospace"
            value={json}
            onChange={(e) => setJson(e.currentTarget.value)}
            error={jsonError && <span role="alert">{jsonError}</span>}
          />
        )}
        <Group>
          <Button type="submit" disabled={!callable || running}>
            {t('tools.call')}
          </Button>
        </Group>
        {!callable && (
          <Text size="sm" c="dimmed">
            {t('tools.notCallable')}
          </Text>
        )}
        {running && call && <Running call={call} />}
        {call?.error && (
          <Alert color="red" role="alert">
            {errorText(t.locale, call.error)}
          </Alert>
        )}
        {call?.result && <ResultView result={call.result} />}
      </Stack>
    </form>
  );
}
