// UI-2: add, edit, enable/disable, remove and import servers. A form per transport and a raw
// JSON tab over one draft, validated as you type with the dialect's zod schema; try it as a
// session-only server before writing it anywhere.
import { useEffect, useMemo, useState } from 'react';
import type { LayerKind } from '../../../../shared/schemas/server';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useApp, useT } from '../../store-context';
import { validateEntry, validateName } from './draft';
import { EntryForm } from './EntryForm';
import { ImportPanel } from './ImportPanel';
import { Refusal } from './Refusal';

export function EditorView() {
  const t = useT();
  const target = useApp((s) => s.editTarget);
  const servers = useApp((s) => s.view?.servers ?? []);
  const dialect = useApp((s) => s.view?.profile ?? 'minimax');
  const s = useApp((st) => st);
  const [tab, setTab] = useState<'form' | 'raw'>('form');
  const [raw, setRaw] = useState('');
  const [rawError, setRawError] = useState<string | null>(null);

  const row = target.mode === 'edit' ? (servers.find((r) => r.id === target.id) ?? null) : null;
  useEffect(() => {
    void s.startDraft(row);
    // Only when the target changes: later server refreshes must not wipe the draft.
  }, [target]); // deliberately not `row`
  useEffect(() => {
    if (tab === 'form') setRaw(JSON.stringify(s.draft, null, 2));
  }, [s.draft, tab]);

  const issues = useMemo(() => validateEntry(dialect, s.draft, t.locale), [dialect, s.draft, t.locale]);
  const taken = servers.filter((r) => r.layer === s.draftLayer && r.name !== s.originalName).map((r) => r.name);
  const nameError = validateName(s.draftName, taken);
  const layer = s.layers?.find((l) => l.layer === s.draftLayer);
  const canSave = !nameError && issues.length === 0 && !rawError && !!layer && layer.readOnly === null && !s.saving;
  const onRaw = (text: string) => {
    setRaw(text);
    try {
      const v: unknown = JSON.parse(text);
      if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error(t('editor.rawObject'));
      setRawError(null);
      s.setDraft(v as Record<string, unknown>);
    } catch (err) {
      setRawError((err as Error).message);
    }
  };
  const onKeychain = (slot: Parameters<typeof s.moveToKeychain>[0], value: string) => void s.moveToKeychain(slot, value);

  return (
    <section aria-labelledby="editor-title" className="editor">
      <div className="toolbar">
        <h2 id="editor-title">{s.originalName ? t('editor.editTitle', { name: s.originalName }) : t('editor.addTitle')}</h2>
        {s.originalName && (
          <button type="button" onClick={() => s.openEditor({ mode: 'add' })}>
            {t('editor.new')}
          </button>
        )}
      </div>
      <div className="editor-head">
        <div className="field">
          <label htmlFor="ed-layer">{t('editor.layer')}</label>
          <select id="ed-layer" value={s.draftLayer} onChange={(e) => s.setDraftLayer(e.target.value as LayerKind)} disabled={!!s.originalName}>
            {(s.layers ?? []).map((l) => (
              <option key={l.layer} value={l.layer} disabled={l.readOnly !== null}>
                {t(`layer.${l.layer}`)}: {l.path}
                {l.readOnly !== null ? ` (${t('editor.readOnly')})` : ''}
              </option>
            ))}
          </select>
          {layer?.readOnly && <div className="warn small">{t('servers.readOnlyProject', { path: layer.path })}</div>}
        </div>
        <div className="field">
          <label htmlFor="ed-name">{t('editor.name')}</label>
          <input id="ed-name" value={s.draftName} onChange={(e) => s.setDraftName(e.target.value)} aria-invalid={!!nameError} />
          {nameError && s.draftName !== '' && <div className="error small">{t(`editor.name.${nameError}` as 'editor.name.empty')}</div>}
        </div>
      </div>
      <div role="tablist" aria-label={t('editor.view')} className="tabs">
        <button role="tab" type="button" aria-selected={tab === 'form'} onClick={() => setTab('form')}>
          {t('editor.tabForm')}
        </button>
        <button role="tab" type="button" aria-selected={tab === 'raw'} onClick={() => setTab('raw')}>
          {t('editor.tabRaw')}
        </button>
      </div>
      <div role="tabpanel">
        {tab === 'form' ? (
          <EntryForm dialect={dialect} entry={s.draft} onChange={s.setDraft} onKeychain={onKeychain} />
        ) : (
          <div className="field">
            <label htmlFor="ed-raw">{t('editor.rawLabel', { dialect })}</label>
            <textarea id="ed-raw" className="raw" rows={14} spellCheck={false} value={raw} onChange={(e) => onRaw(e.target.value)} aria-invalid={!!rawError} />
            {rawError && <div className="error">{t('editor.rawError', { message: rawError })}</div>}
          </div>
        )}
      </div>
      <div className="validation" aria-live="polite" data-testid="validation">
        {issues.length === 0 ? (
          <span className="ok">{t('editor.valid', { dialect })}</span>
        ) : (
          <ul>
            {issues.map((i) => (
              <li key={i.pointer + i.message} className="error">
                <code>{i.pointer}</code> {i.message}
              </li>
            ))}
          </ul>
        )}
      </div>
      {s.secretNotes.map((n, i) => (
        <p key={i} className={`banner ${n.warning ? 'warning' : 'ok'}`} role="status">
          {t(n.warning ? 'editor.storedInMemory' : 'editor.storedInKeychain', { variable: `\${${n.variable}}` })}
          {n.warning && <span className="small"> {n.warning}</span>}
        </p>
      ))}
      <Refusal />
      {s.saved && (
        <p className="banner ok" role="status">
          {t('editor.saved', { path: s.saved })}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" disabled={!canSave} onClick={() => void s.save()}>
          {s.saving ? t('editor.saving') : t('editor.save', { path: layer?.path ?? '' })}
        </button>
        <button type="button" disabled={!!nameError || issues.length > 0} onClick={() => void s.trySession()}>
          {t('editor.try')}
        </button>
        {s.originalName && (
          <ConfirmButton className="danger" question={t('editor.removeConfirm', { name: s.originalName })} confirmLabel={t('editor.remove')} onConfirm={() => void s.removeServer()}>
            {t('editor.remove')}
          </ConfirmButton>
        )}
      </div>
      <p className="muted small">{t('editor.tryHelp')}</p>
      <ImportPanel />
    </section>
  );
}
