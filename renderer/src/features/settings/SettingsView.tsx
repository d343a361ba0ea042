// UI-9: language (follows the system locale until chosen) and theme (follows the system until
// chosen). The host keeps both (app.setSettings, through the ui slice) so a reload keeps them.
import { Alert, NativeSelect, Stack, Text } from '@mantine/core';
import { LOCALES, pickLocale, type Locale } from '../../../../shared/i18n';
import { errorText } from '../../../../shared/i18n/write-errors';
import { PageHeader } from '../../components/PageHeader';
import { useApp, useT } from '../../store-context';
import type { Theme } from '../../stores/ui-slice';

/** Each language named in itself, so it can be found whatever the page's language is. */
const NATIVE: Record<Locale, string> = { en: 'English', zh: '中文' };

export function SettingsView() {
  const t = useT();
  const choice = useApp((s) => s.localeChoice);
  const choose = useApp((s) => s.chooseLocale);
  const theme = useApp((s) => s.theme);
  const setTheme = useApp((s) => s.setTheme);
  const error = useApp((s) => s.settingsError);
  const system = pickLocale([...navigator.languages, navigator.language]);
  return (
    <Stack component="section" aria-labelledby="settings-title" className="settings" gap="md" maw={520}>
      <PageHeader titleId="settings-title" title={t('nav.settings')} />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {t('settings.notSaved', { message: errorText(t.locale, error) })}
        </Alert>
      )}
      <NativeSelect
        id="set-lang"
        label={t('theme.language')}
        value={choice ?? 'system'}
        onChange={(e) => choose(e.currentTarget.value === 'system' ? null : (e.currentTarget.value as Locale), system)}
        data={[{ value: 'system', label: t('settings.system', { value: NATIVE[system] }) }, ...LOCALES.map((l) => ({ value: l, label: NATIVE[l] }))]}
      />
      <NativeSelect
        id="set-theme"
        label={t('settings.theme')}
        value={theme}
        onChange={(e) => setTheme(e.currentTarget.value as Theme)}
        data={[
          { value: 'system', label: t('settings.themeSystem') },
          { value: 'light', label: t('settings.light') },
          { value: 'dark', label: t('settings.dark') },
        ]}
      />
      <Text size="sm" c="dimmed">
        {t('settings.keys')}
      </Text>
    </Stack>
  );
}
