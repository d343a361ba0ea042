// Profile and workspace pickers: detected agents first (CFG-12), recent workspaces.
import { useState } from 'react';
import { LOCALES, type Locale } from '../../../shared/i18n';
import { ProfileSchema } from '../../../shared/schemas/server';
import { useApp, useT } from '../store-context';
import { WorkspaceDialog } from './WorkspaceDialog';

const OTHER = '\u0000other';
const NONE = '';

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

  const onWorkspace = (value: string) => {
    // The select stays on the current workspace (it is controlled) until the dialog chooses.
    if (value === OTHER) return setAsking(true);
    void select({ ...selection, workspace: value === NONE ? null : value });
  };

  return (
    <div className="pickers">
      <label>
        {t('picker.profile')}
        <select
          value={selection.profile}
          onChange={(e) => void select({ ...selection, profile: ProfileSchema.parse(e.target.value) })}
        >
          {profiles.profiles.map((p) => (
            <option key={p.profile} value={p.profile} title={p.evidence.join('\n')}>
              {p.profile} ({p.detected ? t('picker.detected') : t('picker.notDetected')})
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('picker.workspace')}
        <select value={selection.workspace ?? NONE} onChange={(e) => onWorkspace(e.target.value)}>
          <option value={NONE}>{t('picker.noWorkspace')}</option>
          {workspaces.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
          <option value={OTHER}>{t('picker.otherWorkspace')}</option>
        </select>
      </label>
      <label>
        {t('theme.language')}
        <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {l === 'en' ? 'English' : '中文'}
            </option>
          ))}
        </select>
      </label>
      {asking && (
        <WorkspaceDialog
          initial={selection.workspace ?? ''}
          onCancel={() => setAsking(false)}
          onChoose={(workspace) => {
            setAsking(false);
            void select({ ...selection, workspace });
          }}
        />
      )}
    </div>
  );
}
