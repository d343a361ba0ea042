// The writer said no: say why and offer the way forward (CFG-7 conflict: reload or overwrite
// after the diff; CFG-8 inline secret: move it to the keychain; parse error: fix by hand).
import { useContext } from 'react';
import { Alert, Button, Code, Group, List, ScrollArea, Stack, Text } from '@mantine/core';
import { errorText, writeErrorText, writeTextOf } from '../../../../shared/i18n/write-errors';
import { StoreContext, useApp, useT } from '../../store-context';
import { entryPointer, slotOf, type Refusal as RefusalData } from '../../stores/editor-slice';
import { lineDiff } from '../../../../shared/text/line-diff';
import classes from './editor.module.css';
import { keychainUsable, valueAt } from './draft';

type Finding = RefusalData['findings'][number];

/** The finding's hint and fix in the UI's language; a host without codes sent English only. */
function findingText(t: ReturnType<typeof useT>, f: Finding): string {
  const hint = f.length !== undefined ? t('secret.hint', { n: f.length }) : f.hint;
  const fix = f.fixCode ? t.code('secret.fix', { code: f.fixCode, params: f.fixParams }) : f.fix;
  return `(${hint}): ${fix}`;
}

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
  // The findings are listed below in the UI's language: the headline drops their English run-on.
  const text = writeTextOf(error.data);
  const headline = text && findings.length > 0 ? writeErrorText(t.locale, { key: text.key, params: text.params }) : errorText(t.locale, error);
  const movableSlot = (pointer: string) => {
    const slot = slotOf(pointer);
    return slot !== null && keychainUsable(layers, layer, slot.kind);
  };
  return (
    <Alert color={conflict ? 'yellow' : 'red'} variant="light" role="alert" className="refusal" data-reason={reason ?? error.code} title={t(conflict ? 'editor.conflictTitle' : 'editor.refusedTitle')}>
      <Stack gap="xs">
        {/* UI-9: the host's key and params in the UI's language; its English message only without them. */}
        <Text size="sm" className={classes.wrap}>
          {headline}
        </Text>
        {reason === 'inline_secret' && (
          <>
            <Text size="sm">{findings.some((f) => movableSlot(f.pointer)) ? t('editor.inlineSecret') : t('editor.inlineSecretNoMove')}</Text>
            <List size="sm" spacing={4}>
              {findings.map((f) => {
                const slot = slotOf(f.pointer);
                const value = valueAt(draft, entryPointer(f.pointer));
                const movable = slot && typeof value === 'string' ? keychainUsable(layers, layer, slot.kind) : null;
                return (
                  <List.Item key={f.pointer} data-finding={f.pointer} className={classes.wrap}>
                    <Code>{f.pointer}</Code> {findingText(t, f)}{' '}
                    {movable === false && <Text span size="sm"> {t('editor.keychainUnusable', { agent })}</Text>}
                    {movable && slot && typeof value === 'string' && (
                      <Button size="compact-sm" variant="light" ml="xs" onClick={() => void move(slot, value)}>
                        {t('editor.moveToKeychain')}
                      </Button>
                    )}
                  </List.Item>
                );
              })}
            </List>
          </>
        )}
        {reason === 'read_only' && <Text size="sm">{t('editor.readOnlyHelp')}</Text>}
        {reason === 'parse_error' && <Text size="sm">{t('editor.parseErrorHelp')}</Text>}
        {reason === 'exists' && <Text size="sm">{t('editor.existsHelp')}</Text>}
        {conflict && (
          <Stack gap="xs" className="conflict">
            <Text size="sm" className={classes.wrap}>
              {t('editor.conflictHelp', { path: conflict.path })}
            </Text>
            <ScrollArea.Autosize mah={320} type="auto">
              <pre className={classes.diff} aria-label={t('editor.diff')}>
                {lineDiff(conflict.theirs ?? '', conflict.ours).map((l, i) => (
                  <div key={i} className={`diff-${l.op} ${classes[l.op]}`}>
                    {l.op === 'add' ? '+ ' : l.op === 'del' ? '- ' : '  '}
                    {l.text}
                  </div>
                ))}
              </pre>
            </ScrollArea.Autosize>
            <Group gap="xs">
              <Button
                variant="default"
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
              </Button>
              <Button color="red" variant="light" onClick={() => void save(true)}>
                {t('editor.overwrite')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
