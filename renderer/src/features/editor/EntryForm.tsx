// UI-2: a form per transport (stdio: command, args, env, cwd; http/sse: url, headers) plus the
// agent's own fields as its profile lists them (kimi: deferred, timeouts, bearerTokenEnvVar;
// minara: authTokenEnv…).
import { Checkbox, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import type { SecretSlot } from '../../../../shared/contract';
import type { Profile, Transport } from '../../../../shared/schemas/server';
import { profileFacts } from '../../../../shared/profiles';
import type { FormField } from '../../../../shared/profiles/types';
import { useT } from '../../store-context';
import { fromPairs, pairsOf, setField, transportOf, withTransport, type Entry } from './draft';
import { PairsEditor } from './PairsEditor';

interface Props {
  dialect: Profile;
  entry: Entry;
  onChange(e: Entry): void;
  onKeychain(slot: SecretSlot, value: string): void;
}

function Text({ id, label, value, onChange, help }: { id: string; label: string; value: unknown; onChange(v: string): void; help?: string }) {
  return <TextInput id={id} label={label} description={help} inputWrapperOrder={['label', 'input', 'description', 'error']} value={value === undefined || value === null ? '' : String(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
}

const num = (v: string): number | string | undefined => (v === '' ? undefined : /^\d+$/.test(v) ? Number(v) : v);

export function EntryForm({ dialect, entry, onChange, onKeychain }: Props) {
  const t = useT();
  const facts = profileFacts(dialect);
  const transport = transportOf(dialect, entry);
  const f = (key: string) => (v: unknown) => onChange(setField(entry, key, v));
  return (
    <Stack gap="sm" className="entry-form">
      {facts.transports.length > 1 && (
        <NativeSelect
          id="ed-transport"
          label={t('editor.transport')}
          value={transport}
          onChange={(e) => onChange(withTransport(dialect, entry, e.currentTarget.value as Transport))}
          data={facts.transports.map((value) => ({ value, label: TRANSPORT_LABEL[value] }))}
        />
      )}
      {transport === 'stdio' ? (
        <>
          <Text id="ed-command" label={t('editor.command')} value={entry.command} onChange={f('command')} help={t('editor.commandHelp')} />
          <Textarea
            id="ed-args"
            label={t('editor.args')}
            description={t('editor.argsHelp')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            rows={3}
            resize="vertical"
            ff="monospace"
            value={Array.isArray(entry.args) ? (entry.args as unknown[]).map(String).join('\n') : ''}
            onChange={(e) => f('args')(e.currentTarget.value === '' ? undefined : e.currentTarget.value.split('\n'))}
          />
          <Text id="ed-cwd" label={t('editor.cwd')} value={entry.cwd} onChange={f('cwd')} />
          <PairsEditor label={t('editor.env')} kind="env" pairs={pairsOf(entry.env)} onChange={(p) => f('env')(fromPairs(p))} onKeychain={onKeychain} />
        </>
      ) : (
        <>
          <Text id="ed-url" label={t('editor.url')} value={entry.url} onChange={f('url')} help={facts.form.urlHelp ? t(facts.form.urlHelp) : undefined} />
          <PairsEditor label={t('editor.headers')} kind="header" pairs={pairsOf(entry.headers)} onChange={(p) => f('headers')(fromPairs(p))} onKeychain={onKeychain} />
        </>
      )}
      {facts.form.fields
        .filter((field) => field.only !== 'remote' || transport !== 'stdio')
        .map((field) => (
          <OwnField key={field.id} field={field} entry={entry} onChange={f(field.key)} />
        ))}
    </Stack>
  );
}

const TRANSPORT_LABEL: Record<Transport, string> = { stdio: 'stdio', http: 'http (streamable)', sse: 'sse' };

/** One of the agent's own fields, as its profile describes it. */
function OwnField({ field, entry, onChange }: { field: FormField; entry: Entry; onChange(v: unknown): void }) {
  const t = useT();
  const label = field.label ? t(field.label) : field.key;
  const help = field.help ? t(field.help) : undefined;
  const value = entry[field.key];
  if (field.kind === 'enabled') return <Checkbox id={field.id} label={label} checked={value !== false} onChange={(e) => onChange(e.currentTarget.checked ? undefined : false)} />;
  if (field.kind === 'flag') return <Checkbox id={field.id} label={label} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked ? true : undefined)} />;
  return <Text id={field.id} label={label} value={value} onChange={(v) => onChange(field.kind === 'number' ? num(v) : v)} help={help} />;
}
