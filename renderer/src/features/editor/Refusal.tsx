// The writer said no: say why and offer the way forward (CFG-7 conflict: reload or overwrite
// after the diff; CFG-8 inline secret: move it to the keychain; parse error: fix by hand).
import { useContext } from 'react';
import { StoreContext, useApp, useT } from '../../store-context';
import { entryPointer, slotOf } from '../../stores/editor-slice';
import { lineDiff } from './diff';
import { valueAt } from './draft';

export function Refusal() {
  const t = useT();
  const store = useContext(StoreContext)!;
  const refusal = useApp((s) => s.refusal);
  const draft = useApp((s) => s.draft);
  const move = useApp((s) => s.moveToKeychain);
  const save = useApp((s) => s.save);
  const reload = useApp((s) => s.startDraft);
  const loadServers = useApp((s) => s.loadServers);
  const layer = useApp((s) => s.draftLayer);
  const original = useApp((s) => s.originalName);
  if (!refusal) return null;
  const { error, reason, findings, conflict } = refusal;
  return (
    <div className="banner error refusal" role="alert" data-reason={reason ?? error.code}>
      <p>{error.message}</p>
      {reason === 'inline_secret' && (
        <>
          <p>{t('editor.inlineSecret')}</p>
          <ul>
            {findings.map((f) => {
              const slot = slotOf(f.pointer);
              const value = valueAt(draft, entryPointer(f.pointer));
              return (
                <li key={f.pointer} data-finding={f.pointer}>
                  <code>{f.pointer}</code> ({f.hint}): {f.fix}{' '}
                  {slot && typeof value === 'string' && (
                    <button type="button" onClick={() => void move(slot, value)}>
                      {t('editor.moveToKeychain')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {reason === 'read_only' && <p>{t('editor.readOnlyHelp')}</p>}
      {reason === 'parse_error' && <p>{t('editor.parseErrorHelp')}</p>}
      {reason === 'exists' && <p>{t('editor.existsHelp')}</p>}
      {conflict && (
        <div className="conflict">
          <p>{t('editor.conflictHelp', { path: conflict.path })}</p>
          <pre className="diff" aria-label={t('editor.diff')}>
            {lineDiff(conflict.theirs ?? '', conflict.ours).map((l, i) => (
              <div key={i} className={`diff-${l.op}`}>
                {l.op === 'add' ? '+ ' : l.op === 'del' ? '- ' : '  '}
                {l.text}
              </div>
            ))}
          </pre>
          <button
            type="button"
            onClick={async () => {
              // Re-read the file: an edited server restarts from what is on disk now; a new one
              // keeps its draft and is saved against the fresh file.
              await loadServers();
              if (original === null) {
                store.setState({ refusal: null });
                await store.getState().loadLayers();
              } else await reload(store.getState().view?.servers.find((s) => s.layer === layer && s.name === original) ?? null);
            }}
          >
            {t('editor.reload')}
          </button>{' '}
          <button type="button" onClick={() => void save(true)}>
            {t('editor.overwrite')}
          </button>
        </div>
      )}
    </div>
  );
}
