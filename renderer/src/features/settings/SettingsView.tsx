// UI-9: language (follows the system locale until chosen) and theme (follows the system until
// chosen). The host keeps both (app.setSettings, through the ui slice) so a reload keeps them.
// Below them (issue 22): what this panel is and keeps: version, data folder, keychain state,
// the secrets kept there (names and owners only) and the trusted workspaces, each revocable.
import { useEffect } from 'react';
import { Alert, Code, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { LOCALES, pickLocale, type Locale } from '../../../../shared/i18n';
import { errorText } from '../../../../shared/i18n/write-errors';
import { ConfirmButton } from '../../components/ConfirmButton';
import { KeychainProblem } from '../../components/KeychainProblem';
import { MiddlePath } from '../../components/MiddlePath';
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
    <Stack component="section" aria-labelledby="settings-title" className="settings" gap="md" maw={760}>
      <PageHeader titleId="settings-title" title={t('nav.settings')} />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {t('settings.notSaved', { message: errorText(t.locale, error) })}
        </Alert>
      )}
      <Stack gap="md" maw={520}>
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
      <AboutPanel />
    </Stack>
  );
}

function AboutPanel() {
  const t = useT();
  const about = useApp((s) => s.about);
  const error = useApp((s) => s.aboutError);
  const load = useApp((s) => s.loadAbout);
  const revoke = useApp((s) => s.revokeTrust);
  // Asked again when a trust changes anywhere (the banner, another window, the CLI's `trust`).
  const view = useApp((s) => s.view);
  useEffect(() => void load(), [load, view]);
  // Not an alert: nothing the user did failed, the facts are just missing.
  if (error && !about)
    return (
      <Text size="sm" c="dimmed" data-testid="about-failed">
        {t('settings.aboutFailed', { message: errorText(t.locale, error) })}
      </Text>
    );
  if (!about) return null;
  const k = about.keychain;
  return (
    <>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {errorText(t.locale, error)}
        </Alert>
      )}
      <section aria-labelledby="settings-about">
        <Title order={3} size="h4" id="settings-about" mb="xs">
          {t('settings.about')}
        </Title>
        <Table variant="vertical" layout="auto" withTableBorder data-testid="about">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>{t('settings.version')}</Table.Th>
              <Table.Td data-testid="about-version">{about.version}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('settings.host')}</Table.Th>
              <Table.Td>
                {t(`settings.host.${about.host}`)}
                {about.host === 'web' && <Code>mcp-panel serve</Code>}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('settings.dataDir')}</Table.Th>
              <Table.Td data-testid="about-data-dir">
                <MiddlePath path={about.dataDir} />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('settings.keychain')}</Table.Th>
              <Table.Td data-testid="about-keychain" data-available={k.available}>
                <Text size="sm">{t(k.available ? 'settings.keychain.ok' : 'settings.keychain.memory')}</Text>
                {!k.available && <KeychainProblem status={k} />}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </section>
      <section aria-labelledby="settings-secrets">
        <Title order={3} size="h4" id="settings-secrets" mb={4}>
          {t('settings.secrets')}
        </Title>
        <Text size="xs" c="dimmed" mb="xs">
          {t('settings.secrets.note')}
        </Text>
        {about.secrets.length === 0 ? (
          <Text size="sm">{t('settings.secrets.none')}</Text>
        ) : (
          <Table layout="auto" withTableBorder data-testid="kept-secrets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.secrets.server')}</Table.Th>
                <Table.Th>{t('settings.secrets.variable')}</Table.Th>
                <Table.Th>{t('settings.secrets.owner')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {about.secrets.map((s) => (
                <Table.Tr key={`${s.profile}/${s.server}/${s.variable}/${s.path ?? ''}`}>
                  <Table.Td>{s.server}</Table.Td>
                  <Table.Td>
                    <code>{s.variable}</code>
                  </Table.Td>
                  <Table.Td>
                    {s.path ? (
                      <Text size="xs">
                        {s.profile} · {t(`layer.${s.layer as 'user'}`)} · <MiddlePath path={s.path} copy={false} />
                      </Text>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {s.profile} · {t('settings.secrets.unbound')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>
      <section aria-labelledby="settings-trusted">
        <Title order={3} size="h4" id="settings-trusted" mb="xs">
          {t('settings.trusted')}
        </Title>
        {about.trusted.length === 0 ? (
          <Text size="sm">{t('settings.trusted.none')}</Text>
        ) : (
          <Table layout="auto" withTableBorder data-testid="trusted">
            <Table.Tbody>
              {about.trusted.map((w) => (
                <Table.Tr key={w.workspace} data-workspace={w.workspace}>
                  <Table.Td style={{ minWidth: 0 }}>
                    <MiddlePath path={w.workspace} />
                    <Text size="xs" c="dimmed">
                      {t('settings.trusted.since', { time: t.dateTime(Date.parse(w.trustedAt)) })}
                    </Text>
                  </Table.Td>
                  <Table.Td w={1} style={{ whiteSpace: 'nowrap' }}>
                    <ConfirmButton question={t('settings.trusted.revokeName', { workspace: w.workspace })} confirmLabel={t('settings.trusted.revoke')} className="danger" size="xs" onConfirm={() => void revoke(w.workspace)}>
                      {t('settings.trusted.revoke')}
                    </ConfirmButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>
    </>
  );
}
