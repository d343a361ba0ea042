// Profile and workspace pickers: detected agents first (CFG-12), recent workspaces; and the
// language. Mantine Selects: a combobox each, labelled, operable by keyboard.
import { useState } from 'react';
import { Group, Select } from '@mantine/core';
import { LOCALES, type Locale } from '../../../shared/i18n';
import { ProfileSchema } from '../../../shared/schemas/server';
import { useApp, useT } from '../store-context';
import { WorkspaceDialog } from './WorkspaceDialog';
import { errorText } from '../../../shared/i18n/write-errors';

/**
 * Each dropdown mounts when it opens (Mantine's Combobox keeps it mounted, hidden, by default):
 * the three header pickers with their options, scroll areas and floating-ui positioning were
 * drawn and measured on every page's first paint, for menus not yet open (issue 40 item 3).
 */
const ON_OPEN = { keepMounted: false } as const;

const OTHER = '\u0000other';
const NONE = '\u0000none';

export function Pickers() {
  const t = useT();
  const profiles = useApp((s) => s.profiles);
  const select = useApp((s) => s.select);
  const locale = useApp((s) => s.locale);
  const setLocale = useApp((s) => s.setLocale);
  const [asking, setAsking] = useState(false);
  if (!profiles) return null;
  const { selection } = profiles;
  const workspaces = [...new Set([...(selection.workspace ? [selection.workspace] : []), ...profiles.recentWorkspaces])];

  const onWorkspace = (value: string | null) => {
    if (value === null) return;
    // The select stays on the current workspace (it is controlled) until the dialog chooses.
    if (value === OTHER) return setAsking(true);
    void select({ ...selection, workspace: value === NONE ? null : value });
  };

  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Select
        label={t('picker.profile')}
        size="xs"
        w={230}
        allowDeselect={false}
        value={selection.profile}
        comboboxProps={ON_OPEN}
        onChange={(v) => v && void select({ ...selection, profile: ProfileSchema.parse(v) })}
        data={profiles.profiles.map((p) => ({ value: p.profile, label: `${p.profile} (${p.detected ? t('picker.detected') : t('picker.notDetected')})` }))}
        styles={{ root: { display: 'flex', alignItems: 'center', gap: 6 }, label: { whiteSpace: 'nowrap' } }}
      />
      <Select
        label={t('picker.workspace')}
        size="xs"
        w={280}
        allowDeselect={false}
        value={selection.workspace ?? NONE}
        onChange={onWorkspace}
        title={selection.workspace ?? undefined}
        comboboxProps={{ ...ON_OPEN, width: 420, position: 'bottom-end' }}
        data={[{ value: NONE, label: t('picker.noWorkspace') }, ...workspaces.map((w) => ({ value: w, label: w })), { value: OTHER, label: t('picker.otherWorkspace') }]}
        styles={{ root: { display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }, label: { whiteSpace: 'nowrap' }, wrapper: { flex: 1, minWidth: 0 } }}
      />
      <Select
        label={t('theme.language')}
        size="xs"
        w={180}
        allowDeselect={false}
        value={locale}
        comboboxProps={ON_OPEN}
        onChange={(v) => v && setLocale(v as Locale)}
        data={LOCALES.map((l) => ({ value: l, label: l === 'en' ? 'English' : '中文' }))}
        styles={{ root: { display: 'flex', alignItems: 'center', gap: 6 }, label: { whiteSpace: 'nowrap' } }}
      />
      {asking && (
        <WorkspaceDialog
          initial={selection.workspace ?? ''}
          onCancel={() => setAsking(false)}
          onChoose={async (workspace) => {
            // The dialog stays open on a refusal (a folder that is not there) and says why.
            const refused = await select({ ...selection, workspace });
            if (!refused) setAsking(false);
            return refused ? errorText(t.locale, refused) : null;
          }}
        />
      )}
    </Group>
  );
}
