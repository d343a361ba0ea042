import { useEffect, useLayoutEffect } from 'react';
import { Nav } from './components/Nav';
import { Pickers } from './components/Pickers';
import { TrustBanner } from './components/TrustBanner';
import { DisclosureView } from './features/disclosure/DisclosureView';
import { EditorView } from './features/editor/EditorView';
import { LoginView } from './features/login/LoginView';
import { LogsView } from './features/logs/LogsView';
import { PermissionsView } from './features/permissions/PermissionsView';
import { ServersView } from './features/servers/ServersView';
import { SettingsView } from './features/settings/SettingsView';
import { ToolsView } from './features/tools/ToolsView';
import type { Section } from './stores/ui-slice';
import { useApp, useT } from './store-context';
import { mirrorTray, modelFor } from './tray-mirror';
import { PanelThemeProvider } from './theme';

const VIEWS: Record<Section, () => React.JSX.Element | null> = {
  servers: ServersView,
  editor: EditorView,
  tools: ToolsView,
  permissions: PermissionsView,
  disclosure: DisclosureView,
  login: LoginView,
  logs: LogsView,
  settings: SettingsView,
};

export function App() {
  const t = useT();
  const section = useApp((s) => s.section);
  const view = useApp((s) => s.view);
  const locale = useApp((s) => s.locale);
  const theme = useApp((s) => s.theme);
  const selectionError = useApp((s) => s.selectionError);

  useEffect(() => {
    document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
    mirrorTray(document, modelFor(view, locale), t('app.title'));
  }, [view, locale, t]);
  // Layout effect: the saved theme is on the page before the first paint, not one frame after.
  useLayoutEffect(() => {
    // UI-9: follow the system unless the user chose a theme in Settings.
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);

  const View = VIEWS[section];
  return (
    <PanelThemeProvider theme={theme}>
    <div className="app">
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <header className="top">
        <h1>{t('app.title')}</h1>
        <Pickers />
      </header>
      <Nav />
      <main className="content" id="main" tabIndex={-1} data-section={section}>
        {selectionError && (
          <div className="banner error" role="alert">
            {selectionError.message}
          </div>
        )}
        <TrustBanner />
        <View />
      </main>
    </div>
    </PanelThemeProvider>
  );
}
