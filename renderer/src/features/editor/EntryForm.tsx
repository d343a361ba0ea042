// UI-2: a form per transport (stdio: command, args, env, cwd; http/sse: url, headers) plus the
// dialect's own fields (kimi: deferred, timeouts, bearerTokenEnvVar; minara: authTokenEnv…).
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

function Text({ id, label, value, onChange, help, type = 'text' }: { id: string; label: string; value: unknown; onChange(v: string): void; help?: string; type?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value === undefined || value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value)} />
      {help && <div className="muted small">{help}</div>}
    </div>
  );
}

const num = (v: string): number | string | undefined => (v === '' ? undefined : /^\d+$/.test(v) ? Number(v) : v);

export function EntryForm({ dialect, entry, onChange, onKeychain }: Props) {
  const t = useT();
  const transport = transportOf(dialect, entry);
  const f = (key: string) => (v: unknown) => onChange(setField(entry, key, v));
  return (
    <div className="entry-form">
      {dialect !== 'minara' && (
        <div className="field">
          <label htmlFor="ed-transport">{t('editor.transport')}</label>
          <select id="ed-transport" value={transport} onChange={(e) => onChange(withTransport(dialect, entry, e.target.value as Transport))}>
            <option value="stdio">stdio</option>
            <option value="http">http (streamable)</option>
            <option value="sse">sse</option>
          </select>
        </div>
      )}
      {transport === 'stdio' ? (
        <>
          <Text id="ed-command" label={t('editor.command')} value={entry.command} onChange={f('command')} help={t('editor.commandHelp')} />
          <div className="field">
            <label htmlFor="ed-args">{t('editor.args')}</label>
            <textarea
              id="ed-args"
              rows={3}
              value={Array.isArray(entry.args) ? (entry.args as unknown[]).map(String).join('\n') : ''}
              onChange={(e) => f('args')(e.target.value === '' ? undefined : e.target.value.split('\n'))}
            />
            <div className="muted small">{t('editor.argsHelp')}</div>
          </div>
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
          <div className="field check">
            <input id="ed-enabled" type="checkbox" checked={entry.enabled !== false} onChange={(e) => f('enabled')(e.target.checked ? undefined : false)} />
            <label htmlFor="ed-enabled">{t('editor.enabled')}</label>
          </div>
        </>
      )}
      {dialect === 'kimi' && (
        <>
          <div className="field check">
            <input id="ed-deferred" type="checkbox" checked={entry.deferred === true} onChange={(e) => f('deferred')(e.target.checked ? true : undefined)} />
            <label htmlFor="ed-deferred">deferred</label>
          </div>
          <Text id="ed-startup" label="startupTimeoutMs" value={entry.startupTimeoutMs} onChange={(v) => f('startupTimeoutMs')(num(v))} />
          <Text id="ed-tooltimeout" label="toolTimeoutMs" value={entry.toolTimeoutMs} onChange={(v) => f('toolTimeoutMs')(num(v))} />
          {transport !== 'stdio' && <Text id="ed-bearer" label="bearerTokenEnvVar" value={entry.bearerTokenEnvVar} onChange={f('bearerTokenEnvVar')} help={t('editor.authTokenEnvHelp')} />}
        </>
      )}
    </div>
  );
}
