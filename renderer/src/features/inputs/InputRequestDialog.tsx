// PROTO-3: a server asks the person something in the middle of a request the page made (a tool
// call, a prompt, a read), in either protocol era. Shown over whatever view is open, oldest
// request first: an elicitation form built from the requested schema (its defaults filled in),
// a link to open (only http(s), only after the person agrees), or a sampling request answered by
// the person (the panel has no model). Send/Answer accepts, Decline says no, Escape or the close
// button cancels: the three answers the protocol tells apart.
import { useMemo, useState } from 'react';
import { Alert, Button, Code, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { InputAnswer, PendingInput } from '../../../../shared/contract';
import { defaultValues, fieldsOf, toArguments, type FormValues } from '../../../../shared/forms/schema-form';
import { errorText } from '../../../../shared/i18n/write-errors';
import { Dialog } from '../../components/Dialog';
import { SchemaField } from '../../components/SchemaField';
import { useApp, useT } from '../../store-context';
import { SamplingConversation } from './SamplingConversation';

type Req<K extends PendingInput['request']['kind']> = Extract<PendingInput['request'], { kind: K }>;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function InputRequestDialog() {
  const first = useApp((s) => s.inputs[0]);
  const more = useApp((s) => s.inputs.length - 1);
  if (!first) return null;
  // Keyed: the next request starts from its own defaults, not the last one's answers.
  return <OneRequest key={first.requestId} pending={first} more={more} />;
}

function OneRequest({ pending, more }: { pending: PendingInput; more: number }) {
  const t = useT();
  const answerInput = useApp((s) => s.answerInput);
  const busy = useApp((s) => s.inputBusy === pending.requestId);
  const failed = useApp((s) => (s.inputError?.requestId === pending.requestId ? s.inputError.error : null));
  const req = pending.request;
  const answer = (a: InputAnswer) => void answerInput(pending.requestId, a);
  const server = pending.serverName;

  const form = useForm(req.kind === 'form' ? (req as Req<'form'>) : null);
  const [reply, setReply] = useState('');

  const title = t(`inputs.${req.kind}.title`, { server });
  const primary = (): void => {
    if (req.kind === 'form') {
      const content = form.content();
      if (content) answer({ action: 'accept', content });
    } else if (req.kind === 'url') {
      if (pending.opener === 'none') return;
      // The web host has no browser of its own: the page opens the link, inside the click.
      if (pending.opener === 'page') window.open(req.url, '_blank', 'noopener');
      answer({ action: 'accept' });
    } else if (reply.trim() !== '') answer({ action: 'reply', text: reply });
  };
  const primaryLabel = req.kind === 'url' ? t('inputs.url.open') : req.kind === 'sampling' ? t('inputs.sampling.answer') : t('inputs.submit');
  const primaryDisabled = (req.kind === 'url' && pending.opener === 'none') || (req.kind === 'sampling' && reply.trim() === '');
  return (
    <Dialog
      title={title}
      onCancel={() => answer({ action: 'cancel' })}
      onSubmit={primary}
      describedBy="input-request-message"
      testId="input-request"
      actions={
        <>
          <Button type="button" variant="default" onClick={() => answer({ action: 'decline' })} disabled={busy}>
            {t('inputs.decline')}
          </Button>
          <Button type="submit" loading={busy} disabled={primaryDisabled}>
            {primaryLabel}
          </Button>
        </>
      }
    >
      <Stack gap="sm" data-kind={req.kind} data-server={pending.serverId}>
        <Text size="sm" id="input-request-message" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {req.kind === 'sampling' ? t('inputs.sampling.intro') : req.message || t('inputs.asked')}
        </Text>
        {req.kind === 'form' && form.body(t('inputs.noFields'))}
        {req.kind === 'url' && (
          <Paper withBorder p="sm">
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="input-url">
              {(req as Req<'url'>).url}
            </Code>
            <Text size="sm" mt="xs" c={pending.opener === 'none' ? 'red' : undefined} role={pending.opener === 'none' ? 'alert' : undefined}>
              {pending.opener === 'none' ? t('inputs.url.notHttp') : t('inputs.url.site', { host: hostOf((req as Req<'url'>).url) })}
            </Text>
          </Paper>
        )}
        {req.kind === 'sampling' && (
          <>
            <SamplingConversation req={req as Req<'sampling'>} />
            <Textarea label={t('inputs.sampling.reply')} rows={4} resize="vertical" value={reply} onChange={(e) => setReply(e.currentTarget.value)} data-autofocus />
          </>
        )}
        {failed && (
          <Alert color="red" role="alert">
            {failed.code === 'not-found' ? t('inputs.err.gone') : failed.data && typeof failed.data === 'object' && 'fields' in failed.data ? t('inputs.err.fields') : errorText(t.locale, failed)}
          </Alert>
        )}
        {more > 0 && (
          <Text size="xs" c="dimmed">
            {t('inputs.more', { count: t.number(more) })}
          </Text>
        )}
      </Stack>
    </Dialog>
  );
}

/** The elicitation form: fields from the requested schema, its defaults filled in, checked before sending. */
function useForm(req: Req<'form'> | null) {
  const t = useT();
  const fields = useMemo(() => (req ? fieldsOf(req.schema) : []), [req]);
  const [values, setValues] = useState<FormValues>(() => defaultValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    /** The content to send, or null with the errors shown. */
    content(): Record<string, string | number | boolean | string[]> | null {
      const r = toArguments(fields, values);
      setErrors(r.errors);
      return Object.keys(r.errors).length ? null : (r.args as Record<string, string | number | boolean | string[]>);
    },
    body(none: string) {
      if (fields.length === 0) return <Text size="sm">{none}</Text>;
      return fields.map((f, i) => (
        <SchemaField
          key={f.name}
          autoFocus={i === 0}
          f={f}
          id={`input-field-${f.name}`}
          label={f.title || f.name}
          description={f.description}
          value={values[f.name]}
          onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
          error={errors[f.name] && <span role="alert">{t('tools.fieldError', { kind: errors[f.name]! })}</span>}
        />
      ));
    },
  };
}
