// "Other folder…": type an absolute path, or Browse… with the host's native chooser where the
// host has one (Electron; a browser page cannot, app.info says which).
import { useState } from 'react';
import { Button, TextInput } from '@mantine/core';
import { useApp, useT } from '../store-context';
import { Dialog } from './Dialog';

/** POSIX `/…`, Windows `C:\…` or `C:/…`, UNC `\\server\share`: the forms a host can open as given. */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || /^\\\\[^\\]+\\[^\\]+/.test(path);
}

export interface WorkspaceDialogProps {
  initial: string;
  onCancel(): void;
  /** Selects the folder; answers why not (the host's refusal, worded) to keep the dialog open. */
  onChoose(path: string): void | Promise<string | null>;
}

export function WorkspaceDialog({ initial, onCancel, onChoose }: WorkspaceDialogProps) {
  const t = useT();
  const native = useApp((s) => s.appInfo?.nativeFolderPicker ?? false);
  const pickFolder = useApp((s) => s.pickFolder);
  const [path, setPath] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [browsing, setBrowsing] = useState(false);

  const submit = async () => {
    const p = path.trim();
    if (!p) return setError(t('picker.pathEmpty'));
    if (!isAbsolutePath(p)) return setError(t('picker.notAbsolute', { path: p }));
    const refused = await onChoose(p);
    if (refused) setError(refused);
  };
  const browse = async () => {
    setBrowsing(true);
    const r = await pickFolder();
    setBrowsing(false);
    if (!r.ok) return setError(t('picker.browseFailed', { message: r.error.message }));
    if (r.value.path === null) return; // cancelled: keep what was typed
    setPath(r.value.path);
    setError(null);
  };

  return (
    <Dialog
      title={t('picker.workspaceTitle')}
      onCancel={onCancel}
      onSubmit={() => void submit()}
      testId="workspace-dialog"
      actions={
        <>
          {native && (
            <Button type="button" variant="default" loading={browsing} onClick={() => void browse()}>
              {t('picker.browse')}
            </Button>
          )}
          <Button type="button" variant="default" onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit">{t('dialog.ok')}</Button>
        </>
      }
    >
      <TextInput
        data-autofocus
        label={t('picker.workspacePrompt')}
        spellCheck={false}
        autoComplete="off"
        value={path}
        error={error ? <span role="alert">{error}</span> : undefined}
        onChange={(e) => {
          setPath(e.currentTarget.value);
          setError(null);
        }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
    </Dialog>
  );
}
