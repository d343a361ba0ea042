// UI-2: a form per transport (stdio: command, args, env, cwd; http/sse: url, headers) plus the
// dialect's own fields (kimi: deferred, timeouts, bearerTokenEnvVar; minara: authTokenEnv…).
import { Checkbox, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import type { SecretSlot } from '../../../../shared/contract';
import type { Profile, Transport } from '../../../../shared/schemas/server';
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
  const transport = transportOf(dialect, entry);
  const f = (key: string) => (v: unknown) => onChange(setField(entry, key, v));
  return (
    <Stack gap="sm" className="entry-form">
      {dialect !== 'minara' && (
        <NativeSelect
          id="ed-transport"
          label={t('editor.transport')}
          value={transport}
          onChange={(e) => onChange(withTransport(dialect, entry, e.currentTarget.value as Transport))}
          data={[
            { value: 'stdio', label: 'stdio' },
            { value: 'http', label: 'http (streamable)' },
            { value: 'sse', label: 'sse' },
          ]}
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
          <Text id="ed-url" label={t('editor.url')} value={entry.url} onChange={f('url')} help={dialect === 'minara' ? t('editor.minaraUrlHelp') : undefined} />
          <PairsEditor label={t('editor.headers')} kind="header" pairs={pairsOf(entry.headers)} onChange={(p) => f('headers')(fromPairs(p))} onKeychain={onKeychain} />
        </>
      )}
      {dialect === 'minara' ? (
        <>
          <Text id="ed-authTokenEnv" label="authTokenEnv" value={entry.authTokenEnv} onChange={f('authTokenEnv')} help={t('editor.authTokenEnvHelp')} />
          <Text id="ed-label" label="label" value={entry.label} onChange={f('label')} />
          <Text id="ed-timeoutMs" label="timeoutMs" value={entry.timeoutMs} onChange={(v) => f('timeoutMs')(num(v))} />
          <Text id="ed-maxTools" label="maxTools" value={entry.maxTools} onChange={(v) => f('maxTools')(num(v))} />
        </>
      ) : (
        <>
          <Text id="ed-timeout" label={t('editor.timeout')} value={entry.timeout} onChange={(v) => f('timeout')(num(v))} />
          <Checkbox id="ed-enabled" label={t('editor.enabled')} checked={entry.enabled !== false} onChange={(e) => f('enabled')(e.currentTarget.checked ? undefined : false)} />
        </>
      )}
      {dialect === 'kimi' && (
        <>
          <Checkbox id="ed-deferred" label="deferred" checked={entry.deferred === true} onChange={(e) => f('deferred')(e.currentTarget.checked ? true : undefined)} />
          <Text id="ed-startup" label="startupTimeoutMs" value={entry.startupTimeoutMs} onChange={(v) => f('startupTimeoutMs')(num(v))} />
          <Text id="ed-tooltimeout" label="toolTimeoutMs" value={entry.toolTimeoutMs} onChange={(v) => f('toolTimeoutMs')(num(v))} />
          {transport !== 'stdio' && <Text id="ed-bearer" label="bearerTokenEnvVar" value={entry.bearerTokenEnvVar} onChange={f('bearerTokenEnvVar')} help={t('editor.authTokenEnvHelp')} />}
        </>
      )}
    </Stack>
  );
}
