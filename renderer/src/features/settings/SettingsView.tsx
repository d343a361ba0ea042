// UI-9: language (follows the system locale until chosen) and theme (follows the system until
// chosen). The host keeps both (app.setSettings, through the ui slice) so a reload keeps them.
import { LOCALES, pickLocale, type Locale } from '../../../../shared/i18n';
import { useApp, useT } from '../../store-context';
import type { Theme } from '../../stores/ui-slice';

export function SettingsView() {
  const t = useT();
  const choice = useApp((s) => s.localeChoice);
  const choose = useApp((s) => s.chooseLocale);
  const theme = useApp((s) => s.theme);
  const setTheme = useApp((s) => s.setTheme);
  const error = useApp((s) => s.settingsError);
  const system = pickLocale([...navigator.languages, navigator.language]);
  return (
    <section aria-labelledby="settings-title" className="settings">
      <h2 id="settings-title">{t('nav.settings')}</h2>
      {error && (
        <div className="banner error" role="alert">
          {t('settings.notSaved', { message: error.message })}
        </div>
      )}
      <div className="field">
        <label htmlFor="set-lang">{t('theme.language')}</label>
        <select id="set-lang" value={choice ?? 'system'} onChange={(e) => choose(e.target.value === 'system' ? null : (e.target.value as Locale), system)}>
          <option value="system">{t('settings.system', { value: system === 'zh' ? '中文' : 'English' })}</option>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {l === 'en' ? 'English' : '中文'}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="set-theme">{t('settings.theme')}</label>
        <select id="set-theme" value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
          <option value="system">{t('settings.themeSystem')}</option>
          <option value="light">{t('settings.light')}</option>
          <option value="dark">{t('settings.dark')}</option>
        </select>
      </div>
      <p className="muted">{t('settings.keys')}</p>
    </section>
  );
}
