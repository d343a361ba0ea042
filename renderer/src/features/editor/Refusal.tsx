// The writer said no: say why and offer the way forward (CFG-7 conflict: reload or overwrite
// after the diff; CFG-8 inline secret: move it to the keychain; parse error: fix by hand).
import { useContext } from 'react';
import { writeErrorText, writeTextOf } from '../../../../shared/i18n/write-errors';
import { StoreContext, useApp, useT } from '../../store-context';
import { entryPointer, slotOf } from '../../stores/editor-slice';
import { lineDiff } from './diff';
import { keychainUsable, valueAt } from './draft';

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
  const layers = useApp((s) => s.layers);
  const agent = useApp((s) => s.profiles?.selection.profile ?? 'minimax');
  if (!refusal) return null;
  const { error, reason, findings, conflict } = refusal;
  // UI-9: the host's key and params in the UI's language; its English message only without them.
  const text = writeTextOf(error.data);
  const movableSlot = (pointer: string) => {
    const slot = slotOf(pointer);
    return slot !== null && keychainUsable(layers, layer, slot.kind);
  };
  return (
    <div className="banner error refusal" role="alert" data-reason={reason ?? error.code}>
      <p>{text ? writeErrorText(t.locale, text) : error.message}</p>
      {reason === 'inline_secret' && (
        <>
          <p>{findings.some((f) => movableSlot(f.pointer)) ? t('editor.inlineSecret') : t('editor.inlineSecretNoMove')}</p>
          <ul>
            {findings.map((f) => {
              const slot = slotOf(f.pointer);
              const value = valueAt(draft, entryPointer(f.pointer));
              const movable = slot && typeof value === 'string' ? keychainUsable(layers, layer, slot.kind) : null;
              return (
                <li key={f.pointer} data-finding={f.pointer}>
                  <code>{f.pointer}</code> ({f.hint}): {f.fix}{' '}
                  {movable === false && <span className="small"> {t('editor.keychainUnusable', { agent })}</span>}
                  {movable && slot && typeof value === 'string' && (
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
