// UI-3: a "call tool" form built from the input schema.
import { useMemo, useState } from 'react';
import type { ToolDetail } from '../../../../shared/contract';
import { useApp, useT } from '../../store-context';
import { toolKey } from '../../stores/tools-slice';
import { ResultView } from './ResultView';
import { fieldsOf, toArguments, type FormValues } from './schema-form';

export function CallForm({ tool, callable }: { tool: ToolDetail; callable: boolean }) {
  const t = useT();
  const fields = useMemo(() => fieldsOf(tool.inputSchema), [tool.inputSchema]);
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const call = useApp((s) => s.calls[toolKey(tool.serverId, tool.tool)]);
  const callTool = useApp((s) => s.callTool);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const { args, errors: errs } = toArguments(fields, values);
    setErrors(errs);
    if (Object.keys(errs).length === 0) void callTool(tool.serverId, tool.tool, args);
  };
  const id = (name: string) => `arg-${tool.serverId}-${tool.tool}-${name}`;
  return (
    <form className="call-form" onSubmit={submit} aria-label={t('tools.callTitle', { tool: tool.tool })}>
      <h4>{t('tools.callTitle', { tool: tool.tool })}</h4>
      {fields.length === 0 && <p className="muted">{t('tools.noArguments')}</p>}
      {fields.map((f) => (
        <div className="field" key={f.name}>
          <label htmlFor={id(f.name)}>
            {f.name}
            {f.required && ' *'} <span className="muted">{f.kind}</span>
          </label>
          {f.kind === 'boolean' ? (
            <input id={id(f.name)} type="checkbox" checked={values[f.name] === true} onChange={(e) => setValues({ ...values, [f.name]: e.target.checked })} />
          ) : f.kind === 'enum' ? (
            <select id={id(f.name)} value={String(values[f.name] ?? '')} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}>
              <option value="">—</option>
              {f.options.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          ) : f.kind === 'json' ? (
            <textarea id={id(f.name)} rows={3} value={String(values[f.name] ?? '')} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
          ) : (
            <input id={id(f.name)} inputMode={f.kind === 'string' ? undefined : 'decimal'} value={String(values[f.name] ?? '')} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
          )}
          {f.description && <div className="muted small">{f.description}</div>}
          {errors[f.name] && (
            <div className="error" role="alert">
              {t('tools.fieldError', { kind: errors[f.name]! })}
            </div>
          )}
        </div>
      ))}
      <button type="submit" disabled={!callable || call?.busy}>
        {call?.busy ? t('tools.calling') : t('tools.call')}
      </button>
      {!callable && <p className="muted">{t('tools.notCallable')}</p>}
      {call?.error && (
        <p className="error" role="alert">
          {call.error.message}
        </p>
      )}
      {call?.result && <ResultView result={call.result} />}
    </form>
  );
}
